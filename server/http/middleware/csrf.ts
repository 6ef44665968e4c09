import type { NextFunction, Request, Response } from 'express';
import { randomToken, safeEqual } from '../../auth/tokens.js';
import { HttpError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit check against the session: the XSRF-TOKEN cookie (readable by the Inertia client)
 * must come back as the X-XSRF-TOKEN header on every mutating request; otherwise 419.
 */
export function csrf(options: { secureCookies: boolean; sessionless?: (req: Request) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) {
      // A page a guest reads without ever posting from it (a shared receipt) gets no token, so
      // opening it writes no session.
      if (!req.session.csrfToken && options.sessionless?.(req)) return next();
      req.session.csrfToken ??= randomToken();
      res.cookie('XSRF-TOKEN', req.session.csrfToken, {
        sameSite: 'lax',
        secure: options.secureCookies,
        httpOnly: false,
        path: '/',
      });
      next();
      return;
    }
    const sent = req.get('X-XSRF-TOKEN') ?? req.get('X-CSRF-TOKEN') ?? '';
    const expected = req.session.csrfToken;
    if (!expected || !sent || !safeEqual(decodeToken(sent), expected)) {
      next(new HttpError(419));
      return;
    }
    next();
  };
}

/** The header as the client sent it (percent-encoded by the cookie); a malformed one matches nothing. */
function decodeToken(sent: string): string {
  try {
    return decodeURIComponent(sent);
  } catch {
    return '';
  }
}

/** A new token after login and logout (the session id changes too). */
export function rotateCsrfToken(req: Request, res: Response, secureCookies: boolean): void {
  req.session.csrfToken = randomToken();
  res.cookie('XSRF-TOKEN', req.session.csrfToken, {
    sameSite: 'lax',
    secure: secureCookies,
    httpOnly: false,
    path: '/',
  });
}
