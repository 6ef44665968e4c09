import type { Option, Paginated } from './lists.js';
import type { PrintMeta } from './print.js';
import type { RouteName } from './routes.js';

/**
 * The report frame (Éditions, issue 17): every report is declared by the server as views made of
 * tables whose columns say what each cell is, filters that live in the URL, totals computed in
 * SQL, an optional chart — and one page (`reports/Show`), one printout (`reports/Print`) and one
 * export (server/services/reports/frame.ts `reportExport`) draw any of them. A new report writes
 * its service and its route (server/http/reports.ts `reportRoutes`), nothing on the client.
 */

/** How a cell reads: money (minor units), a count, a quantity with the row's `unit`, a date, a rate in basis points, a status label, text. */
export type ReportCellKind = 'text' | 'money' | 'count' | 'quantity' | 'date' | 'rate' | 'status';

export interface ReportColumn {
  id: string;
  label: string;
  kind: ReportCellKind;
  /** A cost, a value at cost or a margin: the column and its cells are absent for a user who may not see costs. */
  cost?: boolean;
  /** The cell links to the row's `url` (a document number, a client). */
  link?: boolean;
  /** Layout of a row as a card on a phone (DataTable roles): title, figure, secondary, status. */
  role?: 'title' | 'figure' | 'secondary' | 'status';
  /** A wide text cell that may wrap (names). */
  wrap?: boolean;
  /** Money written without the currency on each cell (the report's notes name it: « Montants en FCFA. »), so a wide table of amounts fits at 1366 px. */
  plain?: boolean;
}

export type ReportCell = string | number | null;
/** One row: a value per column id, plus `url` (link), `unit` (quantities), `tone` (status: success | warning | danger | secondary), `muted` (a cancelled document). */
export type ReportRow = Record<string, ReportCell | boolean>;

export interface ReportTable {
  id: string;
  /** Heading above the table when a view shows several. */
  title?: string;
  columns: ReportColumn[];
  /** A page of rows (screen) — or every row up to a cap (print: `page.total` > rows says truncated). */
  page: Paginated<ReportRow>;
  /** The totals of every row the filters match (SQL aggregates), by column id; null: no total row. */
  totals: ReportRow | null;
  /** The query parameter that pages this table ('page' by default). */
  page_param?: string;
}

export interface ReportChartSeries {
  label: string;
  data: number[];
  /** A cost or margin series: absent for a user who may not see costs. */
  cost?: boolean;
  /** 'money' (minor units) or 'count'. */
  unit: 'money' | 'count';
}

/** A chart of the view: a bar or line chart over `labels` (dates 'YYYY-MM-DD' are shown as dates). */
export interface ReportChart {
  type: 'bar' | 'line';
  title: string;
  labels: string[];
  series: ReportChartSeries[];
  /** Horizontal bars (top products: long names). */
  horizontal?: boolean;
}

/** A key figure above the tables. */
export interface ReportFigure {
  id: string;
  label: string;
  kind: 'money' | 'count' | 'rate';
  figure: number;
  cost?: boolean;
  tone?: 'success' | 'danger' | 'info';
}

/** A filter of the report's toolbar, kept in the URL under its id. */
export type ReportFilter =
  | { id: string; label: string; type: 'date'; value: string }
  | { id: string; label: string; type: 'select'; value: string; options: Option[]; all_label?: string }
  | { id: string; label: string; type: 'search'; value: string; placeholder: string }
  /** Several products picked one by one (ids joined by commas in the URL); `selected` names them. */
  | { id: string; label: string; type: 'products'; value: string; selected: Array<{ id: number; label: string }> };

export interface ReportView {
  id: string;
  label: string;
}

/** What every report page receives. */
export interface ReportProps {
  /** The report's route names: its screen, its export and its printout. */
  routes: { index: RouteName; export: RouteName; print: RouteName };
  title: string;
  subtitle: string;
  /** Breadcrumb group (« Éditions », « Éditions › Finances »). */
  group: string;
  currency: string;
  views: ReportView[];
  view: string;
  /** Every filter as the server read it (the URL's state). */
  query: Record<string, string>;
  filters: ReportFilter[];
  /** Facts of the current filters, in words (period, location…), for the printout and the screen. */
  facts: Array<[string, string]>;
  figures: ReportFigure[];
  tables: ReportTable[];
  chart: ReportChart | null;
  /** Notes under the tables (how figures are counted). */
  notes: string[];
  empty: { icon: string; title: string; text: string };
  /** Printed landscape (wide tables). */
  landscape: boolean;
}

export interface ReportPages {
  'reports/Show': ReportProps;
  'reports/Print': ReportProps & PrintMeta;
}
export const REPORT_PAGE_NAMES = ['reports/Show', 'reports/Print'] as const satisfies ReadonlyArray<keyof ReportPages>;
