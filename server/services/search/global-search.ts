import type { Knex } from 'knex';
import { prefixIndexOrder } from '../../db/dialect.js';
import { escapeLike } from '../../db/dialect.js';
import { SEARCH_GROUP_LIMIT, SEARCH_MAX_QUERY } from '../../../shared/search.js';
import { searchClients, searchProducts, searchSuppliers } from '../pickers/pickers.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount, whereAllowedLocation } from '../places/scope.js';
import { DOCUMENT_SERIES, type DocumentSeries, documentNumberQuery } from './document-series.js';

/** The groups a user may search (server/policies searchScope decides). */
export interface SearchScope {
  products: boolean;
  clients: boolean;
  suppliers: boolean;
  series: readonly DocumentSeries[];
  /** The places the user works in: documents of other places are not found. */
  places: PlaceScope;
}

export interface DocumentRow {
  series: DocumentSeries;
  id: number;
  number: string;
  date: string | null;
  status: string | null;
}

export interface GlobalSearchResult {
  q: string;
  products: any[];
  clients: any[];
  suppliers: any[];
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
  result.documents = await searchDocuments(db, q, params.scope.series, params.scope.places, limit);
  // A document number is not also looked for among names.
  if (result.documents.length > 0 && documentNumberQuery(q, DOCUMENT_SERIES.map((s) => s.series))) return result;
  // As typed first in every group; the typo-tolerant fallback only when no group found anything.
  for (const fuzzy of [false, 'only'] as const) {
    const [products, clients, suppliers] = await Promise.all([
      params.scope.products ? searchProducts(db, { q, locationId: null, limit, fuzzy }).then((found) => found.rows) : [],
      params.scope.clients ? searchClients(db, { q, limit, fuzzy }) : [],
      params.scope.suppliers ? searchSuppliers(db, { q, limit, fuzzy }) : [],
    ]);
    Object.assign(result, { products, clients, suppliers });
    if (products.length + clients.length + suppliers.length > 0) break;
  }
  return result;
}

async function searchDocuments(db: Knex, q: string, allowed: readonly DocumentSeries[], places: PlaceScope, limit: number): Promise<DocumentRow[]> {
  const wanted = documentNumberQuery(q, [...new Set(allowed.map((s) => s.series))]);
  if (!wanted) return [];
  const rows: DocumentRow[] = [];
  for (const series of allowed.filter((s) => s.series === wanted.series)) {
    const select = (qb: Knex.QueryBuilder) => {
      const q = qb.select({ id: 'id', number: 'number', date: series.dateColumn, ...(series.statusColumn ? { status: series.statusColumn } : {}) }).from(series.table);
      const accountColumns = series.accountColumns ?? [];
      if (accountColumns.length && !places.all) {
        q.where((w) => {
          w.where((none) => {
            for (const column of accountColumns) none.whereNull(column);
          });
          for (const column of accountColumns) w.orWhereIn(column, whereAllowedAccount(db('treasury_accounts').select('id'), places));
        });
      }
      return series.locationColumns.length ? whereAllowedLocation(q, series.locationColumns, places) : q;
    };
    const found: any[] = [];
    if (wanted.exact) found.push(...(await select(db.queryBuilder()).where('number', wanted.exact).limit(1)));
    found.push(
      ...(await select(db.queryBuilder())
        .whereRaw(`?? LIKE ? ESCAPE '\\'`, ['number', `${escapeLike(wanted.prefix)}%`])
        .orderByRaw(`${prefixIndexOrder(db, 'number')} DESC`)
        .limit(limit)),
    );
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
