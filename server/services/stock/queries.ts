import type { Knex } from 'knex';
import type { CountLineFilter, EntryListFilters, TransferListFilters } from '../../../shared/stock-pages.js';
import { toBool } from '../../db/dialect.js';
import { whereSearch } from '../../db/search.js';

/**
 * Read side of the stock screens: lists (indexed filters, server-side pagination, allowlisted
 * sorts) and document details. Rows come back raw; the presenters turn them into props.
 */

export type Row = Record<string, any>;

export interface PageResult {
  rows: Row[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

/** One page of a query; the count runs on the same filtered query, without ORDER BY. */
export async function pageOf(query: Knex.QueryBuilder, page: number, perPage: number): Promise<PageResult> {
  const countRow = await query.clone().clearSelect().clearOrder().count<{ n: number | string }[]>({ n: '*' }).first();
  const total = Number(countRow?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const rows = total === 0 ? [] : await query.clone().limit(perPage).offset((current - 1) * perPage);
  return { rows, total, page: current, perPage, lastPage };
}

export async function locationRows(db: Knex): Promise<Row[]> {
  return db('locations').orderBy([{ column: 'active', order: 'desc' }, 'kind', 'name']).select('id', 'code', 'name', 'kind', 'active');
}

export async function activeSupplierRows(db: Knex): Promise<Row[]> {
  return db('suppliers').where({ active: true }).orderBy('name').select('id', 'code', 'name');
}

export async function allSupplierRows(db: Knex): Promise<Row[]> {
  return db('suppliers').orderBy('name').select('id', 'code', 'name', 'active');
}

// ——— Entries ———

function entryListQuery(db: Knex, f: EntryListFilters): Knex.QueryBuilder {
  const q = db('stock_entries as e')
    .join('suppliers as s', 's.id', 'e.supplier_id')
    .join('locations as l', 'l.id', 'e.location_id');
  if (f.from && f.to) q.whereBetween('e.entry_date', [f.from, f.to]);
  if (f.supplier_id) q.where('e.supplier_id', Number(f.supplier_id));
  if (f.location_id) q.where('e.location_id', Number(f.location_id));
  if (f.status) q.where('e.status', f.status);
  if (f.q) {
    whereSearch(q, db, f.q, { contains: ['e.number', 'e.supplier_ref'], folded: ['s.search_name'] });
  }
  return q;
}

const ENTRY_SORTS: Record<EntryListFilters['sort'], string[]> = {
  date: ['e.entry_date', 'e.id'],
  number: ['e.number'],
  supplier: ['s.name', 'e.id'],
  amount: ['e.total_amount', 'e.id'],
};

export async function listEntries(db: Knex, f: EntryListFilters, page: number, perPage = 25) {
  const base = entryListQuery(db, f);
  const ordered = base
    .clone()
    .select('e.id', 'e.number', 'e.entry_date', 'e.supplier_ref', 'e.line_count', 'e.total_quantity', 'e.total_amount', 'e.status', 's.name as supplier_name', 'l.name as location_name')
    .orderBy(ENTRY_SORTS[f.sort].map((column) => ({ column, order: f.dir })));
  const result = await pageOf(ordered, page, perPage);
  const totals = (await base.clone().where('e.status', 'validated').count({ n: '*' }).sum({ amount: 'e.total_amount' }).first()) as Row | undefined;
  return { ...result, totals: { count: Number(totals?.n ?? 0), amount: Number(totals?.amount ?? 0) } };
}

/** Rows of the "État des entrées de stock" (capped; the statement says when it is truncated). */
export async function entryStatementRows(db: Knex, f: EntryListFilters, includeCancelled: boolean, limit = 5000) {
  const q = entryListQuery(db, { ...f, status: includeCancelled ? f.status : 'validated' })
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select('e.id', 'e.number', 'e.entry_date', 'e.supplier_ref', 'e.line_count', 'e.total_quantity', 'e.total_amount', 'e.status', 's.name as supplier_name', 'l.name as location_name', 'u.name as created_by_name')
    .orderBy([
      { column: 'e.entry_date', order: 'asc' },
      { column: 'e.id', order: 'asc' },
    ])
    .limit(limit + 1);
  const rows = await q;
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}

export async function entryDetail(db: Knex, id: number): Promise<{ entry: Row; lines: Row[] } | null> {
  const entry = await db('stock_entries as e')
    .join('suppliers as s', 's.id', 'e.supplier_id')
    .join('locations as l', 'l.id', 'e.location_id')
    .leftJoin('users as cu', 'cu.id', 'e.created_by')
    .leftJoin('users as xu', 'xu.id', 'e.cancelled_by')
    .where('e.id', id)
    .first('e.*', 's.code as supplier_code', 's.name as supplier_name', 'l.name as location_name', 'cu.name as created_by_name', 'xu.name as cancelled_by_name');
  if (!entry) return null;
  const lines = await db('stock_entry_lines as el')
    .join('products as p', 'p.id', 'el.product_id')
    .where('el.entry_id', id)
    .orderBy('el.position')
    .select('el.*', 'p.code as product_code', 'p.name as product_name', 'p.unit');
  return { entry, lines };
}

// ——— Transfers ———

function transferListQuery(db: Knex, f: TransferListFilters): Knex.QueryBuilder {
  const q = db('transfers as t')
    .join('locations as lf', 'lf.id', 't.from_location_id')
    .join('locations as lt', 'lt.id', 't.to_location_id');
  if (f.from && f.to) q.whereBetween('t.transfer_date', [f.from, f.to]);
  if (f.status) q.where('t.status', f.status);
  if (f.from_location_id) q.where('t.from_location_id', Number(f.from_location_id));
  if (f.to_location_id) q.where('t.to_location_id', Number(f.to_location_id));
  if (f.q) whereSearch(q, db, f.q, { contains: ['t.number'] });
  return q;
}

const TRANSFER_SORTS: Record<TransferListFilters['sort'], string[]> = {
  date: ['t.transfer_date', 't.id'],
  number: ['t.number'],
  status: ['t.status', 't.id'],
};

export async function listTransfers(db: Knex, f: TransferListFilters, page: number, perPage = 25) {
  const q = transferListQuery(db, f)
    .leftJoin('users as su', 'su.id', 't.sent_by')
    .select(
      't.id',
      't.number',
      't.transfer_date',
      't.line_count',
      't.total_quantity_sent',
      't.total_quantity_received',
      't.status',
      't.received_date',
      't.reprint_count',
      't.cancel_reason',
      't.version',
      'lf.name as from_name',
      'lt.name as to_name',
      'su.name as sent_by_name',
    )
    .orderBy(TRANSFER_SORTS[f.sort].map((column) => ({ column, order: f.dir })));
  return pageOf(q, page, perPage);
}

export async function transfersInTransit(db: Knex): Promise<number> {
  const row = await db('transfers').where({ status: 'sent' }).count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export async function transferDetail(db: Knex, id: number): Promise<{ transfer: Row; lines: Row[] } | null> {
  const transfer = await db('transfers as t')
    .join('locations as lf', 'lf.id', 't.from_location_id')
    .join('locations as lt', 'lt.id', 't.to_location_id')
    .leftJoin('users as su', 'su.id', 't.sent_by')
    .leftJoin('users as ru', 'ru.id', 't.received_by')
    .leftJoin('users as xu', 'xu.id', 't.cancelled_by')
    .where('t.id', id)
    .first('t.*', 'lf.name as from_name', 'lt.name as to_name', 'su.name as sent_by_name', 'ru.name as received_by_name', 'xu.name as cancelled_by_name');
  if (!transfer) return null;
  const lines = await db('transfer_lines as tl')
    .join('products as p', 'p.id', 'tl.product_id')
    .where('tl.transfer_id', id)
    .orderBy('tl.position')
    .select('tl.*', 'p.code as product_code', 'p.name as product_name', 'p.barcode', 'p.unit');
  return { transfer, lines };
}

// ——— Inventory ———

export async function listCountSessions(db: Knex, f: { location_id: string; status: string; from: string; to: string }, page: number, perPage = 25) {
  const q = db('inventory_counts as c')
    .join('locations as l', 'l.id', 'c.location_id')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .whereBetween('c.count_date', [f.from, f.to]);
  if (f.location_id) q.where('c.location_id', Number(f.location_id));
  if (f.status) q.where('c.status', f.status);
  q.select('c.*', 'l.name as location_name', 'u.name as created_by_name').orderBy([
    { column: 'c.count_date', order: 'desc' },
    { column: 'c.id', order: 'desc' },
  ]);
  const result = await pageOf(q, page, perPage);
  const ids = result.rows.map((r) => Number(r.id));
  const counted = new Map<number, number>();
  const categories = new Map<number, string[]>();
  if (ids.length) {
    const rows = (await db('inventory_count_lines').whereIn('count_id', ids).whereNotNull('counted_quantity').groupBy('count_id').select('count_id').count({ n: '*' })) as unknown as Array<{ count_id: number; n: number }>;
    for (const r of rows) counted.set(Number(r.count_id), Number(r.n));
    const cats = await db('inventory_count_categories as cc').join('categories as k', 'k.id', 'cc.category_id').whereIn('cc.count_id', ids).orderBy('k.name').select('cc.count_id', 'k.name');
    for (const r of cats) categories.set(Number(r.count_id), [...(categories.get(Number(r.count_id)) ?? []), r.name]);
  }
  return { ...result, rows: result.rows.map((r) => ({ ...r, counted_count: counted.get(Number(r.id)) ?? 0, category_names: categories.get(Number(r.id)) ?? [] })) };
}

export async function listReadjustments(db: Knex, f: { location_id: string; from: string; to: string }, page: number, perPage = 25) {
  const q = db('stock_adjustments as a')
    .join('locations as l', 'l.id', 'a.location_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .whereBetween('a.adjustment_date', [f.from, f.to]);
  if (f.location_id) q.where('a.location_id', Number(f.location_id));
  q.select('a.*', 'l.name as location_name', 'u.name as created_by_name').orderBy([
    { column: 'a.adjustment_date', order: 'desc' },
    { column: 'a.id', order: 'desc' },
  ]);
  return pageOf(q, page, perPage);
}

export async function countSession(db: Knex, id: number): Promise<Row | null> {
  const row = await db('inventory_counts as c')
    .join('locations as l', 'l.id', 'c.location_id')
    .leftJoin('users as cu', 'cu.id', 'c.created_by')
    .leftJoin('users as vu', 'vu.id', 'c.validated_by')
    .leftJoin('users as xu', 'xu.id', 'c.cancelled_by')
    .where('c.id', id)
    .first('c.*', 'l.name as location_name', 'cu.name as created_by_name', 'vu.name as validated_by_name', 'xu.name as cancelled_by_name');
  if (!row) return null;
  const cats = await db('inventory_count_categories as cc').join('categories as k', 'k.id', 'cc.category_id').where('cc.count_id', id).orderBy('k.name').select('k.id', 'k.name');
  const counted = await db('inventory_count_lines').where({ count_id: id }).whereNotNull('counted_quantity').count<{ n: number }[]>({ n: '*' }).first();
  return { ...row, categories: cats, counted_count: Number(counted?.n ?? 0) };
}

function countLineQuery(db: Knex, session: Row, f: { q: string; category_id: string; show: CountLineFilter }): Knex.QueryBuilder {
  const q = db('inventory_count_lines as cl')
    .join('products as p', 'p.id', 'cl.product_id')
    .join('categories as k', 'k.id', 'p.category_id')
    .leftJoin('stock_levels as sl', (j) => j.on('sl.product_id', '=', 'cl.product_id').andOn('sl.location_id', '=', db.raw('?', [Number(session.location_id)])))
    .where('cl.count_id', Number(session.id));
  if (f.category_id) q.where('p.category_id', Number(f.category_id));
  if (f.q) {
    const term = f.q.trim();
    q.where((w) => {
      whereSearch(w, db, term, { folded: ['p.search_name'] });
      w.orWhere('p.code', term.toUpperCase()).orWhere('p.barcode', term.toUpperCase());
    });
  }
  const validated = session.status === 'validated';
  switch (f.show) {
    case 'uncounted':
      q.whereNull('cl.counted_quantity');
      break;
    case 'counted':
      q.whereNotNull('cl.counted_quantity');
      break;
    case 'differences':
      if (validated) q.whereNotNull('cl.adjustment_quantity').whereNot('cl.adjustment_quantity', 0);
      else q.whereNotNull('cl.counted_quantity').whereRaw('cl.counted_quantity <> cl.theoretical_quantity');
      break;
    case 'moved':
      if (validated) q.whereRaw('cl.stock_at_validation <> cl.theoretical_quantity');
      else q.whereRaw('COALESCE(sl.quantity, 0) <> cl.theoretical_quantity');
      break;
    default:
      break;
  }
  return q;
}

export async function countLines(db: Knex, session: Row, f: { q: string; category_id: string; show: CountLineFilter }, page: number, perPage = 50) {
  const q = countLineQuery(db, session, f)
    .leftJoin('users as u', 'u.id', 'cl.counted_by')
    .select(
      'cl.product_id',
      'cl.theoretical_quantity',
      'cl.counted_quantity',
      'cl.counted_at',
      'cl.stock_at_validation',
      'cl.adjustment_quantity',
      'cl.unit_cost',
      'p.code',
      'p.barcode',
      'p.name',
      'p.unit',
      'p.pack_size',
      'p.cmup',
      'k.name as category_name',
      'u.name as counted_by_name',
      db.raw('COALESCE(sl.quantity, 0) as current_quantity'),
    )
    .orderBy([{ column: 'k.name' }, { column: 'p.name' }, { column: 'p.id' }]);
  return pageOf(q, page, perPage);
}

/** Every line of a session with what the validation needs (summary, printouts). */
export async function allCountLines(db: Knex, session: Row): Promise<Row[]> {
  return countLineQuery(db, session, { q: '', category_id: '', show: 'all' })
    .select(
      'cl.product_id',
      'cl.theoretical_quantity',
      'cl.counted_quantity',
      'cl.stock_at_validation',
      'cl.adjustment_quantity',
      'cl.unit_cost',
      'p.code',
      'p.name',
      'p.unit',
      'p.cmup',
      'k.name as category_name',
      db.raw('COALESCE(sl.quantity, 0) as current_quantity'),
    )
    .orderBy([{ column: 'k.name' }, { column: 'p.name' }, { column: 'p.id' }]);
}

/** Categories a new count can cover (with their active products) and the sessions still open. */
export async function countSessionFormData(db: Knex) {
  const categories = (await db('categories as c')
    .leftJoin('products as p', (j) => j.on('p.category_id', '=', 'c.id').andOn('p.active', '=', db.raw('?', [true])))
    .where('c.active', true)
    .groupBy('c.id', 'c.name', 'c.code')
    .orderBy('c.name')
    .select('c.id', 'c.name', 'c.code')
    .count({ n: 'p.id' })) as unknown as Array<{ id: number; name: string; code: string; n: number }>;
  const open = await db('inventory_counts').where({ status: 'open' }).select('id', 'location_id', 'all_categories');
  const openCats = open.length
    ? await db('inventory_count_categories as cc')
        .join('categories as c', 'c.id', 'cc.category_id')
        .whereIn(
          'cc.count_id',
          open.map((o) => o.id),
        )
        .orderBy('c.name')
        .select('cc.count_id', 'c.name')
    : [];
  return {
    categories: categories.map((c) => ({ value: String(c.id), label: `${c.name} (${c.code})`, product_count: Number(c.n) })),
    openSessions: open.map((o) => ({
      id: Number(o.id),
      location_id: Number(o.location_id),
      categories: toBool(o.all_categories) ? 'Tous les produits' : openCats.filter((c) => Number(c.count_id) === Number(o.id)).map((c) => c.name as string).join(', '),
    })),
  };
}

export async function sessionCategoryOptions(db: Knex, countId: number) {
  const rows = await db('inventory_count_lines as cl')
    .join('products as p', 'p.id', 'cl.product_id')
    .join('categories as c', 'c.id', 'p.category_id')
    .where('cl.count_id', countId)
    .distinct('c.id', 'c.name')
    .orderBy('c.name');
  return rows.map((c) => ({ value: String(c.id), label: c.name as string }));
}

export async function readjustmentDetail(db: Knex, id: number): Promise<{ adjustment: Row; lines: Row[] } | null> {
  const adjustment = await db('stock_adjustments as a')
    .join('locations as l', 'l.id', 'a.location_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .where('a.id', id)
    .first('a.*', 'l.name as location_name', 'u.name as created_by_name');
  if (!adjustment) return null;
  const lines = await db('stock_adjustment_lines as al')
    .join('products as p', 'p.id', 'al.product_id')
    .where('al.adjustment_id', id)
    .orderBy('al.position')
    .select('al.*', 'p.code', 'p.name', 'p.unit');
  return { adjustment, lines };
}

// ——— Product ———

export async function productStock(db: Knex, productId: number, movementPage: number, perPage = 20) {
  const product = await db('products').where({ id: productId }).first('id', 'code', 'name', 'unit', 'cmup', 'purchase_price', 'active', 'alert_threshold');
  if (!product) return null;
  const locations = await db('locations as l')
    .leftJoin('stock_levels as sl', (j) => j.on('sl.location_id', '=', 'l.id').andOn('sl.product_id', '=', db.raw('?', [productId])))
    .where((w) => w.where('l.active', true).orWhereRaw('COALESCE(sl.quantity, 0) <> 0'))
    .orderBy([{ column: 'l.kind' }, { column: 'l.name' }])
    .select('l.id', 'l.name', 'l.kind', db.raw('COALESCE(sl.quantity, 0) as quantity'));
  const transit = await db('transfers as t')
    .join('transfer_lines as tl', 'tl.transfer_id', 't.id')
    .where('t.status', 'sent')
    .where('tl.product_id', productId)
    .sum<{ q: number | null }[]>({ q: 'tl.quantity_sent' })
    .first();
  const movementsQuery = db('stock_movements as m')
    .join('locations as l', 'l.id', 'm.location_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where('m.product_id', productId)
    .select('m.id', 'm.business_date', 'm.created_at', 'm.quantity', 'm.unit_cost', 'm.movement_type', 'm.document_type', 'm.document_id', 'm.document_number', 'm.reason', 'l.name as location_name', 'u.name as user_name')
    .orderBy('m.id', 'desc');
  const movements = await pageOf(movementsQuery, movementPage, perPage);
  const history = await db('cmup_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .where('h.product_id', productId)
    .orderBy('h.id', 'desc')
    .limit(50)
    .select('h.*', 'u.name as user_name');
  return { product, locations, inTransit: Number(transit?.q ?? 0), movements, history };
}
