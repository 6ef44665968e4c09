import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import type { CrudAbilities } from '../../shared/master-data.js';
import type { Permission } from '../../shared/permissions.js';
import { HttpError, ValidationError } from '../errors.js';
import { ActionRefused } from '../services/errors.js';
import type { ExportFormat } from '../services/tabular/export.js';
import { ImportFileError, MAX_IMPORT_BYTES, type ReadTable, readTable } from '../services/tabular/read.js';
import type { Actor } from '../services/actor.js';
import { actorOf } from './actor.js';
import { can as canMiddleware } from './middleware/auth.js';
import { flash, redirect as redirectTo, redirectBack } from './respond.js';
import { queryString } from './list-params.js';

/** What the signed-in user may do in an area (buttons shown; the server checks again). */
export function abilities(req: Request, area: 'clients' | 'suppliers' | 'categories' | 'products'): CrudAbilities {
  const p = req.user!.permissions;
  return {
    create: p.has(`${area}.create`),
    update: p.has(`${area}.update`),
    delete: p.has(`${area}.delete`),
    export: p.has(`${area}.export`),
    // Only clients and products have an import (issue 4): no button leading nowhere elsewhere.
    import: (area === 'clients' || area === 'products') && p.has(`${area}.export`) && p.has(`${area}.create`),
  };
}

/**
 * Cost prices (purchase price, CMUP) are shown only to users who buy, price or analyse: a seller
 * does not see them (DESIGN.md §2, presenters). One rule for pages, exports and pickers.
 */
export const COST_PERMISSIONS = ['reports.view_costs', 'prices.update', 'products.create', 'products.update', 'stock_entries.create', 'menu.centraleprix'];
export function canSeeCosts(req: Request): boolean {
  const p = req.user!.permissions;
  return COST_PERMISSIONS.some((name) => p.has(name));
}

export function exportFormat(req: Request): ExportFormat {
  return queryString(req.query as Record<string, unknown>, 'format') === 'xlsx' ? 'xlsx' : 'csv';
}

/**
 * A file download cannot be an Inertia visit: when one arrives (a Link instead of a plain <a>),
 * answer 409 + X-Inertia-Location so the browser fetches the file itself.
 */
export function downloadGuard(req: Request, res: Response, next: NextFunction) {
  if (req.get('X-Inertia') === 'true') return res.inertia.location(req.originalUrl);
  next();
}

/** Runs an action; a business refusal becomes an error toast and a redirect back. */
export function action(handler: (req: Request, res: Response) => Promise<void>, fallback: (req: Request) => string): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res);
    } catch (err) {
      if (err instanceof ActionRefused) {
        flash(req, 'error', err.message);
        return redirectBack(req, res, fallback(req));
      }
      throw err;
    }
  };
}

const uploader = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 } });

/** Reads the one uploaded file (field "file") into a table, or answers field errors on "file". */
export function importUpload(): RequestHandler[] {
  return [
    (req, res, next) => {
      if (!req.is('multipart/form-data')) return next(new ValidationError({ file: 'Veuillez choisir un fichier .csv ou .xlsx.' }));
      uploader.single('file')(req, res, (err: unknown) => {
        if (!err) return next();
        if (err instanceof multer.MulterError) {
          const message = err.code === 'LIMIT_FILE_SIZE' ? `Le fichier dépasse ${MAX_IMPORT_BYTES / 1024 / 1024} Mo.` : "Le fichier n'a pas pu être reçu : envoyez un seul fichier .csv ou .xlsx.";
          return next(new ValidationError({ file: message }));
        }
        next(err);
      });
    },
    async (req, _res, next) => {
      const file = req.file;
      if (!file || file.size === 0) return next(new ValidationError({ file: 'Veuillez choisir un fichier .csv ou .xlsx non vide.' }));
      try {
        req.importTable = await readTable(file.originalname, file.buffer);
        next();
      } catch (err) {
        if (err instanceof ImportFileError) return next(new ValidationError({ file: err.message }));
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

export function notFound(): never {
  throw new HttpError(404);
}

/** Runs an import step; a problem with the file as a whole becomes an error on the "file" field. */
export async function withFileErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ImportFileError) throw new ValidationError({ file: err.message });
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
  const back = (req: Request) => {
    const id = Number(req.params.id);
    return Number.isInteger(id) && id > 0 ? show(id) : spec.base;
  };
  r.post(
    `${spec.base}/:id/archive`,
    canMiddleware(spec.permission),
    action(async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.setActive(Number(row.id), false, actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} archivé${e}.`);
      redirectTo(res, show(Number(row.id)));
    }, back),
  );
  r.post(
    `${spec.base}/:id/restore`,
    canMiddleware(spec.permission),
    action(async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.setActive(Number(row.id), true, actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} réactivé${e}.`);
      redirectTo(res, show(Number(row.id)));
    }, back),
  );
  r.delete(
    `${spec.base}/:id`,
    canMiddleware(spec.permission),
    action(async (req, res) => {
      const row = await spec.load(req.params.id);
      await spec.remove(Number(row.id), actorOf(req));
      flash(req, 'success', `${spec.noun} ${row.name} supprimé${e}.`);
      redirectTo(res, spec.base);
    }, back),
  );
}
