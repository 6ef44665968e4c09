import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { ExportFile, ExportFormat } from '../services/tabular/export.js';
import { ImportFileError, MAX_IMPORT_BYTES, type ReadTable, readTable } from '../services/tabular/read.js';
import { queryText } from './query.js';
import { signedIn } from './signed-in.js';
import { Refusal } from '../domain/errors.js';
import { stripControlCharacters } from '../domain/text.js';

/**
 * Files over http: the format asked for an export, the download guard, the one way a built file
 * (export, import template) is sent, and the upload of an import file.
 */

export function exportFormat(req: Request): ExportFormat {
  return queryText(req.query as Record<string, unknown>, 'format') === 'xlsx' ? 'xlsx' : 'csv';
}

/**
 * A file download cannot be an Inertia visit: when one arrives (a Link instead of a plain <a>),
 * answer 409 + X-Inertia-Location so the browser fetches the file itself.
 */
export function downloadGuard(req: Request, res: Response, next: NextFunction) {
  if (req.get('X-Inertia') === 'true') return res.inertia.location(req.originalUrl);
  next();
}

/** Sends a file the services built (an export, an import template) as a download. */
export function sendFile(res: Response, file: ExportFile): void {
  res.status(200);
  res.set({
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'Content-Length': String(file.body.length),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(file.body);
}

const uploader = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 },
});

/**
 * Imports running in this process: one at a time per user, and a few at a time in all, so that a
 * burst of uploads cannot add up their memory. A request holds its slot until its answer is sent.
 * Per process on purpose (WEB_CONCURRENCY): what it guards is this process's memory; nothing an
 * import writes depends on it (each import is one transaction).
 */
export const MAX_CONCURRENT_IMPORTS = 3;
const busyUsers = new Set<number>();

export const importSlots = {
  /** Takes the user's slot; false when the user (or the process) already runs as many imports as allowed. */
  take(userId: number): 'ok' | 'user' | 'server' {
    if (busyUsers.has(userId)) return 'user';
    if (busyUsers.size >= MAX_CONCURRENT_IMPORTS) return 'server';
    busyUsers.add(userId);
    return 'ok';
  },
  release(userId: number): void {
    busyUsers.delete(userId);
  },
};

/**
 * Middleware: the request runs as the user's one import, released when its answer is finished. A
 * second import while the first runs is refused on the upload's "file" field or as a toast (apply).
 */
export function oneImportAtATime(refuse: 'field' | 'action'): RequestHandler {
  return signedIn((req, res, next) => {
    const userId = req.user.row.id;
    const taken = importSlots.take(userId);
    if (taken !== 'ok') {
      const message =
        taken === 'user'
          ? 'Un import est déjà en cours sur votre compte : attendez sa fin avant d’en lancer un autre.'
          : 'Le serveur traite déjà plusieurs imports : réessayez dans quelques instants.';
      return next(refuse === 'field' ? new Refusal({ file: message }) : Refusal.action(message));
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      importSlots.release(userId);
    };
    res.on('finish', release);
    res.on('close', release);
    next();
  });
}

/** Reads the one uploaded file (field "file") into a table, or answers field errors on "file". */
export function importUpload(): RequestHandler[] {
  return [
    oneImportAtATime('field'),
    (req, res, next) => {
      if (!req.is('multipart/form-data'))
        return next(new Refusal({ file: 'Veuillez choisir un fichier .csv ou .xlsx.' }));
      uploader.single('file')(req, res, (err: unknown) => {
        if (!err) return next();
        // A limit reached, or a multipart body the parser could not read (cut, malformed): the upload failed.
        const tooLarge = err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE';
        next(
          new Refusal({
            file: tooLarge
              ? `Le fichier dépasse ${MAX_IMPORT_BYTES / 1024 / 1024} Mo.`
              : 'Le fichier n’a pas pu être reçu : envoyez un seul fichier .csv ou .xlsx.',
          }),
        );
      });
    },
    async (req, _res, next) => {
      const file = req.file;
      if (!file || file.size === 0)
        return next(new Refusal({ file: 'Veuillez choisir un fichier .csv ou .xlsx non vide.' }));
      try {
        file.originalname = uploadedName(file.originalname);
        req.importTable = await readTable(file.originalname, file.buffer);
        next();
      } catch (err) {
        if (err instanceof ImportFileError) return next(new Refusal({ file: err.message }));
        next(err);
      }
    },
  ];
}

/** The uploaded file's name as it is kept and shown: control characters out (PostgreSQL refuses NUL), 255 characters at most. */
function uploadedName(name: string): string {
  return stripControlCharacters(name)
    .replace(/[\t\r\n]/g, '')
    .slice(0, 255);
}

declare module 'express-serve-static-core' {
  interface Request {
    importTable?: ReadTable;
  }
}

/** Runs an import step; a problem with the file as a whole becomes an error on the "file" field. */
export async function withFileErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ImportFileError) throw new Refusal({ file: err.message });
    throw err;
  }
}
