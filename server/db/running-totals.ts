import type { Knex } from 'knex';
import { isSqlite } from './connection.js';

/**
 * What was sold per (product, location) over [from, to] from the running totals of
 * report_sales_days (server/db/report-summaries.ts): the pair's running totals at its last day ≤ to
 * less those at its last day < from, pairs without an event in the period left out — columns
 * product_id, location_id, quantity, sales, cost.
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
      `(SELECT m.day, m.cum_quantity, m.cum_sales, m.cum_cost FROM report_sales_days m WHERE m.product_id = p.id AND m.location_id = l.id AND m.day ${cmp} ? ORDER BY m.day DESC LIMIT 1)`;
    return pairs
      .joinRaw(`LEFT JOIN LATERAL ${end('<=')} a ON true`, [to])
      .joinRaw(`LEFT JOIN LATERAL ${end('<')} b ON true`, [from])
      .where('a.day', '>=', from)
      .select('p.id as product_id', 'l.id as location_id', diff('cum_quantity'), diff('cum_sales'), diff('cum_cost'));
  }
  const lastDay = (cmp: '<=' | '<', date: string) =>
    db.raw(`(SELECT MAX(m.day) FROM report_sales_days m WHERE m.product_id = p.id AND m.location_id = l.id AND m.day ${cmp} ?)`, [date]);
  const pr = pairs.select('p.id as product_id', 'l.id as location_id', { day_to: lastDay('<=', to) }, { day_from: lastDay('<', from) });
  const at = (alias: string, day: string) =>
    function (this: Knex.JoinClause) {
      this.on(`${alias}.product_id`, 'pr.product_id').andOn(`${alias}.location_id`, 'pr.location_id').andOn(`${alias}.day`, day);
    };
  // The pair's last day is tested on the joined row (a.day), not on pr.day_to: SQLite flattens pr
  // and would seek that last day twice per pair.
  return db
    .from(pr.as('pr'))
    .join('report_sales_days as a', at('a', 'pr.day_to'))
    .leftJoin('report_sales_days as b', at('b', 'pr.day_from'))
    .where('a.day', '>=', from)
    .select('pr.product_id', 'pr.location_id', diff('cum_quantity'), diff('cum_sales'), diff('cum_cost'));
}
