import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { EntryListFilters } from '../../../shared/pages/stock.js';
import { OPENING_STOCK_LABEL } from '../../../shared/stock.js';
import { paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import { type LeftGoods, NAMED_PRODUCTS } from '../../domain/stock/cancellation.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import type { Row } from './lookups.js';

/** Read side of the stock entries: list (indexed filters, allowlisted sorts), statement, detail. */

function entryListQuery(db: Knex, f: EntryListFilters, scope: PlaceScope): Knex.QueryBuilder {
  // Opening stock (« Stock initial ») has no supplier.
  const q = db('stock_entries as e')
    .leftJoin('suppliers as s', 's.id', 'e.supplier_id')
    .join('locations as l', 'l.id', 'e.location_id');
  whereAllowedLocation(q, 'e.location_id', scope);
  if (f.from && f.to) q.whereBetween('e.entry_date', [f.from, f.to]);
  if (f.supplier_id) q.where('e.supplier_id', Number(f.supplier_id));
  if (f.location_id) q.where('e.location_id', Number(f.location_id));
  if (f.status) q.where('e.status', f.status);
  if (f.q) {
    whereSearch(q, db, f.q, {
      contains: ['e.number', 'e.supplier_ref'],
      folded: ['s.search_name'],
      squeezed: ['s.search_key'],
    });
  }
  return q;
}

const ENTRY_SORTS: Record<EntryListFilters['sort'], string[]> = {
  date: ['e.entry_date', 'e.id'],
  number: ['e.number'],
  supplier: ['s.name', 'e.id'],
  amount: ['e.total_amount', 'e.id'],
};

const ENTRY_COLUMNS = [
  'e.id',
  'e.kind',
  'e.number',
  'e.entry_date',
  'e.supplier_ref',
  'e.line_count',
  'e.total_amount',
  'e.status',
  's.name as supplier_name',
  'l.name as location_name',
];

/** One page of entries and the totals of the validated entries the filters match. */
export async function listEntries<T>(
  db: Knex,
  f: EntryListFilters,
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
  perPage = 25,
): Promise<{ entries: Paginated<T>; totals: { count: number; amount: number } }> {
  const base = entryListQuery(db, f, scope);
  const ordered = base
    .clone()
    .select(ENTRY_COLUMNS)
    .orderBy(ENTRY_SORTS[f.sort].map((column) => ({ column, order: f.dir })));
  const entries = await paginate(ordered, page, perPage, map);
  const totals = (await base
    .clone()
    .where('e.status', 'validated')
    .count({ n: '*' })
    .sum({ amount: 'e.total_amount' })
    .first()) as Row | undefined;
  return { entries, totals: { count: Number(totals?.n ?? 0), amount: Number(totals?.amount ?? 0) } };
}

export interface EntryStatementData {
  /** The rows, in date order, capped at `limit`. */
  rows: Row[];
  truncated: boolean;
  /** Over every entry the filters match (not only the rows shown when truncated): validated ones, and the others. */
  totals: { count: number; lines: number; amount: number; cancelled_count: number };
  /** Validated entries per supplier, largest amount first. */
  bySupplier: Array<{ supplier_name: string; count: number; amount: number }>;
  supplierName: string | null;
  locationName: string | null;
}

/**
 * The "État des entrées de stock" for the list filters: validated entries only unless
 * `includeCancelled`. Rows are capped (the statement says when it is truncated); the totals and the
 * per-supplier subtotals are SQL aggregates over the same filtered query.
 */
export async function entryStatement(
  db: Knex,
  f: EntryListFilters,
  scope: PlaceScope,
  includeCancelled: boolean,
  limit = 5000,
): Promise<EntryStatementData> {
  const base = entryListQuery(db, { ...f, status: includeCancelled ? f.status : 'validated' }, scope);
  const rows = await base
    .clone()
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select([...ENTRY_COLUMNS, 'u.name as created_by_name'])
    .orderBy([
      { column: 'e.entry_date', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ])
    .limit(limit + 1);
  const validated = "e.status = 'validated'";
  const totals = (await base
    .clone()
    .first(
      db.raw('COUNT(*) as n'),
      db.raw(`COALESCE(SUM(CASE WHEN ${validated} THEN 1 ELSE 0 END), 0) as valid_count`),
      db.raw(`COALESCE(SUM(CASE WHEN ${validated} THEN e.line_count ELSE 0 END), 0) as lines`),
      db.raw(`COALESCE(SUM(CASE WHEN ${validated} THEN e.total_amount ELSE 0 END), 0) as amount`),
    )) as Row | undefined;
  const bySupplier = (await base
    .clone()
    .where('e.status', 'validated')
    .groupBy('s.name')
    .select('s.name as supplier_name')
    .count({ count: '*' })
    .sum({ amount: 'e.total_amount' })) as Row[];
  const supplier = f.supplier_id
    ? await db('suppliers')
        .where({ id: Number(f.supplier_id) })
        .first('name')
    : null;
  const location = f.location_id
    ? await db('locations')
        .where({ id: Number(f.location_id) })
        .first('name')
    : null;
  const count = Number(totals?.valid_count ?? 0);
  return {
    rows: rows.slice(0, limit),
    truncated: rows.length > limit,
    totals: {
      count,
      lines: Number(totals?.lines ?? 0),
      amount: Number(totals?.amount ?? 0),
      cancelled_count: Number(totals?.n ?? 0) - count,
    },
    bySupplier: bySupplier
      // Opening stock (no supplier) is a subtotal of its own, « Stock initial ».
      .map((s) => ({
        supplier_name: (s.supplier_name as string | null) ?? OPENING_STOCK_LABEL,
        count: Number(s.count),
        amount: Number(s.amount ?? 0),
      }))
      // Ties in French collation order, as the printout reads them.
      .sort((a, b) => b.amount - a.amount || a.supplier_name.localeCompare(b.supplier_name, 'fr')),
    supplierName: supplier?.name ?? null,
    locationName: location?.name ?? null,
  };
}

export async function entryDetail(db: Knex, id: number): Promise<{ entry: Row; lines: Row[] } | null> {
  const entry = await db('stock_entries as e')
    .leftJoin('suppliers as s', 's.id', 'e.supplier_id')
    .join('locations as l', 'l.id', 'e.location_id')
    .leftJoin('users as cu', 'cu.id', 'e.created_by')
    .leftJoin('users as xu', 'xu.id', 'e.cancelled_by')
    .where('e.id', id)
    .first(
      'e.*',
      's.code as supplier_code',
      's.name as supplier_name',
      'l.name as location_name',
      'cu.name as created_by_name',
      'xu.name as cancelled_by_name',
    );
  if (!entry) return null;
  const lines = await db('stock_entry_lines as el')
    .join('products as p', 'p.id', 'el.product_id')
    .where('el.entry_id', id)
    .orderBy('el.position')
    .select('el.*', 'p.code as product_code', 'p.name as product_name', 'p.unit');
  return { entry, lines };
}

/**
 * Whether a validated entry can still be cancelled: the products whose stock at the entry's
 * location is below what the entry brought in (its cancellation would take it out), the first
 * `limit` in line order and how many in all. Read before offering the cancellation; the
 * cancellation itself re-checks under lock (services/stock/entries.ts).
 */
export async function entryCancellationShortages(
  db: Knex,
  id: number,
  limit = NAMED_PRODUCTS,
): Promise<{ total: number; first: LeftGoods[] }> {
  const short = db('stock_entry_lines as el')
    .join('stock_entries as e', 'e.id', 'el.entry_id')
    .leftJoin('stock_levels as sl', function () {
      this.on('sl.product_id', '=', 'el.product_id').andOn('sl.location_id', '=', 'e.location_id');
    })
    .where('el.entry_id', id)
    .whereRaw('COALESCE(sl.quantity, 0) < el.quantity');
  const count = (await short.clone().count({ n: '*' }).first()) as Row | undefined;
  const total = Number(count?.n ?? 0);
  if (total === 0) return { total, first: [] };
  const rows = (await short
    .clone()
    .join('products as p', 'p.id', 'el.product_id')
    .orderBy('el.position')
    .limit(limit)
    .select('p.name', 'p.unit', 'el.quantity', db.raw('COALESCE(sl.quantity, 0) as available'))) as Row[];
  return {
    total,
    first: rows.map((r) => ({
      productName: r.name,
      unit: r.unit,
      available: Number(r.available),
      requested: Number(r.quantity),
    })),
  };
}
