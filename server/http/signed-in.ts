import type { NextFunction, Request, Response } from 'express';
import type { UserContext } from '../auth/user-context.js';

/** A request behind requireAuth: its user is loaded (server/http/middleware/auth.ts). */
export type SignedInRequest = Request & { user: UserContext };

export function isSignedIn(req: Request): req is SignedInRequest {
  return req.user !== undefined;
}

/**
 * A route handler of a signed-in user: it receives `req.user` typed as present. The route's
 * requireAuth has already answered a visitor, so a request without a user here is a route
 * declared without it — a programming error, thrown (the 500 page) rather than served.
 */
export function signedIn(handler: (req: SignedInRequest, res: Response, next: NextFunction) => unknown) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isSignedIn(req))
      throw new Error(`signedIn: ${req.method} ${req.path} is served without requireAuth before it`);
    return handler(req, res, next);
  };
}
