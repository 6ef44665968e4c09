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

/** Loads the signed-in user once per request; a deactivated or deleted user is signed out. */
export function loadUser(db: Knex) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const id = req.session?.userId;
    if (id) {
      const ctx = await loadUserContext(db, id);
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

export function requireAuth(req: Request, res: Response, next: NextFunction) {
  if (req.user) return next();
  if (req.method === 'GET') req.session.intendedUrl = req.originalUrl;
  redirect(res, '/login');
}

export function requireGuest(req: Request, res: Response, next: NextFunction) {
  if (!req.user) return next();
  redirect(res, '/dashboard');
}

/** Unverified e-mail addresses are sent to the verification notice first. */
export function requireVerified(req: Request, res: Response, next: NextFunction) {
  if (req.user?.row.email_verified_at) return next();
  redirect(res, '/verify-email');
}

/** Server-side permission guard: the 403 page when the user lacks the permission. */
export function can(...permissions: Permission[]) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.user) return next(new HttpError(403));
    if (permissions.every((p) => req.user!.permissions.has(p))) return next();
    next(new HttpError(403));
  };
}

/** At least one of the permissions (e.g. a print page reachable from two menus). */
export function canAny(...permissions: Permission[]) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.user && permissions.some((p) => req.user!.permissions.has(p))) return next();
    next(new HttpError(403));
  };
}

export const PASSWORD_CONFIRMATION_TTL_MS = 3 * 60 * 60 * 1000;

/** Sensitive actions ask for the password again when it was last confirmed more than 3 h ago. */
export function requirePasswordConfirmed(req: Request, res: Response, next: NextFunction) {
  const at = req.session.passwordConfirmedAt ?? 0;
  if (Date.now() - at < PASSWORD_CONFIRMATION_TTL_MS) return next();
  req.session.intendedUrl = req.method === 'GET' ? req.originalUrl : (refererPath(req) ?? '/dashboard');
  redirect(res, '/confirm-password');
}

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
