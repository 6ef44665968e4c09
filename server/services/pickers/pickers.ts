import type { Knex } from 'knex';
import { escapeLike, prefixIndexOrder, whereTrueUnindexed } from '../../db/dialect.js';
import { firstMatches, fuzzyMatchIds, whereSearch } from '../../db/search.js';
import { orderByFrench } from '../../db/french-order.js';
import { defaultTaxGroupColumn } from '../company/get-company.js';
import type { ClientsRow, ProductsRow, SuppliersRow } from '../../db/tables.generated.js';

/**
 * Type-ahead searches behind the product and client pickers (sales, stock entries, transfers,
 * counts, settlements). Every query is bounded (20 rows) and starts from an index: equality on
 * code/barcode (unique indexes), prefix on code/barcode/phone (the *_prefix indexes of migration
 * 0003), then a substring of the name, its first 20 in name order (firstMatches).
 */
export const PICKER_LIMIT = 20;
const DEFAULT_LIMIT = PICKER_LIMIT;

/** The typo-tolerant fallback: when nothing matches as typed (default), never (false), or alone ('only': the as-typed searches already found nothing). */
type Fuzzy = boolean | 'only';

export const PICKER_MAX_QUERY = 64;

const PRODUCT_COLUMNS = [
  'products.id',
  'products.code',
  'products.barcode',
  'products.name',
  'products.unit',
  'products.pack_size',
  'products.purchase_price',
  'products.cmup',
  'products.retail_price',
  'products.wholesale_price',
  'products.min_price',
  'products.tax_group',
  'categories.name as category',
];

/** "active = true"; `indexable: false` keeps the (active, name) index out of SQLite's plan (see whereTrueUnindexed). */
function whereActive(
  qb: Knex.QueryBuilder,
  db: Knex,
  column: string,
  options: { indexable: boolean },
): Knex.QueryBuilder {
  return options.indexable ? qb.where(column, true) : whereTrueUnindexed(db, qb, column);
}

function productBase(db: Knex, options: { indexable: boolean } = { indexable: true }) {
  return whereActive(
    db('products').join('categories', 'categories.id', 'products.category_id'),
    db,
    'products.active',
    options,
  ).select([...PRODUCT_COLUMNS, defaultTaxGroupColumn(db)]);
}

/** A product as the pickers offer it: PRODUCT_COLUMNS. */
export type PickedProduct = Pick<
  ProductsRow,
  | 'id'
  | 'code'
  | 'barcode'
  | 'name'
  | 'unit'
  | 'pack_size'
  | 'purchase_price'
  | 'cmup'
  | 'retail_price'
  | 'wholesale_price'
  | 'min_price'
> & { category: string };

/** A client as the picker offers it. */
export type PickedClient = Pick<
  ClientsRow,
  'id' | 'code' | 'name' | 'phone' | 'price_level' | 'credit_limit' | 'balance' | 'is_walk_in'
>;

/** A supplier as the global search offers it. */
export type PickedSupplier = Pick<SuppliersRow, 'id' | 'code' | 'name' | 'phone' | 'balance'>;

/** What a product search found: its rows (at most PICKER_LIMIT), the exact match of a scan, the stock at the asked location. */
export interface ProductSearch {
  rows: PickedProduct[];
  /** The id of the product whose barcode or code equals the query (a scanner read), else null. */
  exactId: number | null;
  /** Stock by product id at the asked location; null when no location was asked. */
  stock: Map<number, number> | null;
}

/** The rows found so far, each once, at most PICKER_LIMIT: the searches add theirs in order of relevance. */
function collector<R extends { id: number }>(limit: number) {
  const rows: R[] = [];
  const seen = new Set<number>();
  const add = (list: R[]) => {
    for (const row of list) {
      const id = Number(row.id);
      if (!seen.has(id) && rows.length < limit) {
        seen.add(id);
        rows.push(row);
      }
    }
  };
  return { rows, seen, add };
}

/** The rows of `qb` (rows R, as its select names them) with these ids, in the order of the ids (the fuzzy search ranks them). */
export async function byIdsInOrder<R extends { id: number }>(
  qb: Knex.QueryBuilder,
  idColumn: string,
  ids: number[],
): Promise<R[]> {
  if (ids.length === 0) return [];
  const rows: R[] = await qb.whereIn(idColumn, ids);
  const rank = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (rank.get(Number(a.id)) ?? 0) - (rank.get(Number(b.id)) ?? 0));
}

export async function searchProducts(
  db: Knex,
  params: { q: string; locationId: number | null; limit?: number; fuzzy?: Fuzzy },
): Promise<ProductSearch> {
  const q = params.q.trim().slice(0, PICKER_MAX_QUERY);
  const upper = q.toUpperCase();
  const limit = params.limit ?? DEFAULT_LIMIT;
  const { rows, seen, add } = collector<PickedProduct>(limit);

  let exactRow: PickedProduct | null = null;
  if (q && params.fuzzy !== 'only') {
    // A scanner types the barcode then Enter: equality on the unique indexes answers at once.
    exactRow =
      (await productBase(db).where('products.barcode', upper).first()) ??
      (await productBase(db).where('products.code', upper).first()) ??
      null;
    if (exactRow) add([exactRow]);
    // One query per column: each walks its own prefix index (an OR of both would scan the table).
    const prefix = `${escapeLike(upper)}%`;
    for (const column of ['products.code', 'products.barcode']) {
      if (rows.length >= limit) break;
      add(
        await productBase(db, { indexable: false })
          .whereRaw(`?? LIKE ? ESCAPE '\\'`, [column, prefix])
          .orderByRaw(prefixIndexOrder(db, column))
          .limit(limit),
      );
    }
    if (rows.length < limit) {
      const named = productBase(db).where((w) =>
        whereSearch(w, db, q, { folded: ['products.search_name'], squeezed: ['products.search_key'] }),
      );
      add(await firstMatches(db, named, q, { id: 'products.id', order: 'products.search_name' }, limit + seen.size));
    }
  }
  // Nothing as typed: tolerate a typo ("cimnet" → « Ciment »), best matches first.
  if (q && rows.length === 0 && params.fuzzy !== false)
    add(
      await byIdsInOrder<PickedProduct>(
        productBase(db),
        'products.id',
        await fuzzyMatchIds(
          whereActive(db('products'), db, 'active', { indexable: true }),
          { id: 'id', key: 'search_key' },
          q,
          limit,
        ),
      ),
    );
  if (!q) {
    add(
      await orderByFrench(productBase(db), db, { folded: 'products.search_name' }).orderBy('products.id').limit(limit),
    );
  }

  let stock: Map<number, number> | null = null;
  if (params.locationId !== null) {
    stock = new Map();
    if (rows.length) {
      const levels = await db('stock_levels')
        .where('location_id', params.locationId)
        .whereIn(
          'product_id',
          rows.map((r) => Number(r.id)),
        )
        .select('product_id', 'quantity');
      for (const l of levels) stock.set(Number(l.product_id), Number(l.quantity));
    }
  }
  return { rows, exactId: exactRow ? Number(exactRow.id) : null, stock };
}

export async function searchClients(
  db: Knex,
  params: { q: string; limit?: number; fuzzy?: Fuzzy },
): Promise<PickedClient[]> {
  const q = params.q.trim().slice(0, PICKER_MAX_QUERY);
  const limit = params.limit ?? DEFAULT_LIMIT;
  const base = (options: { indexable: boolean } = { indexable: true }) =>
    whereActive(db('clients'), db, 'active', options).select(
      'id',
      'code',
      'name',
      'phone',
      'price_level',
      'credit_limit',
      'balance',
      'is_walk_in',
    );
  const { rows, seen, add } = collector<PickedClient>(limit);
  if (!q) {
    // The walk-in client first, then the others by name.
    add(
      await orderByFrench(base().orderBy('is_walk_in', 'desc'), db, { folded: 'search_name' })
        .orderBy('id')
        .limit(limit),
    );
  } else if (params.fuzzy !== 'only') {
    const upper = `${escapeLike(q.toUpperCase())}%`;
    add(await base().where('code', q.toUpperCase()).limit(1));
    for (const [column, pattern] of [
      ['code', upper],
      ['phone', `${escapeLike(q)}%`],
    ]) {
      if (rows.length >= limit) break;
      add(
        await base({ indexable: false })
          .whereRaw(`?? LIKE ? ESCAPE '\\'`, [column, pattern])
          .orderByRaw(prefixIndexOrder(db, column))
          .limit(limit),
      );
    }
    if (rows.length < limit) {
      add(
        await firstMatches(
          db,
          base().where((w) => whereSearch(w, db, q, { folded: ['search_name'], squeezed: ['search_key'] })),
          q,
          { id: 'id', order: 'search_name' },
          limit + seen.size,
        ),
      );
    }
  }
  if (q && rows.length === 0 && params.fuzzy !== false)
    add(
      await byIdsInOrder(
        base(),
        'id',
        await fuzzyMatchIds(base().clearSelect(), { id: 'id', key: 'search_key' }, q, limit),
      ),
    );
  return rows;
}

/**
 * Suppliers by code (exact, then prefix), phone prefix, then name (accents, case and doubled
 * letters ignored), then a typo-tolerant fallback: the global search's supplier group.
 */
export async function searchSuppliers(
  db: Knex,
  params: { q: string; limit?: number; fuzzy?: Fuzzy },
): Promise<PickedSupplier[]> {
  const q = params.q.trim().slice(0, PICKER_MAX_QUERY);
  const limit = params.limit ?? DEFAULT_LIMIT;
  const base = (options: { indexable: boolean } = { indexable: true }) =>
    whereActive(db('suppliers'), db, 'active', options).select('id', 'code', 'name', 'phone', 'balance');
  const { rows, seen, add } = collector<PickedSupplier>(limit);
  if (!q) return rows;
  if (params.fuzzy !== 'only') {
    add(await base().where('code', q.toUpperCase()).limit(1));
    for (const [column, pattern] of [
      ['code', `${escapeLike(q.toUpperCase())}%`],
      ['phone', `${escapeLike(q)}%`],
    ]) {
      if (rows.length >= limit) break;
      add(
        await base({ indexable: false })
          .whereRaw(`?? LIKE ? ESCAPE '\\'`, [column, pattern])
          .orderByRaw(prefixIndexOrder(db, column))
          .limit(limit),
      );
    }
    if (rows.length < limit) {
      add(
        await firstMatches(
          db,
          base().where((w) => whereSearch(w, db, q, { folded: ['search_name'], squeezed: ['search_key'] })),
          q,
          { id: 'id', order: 'search_name' },
          limit + seen.size,
        ),
      );
    }
  }
  if (rows.length === 0 && params.fuzzy !== false)
    add(
      await byIdsInOrder(
        base(),
        'id',
        await fuzzyMatchIds(base().clearSelect(), { id: 'id', key: 'search_key' }, q, limit),
      ),
    );
  return rows;
}
