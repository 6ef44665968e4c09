import type { Knex } from 'knex';
import type { PlaceScope } from '../../policies/places.js';
import { atPlaces } from './frame.js';

/**
 * Chiffre d'affaires' events of a period already summed per (day, location, kind of sale), from
 * the summary `report_turnover_days` (migration 202611281000_dashboard_summaries, kept by the
 * report triggers of server/db/report-summaries.ts): rows d, location_id, kind, sold, gross,
 * returns, cost — the columns of turnover.ts `turnoverEvents` but client_id, at most a few rows a
 * day instead of every sale. Sum them as the events are summed (grouped by day, by kind, or
 * all): the same figures to the franc (tests/http/report-summaries.test.ts, random histories). The
 * dashboard's sales cards and 30-day chart read it; a view by client still needs the events.
 */
export function turnoverDays(db: Knex, f: { from: string; to: string; location_id: string }, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('report_turnover_days as t')
    .whereBetween('t.day', [f.from, f.to])
    .select({ d: 't.day', location_id: 't.location_id', kind: 't.kind', sold: 't.sold', gross: 't.gross', returns: 't.returns', cost: 't.cost' });
  return atPlaces(q, 't.location_id', f, scope);
}
