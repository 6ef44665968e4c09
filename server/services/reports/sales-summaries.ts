import type { Knex } from 'knex';
import type { ReportColumn, ReportFigure, ReportRow, ReportTable } from '../../../shared/reports.js';
import type { PlaceScope } from '../../policies/places.js';
import { type ReportPeriod, type ReportSlice, atPlaces, marginRate, num, pageOf, sliceOf, table } from './frame.js';

/**
 * The summary join of the reports (migrations 202611241200_report_summaries and
 * 202611250200_report_running_totals): what was sold per (product, location) over a period, and
 * the stock per (product, location) at the end of a day — each read from the RUNNING TOTALS of the
 * day summaries with a couple of index seeks per pair, whatever the period's length.
 */

/** The pairs (product, location) a report covers: every product at every location the user may see and the filter keeps. */
function pairs(db: Knex, f: { location_id: string }, scope: PlaceScope | ((q: Knex.QueryBuilder, column: string) => Knex.QueryBuilder)): Knex.QueryBuilder {
  const q = db('products as p').crossJoin(db.raw('locations as l'));
  if (typeof scope === 'function') {
    scope(q, 'l.id');
    if (f.location_id) q.where('l.id', Number(f.location_id));
  } else atPlaces(q, 'l.id', f, scope);
  return q;
}

/**
 * What was sold per product and location over [from, to] (net of credit notes and cancellations,
 * each on its own date): rows product_id, location_id, quantity, sales, cost — the running total at
 * the pair's last day ≤ to less the one at its last day < from; pairs without an event in the
 * period are left out. Group them as the report needs (the dashboard and the reports do).
 */
export function soldRows(db: Knex, f: ReportPeriod, scope: PlaceScope): Knex.QueryBuilder {
  const lastDay = (cmp: '<=' | '<', date: string) =>
    db.raw(`(SELECT MAX(m.day) FROM report_sales_days m WHERE m.product_id = p.id AND m.location_id = l.id AND m.day ${cmp} ?)`, [date]);
  const pr = pairs(db, f, scope).select('p.id as product_id', 'l.id as location_id', { day_to: lastDay('<=', f.to) }, { day_from: lastDay('<', f.from) });
  const at = (alias: string, day: string) =>
    function (this: Knex.JoinClause) {
      this.on(`${alias}.product_id`, 'pr.product_id').andOn(`${alias}.location_id`, 'pr.location_id').andOn(`${alias}.day`, day);
    };
  const diff = (column: string) => db.raw(`a.${column} - COALESCE(b.${column}, 0) AS ${column.slice(4)}`);
  // The pair's last day is tested on the joined row (a.day), not on pr.day_to: SQLite flattens pr
  // and would seek that last day twice per pair.
  return db
    .from(pr.as('pr'))
    .join('report_sales_days as a', at('a', 'pr.day_to'))
    .leftJoin('report_sales_days as b', at('b', 'pr.day_from'))
    .where('a.day', '>=', f.from)
    .select('pr.product_id', 'pr.location_id', diff('cum_quantity'), diff('cum_sales'), diff('cum_cost'));
}

/**
 * The longest period (in days, both ends included) `productSales` reads by summing its day rows
 * rather than by running totals: a short period holds fewer day rows than there are (product,
 * location) pairs to seek twice — the month so far of the dashboard's best sellers on the large set
 * (≈ 50 000 day rows, read in day order from the primary key, against 20 000 pairs × 4 seeks).
 */
export const DAY_ROWS_MAX_DAYS = 31;

/** Days from `from` to `to`, both included (ISO dates). */
const periodDays = (f: ReportPeriod) => Math.round((Date.parse(`${f.to}T00:00:00Z`) - Date.parse(`${f.from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * What was sold per product over [from, to] (every location of the filter), summed from the
 * period's day rows: the same figures as soldRows (a day row is the difference of two running
 * totals, tests/http/report-summaries.test.ts), for the short periods of DAY_ROWS_MAX_DAYS.
 */
function summedDays(db: Knex, f: ReportPeriod, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('report_sales_days as d').whereBetween('d.day', [f.from, f.to]).groupBy('d.product_id').select('d.product_id').sum({ quantity: 'd.quantity', sales: 'd.sales', cost: 'd.cost' });
  return atPlaces(q, 'd.location_id', f, scope);
}

export interface ProductSales {
  /** The slice's rows: product_id, quantity, sales, cost, code, name, unit, category — biggest sales first. */
  rows: Record<string, unknown>[];
  /** Products with something sold or returned in the period (rows of the whole list). */
  total: number;
  sales: number;
  cost: number;
}

/**
 * What each product sold over a period (every location of the filter), ordered by amount, one
 * slice of it with the count and the totals of the whole list — one SQL pass (window sums), never
 * the rows added up here. Serves Situation des ventes › cumul, Chiffre d'affaires › par produit and
 * the dashboard's best sellers: from the running totals (soldRows), or for a period of at most
 * DAY_ROWS_MAX_DAYS days from its day rows (summedDays) — the same figures either way.
 */
export async function productSales(db: Knex, f: ReportPeriod, scope: PlaceScope, slice: ReportSlice): Promise<ProductSales> {
  const grouped =
    periodDays(f) <= DAY_ROWS_MAX_DAYS
      ? summedDays(db, f, scope)
      : db.from(soldRows(db, f, scope).as('e')).groupBy('e.product_id').select('e.product_id').sum({ quantity: 'e.quantity', sales: 'e.sales', cost: 'e.cost' });
  const withTotals = db
    .from(grouped.as('g'))
    .select('g.*', db.raw('SUM(g.sales) OVER () AS all_sales'), db.raw('SUM(g.cost) OVER () AS all_cost'), db.raw('SUM(CASE WHEN g.quantity <> 0 OR g.sales <> 0 THEN 1 ELSE 0 END) OVER () AS listed'));
  const s = sliceOf(slice);
  const rows = (await db
    .from(withTotals.as('w'))
    .join('products as p', 'p.id', 'w.product_id')
    .join('categories as c', 'c.id', 'p.category_id')
    .where((q) => q.whereNot('w.quantity', 0).orWhereNot('w.sales', 0))
    .select('w.*', 'p.code', 'p.name', 'p.unit', 'c.name as category')
    .orderBy([
      { column: 'w.sales', order: 'desc' },
      { column: 'w.product_id', order: 'asc' },
    ])
    .limit(s.limit)
    .offset(s.offset)) as Record<string, unknown>[];
  if (rows.length) return { rows, total: Number(rows[0].listed), sales: Number(rows[0].all_sales), cost: Number(rows[0].all_cost) };
  // A page past the end, or nothing listed: the totals alone.
  const agg = (await db
    .from(grouped.as('g'))
    .sum({ sales: 'g.sales', cost: 'g.cost' })
    .select(db.raw('SUM(CASE WHEN g.quantity <> 0 OR g.sales <> 0 THEN 1 ELSE 0 END) AS listed'))
    .first()) as Record<string, unknown> | undefined;
  return { rows, total: Number(agg?.listed ?? 0), sales: Number(agg?.sales ?? 0), cost: Number(agg?.cost ?? 0) };
}

/** How a report names what `productSales` gives: the quantity and amount columns, the amount figure, a category column. */
export interface ProductSalesWording {
  quantity: string;
  /** The amount column's id and label (« sales »/« Montant », « net »/« CA net ») and its key figure's label. */
  amount: { id: string; label: string; figure: string };
  /** A « Catégorie » column after the product. */
  category: boolean;
  /** The key figures' order: the amount first, or the count of products first. */
  amountFirst: boolean;
}

/**
 * The one row mapper of `productSales` (Situation des ventes › cumul, Chiffre d'affaires › par
 * produit): columns, rows, key figures and the total row (sales, cost, margin, margin rate), the
 * cost ones flagged for `withoutReportCosts`.
 */
export function productSalesTable(sold: ProductSales, slice: ReportSlice, w: ProductSalesWording): { figures: ReportFigure[]; table: ReportTable } {
  const amount = w.amount.id;
  const columns: ReportColumn[] = [
    { id: 'code', label: 'Code', kind: 'text', role: 'secondary' },
    { id: 'product', label: 'Produit', kind: 'text', role: 'title', wrap: true },
    ...(w.category ? [{ id: 'category', label: 'Catégorie', kind: 'text', role: 'secondary' } satisfies ReportColumn] : []),
    { id: 'quantity', label: w.quantity, kind: 'quantity', role: 'figure' },
    { id: amount, label: w.amount.label, kind: 'money', role: 'figure' },
    { id: 'cost', label: 'Coût', kind: 'money', role: 'secondary', cost: true },
    { id: 'margin', label: 'Marge', kind: 'money', role: 'figure', cost: true },
    { id: 'rate', label: 'Taux de marge', kind: 'rate', role: 'secondary', cost: true },
  ];
  const data: ReportRow[] = sold.rows.map((r) => ({
    code: String(r.code),
    product: String(r.name),
    ...(w.category ? { category: String(r.category) } : {}),
    quantity: num(r.quantity),
    unit: String(r.unit),
    [amount]: num(r.sales),
    cost: num(r.cost),
    margin: num(r.sales) - num(r.cost),
    rate: marginRate(num(r.sales) - num(r.cost), num(r.sales)),
  }));
  const { sales, cost, total } = sold;
  const amountFigure: ReportFigure = { id: amount, label: w.amount.figure, kind: 'money', figure: sales };
  const products: ReportFigure = { id: 'products', label: 'Produits vendus', kind: 'count', figure: total };
  return {
    figures: [
      ...(w.amountFirst ? [amountFigure, products] : [products, amountFigure]),
      { id: 'margin', label: 'Marge', kind: 'money', figure: sales - cost, cost: true, tone: 'success' },
      { id: 'rate', label: 'Taux de marge', kind: 'rate', figure: marginRate(sales - cost, sales) ?? 0, cost: true },
    ],
    table: table('products', columns, pageOf(data, total, slice), { code: 'Total', [amount]: sales, cost, margin: sales - cost, rate: marginRate(sales - cost, sales) }),
  };
}

/**
 * Stock per (product, location) at the end of `date`: the closing of the pair's last day ≤ date in
 * report_stock_days (one seek per pair); rows product_id, location_id, quantity, pairs at zero left out.
 */
export function stockAtRows(db: Knex, date: string, f: { location_id: string }, locations: (q: Knex.QueryBuilder, column: string) => Knex.QueryBuilder): Knex.QueryBuilder {
  const closing = db.raw(`(SELECT d.closing FROM report_stock_days d WHERE d.product_id = p.id AND d.location_id = l.id AND d.day <= ? ORDER BY d.day DESC LIMIT 1)`, [date]);
  const pr = pairs(db, f, locations).select('p.id as product_id', 'l.id as location_id', { quantity: closing });
  return db.from(pr.as('x')).whereNotNull('x.quantity').whereNot('x.quantity', 0).select('x.product_id', 'x.location_id', 'x.quantity');
}
