import type { DashboardDocument, DashboardLowStock, DashboardTreasury, DashboardSales, DashboardTopProduct } from '../../../shared/dashboard.js';
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

export function presentSales(f: SalesFigures, href: string, showCosts: boolean): DashboardSales {
  return withoutCosts({ ...f, href }, showCosts);
}

export function presentTopProduct(p: DashboardTopProduct, showCosts: boolean): DashboardTopProduct {
  return withoutCosts(p, showCosts);
}

export function presentChart(chart: ReportChart, showCosts: boolean): ReportChart {
  return showCosts ? chart : { ...chart, series: chart.series.filter((s) => !s.cost) };
}

export function presentLowStock(r: { count: number; products: Array<Omit<DashboardLowStock['products'][number], 'href'>> }, href: string, productLinks: boolean): DashboardLowStock {
  return { count: r.count, href, products: r.products.map((p) => ({ ...p, href: productLinks ? route('products.show', { id: p.id }) : null })) };
}

const DOCUMENT_ROUTES = { sale: 'sales.show', settlement: 'settlements.show', entry: 'entries.show', transfer: 'transfers.show', cash_operation: 'cashOperations.show' } as const;

export function presentDocument(d: RecentDocument): DashboardDocument {
  return { kind: d.kind, id: d.id, number: d.number, date: d.date, label: d.label, total: d.total, cancelled: d.cancelled, href: route(DOCUMENT_ROUTES[d.kind], { id: d.id }) };
}

const SERVED = new Set<string>(Object.values(ROUTES));

/** The path of the menu screen a permission opens, when its router is there (a screen still to build has none). */
export function screenOf(permission: Permission): string | null {
  const leaf = menuLeaves(MENU).find((n) => n.permission === permission);
  return leaf?.to && SERVED.has(leaf.to) ? leaf.to : null;
}

export function presentTreasury(t: { accounts: Array<Omit<DashboardTreasury['accounts'][number], 'kind_label'>>; total: number }, href: string): DashboardTreasury {
  return { total: t.total, href, accounts: t.accounts.map((a) => ({ ...a, kind_label: TREASURY_KIND_LABELS[a.kind] })) };
}
