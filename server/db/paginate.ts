import type { Knex } from 'knex';
import type { Paginated } from '../../shared/lists.js';

/**
 * One page of a query and the number of matching rows. The count runs on the same filtered query
 * (indexed filters only: callers keep their WHERE clauses on indexed columns), without ORDER BY.
 * A page past the end answers the last page instead of an empty one.
 */
export async function paginate<T>(query: Knex.QueryBuilder, page: number, perPage: number, map: (row: any) => T): Promise<Paginated<T>> {
  const countRow = await query.clone().clearSelect().clearOrder().count<{ n: number | string }[]>({ n: '*' }).first();
  const total = Number(countRow?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = total === 0 ? [] : await query.clone().limit(perPage).offset((current - 1) * perPage);
  return { data: rows.map(map), page: current, per_page: perPage, total, last_page: lastPage };
}
