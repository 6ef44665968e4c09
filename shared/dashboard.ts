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
  products: Array<{ id: number; code: string; name: string; unit: string; location_id: number; location: string; quantity: number; threshold: number; href: string | null }>;
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

export interface DashboardProps {
  greeting: string;
  awaitingRole: boolean;
  areas: Array<MenuNode & { trail: string[] }>;
  /** The company's business date. */
  today: string;
  currency: string;
  /** Absent: the user may not see sales. */
  sales?: { today: DashboardSales; month: DashboardSales };
  receivables?: DashboardReceivables;
  treasury?: DashboardTreasury;
  /** Deferred: a pass over every product with a threshold. */
  lowStock?: DashboardLowStock;
  /** Deferred (fetched right after the page shows): the last 30 days, and the month's best sellers. */
  salesChart?: DashboardChartCard;
  topProducts?: DashboardTopProducts;
  /** The last documents the user may open (absent: none of their kinds is open to them). */
  documents?: DashboardDocument[];
}

export const DOCUMENT_KIND_LABELS: Record<DashboardDocumentKind, string> = {
  sale: 'Vente',
  settlement: 'Règlement',
  entry: 'Entrée de stock',
  transfer: 'Transfert',
  cash_operation: 'Opération de caisse',
};
