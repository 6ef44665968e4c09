import type { Knex } from 'knex';
import type { MovementType } from '../../../shared/stock.js';
import {
  guardedSubtractIntegersWrites,
  insertWrites,
  subtractedKeys,
  updateIntegersByIdWrites,
  upsertAddIntegersWrites,
  writeTogether,
} from '../../db/bulk.js';
import { lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { lockChainHead } from '../../db/transaction.js';
import { chainStockMovements } from '../../domain/integrity/chain.js';
import { cmupAfterReceipt, cmupAfterReceiptReversal } from '../../domain/stock/cmup.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { formatLimit } from '../../../shared/limits.js';
import { formatQuantity } from '../../../shared/quantity.js';

/**
 * The stock ledger: the one function every stock movement goes through.
 *
 * In the caller's transaction it appends the movements to stock_movements (never updated or
 * deleted, hash-chained), keeps stock_levels in step, recomputes the product's CMUP for valued receipts (and their
 * reversals) and records each CMUP change in cmup_history.
 *
 * No negative stock unless company_settings.allow_negative_stock: a decrement is a guarded
 * `UPDATE … SET quantity = quantity − n WHERE … AND quantity >= n`, which cannot race — on SQLite
 * the transaction already holds the write lock (BEGIN IMMEDIATE), on PostgreSQL the product rows
 * are locked first (FOR UPDATE, in id order so two documents never dead-lock) and the guarded
 * update re-checks the row it locks. A refusal throws a Refusal naming each product, the
 * location and the missing quantity; the caller's transaction then rolls back, nothing is written.
 */

export interface StockMovementInput {
  productId: number;
  locationId: number;
  /** Signed, non-zero, in the product's base unit. */
  quantity: number;
  movementType: MovementType;
  /** Unit cost carried by the movement; defaults to the product's current CMUP. */
  unitCost?: number;
  /**
   * 'receipt': a valued entry (quantity > 0) — the CMUP is recomputed with unitCost.
   * 'receipt_reversal': a receipt taken back (quantity < 0) — its value leaves the CMUP.
   * Anything else moves stock at the current CMUP without changing it.
   */
  valuation?: 'receipt' | 'receipt_reversal';
  reason?: string | null;
  /** Form field the shortage message belongs to (e.g. "lines.3.quantity"). */
  field?: string;
}

export interface PostingContext {
  documentType: string;
  documentId: number | null;
  documentNumber: string | null;
  userId: number | null;
  /** YYYY-MM-DD, the business date the movements belong to. */
  businessDate: string;
  /** Overrides the company setting (e.g. a cancellation that must never go negative). */
  allowNegative?: boolean;
  /**
   * The movements' products, already locked by the caller in this transaction and read under that
   * lock (requireActiveProducts / loadProducts with `lock: true`, services/stock/common.ts), their
   * CMUP not moved since: the ledger does not read them a second time. Any product missing from it
   * is locked and read here as usual.
   */
  lockedProducts?: ReadonlyMap<number, { id: number; code: string; name: string; unit: string; cmup: number }>;
}

export interface PostedMovement {
  productId: number;
  locationId: number;
  quantity: number;
  unitCost: number;
  movementType: MovementType;
  cmupBefore: number;
  cmupAfter: number;
}

export interface StockShortage {
  productId: number;
  productName: string;
  productCode: string;
  unit: string;
  locationId: number;
  locationName: string;
  requested: number;
  available: number;
  missing: number;
  field?: string;
}

/** A refused decrement: a Refusal whose messages name the products and what is missing. */
export class StockShortageError extends Refusal {
  constructor(readonly shortages: StockShortage[]) {
    super(shortageErrors(shortages));
  }
}

const fmt = (n: number) => n.toLocaleString('fr-FR');

export function shortageMessage(s: StockShortage): string {
  return `Stock insuffisant pour « ${s.productName} » (${s.productCode}) à ${s.locationName} : il manque ${formatQuantity(s.missing, s.unit)} (disponible ${fmt(s.available)}, demandé ${fmt(s.requested)}).`;
}

function shortageErrors(shortages: StockShortage[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const s of shortages) if (s.field) errors[s.field] ??= shortageMessage(s);
  errors.lines =
    shortages.length === 1
      ? shortageMessage(shortages[0])
      : `Stock insuffisant pour ${shortages.length} produits : ${shortages.map((s) => `« ${s.productName} » (il manque ${fmt(s.missing)})`).join(', ')}.`;
  return errors;
}

const CHUNK = 400;
function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface ProductState {
  id: number;
  code: string;
  name: string;
  unit: string;
  cmup: number;
}

/**
 * Locks the product rows on PostgreSQL (in id order) and reads what the ledger needs.
 * On SQLite the write lock of the transaction already serialises every writer.
 */
async function loadProducts(
  trx: Knex.Transaction,
  ids: number[],
  locked?: PostingContext['lockedProducts'],
): Promise<Map<number, ProductState>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const map = new Map<number, ProductState>();
  if (locked && sorted.every((id) => locked.has(id))) {
    // Copies: the ledger moves its own CMUP figures, never the caller's.
    for (const id of sorted) {
      const p = locked.get(id)!;
      map.set(id, { id, code: p.code, name: p.name, unit: p.unit, cmup: Number(p.cmup) });
    }
    return map;
  }
  for (const part of chunks(sorted)) {
    const q = lockForUpdate(
      trx,
      trx('products').whereIn('id', part).orderBy('id').select('id', 'code', 'name', 'unit', 'cmup'),
    );
    for (const r of await q)
      map.set(Number(r.id), { id: Number(r.id), code: r.code, name: r.name, unit: r.unit, cmup: Number(r.cmup) });
  }
  for (const id of sorted) if (!map.has(id)) throw new Refusal({ lines: `Produit introuvable (n° ${id}).` });
  return map;
}

/** Total quantity of each product: every location plus what is in transit (sent, not received). */
export async function quantitiesOnHand(
  trx: Knex | Knex.Transaction,
  productIds: number[],
): Promise<Map<number, number>> {
  return (await stockPicture(trx, productIds)).totals;
}

export async function allowsNegativeStock(trx: Knex | Knex.Transaction): Promise<boolean> {
  const row = await trx('company_settings').where({ id: 1 }).first('allow_negative_stock');
  return toBool(row?.allow_negative_stock);
}

function assertMovement(m: StockMovementInput) {
  for (const [k, v] of [
    ['productId', m.productId],
    ['locationId', m.locationId],
    ['quantity', m.quantity],
  ] as const) {
    if (!Number.isSafeInteger(v)) throw new Error(`mouvement de stock invalide : ${k} = ${v}`);
  }
  if (m.quantity === 0) throw new Error('mouvement de stock de quantité nulle');
  if (m.unitCost !== undefined && (!Number.isSafeInteger(m.unitCost) || m.unitCost < 0))
    throw new Error(`coût unitaire invalide : ${m.unitCost}`);
  if (m.valuation === 'receipt' && m.quantity < 0) throw new Error('une réception valorisée doit être positive');
  if (m.valuation === 'receipt_reversal' && m.quantity > 0)
    throw new Error('l’annulation d’une réception doit être négative');
  if (m.valuation && m.unitCost === undefined) throw new Error('une réception valorisée doit avoir un coût unitaire');
}

/**
 * Each product's stock by place, and what it has in transit (sent, not received): one statement per
 * chunk of products, so the ledger reads a batch's levels and totals on hand in one round trip.
 */
type PictureRow = { product_id: number; location_id: number | null; q: number };

async function stockPicture(
  trx: Knex | Knex.Transaction,
  productIds: number[],
): Promise<{ levels: Map<string, number>; totals: Map<number, number> }> {
  const levels = new Map<string, number>();
  const totals = new Map<number, number>(productIds.map((id) => [id, 0]));
  for (const part of chunks([...new Set(productIds)])) {
    // Two tables answering one row shape, so their UNION ALL types as that shape.
    const atPlaces = trx<PictureRow, PictureRow[]>('stock_levels')
      .whereIn('product_id', part)
      .select('product_id', 'location_id', 'quantity as q');
    const transit = trx<PictureRow, PictureRow[]>('transfers')
      .join('transfer_lines', 'transfer_lines.transfer_id', 'transfers.id')
      .where('transfers.status', 'sent')
      .whereIn('transfer_lines.product_id', part)
      .select('transfer_lines.product_id', trx.raw('NULL as location_id'), 'transfer_lines.quantity_sent as q');
    for (const r of await atPlaces.unionAll(transit)) {
      const id = Number(r.product_id);
      if (r.location_id !== null) levels.set(`${id}:${Number(r.location_id)}`, Number(r.q));
      totals.set(id, (totals.get(id) ?? 0) + Number(r.q));
    }
  }
  return { levels, totals };
}

/**
 * The stock-level ceiling (shared/limits.ts), checked before anything is written: each
 * (product, location) level and each product's total (every location and in transit) must stay
 * within LIMITS.stockLevel after the batch, so that a level, and its value at a CMUP within the
 * unit-price ceiling, stays a safe integer. A refusal names the product and the place. Returns each
 * product's quantity on hand before the batch (the products are locked: it cannot change meanwhile).
 */
async function checkLevelCeilings(
  trx: Knex.Transaction,
  changes: Array<{ productId: number; locationId: number; delta: number; field?: string }>,
  products: Map<number, ProductState>,
): Promise<Map<number, number>> {
  const errors: Record<string, string> = {};
  const refuse = (field: string | undefined, message: string) => {
    if (field) errors[field] ??= message;
    errors.lines ??= message;
  };
  const { levels, totals } = await stockPicture(
    trx,
    changes.map((c) => c.productId),
  );
  const byProduct = new Map<number, { delta: number; field?: string }>();
  for (const c of changes) {
    const p = products.get(c.productId)!;
    const current = levels.get(`${c.productId}:${c.locationId}`) ?? 0;
    try {
      addWithin('stockLevel', current, c.delta);
    } catch (err) {
      if (!(err instanceof LimitExceeded)) throw err;
      const location = await trx('locations').where({ id: c.locationId }).first('name');
      refuse(
        c.field,
        `Le stock de « ${p.name} » (${p.code}) à ${location?.name ?? `l’emplacement n° ${c.locationId}`} ne peut dépasser ${formatLimit('stockLevel')} ${p.unit} (il serait de ${fmt(current + c.delta)}).`,
      );
    }
    const t = byProduct.get(c.productId) ?? { delta: 0 };
    t.delta += c.delta;
    t.field ??= c.field;
    byProduct.set(c.productId, t);
  }
  for (const [id, t] of byProduct) {
    if (t.delta === 0) continue;
    const p = products.get(id)!;
    const total = totals.get(id) ?? 0;
    try {
      addWithin('stockLevel', total, t.delta);
    } catch (err) {
      if (!(err instanceof LimitExceeded)) throw err;
      refuse(
        t.field,
        `Le stock total de « ${p.name} » (${p.code}), tous emplacements confondus, ne peut dépasser ${formatLimit('stockLevel')} ${p.unit} (il serait de ${fmt(total + t.delta)}).`,
      );
    }
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
  return totals;
}

/**
 * Posts movements in the caller's transaction. Returns each movement with the unit cost it carried
 * and the product's CMUP before and after.
 */
export async function postStockMovements(
  trx: Knex.Transaction,
  ctx: PostingContext,
  movements: StockMovementInput[],
): Promise<PostedMovement[]> {
  if (!trx.isTransaction) throw new Error('postStockMovements must run inside a transaction');
  if (movements.length === 0) return [];
  movements.forEach(assertMovement);

  const products = await loadProducts(
    trx,
    movements.map((m) => m.productId),
    ctx.lockedProducts,
  );
  const allowNegative = ctx.allowNegative ?? (await allowsNegativeStock(trx));

  // 1. Levels: one net change per (product, location), applied in a fixed order.
  const net = new Map<
    string,
    { productId: number; locationId: number; delta: number; fields: string[]; field?: string }
  >();
  for (const m of movements) {
    const k = `${m.productId}:${m.locationId}`;
    const e = net.get(k) ?? { productId: m.productId, locationId: m.locationId, delta: 0, fields: [] };
    e.delta += m.quantity;
    if (m.field && m.quantity < 0) e.fields.push(m.field);
    e.field ??= m.field;
    net.set(k, e);
  }
  const ordered = [...net.values()].sort((a, b) => a.productId - b.productId || a.locationId - b.locationId);
  // Each moved product's quantity on hand before this batch (the products are locked: it cannot change meanwhile).
  const onHandBefore = await checkLevelCeilings(trx, ordered, products);
  // 2. CMUP of valued receipts, against the quantity on hand before this batch (read by the ceiling check).
  const onHand = new Map(onHandBefore);
  const now = nowIso();
  // The document, user and business date every ledger and CMUP-history row of this posting carries.
  const byDocument = {
    document_type: ctx.documentType,
    document_id: ctx.documentId,
    document_number: ctx.documentNumber,
    user_id: ctx.userId,
    business_date: ctx.businessDate,
  };
  const posted: PostedMovement[] = [];
  const history: Record<string, unknown>[] = [];
  const changedCmup = new Map<number, number>();
  for (const m of movements) {
    const p = products.get(m.productId)!;
    const before = p.cmup;
    let after = before;
    if (m.valuation) {
      const q0 = onHand.get(m.productId) ?? 0;
      const input = { quantityOnHand: q0, cmup: before, quantity: Math.abs(m.quantity), unitCost: m.unitCost! };
      after = m.valuation === 'receipt' ? cmupAfterReceipt(input) : cmupAfterReceiptReversal(input);
      onHand.set(m.productId, q0 + m.quantity);
      if (after !== before) {
        history.push({
          product_id: m.productId,
          old_cmup: before,
          new_cmup: after,
          quantity_before: q0,
          quantity: m.quantity,
          unit_cost: m.unitCost!,
          movement_type: m.movementType,
          ...byDocument,
          changed_at: now,
        });
        p.cmup = after;
        changedCmup.set(m.productId, after);
      }
    }
    posted.push({
      productId: m.productId,
      locationId: m.locationId,
      quantity: m.quantity,
      unitCost: m.unitCost ?? before,
      movementType: m.movementType,
      cmupBefore: before,
      cmupAfter: after,
    });
  }

  // 3. The ledger rows themselves.
  const rows = posted.map((m, i) => ({
    product_id: m.productId,
    location_id: m.locationId,
    quantity: m.quantity,
    unit_cost: m.unitCost,
    movement_type: m.movementType,
    ...byDocument,
    created_at: now,
    reason: movements[i].reason ?? null,
  }));
  // The journal's hash chain (server/domain/integrity/chain.ts): one chain in id order, its writers
  // serialised (SQLite holds the write lock; PostgreSQL takes the advisory lock until commit, so ids
  // follow the chain), the previous hash read from the last row through the primary key.
  chainStockMovements(rows, await lockChainHead(trx, 'stock_movements'));

  // 4. Every write at once (one statement on PostgreSQL, server/db/bulk.ts writeTogether), each
  // set-based: guarded decrements of the levels (never below zero unless allowed; the product locks
  // taken above serialise writers of the same rows on PostgreSQL, SQLite holds the write lock),
  // additions, the CMUP and its history, the movements.
  const decrements = ordered.filter((e) => e.delta < 0 && !allowNegative);
  const additions = ordered
    .filter((e) => e.delta > 0 || (e.delta < 0 && allowNegative))
    .map((e) => ({ product_id: e.productId, location_id: e.locationId, quantity: e.delta }));
  const changed = subtractedKeys(
    await writeTogether(
      trx,
      [
        ...upsertAddIntegersWrites('stock_levels', ['product_id', 'location_id'], 'quantity', additions),
        ...updateIntegersByIdWrites(trx, 'products', 'cmup', [...changedCmup], { updated_at: now }),
        ...insertWrites(trx, 'cmup_history', history),
        ...insertWrites(trx, 'stock_movements', rows),
      ],
      guardedSubtractIntegersWrites(
        trx,
        'stock_levels',
        ['product_id', 'location_id'],
        'quantity',
        decrements.map((e) => [e.productId, e.locationId, -e.delta]),
      ),
    ),
  );
  const shortages: Array<Omit<StockShortage, 'productName' | 'productCode' | 'unit' | 'locationName'>> = [];
  for (const e of decrements) {
    if (changed.has(`${e.productId}:${e.locationId}`)) continue;
    const row = await trx('stock_levels')
      .where({ product_id: e.productId, location_id: e.locationId })
      .first('quantity');
    const available = Number(row?.quantity ?? 0);
    shortages.push({
      productId: e.productId,
      locationId: e.locationId,
      requested: -e.delta,
      available,
      missing: -e.delta - Math.max(available, 0),
      field: e.fields[0],
    });
  }
  if (shortages.length) {
    // The caller's transaction rolls back on this error: nothing of the batch stays written.
    const locIds = [...new Set(shortages.map((s) => s.locationId))];
    const locs = new Map(
      (await trx('locations').whereIn('id', locIds).select('id', 'name')).map((l) => [Number(l.id), l.name as string]),
    );
    throw new StockShortageError(
      shortages.map((s) => {
        const p = products.get(s.productId)!;
        return {
          ...s,
          productName: p.name,
          productCode: p.code,
          unit: p.unit,
          locationName: locs.get(s.locationId) ?? `emplacement n° ${s.locationId}`,
        };
      }),
    );
  }
  return posted;
}

/** Current level of one (product, location) pair; 0 when it never had stock. */
export async function stockLevel(db: Knex | Knex.Transaction, productId: number, locationId: number): Promise<number> {
  const row = await db('stock_levels').where({ product_id: productId, location_id: locationId }).first('quantity');
  return Number(row?.quantity ?? 0);
}

/** Levels of many products at one location (missing → 0). */
export async function stockLevelsAt(
  db: Knex | Knex.Transaction,
  locationId: number,
  productIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>(productIds.map((id) => [id, 0]));
  for (const part of chunks([...new Set(productIds)])) {
    for (const r of await db('stock_levels')
      .where({ location_id: locationId })
      .whereIn('product_id', part)
      .select('product_id', 'quantity'))
      out.set(Number(r.product_id), Number(r.quantity));
  }
  return out;
}
