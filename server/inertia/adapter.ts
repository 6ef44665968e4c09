import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type InertiaPage, pageScriptTag } from './page.js';
import { type PartialRequest, type PropsInput, always, resolveProps } from './props.js';

export interface InertiaOptions {
  /** The public origin (APP_URL, no trailing slash) of the URLs the adapter writes; '' → relative URLs. */
  baseUrl?: string;
  /** Current asset version (a hash of the Vite manifest). */
  version: () => string;
  /** The root HTML document for a first visit; `pageTag` is the escaped page script + mount point. */
  template: (args: { page: InertiaPage; pageTag: string; req: Request; res: Response }) => string | Promise<string>;
  /** Props added to every page; functions are resolved only when the prop is sent. */
  share?: (req: Request) => Record<string, unknown>;
  /** Reads and clears the one-time flash messages (session-backed). */
  takeFlash?: (req: Request) => Record<string, unknown>;
  /** Reads and clears the validation errors of the previous request (session-backed). */
  takeErrors?: (req: Request) => Record<string, unknown>;
}

export interface RenderOptions {
  status?: number;
  clearHistory?: boolean;
  encryptHistory?: boolean;
}

/**
 * The application's pages, component name → props. The adapter knows no business: the application
 * fills this interface in once (server/http/pages.ts) with its page registry, and from then on every
 * `render()` call is checked — an unknown page name or a wrong prop fails the type check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InertiaPages {}

export type InertiaPageName = keyof InertiaPages & string;

export interface InertiaResponse {
  render<N extends InertiaPageName>(
    component: N,
    props: PropsInput<InertiaPages[N]>,
    options?: RenderOptions,
  ): Promise<void>;
  /** Full-page navigation to a URL (another origin, a file download): 409 for Inertia visits. */
  location(url: string): void;
}

declare module 'express-serve-static-core' {
  interface Response {
    inertia: InertiaResponse;
  }
}

export function isInertiaRequest(req: Request): boolean {
  return req.get('X-Inertia') === 'true';
}

function listHeader(req: Request, name: string): string[] {
  return (req.get(name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The URL of this request on the public origin (never the Host / X-Forwarded-Host a client sent). */
function absoluteUrl(req: Request, baseUrl: string): string {
  return `${baseUrl}${req.originalUrl}`;
}

/**
 * Express middleware speaking the Inertia v3 protocol (see shared INERTIA.md): it answers a stale
 * asset version with 409, and gives every route `res.inertia.render()` and `res.inertia.location()`.
 */
export function inertia(options: InertiaOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary('X-Inertia');
    const inertiaVisit = isInertiaRequest(req);

    if (inertiaVisit && req.method === 'GET' && (req.get('X-Inertia-Version') ?? '') !== options.version()) {
      // The client reloads the whole page; flash stays in the session for that next request.
      res
        .status(409)
        .set('X-Inertia-Location', absoluteUrl(req, options.baseUrl ?? ''))
        .end();
      return;
    }

    res.inertia = {
      async render(component, props, renderOptions = {}) {
        const partialComponent = req.get('X-Inertia-Partial-Component');
        const partial: PartialRequest | null =
          inertiaVisit && partialComponent === component
            ? {
                only: listHeader(req, 'X-Inertia-Partial-Data'),
                except: listHeader(req, 'X-Inertia-Partial-Except'),
                reset: listHeader(req, 'X-Inertia-Reset'),
              }
            : null;

        const shared = options.share?.(req) ?? {};
        const flash = options.takeFlash?.(req) ?? {};
        const errors = options.takeErrors?.(req) ?? {};
        const input: Record<string, unknown> = {
          ...shared,
          ...(props as Record<string, unknown>),
          errors: always(errors),
        };
        const resolved = await resolveProps(input, partial);

        const page: InertiaPage = {
          component,
          props: resolved.props as InertiaPage['props'],
          url: req.originalUrl,
          version: options.version(),
        };
        if (Object.keys(flash).length > 0) page.flash = flash;
        if (renderOptions.clearHistory) page.clearHistory = true;
        if (renderOptions.encryptHistory) page.encryptHistory = true;
        if (resolved.deferredProps) page.deferredProps = resolved.deferredProps;
        if (resolved.mergeProps) page.mergeProps = resolved.mergeProps;
        if (resolved.prependProps) page.prependProps = resolved.prependProps;
        if (resolved.deepMergeProps) page.deepMergeProps = resolved.deepMergeProps;
        if (resolved.matchPropsOn) page.matchPropsOn = resolved.matchPropsOn;
        const sharedKeys = Object.keys(shared).filter((k) => k in resolved.props);
        if (sharedKeys.length > 0) page.sharedProps = sharedKeys;

        res.status(renderOptions.status ?? 200);
        if (inertiaVisit) {
          res.set('X-Inertia', 'true').json(page);
          return;
        }
        const html = await options.template({ page, pageTag: pageScriptTag(page), req, res });
        res.type('html').send(html);
      },

      location(url: string) {
        if (inertiaVisit) {
          res.status(409).set('X-Inertia-Location', url).end();
        } else {
          res.redirect(303, url);
        }
      },
    };
    next();
  };
}
