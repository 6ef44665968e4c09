import type { Knex } from 'knex';
import { isSqlite } from './connection.js';

/**
 * What was sold per (product, location) over [from, to] from the running totals of
 * report_sales_days (server/db/report-summaries.ts): the pair's running totals at its last day ≤ to
 * less those at its last day < from, pairs without an event in the period left out — columns
 * product_id, location_id, quantity, sales, cost, vat.
 *
 * `pairs` is `products as p` crossed with `locations as l`, already filtered. Two shapes, one per
 * database, each a couple of index seeks per pair on report_sales_days_pair:
 * - SQLite: each end's day by MAX() in a derived table, then joined on the primary key;
 * - PostgreSQL: each end's row fetched by LEFT JOIN LATERAL (… ORDER BY day DESC LIMIT 1) — with
 *   the SQLite shape PostgreSQL hashes the whole summary table twice (~3 s on the large data set
 *   instead of ~0.3 s).
 */
export function soldPerPair(db: Knex, pairs: Knex.QueryBuilder, from: string, to: string): Knex.QueryBuilder {
  const diff = (column: string) => db.raw(`COALESCE(a.${column}, 0) - COALESCE(b.${column}, 0) AS ${column.slice(4)}`);
  if (!isSqlite(db)) {
    const end = (cmp: '<=' | '<') =>
      `(SELECT m.day, m.cum_quantity, m.cum_sales, m.cum_cost, m.cum_vat FROM report_sales_days m WHERE m.product_id = p.id AND m.location_id = l.id AND m.day ${cmp} ? ORDER BY m.day DESC LIMIT 1)`;
    return pairs
      .joinRaw(`LEFT JOIN LATERAL ${end('<=')} a ON true`, [to])
      .joinRaw(`LEFT JOIN LATERAL ${end('<')} b ON true`, [from])
      .where('a.day', '>=', from)
      .select(
        'p.id as product_id',
        'l.id as location_id',
        diff('cum_quantity'),
        diff('cum_sales'),
        diff('cum_cost'),
        diff('cum_vat'),
      );
  }
  const lastDay = (cmp: '<=' | '<', date: string) =>
    db.raw(
      `(SELECT MAX(m.day) FROM report_sales_days m WHERE m.product_id = p.id AND m.location_id = l.id AND m.day ${cmp} ?)`,
      [date],
    );
  const pr = pairs.select(
    'p.id as product_id',
    'l.id as location_id',
    { day_to: lastDay('<=', to) },
    { day_from: lastDay('<', from) },
  );
  const at = (alias: string, day: string) =>
    function (this: Knex.JoinClause) {
      this.on(`${alias}.product_id`, 'pr.product_id')
        .andOn(`${alias}.location_id`, 'pr.location_id')
        .andOn(`${alias}.day`, day);
    };
  // The pair's last day is tested on the joined row (a.day), not on pr.day_to: SQLite flattens pr
  // and would seek that last day twice per pair.
  return db
    .from(pr.as('pr'))
    .join('report_sales_days as a', at('a', 'pr.day_to'))
    .leftJoin('report_sales_days as b', at('b', 'pr.day_from'))
    .where('a.day', '>=', from)
    .select(
      'pr.product_id',
      'pr.location_id',
      diff('cum_quantity'),
      diff('cum_sales'),
      diff('cum_cost'),
      diff('cum_vat'),
    );
}

/**
 * Does this database read a summary faster by scanning a range of it than by seeking each
 * (product, location) pair? PostgreSQL: yes (a year of report_sales_months, 175 000 rows, in
 * 130 ms against 280 ms for 2 × 20 000 seeks on the large set); SQLite: no (108 against 73 ms).
 * The reports pick their reading by it (services/reports/sales-summaries.ts, closingPerPair below).
 */
export const scansBeatSeeks = (db: Knex): boolean => !isSqlite(db);

/**
 * The longest look back (in days from today) for which PostgreSQL reads the stock at a date as
 * today's stock_levels less the day rows after the date, rather than by a seek per pair: on the
 * large set, 15 days back is ≈ 44 000 day rows summed in one range scan of the primary key (90 ms)
 * against 20 000 backward seeks (260 ms); six months back, 580 000 rows, the seeks win. SQLite
 * seeks faster than it scans (50 ms against 130 ms for 15 days): it always seeks.
 */
export const LATER_DAYS_MAX = 31;

/**
 * The stock per (product, location) at the end of `date` from report_stock_days, pairs at zero or
 * without a day left out — columns product_id, location_id, quantity. `daysBack`: days from `date`
 * to today. Two readings, the same figures (tests/http/report-summaries.test.ts):
 * - the closing of the pair's last day ≤ date, one index seek per pair on report_stock_days_pair —
 *   SQLite as a correlated subquery filtered in the enclosing query; PostgreSQL by JOIN LATERAL
 *   (with the SQLite shape PostgreSQL pulls the derived table up and evaluates the subquery once per
 *   use: up to three seeks per pair);
 * - PostgreSQL, `date` at most LATER_DAYS_MAX days back: the pair's stock_levels quantity less the
 *   sum of its day rows after `date` (the stock now is every movement's sum, check:stock).
 */
export function closingPerPair(db: Knex, pairs: Knex.QueryBuilder, date: string, daysBack: number): Knex.QueryBuilder {
  if (scansBeatSeeks(db) && daysBack <= LATER_DAYS_MAX) {
    const later = db('report_stock_days as d')
      .where('d.day', '>', date)
      .groupBy('d.product_id', 'd.location_id')
      .select('d.product_id', 'd.location_id')
      .sum({ quantity: 'd.quantity' });
    const pr = pairs
      .join('stock_levels as s', (j) => j.on('s.product_id', 'p.id').andOn('s.location_id', 'l.id'))
      .leftJoin(later.as('a'), (j) => j.on('a.product_id', 'p.id').andOn('a.location_id', 'l.id'))
      .select('p.id as product_id', 'l.id as location_id', db.raw('s.quantity - COALESCE(a.quantity, 0) AS quantity'));
    return db.from(pr.as('x')).whereNot('x.quantity', 0).select('x.product_id', 'x.location_id', 'x.quantity');
  }
  const last = `(SELECT d.closing FROM report_stock_days d WHERE d.product_id = p.id AND d.location_id = l.id AND d.day <= ? ORDER BY d.day DESC LIMIT 1)`;
  const pr = isSqlite(db)
    ? pairs.select('p.id as product_id', 'l.id as location_id', { quantity: db.raw(last, [date]) })
    : pairs
        .joinRaw(`JOIN LATERAL ${last.replace('SELECT d.closing', 'SELECT d.closing AS quantity')} s ON true`, [date])
        .select('p.id as product_id', 'l.id as location_id', 's.quantity');
  // Rows as `x` (callers filter on x.product_id); on PostgreSQL the LATERAL row is never NULL.
  return db
    .from(pr.as('x'))
    .whereNotNull('x.quantity')
    .whereNot('x.quantity', 0)
    .select('x.product_id', 'x.location_id', 'x.quantity');
}
