import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { API_BASE } from '../../../shared/api.js';
import { ROUTES } from '../../../shared/routes.js';
import { apiTokenRules, takeSlot } from '../../services/accounts/throttle.js';
import { authenticateApiToken, tokenPermissions } from '../../services/api-tokens/tokens.js';
import { getCurrency } from '../../services/company/get-company.js';
import { IDEMPOTENCY_KEY_PATTERN, type IdempotencyScope } from '../../services/idempotency.js';
import { issuesToErrors } from '../../services/records/fields.js';
import type { AppContext } from '../context.js';
import { routeId } from '../query.js';
import type { AnyEndpoint, ApiPrincipal } from './endpoint.js';
import { API_ENDPOINTS } from './endpoints/index.js';
import { API_MESSAGES, ApiError, apiErrorHandler, sendApiError } from './errors.js';
import { openApiDocument } from './openapi.js';
import { placesOf } from './scope.js';
import { declareGuard, publicRoute } from '../middleware/auth.js';

/** Request bodies of the API (the same ceiling as the screens' forms). */
export const API_BODY_LIMIT = '1mb';

declare module 'express-serve-static-core' {
  interface Request {
    apiPrincipal?: ApiPrincipal;
  }
}

/**
 * The REST API under /api/v1, mounted by createApp BEFORE the session, the CSRF check and the
 * Inertia adapter: a request is authenticated by its `Authorization: Bearer` token only — a session
 * cookie is never read here (so it authenticates nothing, and there is no CSRF hole) — and every
 * answer is JSON, errors included (errors.ts), even for an unknown path or a body that does not parse.
 */
export function apiRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(API_BASE, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  r.use(API_BASE, express.json({ limit: API_BODY_LIMIT }));

  // The document is public (it describes the API, it holds no data): tools fetch it without a token.
  r.get(ROUTES['api.openapi'], publicRoute('the document describes the API and holds no data'), async (_req, res) => {
    res.json(openApiDocument(await getCurrency(db), ctx.config.appUrl));
  });

  r.use(API_BASE, authenticate(ctx), rateLimit(ctx));

  const methods = new Map<string, string[]>();
  for (const e of API_ENDPOINTS) {
    r[e.method](ROUTES[e.route], serve(ctx, e));
    const path = ROUTES[e.route];
    methods.set(path, [...(methods.get(path) ?? []), e.method.toUpperCase()]);
  }
  for (const [path, allowed] of methods) {
    r.all(path, (_req, _res, next) =>
      next(new ApiError(405, API_MESSAGES[405], undefined, { Allow: allowed.join(', ') })),
    );
  }
  r.use(API_BASE, (_req, _res, next) =>
    next(
      new ApiError(404, 'Cette adresse de l’API n’existe pas. La liste des opérations est dans /api/v1/openapi.json.'),
    ),
  );
  r.use(API_BASE, apiErrorHandler(ctx.logger));
  return r;
}

/** Authorization: Bearer sdk_… → the token and its owner, or 401. */
function authenticate(ctx: AppContext) {
  return declareGuard(
    async (req: Request, res: Response, next: NextFunction) => {
      const header = req.get('Authorization') ?? '';
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!m)
        return sendApiError(
          res,
          401,
          'Authentification requise : envoyez l’en-tête « Authorization: Bearer <jeton> ».',
        );
      const check = await authenticateApiToken(ctx.db, m[1], req.ip ?? null);
      if (!check.ok) {
        const message = {
          unknown: 'Ce jeton d’API est inconnu.',
          expired: 'Ce jeton d’API a expiré : créez-en un nouveau dans Paramètres › API.',
          revoked: 'Ce jeton d’API a été révoqué.',
          inactive_user: 'Le compte de ce jeton d’API est désactivé.',
        }[check.reason];
        return sendApiError(res, 401, message);
      }
      const permissions = tokenPermissions(check.token, check.user);
      req.apiPrincipal = {
        token: check.token,
        user: check.user,
        viewer: { permissions },
        actor: { id: check.user.row.id, name: check.user.row.name, ip: req.ip ?? null },
        places: placesOf(check.user),
      };
      next();
    },
    { kind: 'token' },
  );
}

/** The token's request budget (services/accounts/throttle.ts apiTokenRules): 429 with Retry-After beyond it. */
function rateLimit(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const slot = await takeSlot(ctx.db, apiTokenRules(req.apiPrincipal!.token.id));
    if (!slot.ok)
      return sendApiError(res, 429, API_MESSAGES[429], undefined, { 'Retry-After': String(slot.retryAfterSeconds) });
    next();
  };
}

function plainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Serves one operation: permissions, parameters, body, idempotency, then its handler. */
function serve(ctx: AppContext, e: AnyEndpoint) {
  return declareGuard(
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const principal = req.apiPrincipal!;
        const missing = e.permissions.filter((p) => !principal.viewer.permissions.has(p));
        if (missing.length)
          throw new ApiError(403, `Ce jeton n’a pas la permission d’effectuer cette action (${missing.join(', ')}).`);
        const id = ROUTES[e.route].includes(':id') ? routeId(req.params.id) : 0;
        const query = e.query ? e.query.safeParse(req.query) : { success: true as const, data: {} };
        if (!query.success)
          throw new ApiError(422, 'Les paramètres de la requête ne sont pas valides.', issuesToErrors(query.error));
        const currency = await getCurrency(ctx.db);
        let raw: Record<string, unknown> = {};
        let body: unknown = {};
        if (e.body) {
          if (req.body !== undefined && !plainObject(req.body))
            throw new ApiError(422, API_MESSAGES[422], { _body: 'Le corps de la requête doit être un objet JSON.' });
          if (req.body === undefined && req.get('Content-Length') && Number(req.get('Content-Length')) > 0)
            throw new ApiError(415, API_MESSAGES[415]);
          raw = (req.body as Record<string, unknown> | undefined) ?? {};
          if (!e.partial) {
            const parsed = e.body(currency).safeParse(raw);
            if (!parsed.success) throw new ApiError(422, API_MESSAGES[422], issuesToErrors(parsed.error));
            body = parsed.data;
          }
        }
        let idempotency: IdempotencyScope | null = null;
        const key = req.get('Idempotency-Key');
        if (e.creates && key !== undefined) {
          if (!IDEMPOTENCY_KEY_PATTERN.test(key))
            throw new ApiError(422, API_MESSAGES[422], {
              'Idempotency-Key':
                'La clé d’idempotence doit compter de 16 à 64 caractères : lettres sans accent, chiffres, - et _.',
            });
          idempotency = { userId: principal.user.row.id, scope: `api.${e.operationId}`, key };
        }
        const fingerprint = createHash('sha256')
          .update(`${req.method} ${req.path}\n${JSON.stringify(raw)}`)
          .digest('hex');
        const answer = await e.handle({
          db: ctx.db,
          principal,
          id,
          query: query.data,
          body,
          raw,
          currency,
          idempotency,
          fingerprint,
        });
        if (answer.location) res.set('Location', answer.location);
        if (answer.replayed) res.set('Idempotent-Replayed', 'true');
        res.status(e.creates ? 201 : 200).json(answer.body);
      } catch (err) {
        next(err);
      }
    },
    { kind: 'all', permissions: e.permissions },
  );
}
