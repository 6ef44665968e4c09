import type { Knex } from 'knex';
import type { ReportColumn, ReportFigure, ReportRow, ReportTable } from '../../../shared/reports.js';
import type { PlaceScope } from '../../policies/places.js';
import { daysBetween } from '../../../shared/settlements.js';
import { closingPerPair, scansBeatSeeks, soldPerPair } from '../../db/running-totals.js';
import { type ReportPeriod, type ReportSlice, atPlaces, marginRate, num, pageOf, sliceOf, table } from './frame.js';

/**
 * The summary join of the reports (migrations 202611241200_report_summaries and
 * 202611250200_report_running_totals): what was sold per (product, location) over a period, and
 * the stock per (product, location) at the end of a day — each read from the RUNNING TOTALS of the
 * day summaries with a couple of index seeks per pair, whatever the period's length.
 */

/** The pairs (product, location) a report covers: every product at every location the user may see and the filter keeps. */
function pairs(
  db: Knex,
  f: { location_id: string },
  scope: PlaceScope | ((q: Knex.QueryBuilder, column: string) => Knex.QueryBuilder),
): Knex.QueryBuilder {
  const q = db('products as p').crossJoin(db.raw('locations as l'));
  if (typeof scope === 'function') {
    scope(q, 'l.id');
    if (f.location_id) q.where('l.id', Number(f.location_id));
  } else atPlaces(q, 'l.id', f, scope);
  return q;
}

/**
 * What was sold per product and location over [from, to] (net of credit notes and cancellations,
 * each on its own date): rows product_id, location_id, quantity, sales, cost, vat — the running total at
 * the pair's last day ≤ to less the one at its last day < from; pairs without an event in the
 * period are left out. Group them as the report needs (the dashboard and the reports do).
 */
export function soldRows(db: Knex, f: ReportPeriod, scope: PlaceScope): Knex.QueryBuilder {
  return soldPerPair(db, pairs(db, f, scope), f.from, f.to);
}

/**
 * The longest period (in days, both ends included) `productSales` reads by summing its day rows
 * rather than by running totals: a short period holds fewer day rows than there are (product,
 * location) pairs to seek twice — the month so far of the dashboard's best sellers on the large set
 * (≈ 50 000 day rows, read in day order from the primary key, against 20 000 pairs × 4 seeks).
 */
export const DAY_ROWS_MAX_DAYS = 31;

/** Days from `from` to `to`, both included (ISO dates). */
const periodDays = (f: ReportPeriod) =>
  Math.round((Date.parse(`${f.to}T00:00:00Z`) - Date.parse(`${f.from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * What was sold per product over [from, to] (every location of the filter), summed from the
 * period's day rows: the same figures as soldRows (a day row is the difference of two running
 * totals, tests/http/report-summaries.test.ts), for the short periods of DAY_ROWS_MAX_DAYS.
 */
function summedDays(db: Knex, f: ReportPeriod, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('report_sales_days as d')
    .whereBetween('d.day', [f.from, f.to])
    .groupBy('d.product_id')
    .select('d.product_id')
    .sum({ quantity: 'd.quantity', sales: 'd.sales', cost: 'd.cost', vat: 'd.vat' });
  return atPlaces(q, 'd.location_id', f, scope);
}

/**
 * What was sold per product over [from, to] from report_sales_months (migration 202611281000): the
 * rows of every month the period touches, less the day rows of those months outside the period
 * (before `from` in its month, after `to` in its month) — the same figures as summedDays (a month
 * row is its days' sum, tests/http/report-summaries.test.ts). The month so far (the dashboard's best
 * sellers) reads ≈ 13 000 month rows on the large set instead of ≈ 60 000 day rows; on PostgreSQL a
 * year reads its ≈ 175 000 month rows in one scan (130 ms) instead of two seeks per (product,
 * location) pair (280 ms).
 */
function monthsLessEdges(db: Knex, f: ReportPeriod, scope: PlaceScope): Knex.QueryBuilder {
  const [first, last] = [f.from.slice(0, 7), f.to.slice(0, 7)];
  const months = atPlaces(
    db('report_sales_months as m').whereBetween('m.month', [first, last]),
    'm.location_id',
    f,
    scope,
  ).select('m.product_id', 'm.quantity', 'm.sales', 'm.cost', 'm.vat');
  // Day strings compare as text: `${month}-31` bounds every day of the month.
  const edges = atPlaces(
    db('report_sales_days as d').where((q) =>
      q
        .where((h) => h.where('d.day', '>=', `${first}-01`).where('d.day', '<', f.from))
        .orWhere((t) => t.where('d.day', '>', f.to).where('d.day', '<=', `${last}-31`)),
    ),
    'd.location_id',
    f,
    scope,
  ).select(
    'd.product_id',
    db.raw('-d.quantity AS quantity'),
    db.raw('-d.sales AS sales'),
    db.raw('-d.cost AS cost'),
    db.raw('-d.vat AS vat'),
  );
  return db
    .from(months.unionAll(edges).as('u'))
    .groupBy('u.product_id')
    .select('u.product_id')
    .sum({ quantity: 'u.quantity', sales: 'u.sales', cost: 'u.cost', vat: 'u.vat' });
}

/** A period from the first of a month to a day of that month. */
const isMonthSoFar = (f: ReportPeriod) =>
  f.from.endsWith('-01') && f.from.slice(0, 7) === f.to.slice(0, 7) && f.from <= f.to;

export interface ProductSales {
  /** The slice's rows: product_id, quantity, sales (VAT included), cost, vat (in sales), code, name, unit, category — biggest sales first. */
  rows: Record<string, unknown>[];
  /** Products with something sold or returned in the period (rows of the whole list). */
  total: number;
  sales: number;
  cost: number;
  vat: number;
}

/**
 * What each product sold over the period, per product_id (quantity, sales, cost) — the cheapest of
 * three readings, the same figures: the month so far from its month rows (monthsLessEdges), another
 * period of at most DAY_ROWS_MAX_DAYS days from its day rows (summedDays), a longer one from the
 * running totals (soldRows) on SQLite and from the month rows on PostgreSQL.
 */
function soldPerProduct(db: Knex, f: ReportPeriod, scope: PlaceScope): Knex.QueryBuilder {
  if (isMonthSoFar(f)) return monthsLessEdges(db, f, scope);
  if (periodDays(f) <= DAY_ROWS_MAX_DAYS) return summedDays(db, f, scope);
  // A longer period: the months where a scan is cheaper than two seeks per pair (PostgreSQL).
  if (scansBeatSeeks(db)) return monthsLessEdges(db, f, scope);
  return db
    .from(soldRows(db, f, scope).as('e'))
    .groupBy('e.product_id')
    .select('e.product_id')
    .sum({ quantity: 'e.quantity', sales: 'e.sales', cost: 'e.cost', vat: 'e.vat' });
}

/**
 * One slice of `source` (rows product_id, quantity, sales, cost, …) in the order of the reports —
 * biggest sales first, products with nothing sold or returned left out — cut from the narrow rows,
 * the products' code, name, unit and category joined to the slice only.
 */
async function rankedSlice(
  db: Knex,
  source: Knex.QueryBuilder,
  s: { limit: number; offset: number },
): Promise<Record<string, unknown>[]> {
  const order = (alias: string) => [
    { column: `${alias}.sales`, order: 'desc' as const },
    { column: `${alias}.product_id`, order: 'asc' as const },
  ];
  const ranked = db
    .from(source.as('w'))
    .where((q) => q.whereNot('w.quantity', 0).orWhereNot('w.sales', 0))
    .select('w.*')
    .orderBy(order('w'))
    .limit(s.limit)
    .offset(s.offset);
  return (await db
    .from(ranked.as('k'))
    .join('products as p', 'p.id', 'k.product_id')
    .join('categories as c', 'c.id', 'p.category_id')
    .select('k.*', 'p.code', 'p.name', 'p.unit', 'c.name as category')
    .orderBy(order('k'))) as Record<string, unknown>[];
}

/**
 * What each product sold over a period (every location of the filter), ordered by amount, one
 * slice of it with the count and the totals of the whole list — one SQL pass (window sums), never
 * the rows added up here. Serves Situation des ventes › cumul and Chiffre d'affaires › par produit
 * (`bestSellers` is its first rows without the totals), read as soldPerProduct picks.
 */
export async function productSales(
  db: Knex,
  f: ReportPeriod,
  scope: PlaceScope,
  slice: ReportSlice,
): Promise<ProductSales> {
  const grouped = soldPerProduct(db, f, scope);
  const withTotals = db
    .from(grouped.as('g'))
    .select(
      'g.*',
      db.raw('SUM(g.sales) OVER () AS all_sales'),
      db.raw('SUM(g.cost) OVER () AS all_cost'),
      db.raw('SUM(g.vat) OVER () AS all_vat'),
      db.raw('SUM(CASE WHEN g.quantity <> 0 OR g.sales <> 0 THEN 1 ELSE 0 END) OVER () AS listed'),
    );
  const rows = await rankedSlice(db, withTotals, sliceOf(slice));
  if (rows.length)
    return {
      rows,
      total: Number(rows[0].listed),
      sales: Number(rows[0].all_sales),
      cost: Number(rows[0].all_cost),
      vat: Number(rows[0].all_vat),
    };
  // A page past the end, or nothing listed: the totals alone.
  const agg = (await db
    .from(grouped.as('g'))
    .sum({ sales: 'g.sales', cost: 'g.cost', vat: 'g.vat' })
    .select(db.raw('SUM(CASE WHEN g.quantity <> 0 OR g.sales <> 0 THEN 1 ELSE 0 END) AS listed'))
    .first()) as Record<string, unknown> | undefined;
  return {
    rows,
    total: Number(agg?.listed ?? 0),
    sales: Number(agg?.sales ?? 0),
    cost: Number(agg?.cost ?? 0),
    vat: Number(agg?.vat ?? 0),
  };
}

/**
 * The first `limit` rows of `productSales` over the period (the same rows, in the same order),
 * without its totals — the dashboard's best sellers, which show none (the window sums over every
 * product are most of the work once the month is read from its month rows).
 */
export async function bestSellers(
  db: Knex,
  f: ReportPeriod,
  scope: PlaceScope,
  limit: number,
): Promise<Record<string, unknown>[]> {
  return rankedSlice(db, soldPerProduct(db, f, scope), { limit, offset: 0 });
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
 * produit): columns, rows, key figures and the total row (sales VAT included, cost, margin, margin
 * rate), the cost ones flagged for `withoutReportCosts`. The margin is on the amount VAT excluded
 * (sales − their VAT − cost), its rate on that amount; a « dont TVA » column when VAT was charged.
 */
export function productSalesTable(
  sold: ProductSales,
  slice: ReportSlice,
  w: ProductSalesWording,
): { figures: ReportFigure[]; table: ReportTable } {
  const amount = w.amount.id;
  const withVat = sold.vat !== 0 || sold.rows.some((r) => num(r.vat) !== 0);
  const columns: ReportColumn[] = [
    { id: 'code', label: 'Code', kind: 'text', role: 'secondary' },
    { id: 'product', label: 'Produit', kind: 'text', role: 'title', wrap: true },
    ...(w.category
      ? [{ id: 'category', label: 'Catégorie', kind: 'text', role: 'secondary' } satisfies ReportColumn]
      : []),
    { id: 'quantity', label: w.quantity, kind: 'quantity', role: 'figure' },
    { id: amount, label: w.amount.label, kind: 'money', role: 'figure' },
    ...(withVat ? [{ id: 'vat', label: 'dont TVA', kind: 'money', role: 'secondary' } satisfies ReportColumn] : []),
    { id: 'cost', label: 'Coût', kind: 'money', role: 'secondary', cost: true },
    { id: 'margin', label: withVat ? 'Marge HT' : 'Marge', kind: 'money', role: 'figure', cost: true },
    { id: 'rate', label: 'Taux de marge', kind: 'rate', role: 'secondary', cost: true },
  ];
  const figuresOf = (sales: number, vat: number, cost: number) => ({
    margin: sales - vat - cost,
    rate: marginRate(sales - vat - cost, sales - vat),
  });
  const data: ReportRow[] = sold.rows.map((r) => ({
    code: String(r.code),
    product: String(r.name),
    ...(w.category ? { category: String(r.category) } : {}),
    quantity: num(r.quantity),
    unit: String(r.unit),
    [amount]: num(r.sales),
    ...(withVat ? { vat: num(r.vat) } : {}),
    cost: num(r.cost),
    ...figuresOf(num(r.sales), num(r.vat), num(r.cost)),
  }));
  const { sales, cost, total, vat } = sold;
  const all = figuresOf(sales, vat, cost);
  const amountFigure: ReportFigure = { id: amount, label: w.amount.figure, kind: 'money', figure: sales };
  const products: ReportFigure = { id: 'products', label: 'Produits vendus', kind: 'count', figure: total };
  return {
    figures: [
      ...(w.amountFirst ? [amountFigure, products] : [products, amountFigure]),
      {
        id: 'margin',
        label: withVat ? 'Marge HT' : 'Marge',
        kind: 'money',
        figure: all.margin,
        cost: true,
        tone: 'success',
      },
      { id: 'rate', label: 'Taux de marge', kind: 'rate', figure: all.rate ?? 0, cost: true },
    ],
    table: table('products', columns, pageOf(data, total, slice), {
      code: 'Total',
      [amount]: sales,
      ...(withVat ? { vat } : {}),
      cost,
      ...all,
    }),
  };
}

/**
 * Stock per (product, location) at the end of `date` from report_stock_days (closingPerPair: a seek
 * per pair, or on PostgreSQL for a recent date today's levels less the later days); rows
 * product_id, location_id, quantity, pairs at zero left out. `today` (the server's date unless a
 * test says otherwise) only picks the reading.
 */
export function stockAtRows(
  db: Knex,
  date: string,
  f: { location_id: string },
  locations: (q: Knex.QueryBuilder, column: string) => Knex.QueryBuilder,
  today = new Date().toISOString().slice(0, 10),
): Knex.QueryBuilder {
  return closingPerPair(db, pairs(db, f, locations), date, daysBetween(date, today));
}
