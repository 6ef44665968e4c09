import type { Request, Response } from 'express';

/** Message shown once as a toast on the next page. */
export function flash(req: Request, type: 'success' | 'error', message: string): void {
  req.session.flash = { ...req.session.flash, [type]: message };
}

/** The page the request came from (same origin only), or the fallback. */
export function backUrl(req: Request, fallback = '/'): string {
  const referer = req.get('Referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.host !== req.get('host')) return fallback;
    return url.pathname + url.search;
  } catch {
    return fallback;
  }
}

/** 303 so that the browser follows with a GET whatever the method was (PUT/PATCH/DELETE/POST). */
export function redirect(res: Response, url: string): void {
  res.redirect(303, url);
}

export function redirectBack(req: Request, res: Response, fallback = '/'): void {
  redirect(res, backUrl(req, fallback));
}

/** Stores field errors (inside the request's error bag, if any), then goes back to the form. */
export function backWithErrors(req: Request, res: Response, errors: Record<string, string>, fallback = '/'): void {
  const bag = req.get('X-Inertia-Error-Bag');
  req.session.errors = bag ? { [bag]: errors } : errors;
  redirectBack(req, res, fallback);
}
