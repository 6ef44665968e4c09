import { LOW_STICKER_BALANCE, type FiscalQueueTab } from '../../../shared/fiscal.js';
import type {
  DashboardCertification,
  DashboardComparison,
  DashboardDocument,
  DashboardLowStock,
  DashboardSales,
  DashboardStockValue,
  DashboardTopProduct,
  DashboardTreasury,
} from '../../../shared/dashboard.js';
import { MENU, menuLeaves } from '../../../shared/menu.js';
import type { Permission } from '../../../shared/permissions.js';
import type { ReportChart } from '../../../shared/reports.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { TREASURY_KIND_LABELS } from '../../../shared/treasury.js';
import { withoutCosts } from '../../policies/index.js';
import type { RecentDocument, SalesFigures } from '../../services/dashboard/dashboard.js';

/**
 * Tableau de bord: the cards' figures → props. Costs (the sales' cost and margin, a product's
 * margin, the chart's margin series) are absent for a user who may not see them.
 */

export function presentSales(
  f: SalesFigures,
  href: string,
  showCosts: boolean,
  comparisons: DashboardComparison[] = [],
): DashboardSales {
  return withoutCosts({ ...f, href, comparisons: comparisons.map((c) => withoutCosts(c, showCosts)) }, showCosts);
}

/** dd/MM of a business date, for a comparison's label. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * What a sales card is compared with, in words, under its « Comparé à » (periods of
 * dashboardPeriods): « Hier », « Même jour le mois dernier (02/11) » — « Dernier jour du mois
 * dernier (28/02) » when last month is too short to have today's day (31/03) —, « Même période le
 * mois dernier (du 01/02 au 28/02) » (« (le 01/11) » on the 1st).
 */
export function comparisonLabel(
  id: DashboardComparison['id'],
  period: { from: string; to: string },
  today: string,
): string {
  if (id === 'yesterday') return 'Hier';
  if (id === 'last_month_day')
    return `${period.from.slice(8) === today.slice(8) ? 'Même jour le mois dernier' : 'Dernier jour du mois dernier'} (${dayMonth(period.from)})`;
  return `Même période le mois dernier (${period.from === period.to ? `le ${dayMonth(period.from)}` : `du ${dayMonth(period.from)} au ${dayMonth(period.to)}`})`;
}

/** A period's figures to compare with. */
export function presentComparison(
  id: DashboardComparison['id'],
  period: { from: string; to: string },
  today: string,
  f: SalesFigures,
  href: string,
): DashboardComparison {
  return {
    id,
    label: comparisonLabel(id, period, today),
    from: period.from,
    to: period.to,
    net: f.net,
    margin: f.margin,
    href,
  };
}

export function presentStockValue(v: { value: number; products: number }, href: string): DashboardStockValue {
  return { ...v, href };
}

export function presentTopProduct(p: DashboardTopProduct, showCosts: boolean): DashboardTopProduct {
  return withoutCosts(p, showCosts);
}

export function presentChart(chart: ReportChart, showCosts: boolean): ReportChart {
  return showCosts ? chart : { ...chart, series: chart.series.filter((s) => !s.cost) };
}

export function presentLowStock(
  r: { count: number; products: Array<Omit<DashboardLowStock['products'][number], 'href'>> },
  href: string,
  productLinks: boolean,
): DashboardLowStock {
  return {
    count: r.count,
    href,
    products: r.products.map((p) => ({ ...p, href: productLinks ? route('products.show', { id: p.id }) : null })),
  };
}

const DOCUMENT_ROUTES = {
  sale: 'sales.show',
  settlement: 'settlements.show',
  entry: 'entries.show',
  transfer: 'transfers.show',
  cash_operation: 'cashOperations.show',
} as const;

export function presentDocument(d: RecentDocument): DashboardDocument {
  return {
    kind: d.kind,
    id: d.id,
    number: d.number,
    date: d.date,
    label: d.label,
    total: d.total,
    cancelled: d.cancelled,
    href: route(DOCUMENT_ROUTES[d.kind], { id: d.id }),
  };
}

const SERVED = new Set<string>(Object.values(ROUTES));

/** The path of the menu screen a permission opens, when its router is there (a screen still to build has none). */
export function screenOf(permission: Permission): string | null {
  const leaf = menuLeaves(MENU).find((n) => n.permission === permission);
  return leaf?.to && SERVED.has(leaf.to) ? leaf.to : null;
}

export function presentTreasury(
  t: { accounts: Array<Omit<DashboardTreasury['accounts'][number], 'kind_label'>>; total: number },
  href: string,
): DashboardTreasury {
  return {
    total: t.total,
    href,
    accounts: t.accounts.map((a) => ({ ...a, kind_label: TREASURY_KIND_LABELS[a.kind] })),
  };
}

/** The certification card: the queue's tabs that need watching, and the stickers when few are left. */
export function presentCertification(
  counts: Record<FiscalQueueTab, number>,
  stickers: number | null,
  href: string,
): DashboardCertification {
  return {
    pending: counts.pending,
    refused: counts.refused,
    uncertain: counts.uncertain,
    low_sticker_balance: stickers !== null && stickers < LOW_STICKER_BALANCE ? stickers : null,
    href,
  };
}
