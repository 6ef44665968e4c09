import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { NotFound, Refusal } from '../../domain/errors.js';
import { HttpError, errorStatus } from '../errors.js';
import { issuesToErrors } from '../../services/records/fields.js';

/**
 * The REST API's errors: always JSON `{ message, errors? }` in French with the right status, never
 * an HTML page or a redirect. Field errors (a Refusal on fields, a body the schema refuses) are 422
 * with `errors` keyed by field; an action refusal (the state forbids it) is 409.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const API_MESSAGES: Record<number, string> = {
  400: 'La requête n’a pas pu être comprise (JSON mal formé ?).',
  401: 'Jeton d’API manquant, invalide, expiré ou révoqué.',
  403: 'Ce jeton n’a pas la permission d’effectuer cette action.',
  404: 'La ressource demandée n’existe pas.',
  405: 'Cette méthode n’est pas possible sur cette adresse.',
  409: 'La requête est en conflit avec l’état actuel de la ressource.',
  413: 'Les données envoyées dépassent la taille autorisée.',
  415: 'Le corps de la requête doit être du JSON (Content-Type: application/json).',
  422: 'Les données envoyées ne sont pas valides.',
  429: 'Trop de requêtes pour ce jeton. Veuillez patienter avant de réessayer.',
  500: 'Une erreur inattendue est survenue. Elle a été enregistrée ; veuillez réessayer.',
};

export function sendApiError(
  res: Response,
  status: number,
  message = API_MESSAGES[status] ?? API_MESSAGES[500],
  errors?: Record<string, string>,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.set({ 'Cache-Control': 'no-store', ...headers });
  if (status === 401) res.set('WWW-Authenticate', 'Bearer realm="api"');
  res.status(status).json(errors ? { message, errors } : { message });
}

/** The API router's error handler: every error becomes its JSON answer. */
export function apiErrorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ApiError) return sendApiError(res, err.status, err.message, err.errors, err.headers);
    if (err instanceof Refusal) {
      if (err.kind === 'action') return sendApiError(res, 409, err.message);
      return sendApiError(res, 422, API_MESSAGES[422], err.errors);
    }
    if (err instanceof NotFound) return sendApiError(res, 404);
    const status = err instanceof HttpError ? err.status : errorStatus(err);
    if (status >= 500) (req.log ?? logger).error({ err }, 'erreur serveur (API)');
    sendApiError(res, status >= 500 ? 500 : status);
  };
}

/** Parses with a schema or answers 422 with the French message of each field. */
export function parseOr422<S extends import('zod').ZodType>(
  schema: S,
  input: unknown,
  message = API_MESSAGES[422],
): import('zod').output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(422, message, issuesToErrors(result.error));
  return result.data;
}
