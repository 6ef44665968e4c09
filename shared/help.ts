import { ROUTES } from './routes.js';

/**
 * The « ? » help link of every screen (AppPage): the chapter of the user guide (docs/guide/,
 * Support › Documentation) that explains the current screen, found by the longest path prefix.
 * A new screen adds its path and chapter here (tests/http/support/documentation.test.ts checks
 * that every menu screen resolves to an existing chapter).
 */
const HELP_BY_PATH: Array<[path: string, chapter: string]> = [
  [ROUTES.dashboard, 'tableau-de-bord'],
  [ROUTES.profile, 'premiers-pas'],
  [ROUTES['clients.index'], 'clients'],
  [ROUTES['suppliers.index'], 'fournisseurs'],
  [ROUTES['categories.index'], 'categories'],
  [ROUTES['products.index'], 'produits'],
  [ROUTES['priceCentre.index'], 'centrale-des-prix'],
  [ROUTES['entries.index'], 'entrees-de-stock'],
  [ROUTES.stockExits, 'sorties-de-stock'],
  [ROUTES['transfers.index'], 'sorties-de-stock'],
  [ROUTES['sales.invoices'], 'sorties-de-stock'],
  [ROUTES['sales.counterSales'], 'sorties-de-stock'],
  [ROUTES['counter.index'], 'sorties-de-stock'],
  [ROUTES['creditNotes.index'], 'sorties-de-stock'],
  ['/operations/sortiestock/ventes', 'sorties-de-stock'],
  [ROUTES['settlements.index'], 'reglements'],
  [ROUTES['transfers.cancellations'], 'annulations'],
  [ROUTES['sales.cancellations'], 'annulations'],
  [ROUTES['settlements.cancellations'], 'annulations'],
  [ROUTES['inventory.index'], 'inventaire'],
  [ROUTES['cash.index'], 'caisse'],
  [ROUTES['cash.situation'], 'arretes-de-caisse'],
  [ROUTES['cash.closings.index'], 'arretes-de-caisse'],
  ['/parametres/societe', 'parametres'],
  ['/parametres', 'parametres'],
  [ROUTES['users.index'], 'utilisateurs'],
  [ROUTES['roles.index'], 'roles-et-permissions'],
  [ROUTES['printing.index'], 'parametres-impression'],
  [ROUTES['apiTokens.index'], 'api'],
  [ROUTES['backups.index'], 'sauvegarde'],
  [ROUTES['support.documentation'], 'premiers-pas'],
  [ROUTES['support.tickets.index'], 'tickets'],
  [ROUTES['support.logs'], 'journaux'],
  [ROUTES['reports.sales'], 'editions'],
  [ROUTES['reports.turnover'], 'editions'],
  [ROUTES['reports.stock'], 'editions'],
  [ROUTES['reports.settlements'], 'editions'],
  [ROUTES['reports.receivables'], 'editions'],
];

export const DEFAULT_HELP_CHAPTER = 'premiers-pas';

/** The chapter slug for a URL (path and query), or the getting-started chapter. */
export function helpChapterFor(url: string): string {
  const p = url.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  let best: [string, string] | null = null;
  for (const entry of HELP_BY_PATH) {
    const [prefix] = entry;
    if ((p === prefix || p.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best ? best[1] : DEFAULT_HELP_CHAPTER;
}
