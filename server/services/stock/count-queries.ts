import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { CountLineFilter } from '../../../shared/pages/stock.js';
import { toBool } from '../../db/dialect.js';
import { paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import type { CountOptions, CountSummary } from '../../domain/stock/count.js';
import type { PlaceScope } from '../../policies/places.js';
import { unallowedLocationIds, whereAllowedLocation } from '../places/scope.js';
import { type Viewer, blindStockLocations } from '../../policies/index.js';
import type { Row } from './lookups.js';
import { frenchKey } from '../../db/french-order.js';

/**
 * Read side of the inventory: count sessions (list, session, lines, totals) and direct
 * readjustments. Totals are SQL aggregates over the lines, never sums over rows loaded in JS.
 */

export async function listCountSessions<T>(
  db: Knex,
  f: { location_id: string; status: string; from: string; to: string },
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
  perPage = 25,
): Promise<Paginated<T>> {
  const q = db('inventory_counts as c')
    .join('locations as l', 'l.id', 'c.location_id')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .whereBetween('c.count_date', [f.from, f.to]);
  whereAllowedLocation(q, 'c.location_id', scope);
  if (f.location_id) q.where('c.location_id', Number(f.location_id));
  if (f.status) q.where('c.status', f.status);
  q.select('c.*', 'l.name as location_name', 'u.name as created_by_name').orderBy([
    { column: 'c.count_date', order: 'desc' },
    { column: 'c.id', order: 'desc' },
  ]);
  const result = await paginate(q, page, perPage, (row: Row) => row);
  const ids = result.data.map((r) => Number(r.id));
  const counted = new Map<number, number>();
  const categories = new Map<number, string[]>();
  if (ids.length) {
    const rows = (await db('inventory_count_lines')
      .whereIn('count_id', ids)
      .whereNotNull('counted_quantity')
      .groupBy('count_id')
      .select('count_id')
      .count({ n: '*' })) as unknown as Array<{ count_id: number; n: number }>;
    for (const r of rows) counted.set(Number(r.count_id), Number(r.n));
    const cats = await db('inventory_count_categories as cc')
      .join('categories as k', 'k.id', 'cc.category_id')
      .whereIn('cc.count_id', ids)
      .orderByRaw(frenchKey(db, { folded: 'k.search_name' }))
      .select('cc.count_id', 'k.name');
    for (const r of cats) categories.set(Number(r.count_id), [...(categories.get(Number(r.count_id)) ?? []), r.name]);
  }
  return {
    ...result,
    data: result.data.map((r) =>
      map({ ...r, counted_count: counted.get(Number(r.id)) ?? 0, category_names: categories.get(Number(r.id)) ?? [] }),
    ),
  };
}

export async function listReadjustments<T>(
  db: Knex,
  f: { location_id: string; from: string; to: string },
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
  perPage = 25,
): Promise<Paginated<T>> {
  const q = db('stock_adjustments as a')
    .join('locations as l', 'l.id', 'a.location_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .whereBetween('a.adjustment_date', [f.from, f.to]);
  whereAllowedLocation(q, 'a.location_id', scope);
  if (f.location_id) q.where('a.location_id', Number(f.location_id));
  q.select('a.*', 'l.name as location_name', 'u.name as created_by_name').orderBy([
    { column: 'a.adjustment_date', order: 'desc' },
    { column: 'a.id', order: 'desc' },
  ]);
  return paginate(q, page, perPage, map);
}

/** A count session row, as the policies read it (`blind` as a boolean). */
export type CountSessionData = Row & { id: number; status: string; blind: boolean };

/** A count session with its location, users, categories and counted lines. */
export async function countSession(db: Knex, id: number): Promise<CountSessionData | null> {
  const row = await db('inventory_counts as c')
    .join('locations as l', 'l.id', 'c.location_id')
    .leftJoin('users as cu', 'cu.id', 'c.created_by')
    .leftJoin('users as vu', 'vu.id', 'c.validated_by')
    .leftJoin('users as xu', 'xu.id', 'c.cancelled_by')
    .where('c.id', id)
    .first(
      'c.*',
      'l.name as location_name',
      'cu.name as created_by_name',
      'vu.name as validated_by_name',
      'xu.name as cancelled_by_name',
    );
  if (!row) return null;
  const cats = await db('inventory_count_categories as cc')
    .join('categories as k', 'k.id', 'cc.category_id')
    .where('cc.count_id', id)
    .orderByRaw(frenchKey(db, { folded: 'k.search_name' }))
    .select('k.id', 'k.name');
  const counted = await db('inventory_count_lines')
    .where({ count_id: id })
    .whereNotNull('counted_quantity')
    .count<{ n: number }[]>({ n: '*' })
    .first();
  return {
    ...row,
    id: Number(row.id),
    status: String(row.status),
    blind: toBool(row.blind),
    categories: cats,
    counted_count: Number(counted?.n ?? 0),
  };
}

function countLineQuery(
  db: Knex,
  session: Row,
  f: { q: string; category_id: string; show: CountLineFilter },
): Knex.QueryBuilder {
  const q = db('inventory_count_lines as cl')
    .join('products as p', 'p.id', 'cl.product_id')
    .join('categories as k', 'k.id', 'p.category_id')
    .leftJoin('stock_levels as sl', (j) =>
      j
        .on('sl.product_id', '=', 'cl.product_id')
        .andOn('sl.location_id', '=', db.raw('?', [Number(session.location_id)])),
    )
    .where('cl.count_id', Number(session.id));
  if (f.category_id) q.where('p.category_id', Number(f.category_id));
  if (f.q) {
    const term = f.q.trim();
    q.where((w) => {
      whereSearch(w, db, term, { folded: ['p.search_name'], squeezed: ['p.search_key'] });
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

const ALL_LINES = { q: '', category_id: '', show: 'all' } as const;

export async function countLines<T>(
  db: Knex,
  session: Row,
  f: { q: string; category_id: string; show: CountLineFilter },
  page: number,
  map: (row: Row) => T,
  perPage = 50,
): Promise<Paginated<T>> {
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
    .orderByRaw(`${frenchKey(db, { folded: 'k.search_name' })}, ${frenchKey(db, { folded: 'p.search_name' })}`)
    .orderBy('p.id');
  return paginate(q, page, perPage, map);
}

/** Every line of a session, for the count sheet (état de contrôle). */
export async function countSheetRows(db: Knex, session: Row): Promise<Row[]> {
  return countLineQuery(db, session, ALL_LINES)
    .select('cl.theoretical_quantity', 'cl.counted_quantity', 'p.code', 'p.name', 'p.unit', 'k.name as category_name')
    .orderByRaw(`${frenchKey(db, { folded: 'k.search_name' })}, ${frenchKey(db, { folded: 'p.search_name' })}`)
    .orderBy('p.id');
}

/** The adjusted lines of a validated session, for its état d'ajustement. */
export async function countAdjustmentRows(db: Knex, session: Row): Promise<Row[]> {
  return countLineQuery(db, session, ALL_LINES)
    .whereNotNull('cl.adjustment_quantity')
    .whereNot('cl.adjustment_quantity', 0)
    .select(
      'cl.counted_quantity',
      'cl.stock_at_validation',
      'cl.adjustment_quantity',
      'cl.unit_cost',
      'p.code',
      'p.name',
      'p.unit',
    )
    .orderByRaw(`${frenchKey(db, { folded: 'k.search_name' })}, ${frenchKey(db, { folded: 'p.search_name' })}`)
    .orderBy('p.id');
}

const n = (v: unknown): number => Number(v ?? 0);

/**
 * Totals of a session, in SQL over its lines: a preview under `options` while it is not validated
 * (the same rule as countLineResult in server/domain/stock/count.ts: an uncounted line is left
 * alone unless counted as absent; policy 'current' adjusts from the current stock, otherwise from
 * the snapshot; values at the current CMUP), the figures stored at validation once validated.
 */
export async function countSummary(db: Knex, session: Row, options: CountOptions): Promise<CountSummary> {
  const base = countLineQuery(db, session, ALL_LINES);
  const lineCounts = [db.raw('COUNT(*) as lines'), db.raw('COUNT(cl.counted_quantity) as counted')];
  const summary = (row: Row, totals: Row, needsPolicy: boolean): CountSummary => ({
    lines: n(row.lines),
    counted: n(row.counted),
    uncounted: n(row.lines) - n(row.counted),
    moved: n(row.moved),
    adjusted: n(totals.adjusted),
    gainLines: n(totals.gain_lines),
    lossLines: n(totals.loss_lines),
    gainValue: n(totals.gain_value),
    lossValue: n(totals.loss_value),
    netValue: n(totals.gain_value) - n(totals.loss_value),
    needsPolicy,
  });
  if (session.status === 'validated') {
    const row = (await base.first(
      ...lineCounts,
      db.raw(
        'COALESCE(SUM(CASE WHEN cl.stock_at_validation IS NOT NULL AND cl.stock_at_validation <> cl.theoretical_quantity THEN 1 ELSE 0 END), 0) as moved',
      ),
      db.raw('COALESCE(SUM(CASE WHEN cl.adjustment_quantity > 0 THEN 1 ELSE 0 END), 0) as gain_lines'),
      db.raw('COALESCE(SUM(CASE WHEN cl.adjustment_quantity < 0 THEN 1 ELSE 0 END), 0) as loss_lines'),
    )) as Row;
    return summary(
      row,
      { ...session, adjusted: session.adjusted_lines, gain_lines: row.gain_lines, loss_lines: row.loss_lines },
      false,
    );
  }
  const counted = options.uncountedAsZero ? 'COALESCE(cl.counted_quantity, 0)' : 'cl.counted_quantity';
  const current = 'COALESCE(sl.quantity, 0)';
  // NULL when the line is left alone (not counted): it then counts in no sum below.
  const adjustment =
    options.movedPolicy === 'current' ? `(${counted} - ${current})` : `(${counted} - cl.theoretical_quantity)`;
  const row = (await base.first(
    ...lineCounts,
    db.raw(`COALESCE(SUM(CASE WHEN ${current} <> cl.theoretical_quantity THEN 1 ELSE 0 END), 0) as moved`),
    db.raw(
      `COALESCE(SUM(CASE WHEN ${current} <> cl.theoretical_quantity AND ${counted} IS NOT NULL THEN 1 ELSE 0 END), 0) as moved_counted`,
    ),
    db.raw(`COALESCE(SUM(CASE WHEN ${adjustment} <> 0 THEN 1 ELSE 0 END), 0) as adjusted`),
    ...signedSums(db, adjustment, 'p.cmup'),
  )) as Row;
  return summary(row, row, options.movedPolicy === null && n(row.moved_counted) > 0);
}

/** Gains and losses (both positive) of a signed quantity column, in quantity and valued at a unit cost. */
function signedSums(db: Knex, quantity: string, unitCost: string): Knex.Raw[] {
  return [
    db.raw(`COALESCE(SUM(CASE WHEN ${quantity} > 0 THEN 1 ELSE 0 END), 0) as gain_lines`),
    db.raw(`COALESCE(SUM(CASE WHEN ${quantity} < 0 THEN 1 ELSE 0 END), 0) as loss_lines`),
    db.raw(`COALESCE(SUM(CASE WHEN ${quantity} > 0 THEN ${quantity} ELSE 0 END), 0) as gain_quantity`),
    db.raw(`COALESCE(SUM(CASE WHEN ${quantity} < 0 THEN -${quantity} ELSE 0 END), 0) as loss_quantity`),
    db.raw(`COALESCE(SUM(CASE WHEN ${quantity} > 0 THEN ${quantity} * ${unitCost} ELSE 0 END), 0) as gain_value`),
    db.raw(`COALESCE(SUM(CASE WHEN ${quantity} < 0 THEN -${quantity} * ${unitCost} ELSE 0 END), 0) as loss_value`),
  ];
}

export interface AdjustmentTotals {
  /** Lines with a gain / a loss — what is shown (quantities of different units are never added). */
  gain_lines: number;
  loss_lines: number;
  /** Summed quantities: stored on the count for its history, never shown. */
  gain_quantity: number;
  loss_quantity: number;
  gain_value: number;
  loss_value: number;
  net_value: number;
}

/** Gains and losses (both positive) of signed adjusted quantities valued at their unit cost, in SQL. */
export async function adjustmentTotals(
  db: Knex,
  lines: Knex.QueryBuilder,
  quantity: string,
  unitCost: string,
): Promise<AdjustmentTotals> {
  const row = (await lines.first(...signedSums(db, quantity, unitCost))) as Row;
  return {
    gain_lines: n(row.gain_lines),
    loss_lines: n(row.loss_lines),
    gain_quantity: n(row.gain_quantity),
    loss_quantity: n(row.loss_quantity),
    gain_value: n(row.gain_value),
    loss_value: n(row.loss_value),
    net_value: n(row.gain_value) - n(row.loss_value),
  };
}

/** A validated count's état d'ajustement: its adjusted lines and their totals. */
export async function countAdjustment(db: Knex, session: Row): Promise<{ rows: Row[]; totals: AdjustmentTotals }> {
  return {
    rows: await countAdjustmentRows(db, session),
    totals: await adjustmentTotals(
      db,
      db('inventory_count_lines').where({ count_id: Number(session.id) }),
      'adjustment_quantity',
      'unit_cost',
    ),
  };
}

/** Categories a new count can cover (with their active products) and the sessions still open. */
export async function countSessionFormData(db: Knex, scope: PlaceScope) {
  const categories = (await db('categories as c')
    .leftJoin('products as p', (j) => j.on('p.category_id', '=', 'c.id').andOn('p.active', '=', db.raw('?', [true])))
    .where('c.active', true)
    .groupBy('c.id', 'c.name', 'c.code', 'c.search_name')
    .orderByRaw(frenchKey(db, { folded: 'c.search_name' }))
    .select('c.id', 'c.name', 'c.code')
    .count({ n: 'p.id' })) as unknown as Array<{ id: number; name: string; code: string; n: number }>;
  const open = await whereAllowedLocation(db('inventory_counts'), 'location_id', scope)
    .where({ status: 'open' })
    .select('id', 'location_id', 'all_categories');
  const openCats = open.length
    ? await db('inventory_count_categories as cc')
        .join('categories as c', 'c.id', 'cc.category_id')
        .whereIn(
          'cc.count_id',
          open.map((o) => o.id),
        )
        .orderByRaw(frenchKey(db, { folded: 'c.search_name' }))
        .select('cc.count_id', 'c.name')
    : [];
  return {
    categories: categories.map((c) => ({
      value: String(c.id),
      label: `${c.name} (${c.code})`,
      product_count: Number(c.n),
    })),
    openSessions: open.map((o) => ({
      id: Number(o.id),
      location_id: Number(o.location_id),
      categories: toBool(o.all_categories)
        ? 'Tous les produits'
        : openCats
            .filter((c) => Number(c.count_id) === Number(o.id))
            .map((c) => c.name as string)
            .join(', '),
    })),
  };
}

export async function sessionCategoryOptions(db: Knex, countId: number) {
  const rows = await db('inventory_count_lines as cl')
    .join('products as p', 'p.id', 'cl.product_id')
    .join('categories as c', 'c.id', 'p.category_id')
    .where('cl.count_id', countId)
    .groupBy('c.id', 'c.name', 'c.search_name')
    .select('c.id', 'c.name')
    .orderByRaw(frenchKey(db, { folded: 'c.search_name' }));
  return rows.map((c) => ({ value: String(c.id), label: c.name as string }));
}

/** A direct readjustment, its lines and their totals. */
export async function readjustmentDetail(
  db: Knex,
  id: number,
): Promise<{ adjustment: Row; lines: Row[]; totals: AdjustmentTotals } | null> {
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
  const totals = await adjustmentTotals(
    db,
    db('stock_adjustment_lines').where({ adjustment_id: id }),
    'quantity',
    'unit_cost',
  );
  return { adjustment, lines, totals };
}

/** The open blind counts (their location), which blindStockLocations (server/policies) reads. */
export async function openBlindCounts(
  db: Knex,
): Promise<Array<{ location_id: number; status: string; blind: boolean }>> {
  const rows = await db('inventory_counts').where({ status: 'open', blind: true }).select('location_id');
  return rows.map((r) => ({ location_id: Number(r.location_id), status: 'open', blind: true }));
}

/**
 * The locations whose stock figures a user may not see: those they count blind (blindStockLocations)
 * and those they do not work in (server/policies/places.ts). Pickers, product lists, records and
 * stock pages leave their quantities, and any total including them, out.
 */
export async function hiddenStockLocations(
  db: Knex,
  user: Viewer & { places: PlaceScope },
): Promise<ReadonlySet<number>> {
  const blind = blindStockLocations(user, await openBlindCounts(db));
  const elsewhere = await unallowedLocationIds(db, user.places);
  return elsewhere.size ? new Set([...blind, ...elsewhere]) : blind;
}

/**
 * The locations whose stock figures a user may see (the active ones not in `hiddenStockLocations`):
 * null when that is every location — what a « sous le seuil » figure (the dashboard's card, the
 * products list) is counted over.
 */
export async function visibleStockLocations(
  db: Knex,
  user: Viewer & { places: PlaceScope },
  hidden?: ReadonlySet<number>,
): Promise<readonly number[] | null> {
  const out = hidden ?? (await hiddenStockLocations(db, user));
  if (out.size === 0) return null;
  return (await db('locations').where('active', true).pluck('id')).map(Number).filter((id) => !out.has(id));
}
