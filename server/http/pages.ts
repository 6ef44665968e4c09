/**
 * Binds the Inertia adapter to the one page registry (shared/pages.ts): `res.inertia.render(name,
 * props)` accepts only a registered page name, with exactly that page's props.
 */
import type { PageRegistry } from '../../shared/pages.js';

declare module '../inertia/adapter.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface InertiaPages extends PageRegistry {}
}
