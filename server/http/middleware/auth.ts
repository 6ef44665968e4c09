import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import type { Permission } from '../../../shared/permissions.js';
import { type UserContext, loadUserContext } from '../../auth/user-context.js';
import { redirect } from '../respond.js';
import { ROUTES } from '../../../shared/routes.js';
import { toBool } from '../../db/dialect.js';
import { HttpError } from '../errors.js';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserContext;
  }
}

/**
 * What a guard middleware declares, read back from the router by server/http/route-walker.ts (the
 * drill's route × role matrix and the route tests): every route must carry at least one, or be
 * declared open with `publicRoute`.
 */
export type DeclaredGuard =
  | { kind: 'auth' }
  | { kind: 'verified' }
  | { kind: 'guest' }
  | { kind: 'passwordConfirmed' }
  | { kind: 'all'; permissions: readonly Permission[] }
  | { kind: 'any'; permissions: readonly Permission[] }
  /** The REST API's Bearer token (server/http/api). */
  | { kind: 'token' }
  /**
   * The places guard of a record's routes (server/http/middleware/places.ts): the record (`document`:
   * a kind of DOCUMENT_PLACES or ACCOUNT_DOCUMENTS, `treasuryAccount`, `cashDesk`) of a place the
   * user does not work in answers 404 — by `sides` only, when given (a transfer's).
   */
  | { kind: 'place'; document: string; sides?: readonly string[] }
  /** A rule of the policies (server/policies): who may pass, for a signed-in user holding a role. */
  | { kind: 'policy'; label: string; allows: (permissions: ReadonlySet<string>) => boolean }
  | { kind: 'public'; reason: string };

const declaredGuards = new WeakMap<object, DeclaredGuard>();

/** Tags a middleware with the guard it enforces (the middleware itself is unchanged). */
export function declareGuard<F extends object>(fn: F, guard: DeclaredGuard): F {
  declaredGuards.set(fn, guard);
  return fn;
}

/** The guard a middleware declared, or null for any other middleware. */
export function guardOf(fn: unknown): DeclaredGuard | null {
  return (typeof fn === 'function' && declaredGuards.get(fn)) || null;
}

/** Marks a route open to anyone, signed in or not, on purpose (the reason says why). */
export function publicRoute(reason: string) {
  return declareGuard((_req: Request, _res: Response, next: NextFunction) => next(), { kind: 'public', reason });
}

/**
 * Loads the signed-in user once per request; a deactivated or deleted user is signed out. The
 * user read with the session (same statement) serves when it is the session's user; otherwise
 * (a session row whose user_id says another) it is read here.
 */
export function loadUser(db: Knex) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const id = req.session?.userId;
    if (id) {
      const ctx = req.sessionUser?.userId === id ? req.sessionUser.context : await loadUserContext(db, id);
      if (ctx) req.user = ctx;
      else delete req.session.userId;
    }
    next();
  };
}

/**
 * A user given an initial password by an administrator (users.must_change_password) is sent to
 * the change-password page, whatever they ask, until they choose their own; signing out stays open.
 */
export function requirePasswordChosen(req: Request, res: Response, next: NextFunction) {
  if (!req.user || !toBool(req.user.row.must_change_password)) return next();
  if (req.path === ROUTES['password.change'] || req.path === ROUTES.logout) return next();
  redirect(res, ROUTES['password.change']);
}

export const requireAuth = declareGuard(
  function requireAuth(req: Request, res: Response, next: NextFunction) {
    if (req.user) return next();
    if (req.method === 'GET') req.session.intendedUrl = req.originalUrl;
    redirect(res, '/login');
  },
  { kind: 'auth' },
);

export const requireGuest = declareGuard(
  function requireGuest(req: Request, res: Response, next: NextFunction) {
    if (!req.user) return next();
    redirect(res, '/dashboard');
  },
  { kind: 'guest' },
);

/** Unverified e-mail addresses are sent to the verification notice first. */
export const requireVerified = declareGuard(
  function requireVerified(req: Request, res: Response, next: NextFunction) {
    if (req.user?.row.email_verified_at) return next();
    redirect(res, '/verify-email');
  },
  { kind: 'verified' },
);

/** Server-side permission guard: the 403 page when the user lacks the permission. */
export function can(...permissions: Permission[]) {
  return declareGuard(
    (req: Request, _res: Response, next: NextFunction) => {
      const user = req.user;
      if (!user) return next(new HttpError(403));
      if (permissions.every((p) => user.permissions.has(p))) return next();
      next(new HttpError(403));
    },
    { kind: 'all', permissions },
  );
}

/** At least one of the permissions (e.g. a print page reachable from two menus). */
export function canAny(...permissions: Permission[]) {
  return declareGuard(
    (req: Request, _res: Response, next: NextFunction) => {
      const user = req.user;
      if (user && permissions.some((p) => user.permissions.has(p))) return next();
      next(new HttpError(403));
    },
    { kind: 'any', permissions },
  );
}

export const PASSWORD_CONFIRMATION_TTL_MS = 3 * 60 * 60 * 1000;

/** Sensitive actions ask for the password again when it was last confirmed more than 3 h ago. */
export const requirePasswordConfirmed = declareGuard(
  function requirePasswordConfirmed(req: Request, res: Response, next: NextFunction) {
    const at = req.session.passwordConfirmedAt ?? 0;
    if (Date.now() - at < PASSWORD_CONFIRMATION_TTL_MS) return next();
    req.session.intendedUrl = req.method === 'GET' ? req.originalUrl : (refererPath(req) ?? '/dashboard');
    redirect(res, '/confirm-password');
  },
  { kind: 'passwordConfirmed' },
);

/** The page a form was sent from (its Referer), as a path of this site; undefined for another origin. */
function refererPath(req: Request): string | undefined {
  const referer = req.get('Referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer, `${req.protocol}://${req.get('host')}`);
    return url.hostname === req.hostname ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}
