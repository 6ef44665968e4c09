import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import type { CrudAbilities } from '../../shared/master-data.js';
import type { Permission } from '../../shared/permissions.js';
import type { ExportFormat } from '../services/tabular/export.js';
import { ImportFileError, MAX_IMPORT_BYTES, type ReadTable, readTable } from '../services/tabular/read.js';
import type { Actor } from '../services/actor.js';
import { actorOf } from './actor.js';
import { can as canMiddleware } from './middleware/auth.js';
import { flash, redirect as redirectTo, redirectBack } from './respond.js';
import { queryText } from './query.js';
import { NotFound, Refusal } from '../domain/errors.js';

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

const uploader = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 } });

/** Reads the one uploaded file (field "file") into a table, or answers field errors on "file". */
export function importUpload(): RequestHandler[] {
  return [
    (req, res, next) => {
      if (!req.is('multipart/form-data')) return next(new Refusal({ file: 'Veuillez choisir un fichier .csv ou .xlsx.' }));
      uploader.single('file')(req, res, (err: unknown) => {
        if (!err) return next();
        if (err instanceof multer.MulterError) {
          const message = err.code === 'LIMIT_FILE_SIZE' ? `Le fichier dépasse ${MAX_IMPORT_BYTES / 1024 / 1024} Mo.` : "Le fichier n'a pas pu être reçu : envoyez un seul fichier .csv ou .xlsx.";
          return next(new Refusal({ file: message }));
        }
        next(err);
      });
    },
    async (req, _res, next) => {
      const file = req.file;
      if (!file || file.size === 0) return next(new Refusal({ file: 'Veuillez choisir un fichier .csv ou .xlsx non vide.' }));
      try {
        req.importTable = await readTable(file.originalname, file.buffer);
        next();
      } catch (err) {
        if (err instanceof ImportFileError) return next(new Refusal({ file: err.message }));
        next(err);
      }
    },
  ];
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

/**
 * POST :id/archive, POST :id/restore and DELETE :id of a master-data area: same guard, same
 * refusal handling, same redirects and French toasts everywhere.
 */
export function lifecycleRoutes(
  r: Router,
  spec: {
    base: string;
    permission: Permission;
    load: (id: unknown) => Promise<{ id: number | string; name: string }>;
    setActive: (id: number, active: boolean, actor: Actor) => Promise<void>;
    remove: (id: number, actor: Actor) => Promise<void>;
    /** "Client", "Catégorie"… and the feminine agreement of "archivé(e)". */
    noun: string;
    feminine?: boolean;
    /** Where to go after a delete (the list) and after archive/restore (the record). */
    showUrl?: (id: number) => string;
  },
): void {
  const e = spec.feminine ? 'e' : '';
  const show = spec.showUrl ?? ((id: number) => `${spec.base}/${id}`);
  r.post(
    `${spec.base}/:id/archive`,
    canMiddleware(spec.permission),
    async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.setActive(Number(row.id), false, actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} archivé${e}.`);
      redirectTo(res, show(Number(row.id)));
    },
  );
  r.post(
    `${spec.base}/:id/restore`,
    canMiddleware(spec.permission),
    async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.setActive(Number(row.id), true, actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} réactivé${e}.`);
      redirectTo(res, show(Number(row.id)));
    },
  );
  r.delete(
    `${spec.base}/:id`,
    canMiddleware(spec.permission),
    async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.remove(Number(row.id), actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} supprimé${e}.`);
      redirectTo(res, spec.base);
    },
  );
}
