import type { Knex } from 'knex';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import { monthsAndDays } from './frame.js';

/**
 * What was sold per product (net of credit notes and cancellations, each on its own date) over a
 * period, read from the summary tables of migration 202611241200_report_summaries: the whole months
 * from report_sales_months, the days at the edges from report_sales_days. Rows: product_id,
 * location_id, quantity, sales, cost — to be grouped by the caller.
 */
export function soldRows(db: Knex, f: { from: string; to: string; location_id: string }, scope: PlaceScope): Knex.QueryBuilder {
  const { months, days } = monthsAndDays(f.from, f.to);
  const parts: Knex.QueryBuilder[] = [];
  const restrict = (q: Knex.QueryBuilder, alias: string) => {
    whereAllowedLocation(q, `${alias}.location_id`, scope);
    if (f.location_id) q.where(`${alias}.location_id`, Number(f.location_id));
    return q;
  };
  if (months) parts.push(restrict(db('report_sales_months as m').whereBetween('m.month', months).select('m.product_id', 'm.location_id', 'm.quantity', 'm.sales', 'm.cost'), 'm'));
  for (const [a, b] of days) parts.push(restrict(db('report_sales_days as d').whereBetween('d.day', [a, b]).select('d.product_id', 'd.location_id', 'd.quantity', 'd.sales', 'd.cost'), 'd'));
  // Plain UNION ALL (SQLite refuses parenthesised members).
  return parts.length === 1 ? parts[0] : parts[0].unionAll(parts.slice(1), false);
}

/** Stock per (product, location) at the end of `date`: Σ whole months before its month + Σ its month's days up to it (report_stock_*). */
export function stockAtRows(db: Knex, date: string, f: { location_id: string }, locations: (q: Knex.QueryBuilder, column: string) => Knex.QueryBuilder): Knex.QueryBuilder {
  const month = date.slice(0, 7);
  const restrict = (q: Knex.QueryBuilder, alias: string) => {
    locations(q, `${alias}.location_id`);
    if (f.location_id) q.where(`${alias}.location_id`, Number(f.location_id));
    return q;
  };
  const before = restrict(db('report_stock_months as m').where('m.month', '<', month).select('m.product_id', 'm.location_id', 'm.quantity'), 'm');
  const within = restrict(db('report_stock_days as d').whereBetween('d.day', [`${month}-01`, date]).select('d.product_id', 'd.location_id', 'd.quantity'), 'd');
  return before.unionAll([within], false);
}
