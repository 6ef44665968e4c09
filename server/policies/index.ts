/**
 * The one policy module: every "may this user see or do this?" rule is written here once, and the
 * `can` props of the pages, the route guards' decisions, the presenters' cost masking, the exports
 * and the pickers all ask it. Pure functions of the signed-in user (no express, no database), so a
 * rule is unit-tested in one place and two screens can never disagree on it.
 */
import type { CrudAbilities } from '../../shared/records.js';
import type { Permission } from '../../shared/permissions.js';

/** What the rules look at: the union of the user's roles' permissions (server/auth/user-context.ts). */
export interface Viewer {
  permissions: ReadonlySet<string>;
}

export function may(user: Viewer, permission: Permission): boolean {
  return user.permissions.has(permission);
}

export function mayAny(user: Viewer, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => user.permissions.has(p));
}

/**
 * Cost prices — purchase price, CMUP, values at cost, margins — are shown only to those who buy,
 * price, count or analyse: they type costs (stock entries, product records, the price centre), value
 * count differences (inventory validation) or read margins (reports). A seller or a cashier never
 * sees them. One rule for every page, printout, export and picker (DESIGN.md §2, presenters).
 */
export const COST_PERMISSIONS = [
  'reports.view_costs',
  'prices.update',
  'menu.centraleprix',
  'products.create',
  'products.update',
  'stock_entries.create',
  'inventory.validate',
] as const satisfies readonly Permission[];

export function seesCosts(user: Viewer): boolean {
  return mayAny(user, COST_PERMISSIONS);
}

/** Éditions: the cost, margin and value-at-cost columns of the reports need the reports' own right. */
export function seesReportCosts(user: Viewer): boolean {
  return may(user, 'reports.view_costs');
}

/**
 * The field and prop names that carry a cost: purchase prices, CMUPs, unit costs, amounts and values
 * at cost. Left out of a record's history, and out of every page, printout, export and picker
 * answer, for a user who may not see costs — absent, not null (tests/http/cost-props.test.ts
 * scans every such page).
 */
export const COST_FIELDS = [
  'purchase_price',
  'purchase_price_before',
  'cmup',
  'cmup_before',
  'cmup_after',
  'old_cmup',
  'new_cmup',
  'cmup_history',
  'unit_cost',
  'amount',
  'total_amount',
  'value',
  'total_value',
  'gain_value',
  'loss_value',
  'net_value',
  // A received transfer's differences valued at the CMUP at sending (per line, and the totals).
  'difference_value',
  'difference_values',
  // Sales: the cost of what was sold or returned (CMUP at the sale), and the margin.
  'cost_total',
  'margin',
] as const;

export type CostField = (typeof COST_FIELDS)[number];

export function hiddenCostFields(user: Viewer): readonly string[] {
  return seesCosts(user) ? [] : COST_FIELDS;
}

/**
 * `props` as they may be shown: unchanged for a user who sees costs, else without their cost keys
 * (COST_FIELDS). Presenters pass every object that can carry a cost through it.
 */
export function withoutCosts<T extends object>(props: T, showCosts: boolean): T {
  if (showCosts) return props;
  const out: Record<string, unknown> = { ...(props as Record<string, unknown>) };
  for (const key of COST_FIELDS) delete out[key];
  return out as T;
}

/**
 * No one grants themselves anything: a user's roles, places, treasury accounts and active state
 * are set by someone else, whatever the editor's permissions (users.manage included).
 */
export function maySetGrantsOf(editor: { id: number }, userId: number): boolean {
  return Number(editor.id) !== Number(userId);
}

export type RecordArea = 'clients' | 'suppliers' | 'categories' | 'products';

/** The buttons of a master-data area (the server checks each action again). */
export function recordAbilities(user: Viewer, area: RecordArea): CrudAbilities {
  return {
    create: may(user, `${area}.create`),
    update: may(user, `${area}.update`),
    delete: may(user, `${area}.delete`),
    export: may(user, `${area}.export`),
    // Only clients and products have an import: no button leading nowhere elsewhere.
    import: (area === 'clients' || area === 'products') && importPermissions(area).every((p) => may(user, p)),
  };
}

export type ImportArea = 'clients' | 'products' | 'openingStock';

/**
 * Opening an import (upload, preview, apply, template) needs both the export and the create rights
 * of a master-data area; the opening-stock import (« Stock initial ») needs what a stock entry
 * needs: the entry screen and the right to create entries.
 */
export const importPermissions = (area: ImportArea): readonly Permission[] =>
  area === 'openingStock'
    ? (['menu.entreestock', 'stock_entries.create'] as const)
    : ([`${area}.export`, `${area}.create`] as const);

/**
 * What an import may do beyond creating records: update existing ones (the area's update right)
 * and, for products, change prices (prices.update). Each row that needs a missing right is refused.
 * The opening-stock import only creates entries.
 */
export function importRights(user: Viewer, area: ImportArea): { canUpdate: boolean; canChangePrices: boolean } {
  if (area === 'openingStock') return { canUpdate: false, canChangePrices: false };
  return { canUpdate: may(user, `${area}.update`), canChangePrices: area === 'products' && may(user, 'prices.update') };
}

/**
 * A blind count hides the theoretical quantities while it is open, from everyone but those who
 * validate counts; once validated or abandoned, or when the count is not blind, they are shown.
 */
export function seesTheoreticalStock(user: Viewer, count: { status: string; blind: boolean }): boolean {
  return count.status !== 'open' || !count.blind || may(user, 'inventory.validate');
}

/**
 * A document is reprinted (as a DUPLICATA) by those allowed to reprint documents and, when the
 * reprint happens from a cancellation screen, allowed to open that screen.
 */
export function mayReprint(user: Viewer, screen?: Permission): boolean {
  return may(user, 'documents.reprint') && (screen === undefined || may(user, screen));
}

/**
 * The type-ahead pickers answer the users of a screen where products (or clients) are picked: the
 * menu permissions of those screens. Later areas add
 * theirs here if a new screen needs a picker.
 */
export const PRODUCT_PICKER_SCREENS = [
  'menu.produits',
  'menu.centraleprix',
  'menu.entreestock',
  'menu.sortiestock',
  'menu.inventaire',
  'menu.editions.stock',
  'menu.editions.situation',
  'menu.editions.ca',
] as const satisfies readonly Permission[];
export const CLIENT_PICKER_SCREENS = [
  'menu.clients',
  'menu.sortiestock',
  'menu.reglement',
  'menu.annulation.factures',
  'menu.annulation.reglement',
  'menu.editions.situation',
  'menu.editions.ca',
  'menu.editions.reglement',
  'menu.editions.creance',
] as const satisfies readonly Permission[];

/**
 * The buttons of the stock entry screens (the server checks each action again). Opening stock
 * (« Stock initial », typed or imported) is an entry: the same right creates it.
 */
export function entryAbilities(user: Viewer): { create: boolean; cancel: boolean } {
  return { create: may(user, 'stock_entries.create'), cancel: may(user, 'stock_entries.cancel') };
}

/**
 * The buttons of the transfer screens: those who send transfers also receive them; a reprint
 * (DUPLICATA) goes through the transfer cancellation screen, so it needs that screen too.
 */
export function transferAbilities(user: Viewer): {
  create: boolean;
  receive: boolean;
  cancel: boolean;
  reprint: boolean;
} {
  return {
    create: may(user, 'transfers.create'),
    receive: may(user, 'transfers.create') && may(user, 'menu.sortiestock'),
    cancel: may(user, 'transfers.cancel') && mayAny(user, TRANSFER_CANCEL_SCREENS),
    reprint: mayReprint(user, 'menu.annulation.transfert'),
  };
}

/**
 * Sales (issue 14): who may validate a sale, and what the seller may do beyond the rules (the
 * rights createSale receives: selling below a product's minimum price, beyond a client's credit
 * limit).
 */
export function saleAbilities(user: Viewer): { create: boolean; belowMinPrice: boolean; beyondCreditLimit: boolean } {
  return {
    create: may(user, 'sales.create'),
    belowMinPrice: may(user, 'sales.below_min_price'),
    beyondCreditLimit: may(user, 'sales.beyond_credit_limit'),
  };
}

/** The screens a sale's page and printouts open from: Sortie de stock and Annulations › Factures. */
export const SALE_SCREENS = ['menu.sortiestock', 'menu.annulation.factures'] as const satisfies readonly Permission[];

/** Annulations › Factures: cancelling an invoice or counter sale, reprinting it (DUPLICATA). */
export function saleCancelAbilities(user: Viewer): { cancel: boolean; reprint: boolean } {
  return {
    cancel: may(user, 'invoices.cancel') && may(user, 'menu.annulation.factures'),
    reprint: mayReprint(user, 'menu.annulation.factures'),
  };
}

/** The screens a settlement's page and receipt open from: Règlement and Annulations › Règlements. */
export const SETTLEMENT_SCREENS = [
  'menu.reglement',
  'menu.annulation.reglement',
] as const satisfies readonly Permission[];

/** Annulations › Règlements: cancelling a settlement, reprinting its receipt (DUPLICATA). */
export function settlementCancelAbilities(user: Viewer): { cancel: boolean; reprint: boolean } {
  return {
    cancel: may(user, 'settlements.cancel') && may(user, 'menu.annulation.reglement'),
    reprint: mayReprint(user, 'menu.annulation.reglement'),
  };
}

/** The screens a transfer is cancelled from: its page (Sortie de stock) and the cancellation screen. */
export const TRANSFER_CANCEL_SCREENS = [
  'menu.sortiestock',
  'menu.annulation.transfert',
] as const satisfies readonly Permission[];

/** The buttons of the inventory screens: counting, and validating (or abandoning, readjusting). */
export function countAbilities(user: Viewer): { count: boolean; validate: boolean } {
  return { count: may(user, 'inventory.count'), validate: may(user, 'inventory.validate') };
}

/**
 * The locations whose stock quantities the user may not see: those where a blind count is open
 * that they may not reveal (seesTheoreticalStock). While a user counts blind in a location, nothing
 * they open — pickers, product stock pages, product lists and records — shows its quantities
 * (nor a total that includes them).
 */
export function blindStockLocations(
  user: Viewer,
  openCounts: ReadonlyArray<{ location_id: number; status: string; blind: boolean }>,
): ReadonlySet<number> {
  return new Set(openCounts.filter((c) => !seesTheoreticalStock(user, c)).map((c) => Number(c.location_id)));
}

/**
 * The differences tab of a count (differences, adjustments, values): for those who see its
 * theoretical stock, and, while the count is open, only for those who validate it.
 */
export function seesCountDifferences(user: Viewer, count: { status: string; blind: boolean }): boolean {
  return seesTheoreticalStock(user, count) && (count.status !== 'open' || may(user, 'inventory.validate'));
}

/**
 * What the header's global search may show a user: a group only to those who may open its
 * records' pages (the same guards as the pages: menu.produits, menu.clients, menu.fournisseurs),
 * a document series only to those who may open one of its screens; screens come from the menu
 * filtered by the menu permissions (shared/menu.ts filterMenu).
 */
export function searchScope<S extends { series: string; screens: readonly Permission[] }>(
  user: Viewer,
  series: readonly S[],
): { products: boolean; clients: boolean; suppliers: boolean; series: S[] } {
  return {
    products: may(user, 'menu.produits'),
    clients: may(user, 'menu.clients'),
    suppliers: may(user, 'menu.fournisseurs'),
    series: series.filter((s) => mayAny(user, s.screens)),
  };
}

/**
 * Support tickets: every user with the menu opens tickets and follows their own; support staff
 * (support.manage) see all of them, assign, reply to any and set the status. The requester may
 * reply to their own ticket until it is closed.
 */
export function ticketAbilities(
  user: Viewer & { id?: number },
  ticket?: { requester_id: number; status: string },
  userId?: number,
): { manage: boolean; reply: boolean } {
  const manage = may(user, 'support.manage');
  if (!ticket) return { manage, reply: manage };
  return { manage, reply: ticket.status !== 'ferme' && (manage || ticket.requester_id === userId) };
}

/**
 * Tableau de bord: each card only for a user who may open a screen showing what it shows (the
 * menu's permissions) — the sales (Chiffre d'affaires or Sortie de stock), the receivables (État des
 * créances or Règlement), the treasury balances (Caisse), the products under their threshold (État
 * de stock or Produits), and the last documents of the screens the user opens. The margin (sales
 * cards, chart, best sellers) follows `seesReportCosts`, the rule of Chiffre d'affaires the cards
 * open: a figure the report hides is not shown on its card — so does the stock's value at the CMUP
 * (État de stock's « Valeur du stock », for a user who opens it and sees its values). Where a card links is the presenter's
 * business (the screen the user may open).
 */
export const DASHBOARD_DOCUMENT_SCREENS = {
  sale: 'menu.sortiestock',
  settlement: 'menu.reglement',
  entry: 'menu.entreestock',
  transfer: 'menu.sortiestock',
  cash_operation: 'menu.caisse',
} as const satisfies Record<string, Permission>;

export function dashboardCards(user: Viewer): {
  sales: boolean;
  receivables: boolean;
  treasury: boolean;
  lowStock: boolean;
  /** The stock's value at the CMUP: État de stock, by its rule for values at cost. */
  stockValue: boolean;
  documents: Array<keyof typeof DASHBOARD_DOCUMENT_SCREENS>;
  margin: boolean;
  /** The certification card (when the company certifies): File de certification's users. */
  certification: boolean;
} {
  return {
    sales: mayAny(user, ['menu.editions.ca', 'menu.sortiestock']),
    receivables: mayAny(user, ['menu.editions.creance', 'menu.reglement']),
    treasury: may(user, 'menu.caisse'),
    lowStock: mayAny(user, ['menu.editions.stock', 'menu.produits']),
    stockValue: may(user, 'menu.editions.stock') && seesReportCosts(user),
    documents: (Object.keys(DASHBOARD_DOCUMENT_SCREENS) as Array<keyof typeof DASHBOARD_DOCUMENT_SCREENS>).filter((k) =>
      may(user, DASHBOARD_DOCUMENT_SCREENS[k]),
    ),
    margin: seesReportCosts(user),
    certification: may(user, 'sales.certification'),
  };
}
