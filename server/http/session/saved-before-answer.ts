import type { NextFunction, Request, Response } from 'express';

/** What express-session compares to tell a changed session (its data without the cookie). */
const fingerprint = (sess: Request['session'] | undefined) =>
  sess ? JSON.stringify(sess, (key, value) => (key === 'cookie' ? undefined : value)) : '';

/**
 * A response that changed the session (a login, a flash message, form errors) leaves only once
 * the session is stored. express-session sends the headers first and stores the session while the
 * last byte waits; a browser follows a 303 as soon as its headers arrive, so under load the next
 * request could read the old session: a login sent back to /login, a toast or a field error lost.
 * Mounted right after express-session. A response already streaming (a file) is left as it is.
 */
export function sessionSavedBeforeAnswer(req: Request, res: Response, next: NextFunction): void {
  const before = fingerprint(req.session);
  const end = res.end;
  res.end = function (this: Response, ...args: unknown[]) {
    res.end = end;
    const sess = req.session;
    if (!sess || res.headersSent || fingerprint(sess) === before)
      return end.apply(this, args as Parameters<Response['end']>);
    sess.save(() => end.apply(this, args as Parameters<Response['end']>));
    return this;
  } as Response['end'];
  next();
}
