/**
 * Idle warm-up of the screens this user's menu reaches (DESIGN.md §7: an in-app navigation ≤ 400 ms
 * on a 1.6 Mbit/s, 150 ms link). Without it a click costs the Inertia JSON round trip, then the
 * page's chunk, then the `screens` chunk it needs: three round trips. Once the first signed-in page
 * is shown and the browser is idle, the page modules of the visible menu entries are loaded through
 * the same import.meta.glob loaders resolvePage() uses (lib/pages.tsx), so a click then costs one
 * round trip. Only the signed-in shell starts it (AuthenticatedLayout, through startWarmUp() in
 * lib/when-idle.ts, which loads this module itself only then: none of this is in the first visit);
 * the login page never warms the application's screens.
 *
 * Order: the screens the menu opens (and the header search) first, then the other pages of their
 * folders (records, forms, imports, printouts) and the profile; two requests at a time, leaving the
 * browser's other connections to the user's clicks. Skipped when the browser asks to save data.
 * Marks `sdstock:warm-up:start` (lib/when-idle.ts) and `sdstock:warm-up:end` (the browser bench
 * reads them).
 */
import { filterMenu, MENU, menuLeaves } from '@shared/menu';
import { ROUTES } from '@shared/routes';
import { pageLoaders, pagePath } from './pages';

/**
 * Menu link → the page it opens and the folder of the pages reached from it. A menu entry whose
 * route exists (shared/routes.ts) must be listed (tests/unit/client/warm-up.test.ts).
 */
export const MENU_SCREENS: Record<string, { page: string; folder?: string }> = {
  [ROUTES['dashboard']]: { page: 'Dashboard' },
  [ROUTES['clients.index']]: { page: 'clients/Index', folder: 'clients/' },
  [ROUTES['suppliers.index']]: { page: 'suppliers/Index', folder: 'suppliers/' },
  [ROUTES['categories.index']]: { page: 'categories/Index', folder: 'categories/' },
  [ROUTES['products.index']]: { page: 'products/Index', folder: 'products/' },
  [ROUTES['priceCentre.index']]: { page: 'price-centre/Index', folder: 'price-centre/' },
  [ROUTES['entries.index']]: { page: 'stock/entries/Index', folder: 'stock/entries/' },
  // « Sortie de stock » redirects to the transfer list.
  [ROUTES['stockExits']]: { page: 'stock/transfers/Index', folder: 'stock/transfers/' },
  [ROUTES['inventory.index']]: { page: 'stock/inventory/Index', folder: 'stock/inventory/' },
  [ROUTES['cash.index']]: { page: 'cash/Index', folder: 'cash/' },
  [ROUTES['transfers.cancellations']]: { page: 'stock/transfers/Cancellation', folder: 'stock/transfers/' },
  [ROUTES['sales.cancellations']]: { page: 'sales/Cancellation', folder: 'sales/' },
  [ROUTES['settlements.cancellations']]: { page: 'settlements/Cancellation', folder: 'settlements/' },
  [ROUTES['settlements.index']]: { page: 'settlements/Index', folder: 'settlements/' },
  [ROUTES['users.index']]: { page: 'settings/users/Index', folder: 'settings/users/' },
  [ROUTES['apiTokens.index']]: { page: 'settings/api/Index', folder: 'settings/api/' },
  [ROUTES['fiscalQueue.index']]: { page: 'fiscal-queue/Index', folder: 'fiscal-queue/' },
  [ROUTES['printing.index']]: { page: 'settings/printing/Index', folder: 'settings/printing/' },
  [ROUTES['roles.index']]: { page: 'settings/roles/Index', folder: 'settings/roles/' },
  [ROUTES['company.settings']]: { page: 'settings/company/Edit', folder: 'settings/' },
  [ROUTES['backups.index']]: { page: 'settings/Backup' },
  [ROUTES['support.documentation']]: { page: 'support/Documentation' },
  [ROUTES['support.tickets.index']]: { page: 'support/tickets/Index', folder: 'support/tickets/' },
  [ROUTES['support.logs']]: { page: 'support/Logs' },
  // Éditions: one page draws every report (the report frame).
  [ROUTES['reports.sales']]: { page: 'reports/Show', folder: 'reports/' },
  [ROUTES['reports.turnover']]: { page: 'reports/Show', folder: 'reports/' },
  [ROUTES['reports.stock']]: { page: 'reports/Show', folder: 'reports/' },
  [ROUTES['reports.settlements']]: { page: 'reports/Show', folder: 'reports/' },
  [ROUTES['reports.receivables']]: { page: 'reports/Show', folder: 'reports/' },
};

/** Always reachable from the shell (user menu). */
const SHELL_PAGES = ['profile/Edit'];

type Task = () => Promise<unknown>;

/** The page names to warm for these menu permissions, the menu's screens first. */
export function screensToWarm(
  menuPermissions: Iterable<string>,
  pageFiles: string[] = Object.keys(pageLoaders),
): string[] {
  const first: string[] = [];
  const then: string[] = [];
  const names = pageFiles.map((file) => file.replace(/^\.\.\/pages\//, '').replace(/\.tsx$/, ''));
  for (const leaf of menuLeaves(filterMenu(MENU, menuPermissions))) {
    const screen = leaf.to ? MENU_SCREENS[leaf.to] : undefined;
    if (!screen) continue;
    first.push(screen.page);
    if (screen.folder) then.push(...names.filter((n) => n.startsWith(screen.folder!)));
  }
  then.push(...SHELL_PAGES);
  return [...new Set([...first, ...then])].filter((name) => names.includes(name));
}

/**
 * The icon font files no page has needed yet (the tiers of vite.config.ts: the other screens'
 * icons), so that a screen's icons show with it instead of after a fetch of their own.
 */
export function loadIconFonts(
  fonts: FontFaceSet | undefined = typeof document === 'undefined' ? undefined : document.fonts,
): Promise<unknown> {
  const pending: Array<Promise<unknown>> = [];
  fonts?.forEach((face) => {
    if (face.status === 'unloaded') pending.push(face.load().catch(() => undefined));
  });
  return Promise.all(pending);
}

const warmed = new Set<string>();
let started = false;

async function drain(tasks: Task[], concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      // A failed fetch is not fatal: the click will load the page as before.
      await task().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Loads the pages of the user's menu (and `extra`), two at a time. Called once the browser is idle
 * (lib/when-idle.ts); pages already warmed in this page load are not asked for twice.
 */
export async function warmUpScreens(menuPermissions: string[], extra: Task[] = []) {
  const names = screensToWarm(menuPermissions).filter((name) => !warmed.has(name));
  if (names.length === 0 && started) return;
  for (const name of names) warmed.add(name);
  const tasks: Task[] = names.map((name) => () => pageLoaders[pagePath(name)]());
  // The header search goes right after the first screen (it shares the `screens` chunk).
  if (!started) tasks.splice(1, 0, ...extra);
  if (!started) tasks.push(() => loadIconFonts());
  started = true;
  await drain(tasks, 2);
  performance.mark('sdstock:warm-up:end');
}
