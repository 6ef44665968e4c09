/**
 * The screens of the application as the browser suite sees them, derived from the one route
 * table (shared/routes.ts): every route without a parameter that answers an Inertia page to a
 * GET (a POST-only route answers the 404 page, an export a file: both left out). A list screen
 * is one whose props hold a page of rows (shared/lists.ts Paginated: data + last_page) — a new
 * list screen is covered as soon as its route is in the table; its page must then show it in a
 * DataTable ([data-list-table]).
 */
import type { Page } from 'playwright-core';
import { ROUTES, type RouteName } from '../../../shared/routes.js';

export interface Screen {
  name: RouteName;
  path: string;
  component: string;
  /** The props hold a page of rows (Paginated). */
  list: boolean;
}

const isPaginated = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as { data?: unknown }).data) &&
  typeof (v as { last_page?: unknown }).last_page === 'number';

/** Routes whose GET would end the session or send mail rather than show a screen. */
const NOT_SCREENS = new Set<RouteName>([
  'logout',
  'verification.send',
  'login',
  'register',
  'password.forgot',
  'password.update',
  'password.confirm',
  'home',
]);

/** Every parameterless GET route answering an Inertia page (other than the error page), for the signed-in `page`. */
export async function pageScreens(page: Page): Promise<Screen[]> {
  const version = await page.evaluate(() => {
    const raw = document.querySelector('script[data-page]')?.textContent ?? '{}';
    return (JSON.parse(raw) as { version?: string }).version ?? '';
  });
  const screens: Screen[] = [];
  for (const [name, path] of Object.entries(ROUTES) as Array<[RouteName, string]>) {
    if (path.includes(':') || NOT_SCREENS.has(name)) continue;
    const res = await page.request.get(path, {
      headers: { 'X-Inertia': 'true', 'X-Inertia-Version': version, Accept: 'text/html, application/xhtml+xml' },
      maxRedirects: 0,
    });
    if (!res.ok() || !(res.headers()['content-type'] ?? '').includes('json')) continue;
    const body = (await res.json()) as { component?: string; props?: Record<string, unknown> };
    if (!body.component || body.component === 'Error') continue;
    screens.push({ name, path, component: body.component, list: Object.values(body.props ?? {}).some(isPaginated) });
  }
  return screens;
}

/** Waits for the page's list table (the DataTable card, or its empty state). */
export async function waitForListTable(page: Page): Promise<void> {
  await page.locator('[data-list-table]').first().waitFor();
}

/**
 * What overflows horizontally: the document itself, and any table or scroll container whose
 * content is wider than its box (a table scrolled sideways hides columns just the same).
 */
export async function horizontalOverflows(page: Page): Promise<string[]> {
  // A string, not a function: the test runner's transform would add helpers the page lacks.
  return page.evaluate(OVERFLOWS_SCRIPT) as Promise<string[]>;
}

const OVERFLOWS_SCRIPT = `(() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push('document (' + root.scrollWidth + ' > ' + root.clientWidth + ')');
  for (const el of document.querySelectorAll('table, .table-responsive, .card, main *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    if (!el.matches('table, .table-responsive, .card') && !/(auto|scroll)/.test(style.overflowX)) continue;
    // 1 px of rounding is not an overflow.
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const label = el.getAttribute('aria-label') || el.getAttribute('data-testid') || (el.querySelector('caption') || {}).textContent || '';
    found.push(el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + (label ? ' « ' + label.trim() + ' »' : '') + ' (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
  }
  return found;
})()`;
