/**
 * Tableau de bord (issue 17): the props of the page. Each card is present only for a user who may
 * see what it shows (server/policies `dashboardCards`) and links to its screen; the margin and the
 * cost of the sales are absent for a user who may not see costs (`withoutCosts`). Money in minor
 * units, dates 'YYYY-MM-DD' in the company's time zone.
 */
import type { MenuNode } from './menu.js';
import type { ReportChart } from './reports.js';

/** The sales of a period, counted like Chiffre d'affaires (each event on its own date). */
export interface DashboardSales {
  /** Sales (FAC- and VB-) dated in the period. */
  count: number;
  /** Their TTC total. */
  gross: number;
  /** Credit notes and cancellations of the period (positive). */
  returns: number;
  /** Chiffre d'affaires net = gross − returns. */
  net: number;
  /** Cost of what was sold, net (CMUP at the sale): absent without cost rights. */
  cost_total?: number;
  /** net − cost: absent without cost rights. */
  margin?: number;
  /** The Chiffre d'affaires (or sales list) of the period. */
  href: string;
  /** The same figures of the periods it is compared with (yesterday, the same day or the same part of last month). */
  comparisons: DashboardComparison[];
}

export interface DashboardComparison {
  id: 'yesterday' | 'last_month_day' | 'last_month_to_date';
  /** « Hier », « Même jour le mois dernier (02/11) »… said by the server (presenters/dashboard-cards.ts comparisonLabel). */
  label: string;
  from: string;
  to: string;
  net: number;
  /** Absent without cost rights. */
  margin?: number;
  href: string;
}

/** How a figure moved against another: up, down or flat, and by how much of the other (basis points; null when it was 0). */
export interface Trend {
  direction: 'up' | 'down' | 'flat';
  rate: number | null;
}

/** The one trend rule of the dashboard: the change over the previous figure's size (a previous 0: no rate). */
export function trendOf(current: number, previous: number): Trend {
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  if (previous === 0) return { direction, rate: null };
  return { direction, rate: Math.round(((current - previous) * 10_000) / Math.abs(previous)) };
}

/** État de stock's value at the CMUP, over the places whose stock the user sees (places counted blind left out). */
export interface DashboardStockValue {
  value: number;
  /** Products with stock there. */
  products: number;
  href: string;
}

export interface DashboardReceivables {
  /** Validated sales with something left to pay (total_ttc − amount_paid − amount_credited > 0). */
  invoices: number;
  remaining: number;
  /** Of which due before today (due date, else the sale date). */
  overdue_invoices: number;
  overdue: number;
  href: string;
}

export interface DashboardAccount {
  id: number;
  kind: 'caisse' | 'banque' | 'mobile_money';
  /** « Caisse », « Banque », « Mobile money » (shared/treasury.ts), written by the server. */
  kind_label: string;
  code: string;
  name: string;
  balance: number;
}

export interface DashboardTreasury {
  accounts: DashboardAccount[];
  /** Σ balances of the accounts listed. */
  total: number;
  href: string;
}

export interface DashboardLowStock {
  /** Products × locations at or under the threshold in force there (État de stock's rule, over the places shown). */
  count: number;
  /** The furthest below, a few: the product at a location. */
  products: Array<{
    id: number;
    code: string;
    name: string;
    unit: string;
    location_id: number;
    location: string;
    quantity: number;
    threshold: number;
    href: string | null;
  }>;
  href: string;
}

export interface DashboardTopProduct {
  id: number;
  code: string;
  name: string;
  unit: string;
  quantity: number;
  /** CA net of the product over the month so far. */
  sales: number;
  margin?: number;
}

export interface DashboardTopProducts {
  rows: DashboardTopProduct[];
  href: string;
}

export const DASHBOARD_DOCUMENT_KINDS = ['sale', 'settlement', 'entry', 'transfer', 'cash_operation'] as const;
export type DashboardDocumentKind = (typeof DASHBOARD_DOCUMENT_KINDS)[number];

export interface DashboardDocument {
  kind: DashboardDocumentKind;
  id: number;
  number: string;
  date: string;
  /** Who or where: the client, the supplier, « Dépôt → Boutique », the operation's accounts. */
  label: string;
  /** Sales, settlements, cash operations: their total (never a cost: entries and transfers have none). */
  total: number | null;
  cancelled: boolean;
  href: string;
}

export interface DashboardChartCard {
  chart: ReportChart;
  href: string;
}

/** Certified invoices: what waits for the DGI, what needs a manager, FNE's prepaid stickers when few are left. */
export interface DashboardCertification {
  pending: number;
  refused: number;
  uncertain: number;
  /** FNE's stickers left (its last certified answer), when under LOW_STICKER_BALANCE; null otherwise. */
  low_sticker_balance: number | null;
  href: string;
}

export interface DashboardProps {
  greeting: string;
  awaitingRole: boolean;
  areas: Array<MenuNode & { trail: string[] }>;
  /** The company's business date. */
  /** Absent: the user may not see sales. */
  sales?: { today: DashboardSales; month: DashboardSales };
  receivables?: DashboardReceivables;
  treasury?: DashboardTreasury;
  /** Deferred: a pass over every product with a threshold. */
  lowStock?: DashboardLowStock;
  /** Deferred, for users of État de stock who see its values: the stock's value at the CMUP. */
  stockValue?: DashboardStockValue;
  /** Deferred (fetched right after the page shows): the last 30 days, and the month's best sellers. */
  salesChart?: DashboardChartCard;
  topProducts?: DashboardTopProducts;
  /** The last documents the user may open (absent: none of their kinds is open to them). */
  documents?: DashboardDocument[];
  /** For users of File de certification, when the company certifies its sales. */
  certification?: DashboardCertification;
}

export const DOCUMENT_KIND_LABELS: Record<DashboardDocumentKind, string> = {
  sale: 'Vente',
  settlement: 'Règlement',
  entry: 'Entrée de stock',
  transfer: 'Transfert',
  cash_operation: 'Opération de caisse',
};
