/**
 * Errors at the http edge: an HttpError is an answer the middleware decides (403, 419, 429…);
 * the domain's NotFound and Refusal (server/domain/errors.ts) are mapped to answers here, and only
 * here.
 */
import type { Request, Response } from 'express';
import { NotFound, Refusal } from '../domain/errors.js';
import { backWithErrors, flash, redirectBack } from './respond.js';

/** An error that becomes an error page with this status. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message?: string,
  ) {
    super(message ?? String(status));
  }
}

export const ERROR_PAGES: Record<number, { title: string; message: string }> = {
  400: { title: 'Requête invalide', message: 'La requête envoyée n’a pas pu être comprise par le serveur.' },
  403: {
    title: 'Accès refusé',
    message: 'Vous n’avez pas la permission d’accéder à cette page ou d’effectuer cette action.',
  },
  404: { title: 'Page introuvable', message: 'La page demandée n’existe pas ou a été déplacée.' },
  405: { title: 'Méthode non autorisée', message: 'Cette action n’est pas possible sur cette adresse.' },
  413: { title: 'Requête trop volumineuse', message: 'Les données envoyées dépassent la taille autorisée.' },
  419: { title: 'Page expirée', message: 'Votre session a expiré. Veuillez actualiser la page et réessayer.' },
  429: { title: 'Trop de requêtes', message: 'Trop de tentatives. Veuillez patienter avant de réessayer.' },
  500: {
    title: 'Erreur du serveur',
    message: 'Une erreur inattendue est survenue. Elle a été enregistrée ; veuillez réessayer.',
  },
  503: {
    title: 'Service indisponible',
    message: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
  },
};

/**
 * Where a refused request goes back to when the browser sent no Referer: the record a PUT, PATCH or
 * DELETE was about, or the page a POST belongs to (POST /x/5/archive → /x/5, POST /x → /x).
 */
export function refusalFallback(req: Request, res: Response): string {
  const chosen = res.locals.refusalBack as ((req: Request) => string) | undefined;
  if (chosen) return chosen(req);
  const path = req.path.replace(/\/+$/, '') || '/';
  if (req.method !== 'POST') return path;
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** Middleware: where a refusal of this route goes back to when the browser sent no Referer. */
export function backTo(fallback: (req: Request) => string) {
  return (_req: Request, res: Response, next: () => void) => {
    res.locals.refusalBack = fallback;
    next();
  };
}

/**
 * Answers a domain refusal when there is a session to carry it: field errors go back to the form
 * (Inertia `errors`, in the request's error bag), an action refusal becomes an error toast on the
 * page the user came from. Returns false when the error is not a refusal.
 */
export function answerRefusal(err: unknown, req: Request, res: Response): boolean {
  if (!(err instanceof Refusal) || !req.session) return false;
  if (err.kind === 'action') {
    flash(req, 'error', err.message);
    redirectBack(req, res, refusalFallback(req, res));
  } else {
    backWithErrors(req, res, err.errors, refusalFallback(req, res));
  }
  return true;
}

/** The status of the error page for an error that is not a refusal. */
export function errorStatus(err: unknown): number {
  if (err instanceof HttpError) return err.status;
  if (err instanceof NotFound) return 404;
  if (typeof err === 'object' && err !== null && 'type' in err) {
    const type = (err as { type: string }).type;
    if (type === 'entity.parse.failed' || type === 'encoding.unsupported' || type === 'charset.unsupported') return 400;
    if (type === 'entity.too.large') return 413;
  }
  // Errors the http libraries raise about the request itself (http-errors: a path that does not
  // decode → 400 from the router, a missing built asset → 404 from express.static): their 4xx status.
  if (typeof err === 'object' && err !== null) {
    const status =
      (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return ERROR_PAGES[status] ? status : 400;
  }
  return 500;
}

/**
 * Answers a domain refusal of a JSON endpoint (a print counted from its preview): `{ message }` in
 * French, 409 for an action the state forbids, 422 for fields (their messages joined). Returns
 * false when the error is not a refusal.
 */
export function answerJsonRefusal(err: unknown, res: Response): boolean {
  if (!(err instanceof Refusal)) return false;
  res.set('Cache-Control', 'no-store');
  if (err.kind === 'action') res.status(409).json({ message: err.message });
  else res.status(422).json({ message: Object.values(err.errors).join(' '), errors: err.errors });
  return true;
}
