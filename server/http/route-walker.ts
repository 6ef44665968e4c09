import type { DeclaredGuard } from './middleware/auth.js';
import { guardOf } from './middleware/auth.js';

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack?: Layer[] };
  handle?: { stack?: Layer[] };
  method?: string;
  match?: (path: string) => boolean;
}

export interface RegisteredRoute {
  method: string;
  path: string;
  /**
   * The guards declared on the way to the route (server/http/middleware/auth.ts `declareGuard`):
   * the routers' `use(path, …)` layers that match its path, then its own middleware, in order.
   */
  guards: DeclaredGuard[];
}

/** A concrete path a pattern's `use` layers can be matched against (`:id` → 1). */
export function samplePath(pattern: string): string {
  return pattern.replace(/:id\b/g, '1').replace(/:[A-Za-z_]+/g, 'x');
}

/**
 * Every (method, path) the application's routers register, read from Express itself, with the
 * guards each one declares: the one walker of the route tests and of `npm run drill`.
 */
export function registeredRoutes(app: unknown): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  // Middleware layers seen so far, in any router: a request runs every matching `use` layer of the
  // routers it passes through (routers are mounted without a prefix), before the route that serves it.
  const walk = (stack: Layer[], before: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path;
        const sample = samplePath(path);
        const chain = before.filter((l) => !l.match || l.match(sample));
        for (const method of Object.keys(layer.route.methods)) {
          const own = (layer.route.stack ?? []).filter((l) => !l.method || l.method === method);
          const guards = [...chain, ...own].map((l) => guardOf(l.handle)).filter((g): g is DeclaredGuard => g !== null);
          out.push({ method: method.toUpperCase(), path, guards });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, before);
      } else {
        before.push(layer);
      }
    }
  };
  walk((app as { router: { stack: Layer[] } }).router.stack, []);
  return out;
}

/** Whether a route declares who may reach it (a permission, the guest pages, a token, or open on purpose). */
export function declaresAccess(route: RegisteredRoute): boolean {
  return route.guards.some((g) => g.kind !== 'verified' && g.kind !== 'passwordConfirmed' && g.kind !== 'place');
}
