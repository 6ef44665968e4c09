import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { ReportChart, ReportColumn, ReportFigure, ReportRow, ReportTable } from '../../../shared/reports.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import { type ExportFile, type ExportFormat, type ExportSpec, buildExport } from '../tabular/export.js';

/**
 * The server half of the report frame (shared/reports.ts): the slice of rows a report answers
 * (a page on screen, everything up to a cap in print and export), the tables and their totals,
 * costs left out for who may not see them, the export of a table, and the period and place
 * filters every report of sales shares (inPeriod, atPlaces; the summary join is sales-summaries.ts).
 */

/** Which rows to answer: one page (screen) or all of them up to `limit` (print, export). */
export type ReportSlice = { page: number; perPage: number } | { all: true; limit: number };
export const PRINT_LIMIT = 5_000;
export const EXPORT_LIMIT = 100_000;
export const REPORT_PER_PAGE = 50;

export function sliceOf(slice: ReportSlice): { limit: number; offset: number; page: number; perPage: number } {
  if ('all' in slice) return { limit: slice.limit, offset: 0, page: 1, perPage: slice.limit };
  return { limit: slice.perPage, offset: (slice.page - 1) * slice.perPage, page: slice.page, perPage: slice.perPage };
}

/** The Paginated of a slice whose total row count is known. */
export function pageOf(rows: ReportRow[], total: number, slice: ReportSlice): Paginated<ReportRow> {
  const s = sliceOf(slice);
  return { data: rows, page: s.page, per_page: s.perPage, total, last_page: Math.max(1, Math.ceil(total / s.perPage)) };
}

/**
 * One slice of a grouped or filtered query, with the total number of rows it would give (one
 * COUNT over the same query, never the rows loaded to count them; with `countBeside`, a window
 * COUNT(*) OVER () beside the page's rows — for a query that must be computed whole before its
 * first row, grouped and sorted on a sum).
 */
export async function sliceQuery(
  db: Knex,
  query: Knex.QueryBuilder,
  slice: ReportSlice,
  how: { countBeside?: boolean } = {},
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const s = sliceOf(slice);
  if (how.countBeside) {
    // A grouped query sorted on an aggregate is computed whole before its page anyway: the count
    // rides along as a window (one pass), the separate COUNT only for a page past the end.
    const counted = (await query
      .clone()
      .select(db.raw('COUNT(*) OVER () AS slice_total'))
      .limit(s.limit)
      .offset(s.offset)) as Record<string, unknown>[];
    if (counted.length || s.offset === 0)
      return { rows: counted.map(({ slice_total: _, ...r }) => r), total: Number(counted[0]?.slice_total ?? 0) };
  }
  const rows = (await query.clone().limit(s.limit).offset(s.offset)) as Record<string, unknown>[];
  // The first page shorter than a page needs no count.
  if (s.offset === 0 && rows.length < s.limit) return { rows, total: rows.length };
  const counted = await db.count({ n: '*' }).from(query.clone().clearOrder().as('counted')).first();
  return { rows, total: Number(counted?.n ?? 0) };
}

export function table(
  id: string,
  columns: ReportColumn[],
  page: Paginated<ReportRow>,
  totals: ReportRow | null,
  extra: Partial<ReportTable> = {},
): ReportTable {
  return { id, columns, page, totals, ...extra };
}

/** The period and location filters every report of sales shares (the URL's from, to, location_id). */
export interface ReportPeriod {
  from: string;
  to: string;
  /** '' = every location the user may see. */
  location_id: string;
}

/**
 * The place filter of a report, in one spot: the rows of `column` (or of any of `columns`: a
 * transfer's source or destination) at a location the user may see (`scope`), and at the filter's
 * location when one is chosen. Returns the query.
 */
export function atPlaces<Q extends Knex.QueryBuilder>(
  q: Q,
  column: string | readonly string[],
  f: { location_id: string },
  scope: PlaceScope,
): Q {
  whereAllowedLocation(q, column, scope);
  if (f.location_id) {
    const columns = typeof column === 'string' ? [column] : column;
    q.where((w) => {
      for (const c of columns) w.orWhere(c, Number(f.location_id));
    });
  }
  return q;
}

/** The rows of a report's period and places: `dateColumn` within [from, to] and `locationColumn` as atPlaces keeps it. */
export function inPeriod<Q extends Knex.QueryBuilder>(
  q: Q,
  dateColumn: string,
  locationColumn: string | readonly string[],
  f: ReportPeriod,
  scope: PlaceScope,
): Q {
  q.whereBetween(dateColumn, [f.from, f.to]);
  return atPlaces(q, locationColumn, f, scope);
}

/** Numbers from the database (PostgreSQL sums are numeric strings before the type parser; null when nothing matched). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** A margin rate in basis points (margin ÷ sales), null when nothing was sold. */
/** A margin's rate on its sales, in basis points (shared/vat.ts: the one definition). */
export { marginRate } from '../../../shared/vat.js';

/**
 * The report as a user may see it: without its cost columns (and their cells and totals), cost
 * figures and cost chart series when `showCosts` is false — absent, not null.
 */
export function withoutReportCosts<
  T extends { tables: ReportTable[]; figures: ReportFigure[]; chart: ReportChart | null },
>(props: T, showCosts: boolean): T {
  if (showCosts) return props;
  const strip = (row: ReportRow, costIds: string[]): ReportRow => {
    const out = { ...row };
    for (const id of costIds) delete out[id];
    return out;
  };
  return {
    ...props,
    tables: props.tables.map((t) => {
      const costIds = t.columns.filter((c) => c.cost).map((c) => c.id);
      return {
        ...t,
        columns: t.columns.filter((c) => !c.cost),
        page: { ...t.page, data: t.page.data.map((r) => strip(r, costIds)) },
        totals: t.totals ? strip(t.totals, costIds) : null,
      };
    }),
    figures: props.figures.filter((f) => !f.cost),
    chart: props.chart ? { ...props.chart, series: props.chart.series.filter((s) => !s.cost) } : null,
  };
}

const EXPORT_KIND = { money: 'money', count: 'integer', quantity: 'integer' } as const;

/** The CSV/XLSX of one table as shown (cost columns already left out), a unit column after each quantity, its total row last. */
export async function reportExport(
  format: ExportFormat,
  name: { fileName: string; sheetName: string },
  t: ReportTable,
  currency: string,
): Promise<ExportFile> {
  const columns: ExportSpec<ReportRow>['columns'] = [];
  for (const c of t.columns) {
    const kind = c.kind in EXPORT_KIND ? EXPORT_KIND[c.kind as keyof typeof EXPORT_KIND] : 'text';
    columns.push({
      header: c.label,
      kind,
      width: c.wrap ? 34 : undefined,
      value: (r) => {
        const v = r[c.id];
        if (v === null || v === undefined || typeof v === 'boolean') return v ?? '';
        if (c.kind === 'rate') return typeof v === 'number' ? `${(v / 100).toFixed(1).replace('.', ',')} %` : '';
        return v;
      },
    });
    if (c.kind === 'quantity')
      columns.push({ header: 'Unité', value: (r) => (r.unit as string | undefined) ?? '', width: 10 });
  }
  const rows = [...t.page.data, ...(t.totals ? [t.totals] : [])];
  return buildExport(format, { ...name, currency, columns }, rows);
}
