import type { Knex } from 'knex';
import { prefixIndexOrder } from '../../db/dialect.js';
import { escapeLike } from '../../db/dialect.js';
import { SEARCH_GROUP_LIMIT, SEARCH_MAX_QUERY } from '../../../shared/search.js';
import {
  type PickedClient,
  type PickedProduct,
  type PickedSupplier,
  searchClients,
  searchProducts,
  searchSuppliers,
} from '../pickers/pickers.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount, whereAllowedLocation } from '../places/scope.js';
import {
  SEARCHED_DOCUMENTS,
  type SearchedDocument,
  SEQUENCE_DIGITS,
  documentNumberQuery,
  sequenceFragment,
} from './document-series.js';

/** The groups a user may search (server/policies searchScope decides). */
export interface SearchScope {
  products: boolean;
  clients: boolean;
  suppliers: boolean;
  series: readonly SearchedDocument[];
  /** The places the user works in: documents of other places are not found. */
  places: PlaceScope;
}

export interface DocumentRow {
  series: SearchedDocument;
  id: number;
  number: string;
  date: string | null;
  status: string | null;
}

export interface GlobalSearchResult {
  q: string;
  products: PickedProduct[];
  clients: PickedClient[];
  suppliers: PickedSupplier[];
  documents: DocumentRow[];
}

/**
 * The header's global search: the same searches as the pickers (codes and barcodes by index, names
 * folded and squeezed, a typo-tolerant fallback), SEARCH_GROUP_LIMIT rows per group, only the
 * groups of the scope; and, when the text reads as a document number of a registered series
 * (document-series.ts), the documents whose number starts with it, newest first, by the prefix
 * index of their `number` column. The groups are searched together (PostgreSQL: a connection
 * each, so the search takes as long as its slowest group; SQLite's one connection takes them in
 * turn). The typo-tolerant fallback runs only when no group found anything as typed (a name found
 * among the products does not send the clients and suppliers through the slower approximate scan).
 */
export async function globalSearch(db: Knex, params: { q: string; scope: SearchScope }): Promise<GlobalSearchResult> {
  const q = params.q.trim().slice(0, SEARCH_MAX_QUERY);
  const result: GlobalSearchResult = { q, products: [], clients: [], suppliers: [], documents: [] };
  if (!q) return result;
  const limit = SEARCH_GROUP_LIMIT;
  const fragment = sequenceFragment(q);
  result.documents = fragment
    ? await searchSequences(db, fragment, params.scope.series, params.scope.places, limit)
    : await searchDocuments(db, q, params.scope.series, params.scope.places, limit);
  // A document number is not also looked for among names.
  if (
    result.documents.length > 0 &&
    documentNumberQuery(
      q,
      SEARCHED_DOCUMENTS.map((s) => s.series),
    )
  )
    return result;
  // As typed first in every group; the typo-tolerant fallback only when no group found anything.
  for (const fuzzy of [false, 'only'] as const) {
    const [products, clients, suppliers] = await Promise.all([
      params.scope.products
        ? searchProducts(db, { q, locationId: null, limit, fuzzy }).then((found) => found.rows)
        : [],
      params.scope.clients ? searchClients(db, { q, limit, fuzzy }) : [],
      params.scope.suppliers ? searchSuppliers(db, { q, limit, fuzzy }) : [],
    ]);
    Object.assign(result, { products, clients, suppliers });
    if (products.length + clients.length + suppliers.length > 0) break;
  }
  return result;
}

/** A document as seriesRows selects it, whatever its table. */
type SeriesRow = { id: number; number: string; date: string | null; status: string | null };

/** The documents of one series' table the user may find (places of their locations or accounts), with the columns of a result. */
function seriesRows(
  db: Knex,
  series: SearchedDocument,
  places: PlaceScope,
  qb: Knex.QueryBuilder = db.queryBuilder(),
): Knex.QueryBuilder {
  const q = qb
    .select(
      { id: 'id', number: 'number', date: series.dateColumn },
      series.statusColumn ? { status: series.statusColumn } : db.raw('NULL AS status'),
    )
    .from(series.table);
  const accountColumns = series.accountColumns;
  if (accountColumns.length && !places.all) {
    q.where((w) => {
      w.where((none) => {
        for (const column of accountColumns) none.whereNull(column);
      });
      for (const column of accountColumns)
        w.orWhereIn(column, whereAllowedAccount(db('treasury_accounts').select('id'), places));
    });
  }
  return series.locationColumns.length ? whereAllowedLocation(q, series.locationColumns, places) : q;
}

const prefixOf = (db: Knex, qb: Knex.QueryBuilder, prefix: string) =>
  qb
    .whereRaw(`?? LIKE ? ESCAPE '\\'`, ['number', `${escapeLike(prefix)}%`])
    .orderByRaw(`${prefixIndexOrder(db, 'number')} DESC`);

/**
 * A bare number fragment (« 230 »): the documents of every series the user may search whose
 * sequence is it (FAC-2026-000230, VB-2025-000230…, newest year first), then those whose sequence
 * starts with it (FAC-2026-002301…, newest first) in each series' latest year. One statement: per
 * series an IN list of the exact numbers of its years (document_counters) and a range of the
 * number's prefix index per longer sequence length, each cut at `limit` — a few index seeks per
 * series whatever the size of the tables, never a scan.
 */
async function searchSequences(
  db: Knex,
  fragment: { exact: string; prefixes: string[] },
  allowed: readonly SearchedDocument[],
  places: PlaceScope,
  limit: number,
): Promise<DocumentRow[]> {
  if (allowed.length === 0) return [];
  const counters: Array<{ series: string; year: number }> = await db('document_counters')
    .whereIn('series', [...new Set(allowed.map((s) => s.series))])
    .select('series', 'year');
  const years = new Map<string, number[]>();
  for (const c of counters)
    years.set(
      c.series,
      [...(years.get(c.series) ?? []), Number(c.year)].sort((a, b) => b - a),
    );
  const query = sequenceSearchQuery(db, fragment, allowed, places, limit, years);
  if (!query) return [];
  const found: Array<SeriesRow & { series_index: number; rank: number }> = await query;
  const yearOf = (number: string) => Number(number.split('-')[1]);
  return found
    .map((r) => ({
      rank: Number(r.rank),
      index: Number(r.series_index),
      row: {
        series: allowed[Number(r.series_index)],
        id: Number(r.id),
        number: String(r.number),
        date: r.date ?? null,
        status: r.status ?? null,
      } satisfies DocumentRow,
    }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        yearOf(b.row.number) - yearOf(a.row.number) ||
        b.row.number.slice(-SEQUENCE_DIGITS).localeCompare(a.row.number.slice(-SEQUENCE_DIGITS)) ||
        a.index - b.index,
    )
    .slice(0, limit)
    .map((r) => r.row);
}

/** The one statement of searchSequences (exported for the plan test): null when no series has a year yet. */
export function sequenceSearchQuery(
  db: Knex,
  fragment: { exact: string; prefixes: string[] },
  allowed: readonly SearchedDocument[],
  places: PlaceScope,
  limit: number,
  years: ReadonlyMap<string, readonly number[]>,
): Knex.QueryBuilder | null {
  const branches: Knex.QueryBuilder[] = [];
  allowed.forEach((series, i) => {
    const seriesYears = years.get(series.series);
    if (!seriesYears?.length) return;
    const tagged = (rank: number) =>
      seriesRows(db, series, places).select(db.raw(`${i} AS series_index, ${rank} AS rank`));
    branches.push(
      db.select('*').from(
        tagged(0)
          .whereIn(
            'number',
            seriesYears.map((y) => `${series.series}-${y}-${fragment.exact}`),
          )
          .as(`e${i}`),
      ),
    );
    for (const [k, prefix] of fragment.prefixes.entries()) {
      branches.push(
        db
          .select('*')
          .from(prefixOf(db, tagged(1), `${series.series}-${seriesYears[0]}-${prefix}`).limit(limit).as(`p${i}_${k}`)),
      );
    }
  });
  const [first, ...rest] = branches;
  if (!first) return null;
  return rest.length ? first.unionAll(rest) : first;
}

async function searchDocuments(
  db: Knex,
  q: string,
  allowed: readonly SearchedDocument[],
  places: PlaceScope,
  limit: number,
): Promise<DocumentRow[]> {
  const wanted = documentNumberQuery(q, [...new Set(allowed.map((s) => s.series))]);
  if (!wanted) return [];
  const rows: DocumentRow[] = [];
  for (const series of allowed.filter((s) => s.series === wanted.series)) {
    const select = (qb: Knex.QueryBuilder) => seriesRows(db, series, places, qb);
    const found: SeriesRow[] = [];
    if (wanted.exact) found.push(...(await select(db.queryBuilder()).where('number', wanted.exact).limit(1)));
    found.push(...(await prefixOf(db, select(db.queryBuilder()), wanted.prefix).limit(limit)));
    const seen = new Set<number>();
    for (const r of found) {
      if (seen.has(Number(r.id))) continue;
      seen.add(Number(r.id));
      rows.push({ series, id: Number(r.id), number: String(r.number), date: r.date ?? null, status: r.status ?? null });
    }
  }
  // Exact number first, then newest numbers first, across the tables of one series.
  const exact = documentNumberQuery(q, [wanted.series])?.exact;
  rows.sort((a, b) => Number(b.number === exact) - Number(a.number === exact) || b.number.localeCompare(a.number));
  return rows.slice(0, limit);
}
