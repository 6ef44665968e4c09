import type { Knex } from 'knex';
import type { Paginated, SortDir } from '../../shared/lists.js';

/**
 * What a service's list function takes: the list state parsed from the query string (search,
 * sort on an allowlisted column, direction, filters) and the page asked for.
 */
export interface ListQuery<S extends string = string, F extends object = Record<string, string>> {
  q: string;
  sort: S;
  dir: SortDir;
  page: number;
  per_page: number;
  filters: F;
}

/** The page actually shown: a page past the end answers the last page instead of an empty one. */
function clampPage(page: number, total: number, perPage: number): { current: number; lastPage: number } {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { current: Math.min(Math.max(1, Number.isFinite(page) ? Math.trunc(page) : 1), lastPage), lastPage };
}

/**
 * The count and the page asked for, sent together: on PostgreSQL each on a connection of the pool, so
 * the page does not wait for the count (the products list: a 10 000-row count, 6 ms, beside a page
 * read by its ids, 3–5 ms); SQLite's one connection takes them in turn. A page past the end, known
 * only once counted, is read again as the last page.
 */
async function countThenClamp<R>(
  count: number | (() => Promise<number>),
  rowsOf: (page: number) => PromiseLike<R[]>,
  page: number,
  perPage: number,
) {
  if (typeof count === 'number') {
    const { current, lastPage } = clampPage(page, count, perPage);
    return { total: count, current, lastPage, rows: count === 0 ? [] : await rowsOf(current) };
  }
  const asked = clampPage(page, Number.MAX_SAFE_INTEGER, perPage).current;
  const [total, rows] = await Promise.all([count(), rowsOf(asked)]);
  const { current, lastPage } = clampPage(page, total, perPage);
  return { total, current, lastPage, rows: total === 0 ? [] : current === asked ? rows : await rowsOf(current) };
}

/**
 * The row a query yields: its select's row type when knex knows it (`db('clients').select('id', 'name')`
 * yields Pick<ClientsRow, 'id' | 'name'>); a query knex does not type (a join) yields what the
 * caller's `map` takes, or the row type the caller states for the list it returns.
 */
export type RowOf<Q> = Awaited<Q> extends readonly unknown[] ? Awaited<Q>[number] : never;

const countOf = (query: Knex.QueryBuilder) => async () =>
  Number((await query.clone().clearSelect().clearOrder().count<{ n: number | string }[]>({ n: '*' }).first())?.n ?? 0);

/**
 * One page of a query and the number of matching rows. The count runs on the same filtered query
 * (indexed filters only: callers keep their WHERE clauses on indexed columns), without ORDER BY.
 * A page past the end answers the last page instead of an empty one.
 */
export function paginate<Q extends Knex.QueryBuilder>(
  query: Q,
  page: number,
  perPage: number,
): Promise<Paginated<RowOf<Q>>>;
export function paginate<Q extends Knex.QueryBuilder, T>(
  query: Q,
  page: number,
  perPage: number,
  map: (row: RowOf<Q>) => T,
): Promise<Paginated<T>>;
export async function paginate(
  query: Knex.QueryBuilder,
  page: number,
  perPage: number,
  map?: (row: unknown) => unknown,
): Promise<Paginated<unknown>> {
  const { total, current, lastPage, rows } = await countThenClamp(
    countOf(query),
    (at) =>
      query
        .clone()
        .limit(perPage)
        .offset((at - 1) * perPage),
    page,
    perPage,
  );
  return { data: map ? rows.map(map) : rows, page: current, per_page: perPage, total, last_page: lastPage };
}

/**
 * paginate() for lists of wide rows that are paged deep (the products list at page 200): the page's
 * ids first — the same filters and order, selecting only `idColumn`, so the database can walk an
 * index in the list's order and skip the OFFSET's entries without reading their rows — then the
 * rows of those ids, in that order, in the same statement (`WHERE id IN (…LIMIT … OFFSET …)`).
 * Same answer as paginate(); the count is the same query. `known.total`: the count the caller
 * already has (from the totals it runs anyway: no second COUNT); `known.ids`: the same rows in the
 * same order without the joins only the page's columns need, so the ids come from a covering index
 * (the Caisse ledger: services/treasury/account-ledger.ts).
 */
export function paginateDeferred<Q extends Knex.QueryBuilder>(
  query: Q,
  idColumn: string,
  page: number,
  perPage: number,
): Promise<Paginated<RowOf<Q>>>;
export function paginateDeferred<Q extends Knex.QueryBuilder, T>(
  query: Q,
  idColumn: string,
  page: number,
  perPage: number,
  map: (row: RowOf<Q>) => T,
  known?: { total?: number; ids?: Knex.QueryBuilder },
): Promise<Paginated<T>>;
export async function paginateDeferred(
  query: Knex.QueryBuilder,
  idColumn: string,
  page: number,
  perPage: number,
  map?: (row: unknown) => unknown,
  known: { total?: number; ids?: Knex.QueryBuilder } = {},
): Promise<Paginated<unknown>> {
  const rowsOf = (at: number) =>
    query.clone().whereIn(
      idColumn,
      (known.ids ?? query)
        .clone()
        .clearSelect()
        .select(idColumn)
        .limit(perPage)
        .offset((at - 1) * perPage),
    );
  const { total, current, lastPage, rows } = await countThenClamp(known.total ?? countOf(query), rowsOf, page, perPage);
  return { data: map ? rows.map(map) : rows, page: current, per_page: perPage, total, last_page: lastPage };
}

/**
 * One page of a query whose number of matching rows the caller already has (from an aggregate it
 * runs anyway, e.g. a list's totals): no second COUNT, and the count never pays for the joins that
 * only the page's rows need.
 */
export function paginateCounted<Q extends Knex.QueryBuilder>(
  query: Q,
  total: number,
  page: number,
  perPage: number,
): Promise<Paginated<RowOf<Q>>>;
export function paginateCounted<Q extends Knex.QueryBuilder, T>(
  query: Q,
  total: number,
  page: number,
  perPage: number,
  map: (row: RowOf<Q>) => T,
): Promise<Paginated<T>>;
export async function paginateCounted(
  query: Knex.QueryBuilder,
  total: number,
  page: number,
  perPage: number,
  map?: (row: unknown) => unknown,
): Promise<Paginated<unknown>> {
  const { current, lastPage } = clampPage(page, total, perPage);
  const rows =
    total === 0
      ? []
      : await query
          .clone()
          .limit(perPage)
          .offset((current - 1) * perPage);
  return { data: map ? rows.map(map) : rows, page: current, per_page: perPage, total, last_page: lastPage };
}

/** One page of rows already computed in memory (a preview), with the same clamping as paginate. */
export function paginateRows<T>(rows: readonly T[], page: number, perPage: number): Paginated<T> {
  const { current, lastPage } = clampPage(page, rows.length, perPage);
  return {
    data: rows.slice((current - 1) * perPage, current * perPage),
    page: current,
    per_page: perPage,
    total: rows.length,
    last_page: lastPage,
  };
}

/**
 * Keyset pagination for programs (the REST API's cursors): the rows after `afterId` in id order,
 * `limit` at most, and the id to continue after (null on the last page). Stable while rows are
 * added or removed, and each page costs an index range scan whatever its depth (no OFFSET).
 */
export function keysetPage<Q extends Knex.QueryBuilder>(
  query: Q,
  idColumn: string,
  afterId: number | null,
  limit: number,
): Promise<{ data: RowOf<Q>[]; next_after: number | null }>;
export function keysetPage<Q extends Knex.QueryBuilder, T>(
  query: Q,
  idColumn: string,
  afterId: number | null,
  limit: number,
  map: (row: RowOf<Q>) => T,
): Promise<{ data: T[]; next_after: number | null }>;
export async function keysetPage(
  query: Knex.QueryBuilder,
  idColumn: string,
  afterId: number | null,
  limit: number,
  map?: (row: unknown) => unknown,
): Promise<{ data: unknown[]; next_after: number | null }> {
  const qb = query
    .clone()
    .clearOrder()
    .orderBy(idColumn, 'asc')
    .limit(limit + 1);
  if (afterId !== null) qb.where(idColumn, '>', afterId);
  const rows = await qb;
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { data: map ? page.map(map) : page, next_after: more ? Number(page[page.length - 1].id) : null };
}
