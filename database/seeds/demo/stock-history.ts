import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { READJUSTMENT_REASON_LABELS, type ReadjustmentReason } from '../../../shared/stock.js';
import { insertInChunks, letWritesProceed, relaxedDurability, updateIntegersById } from '../../../server/db/bulk.js';
import { formatDocumentNumber } from '../../../server/db/counters.js';
import { resetIdSequences, toBool } from '../../../server/db/dialect.js';
import { cmupAfterReceipt, valueOf } from '../../../server/domain/stock/cmup.js';
import { countLineResult } from '../../../server/domain/stock/count.js';
import { chainStockMovements } from '../../../server/domain/integrity/chain.js';
import type { DemoScale } from './generate.js';
import { Random } from './random.js';
import { type SalesResult, SalesSimulator } from './sales-history.js';
import { type CashLifeResult, CashLifeSimulator } from './cash-history.js';
import { getCurrency } from '../../../server/services/company/get-company.js';

/**
 * A year of stock life before today, written in bulk: supplier entries at the depot, transfers to
 * the shops (received the next day, a few with a difference, a few cancelled, the last ones still in
 * transit), inventory counts of a few categories with their adjustments, and direct readjustments.
 *
 * Going through the services would take hours at the large scale, so the simulation computes in
 * memory exactly the rows the services write (same columns, statuses, costs, CMUP through the same
 * domain functions, gap-free numbers continuing the counters) and inserts them set-based in one
 * transaction. Stock never goes below zero at any point; the ledger and the levels agree at the end
 * (`npm run check:stock`). History documents carry no audit entries: nobody acted on them here.
 */

export const HISTORY_PROFILES = {
  small: {
    days: 90,
    entriesPerDay: 1,
    entryLines: 15,
    transfersPerDay: 1,
    transferLines: 10,
    transferPacks: 1,
    countEveryDays: 30,
    countCategoryShare: 0.2,
    readjustEveryDays: 7,
  },
  large: {
    days: 365,
    entriesPerDay: 4,
    entryLines: 220,
    transfersPerDay: 3,
    transferLines: 200,
    transferPacks: 3,
    countEveryDays: 30,
    countCategoryShare: 0.1,
    readjustEveryDays: 3,
  },
} as const satisfies Record<DemoScale, unknown>;

/** The tables the history fills in bulk (their indexes are rebuilt once after the load). */
export const HISTORY_TABLES = [
  'stock_movements',
  'cmup_history',
  'stock_entry_lines',
  'transfer_lines',
  'inventory_count_lines',
  'sales',
  'sale_lines',
  'sale_payments',
  'money_movements',
  'settlements',
  'settlement_allocations',
  'cash_operations',
  'supplier_payment_allocations',
  'cash_closings',
] as const;

export interface StockHistoryResult {
  entries: number;
  transfers: number;
  counts: number;
  readjustments: number;
  movements: number;
  sales: SalesResult;
  cash: CashLifeResult;
}

/** 'YYYY-MM-DD' shifted by whole days (calendar arithmetic, no time zone involved). */
export function shiftDate(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first day of the history: openings are dated then so that everything after is in order. */
export function historyStart(scale: DemoScale, today: string): string {
  return shiftDate(today, -HISTORY_PROFILES[scale].days);
}

interface Product {
  id: number;
  categoryId: number;
  packSize: number;
  cmup: number;
  purchasePrice: number;
  retail: number;
  wholesale: number;
}

const DIFFERENCE_REASONS = [
  'Carton abîmé à la livraison',
  'Manquant constaté à la réception',
  'Erreur de préparation au dépôt',
];
const CANCEL_REASONS = ['Camion en panne, marchandise restée au dépôt', 'Transfert saisi vers la mauvaise boutique'];
const READJUST_NOTES: Record<ReadjustmentReason, string[]> = {
  casse: ['Chute en rayon', 'Emballage percé'],
  perte: ['Introuvable au rangement'],
  vol: ['Constaté à la fermeture'],
  peremption: ['Date dépassée, retiré de la vente'],
  erreur_saisie: ['Correction après vérification du bon'],
};

/** Location ids stay below this: (product, location) as one number, product × PAIR_SPAN + location. */
const PAIR_SPAN = 1 << 20;

const NO_CASH: CashLifeResult = {
  operations: 0,
  expenses: 0,
  cashIns: 0,
  transfers: 0,
  inTransit: 0,
  deposits: 0,
  withdrawals: 0,
  supplierPayments: 0,
  allocations: 0,
  mobileMoney: 0,
  closings: 0,
  differences: 0,
};

/** The history's share of the seed's phases (seed.ts `onPhase`): the simulation in memory, the writing of its rows, the final state. */
export type HistoryPhaseObserver = (phase: string, ms: number) => void;

export async function seedStockHistory(
  db: Knex,
  scale: DemoScale,
  seed: number,
  today: string,
  user: { id: number; name: string },
  onPhase?: HistoryPhaseObserver,
): Promise<StockHistoryResult> {
  const profile = HISTORY_PROFILES[scale];
  const rng = new Random(seed ^ 0x5eed);
  const locations = (await db('locations').orderBy('id').select('id', 'kind', 'active')).filter((l) =>
    toBool(l.active),
  );
  const depot = locations.find((l) => l.kind === 'depot');
  const shops = locations.filter((l) => l.kind === 'boutique').map((l) => Number(l.id));
  if (!depot || shops.length === 0)
    return {
      entries: 0,
      transfers: 0,
      counts: 0,
      readjustments: 0,
      movements: 0,
      sales: { invoices: 0, counterSales: 0, lines: 0, moneyMovements: 0, settlements: 0, allocations: 0 },
      cash: NO_CASH,
    };
  const depotId = Number(depot.id);

  const products: Product[] = (
    await db('products')
      .where({ active: true })
      .orderBy('id')
      .select('id', 'category_id', 'pack_size', 'cmup', 'purchase_price', 'retail_price', 'wholesale_price')
  ).map((p) => ({
    id: Number(p.id),
    categoryId: Number(p.category_id),
    packSize: Math.max(1, Number(p.pack_size)),
    cmup: Number(p.cmup),
    purchasePrice: Number(p.purchase_price),
    retail: Number(p.retail_price),
    wholesale: Number(p.wholesale_price),
  }));
  const byId = new Map(products.map((p) => [p.id, p]));
  const categoryIds = [...new Set(products.map((p) => p.categoryId))].sort((a, b) => a - b);
  const suppliers = (await db('suppliers').where({ active: true }).orderBy('id').select('id')).map((s) => Number(s.id));
  // Stock per (product, location), keyed by one number (a string key per look-up cost seconds over millions of them).
  const level = new Map<number, number>();
  const pair = (p: number, l: number) => p * PAIR_SPAN + l;
  for (const r of await db('stock_levels').select('product_id', 'location_id', 'quantity'))
    level.set(pair(Number(r.product_id), Number(r.location_id)), Number(r.quantity));
  const get = (p: number, l: number) => level.get(pair(p, l)) ?? 0;
  const add = (p: number, l: number, q: number) => {
    const v = get(p, l) + q;
    if (v < 0) throw new Error(`historique de démonstration : stock négatif (${p}, ${l})`);
    level.set(pair(p, l), v);
  };
  // Total on hand per product (every location + in transit): the CMUP weighs against it.
  const onHand = new Map<number, number>();
  for (const [k, q] of level) onHand.set(Math.floor(k / PAIR_SPAN), (onHand.get(Math.floor(k / PAIR_SPAN)) ?? 0) + q);
  for (const r of await db('transfers as t')
    .join('transfer_lines as l', 'l.transfer_id', 't.id')
    .where('t.status', 'sent')
    .select('l.product_id', 'l.quantity_sent')) {
    onHand.set(Number(r.product_id), (onHand.get(Number(r.product_id)) ?? 0) + Number(r.quantity_sent));
  }

  const counters = new Map<string, number>();
  for (const r of await db('document_counters').select('series', 'year', 'last_number'))
    counters.set(`${r.series}:${r.year}`, Number(r.last_number));
  const nextNumber = (series: string, date: string) => {
    const year = Number(date.slice(0, 4));
    const n = (counters.get(`${series}:${year}`) ?? 0) + 1;
    counters.set(`${series}:${year}`, n);
    return formatDocumentNumber(series, year, n);
  };
  const nextId = async (table: string) => Number((await db(table).max({ m: 'id' }).first())?.m ?? 0) + 1;
  const ids = {
    entry: await nextId('stock_entries'),
    transfer: await nextId('transfers'),
    count: await nextId('inventory_counts'),
    adjustment: await nextId('stock_adjustments'),
  };

  // Rows waiting to be written, flushed in large batches.
  const out: Record<string, Record<string, unknown>[]> = {
    stock_entries: [],
    stock_entry_lines: [],
    transfers: [],
    transfer_lines: [],
    inventory_counts: [],
    inventory_count_categories: [],
    inventory_count_lines: [],
    stock_adjustments: [],
    stock_adjustment_lines: [],
    stock_movements: [],
    cmup_history: [],
    price_history: [],
    sales: [],
    sale_lines: [],
    sale_payments: [],
    money_movements: [],
    settlements: [],
    settlement_allocations: [],
    mobile_money_references: [],
    cash_operations: [],
    supplier_payment_allocations: [],
    cash_closings: [],
  };
  const supplierDebt = new Map<number, number>();
  const result: StockHistoryResult = {
    entries: 0,
    transfers: 0,
    counts: 0,
    readjustments: 0,
    movements: 0,
    sales: { invoices: 0, counterSales: 0, lines: 0, moneyMovements: 0, settlements: 0, allocations: 0 },
    cash: NO_CASH,
  };
  const pool = products.map((p) => p.id);
  /** k distinct random products, in id order. */
  const sample = (k: number) => rng.drawInPlace(pool, k).sort((a, b) => a - b);
  const move = (
    doc: { type: string; id: number; number: string },
    date: string,
    at: string,
    productId: number,
    locationId: number,
    quantity: number,
    unitCost: number,
    movementType: string,
    reason: string | null = null,
  ) => {
    add(productId, locationId, quantity);
    out.stock_movements.push({
      product_id: productId,
      location_id: locationId,
      quantity,
      unit_cost: unitCost,
      movement_type: movementType,
      document_type: doc.type,
      document_id: doc.id,
      document_number: doc.number,
      user_id: user.id,
      business_date: date,
      created_at: at,
      reason,
    });
    result.movements++;
  };

  const sales = await SalesSimulator.create(
    db,
    scale,
    {
      rng,
      user,
      stock: get,
      move,
      nextNumber,
      shiftDate,
      sample: (k) => sample(k),
      product: (id) => byId.get(id)!,
      out,
    },
    depotId,
  );
  const cash = await CashLifeSimulator.create(db, scale, seed, sales, {
    user,
    nextNumber,
    shiftDate,
    out,
    supplierDebt,
    currency: await getCurrency(db),
  });

  const start = historyStart(scale, today);
  // The last open day of the history (Sundays are closed): its transfers stay in transit.
  let lastDay = shiftDate(start, profile.days - 1);
  while (new Date(`${lastDay}T12:00:00Z`).getUTCDay() === 0) lastDay = shiftDate(lastDay, -1);
  const pending: Array<{ row: Record<string, unknown>; lines: Array<Record<string, any>> }> = [];
  const started = performance.now();
  let writing = 0;
  let finalState = 0;
  await db.transaction(async (trx) => {
    await relaxedDurability(trx);
    // Every table at once, documents before their lines (the order of `out`).
    // The stock journal is hash-chained (server/domain/integrity/chain.ts), rows chained in id order.
    let chainHead: string | null = (await trx('stock_movements').orderBy('id', 'desc').first('hash'))?.hash ?? null;
    // A batch is written while the next days are simulated: PostgreSQL inserts it on its own core
    // meanwhile (the transaction's statements go out in order, one each time the loop lets them:
    // letWritesProceed); in-process SQLite runs them when the loop next waits for them. One batch in
    // flight at most; `writing` counts the time the simulation waited for one (on PostgreSQL, the
    // part of the writing not done during the simulation). Rows are final once pushed to `out`.
    let inFlight: Promise<void> = Promise.resolve();
    const waitForWrites = async () => {
      const t0 = performance.now();
      await inFlight;
      writing += performance.now() - t0;
    };
    const flush = async () => {
      chainHead = chainStockMovements(out.stock_movements, chainHead);
      const batch = Object.entries(out);
      for (const [table] of batch) out[table] = [];
      await waitForWrites();
      inFlight = (async () => {
        for (const [table, rows] of batch) await insertInChunks(trx, table, rows);
      })();
      inFlight.catch(() => undefined); // the failure surfaces at the next wait
    };

    // The monthly counts and the readjustments come every N *open* days: counted in calendar days,
    // a history starting on a Sunday put every weekly readjustment of the small scale on a closed day.
    let openDay = 0;
    for (let day = 1; day < profile.days; day++) {
      const date = shiftDate(start, day);
      if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) continue; // closed on Sundays
      openDay++;
      const at = (h: number, m: number) =>
        `${date}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000Z`;
      // The desks open: the day's figures start, yesterday's cash transfers arrive.
      cash.morning(date, at);

      // 1. Yesterday's transfers arrive (or, rarely, are cancelled before arriving).
      for (const t of pending.splice(0)) {
        const doc = { type: 'transfer', id: t.row.id as number, number: t.row.number as string };
        if (rng.chance(0.01)) {
          const reason = rng.pick(CANCEL_REASONS);
          for (const l of t.lines)
            move(
              doc,
              date,
              at(9, 0),
              l.product_id,
              t.row.from_location_id as number,
              l.quantity_sent,
              l.unit_cost,
              'transfer_cancel',
              reason,
            );
          Object.assign(t.row, {
            status: 'cancelled',
            status_before_cancel: 'sent',
            cancelled_by: user.id,
            cancelled_at: at(9, 0),
            cancel_reason: reason,
            version: 2,
            updated_at: at(9, 0),
          });
        } else {
          let received = 0;
          let different = false;
          for (const l of t.lines) {
            const short = rng.chance(0.03) ? Math.min(l.quantity_sent, rng.int(1, 2)) : 0;
            l.quantity_received = l.quantity_sent - short;
            l.difference_reason = short ? rng.pick(DIFFERENCE_REASONS) : null;
            different ||= short > 0;
            received += l.quantity_received;
            // What went missing in transit leaves the total on hand; the CMUP does not move.
            onHand.set(l.product_id, (onHand.get(l.product_id) ?? 0) - short);
            if (l.quantity_received > 0)
              move(
                doc,
                date,
                at(9, 30),
                l.product_id,
                t.row.to_location_id as number,
                l.quantity_received,
                l.unit_cost,
                'transfer_in',
                l.difference_reason,
              );
          }
          Object.assign(t.row, {
            status: different ? 'received_with_difference' : 'received',
            received_by: user.id,
            received_at: at(9, 30),
            received_date: date,
            reception_note: '',
            total_quantity_received: received,
            version: 2,
            updated_at: at(9, 30),
          });
        }
        out.transfers.push(t.row);
        out.transfer_lines.push(...t.lines);
      }

      // 2. Supplier deliveries at the depot.
      for (let e = 0; e < profile.entriesPerDay; e++) {
        const doc = { type: 'stock_entry', id: ids.entry++, number: nextNumber('ENT', date) };
        const supplierId = rng.pick(suppliers);
        let totalQ = 0;
        let totalA = 0;
        let lines = 0;
        sample(rng.int(Math.ceil(profile.entryLines / 2), profile.entryLines)).forEach((productId, i) => {
          const p = byId.get(productId)!;
          const packs = rng.int(1, 4);
          const quantity = packs * p.packSize;
          // Suppliers change their price now and then (−3 % to +6 %).
          const unitCost = rng.chance(0.1)
            ? Math.max(5, Math.round((p.purchasePrice * (0.97 + rng.next() * 0.09)) / 5) * 5)
            : p.purchasePrice;
          const before = p.cmup;
          const q0 = onHand.get(productId) ?? 0;
          p.cmup = cmupAfterReceipt({ quantityOnHand: q0, cmup: before, quantity, unitCost });
          onHand.set(productId, q0 + quantity);
          move(doc, date, at(8, 15 + e), productId, depotId, quantity, unitCost, 'entry');
          if (p.cmup !== before) {
            out.cmup_history.push({
              product_id: productId,
              old_cmup: before,
              new_cmup: p.cmup,
              quantity_before: q0,
              quantity,
              unit_cost: unitCost,
              movement_type: 'entry',
              document_type: doc.type,
              document_id: doc.id,
              document_number: doc.number,
              user_id: user.id,
              business_date: date,
              changed_at: at(8, 15 + e),
            });
          }
          const amount = valueOf(quantity, unitCost);
          out.stock_entry_lines.push({
            entry_id: doc.id,
            position: i + 1,
            product_id: productId,
            entry_unit: p.packSize > 1 ? 'pack' : 'unit',
            pack_size: p.packSize,
            entered_quantity: p.packSize > 1 ? packs : quantity,
            quantity,
            unit_cost: unitCost,
            amount,
            cmup_before: before,
            cmup_after: p.cmup,
            purchase_price_before: p.purchasePrice,
          });
          if (unitCost !== p.purchasePrice) {
            out.price_history.push({
              product_id: productId,
              field: 'purchase_price',
              old_value: p.purchasePrice,
              new_value: unitCost,
              user_id: user.id,
              source: 'entry',
              changed_at: at(8, 15 + e),
            });
            p.purchasePrice = unitCost;
          }
          totalQ += quantity;
          totalA += amount;
          lines++;
        });
        out.stock_entries.push({
          id: doc.id,
          number: doc.number,
          supplier_id: supplierId,
          location_id: depotId,
          entry_date: date,
          supplier_ref: `BL-${date.replaceAll('-', '')}-${e + 1}`,
          note: '',
          status: 'validated',
          line_count: lines,
          total_quantity: totalQ,
          total_amount: totalA,
          created_by: user.id,
          created_at: at(8, 15 + e),
          version: 1,
          updated_at: at(8, 15 + e),
        });
        supplierDebt.set(supplierId, (supplierDebt.get(supplierId) ?? 0) + totalA);
        cash.entryReceived({ id: doc.id, supplierId, date, total: totalA, paid: 0 });
        result.entries++;
      }

      await letWritesProceed(trx);
      // 3. The day's sales: counter sales at the shops, invoices from the depot.
      sales.day(date, at);
      await letWritesProceed(trx);
      // Then the cash life: expenses, supplier payments, transfers, the evening deposits.
      cash.day(date, at, date === lastDay);

      await letWritesProceed(trx);
      // 4. Transfers from the depot to each shop, received tomorrow.
      for (const shop of shops) {
        for (let n = 0; n < profile.transfersPerDay; n++) {
          const chosen = sample(profile.transferLines * 2)
            .filter((id) => get(id, depotId) > 0)
            .slice(0, profile.transferLines);
          if (!chosen.length) continue;
          const doc = { type: 'transfer', id: ids.transfer++, number: nextNumber('TRF', date) };
          const lines = chosen.map((productId, i) => {
            const p = byId.get(productId)!;
            const quantity = Math.min(
              get(productId, depotId),
              rng.int(1, Math.max(2, p.packSize)) * profile.transferPacks,
            );
            move(doc, date, at(10, n), productId, depotId, -quantity, p.cmup, 'transfer_out');
            return {
              transfer_id: doc.id,
              position: i + 1,
              product_id: productId,
              quantity_sent: quantity,
              quantity_received: null as number | null,
              unit_cost: p.cmup,
              difference_reason: null as string | null,
            };
          });
          const row = {
            id: doc.id,
            number: doc.number,
            from_location_id: depotId,
            to_location_id: shop,
            transfer_date: date,
            status: 'sent',
            note: '',
            line_count: lines.length,
            total_quantity_sent: lines.reduce((s, l) => s + l.quantity_sent, 0),
            total_quantity_received: null,
            total_value: lines.reduce((s, l) => s + valueOf(l.quantity_sent, l.unit_cost), 0),
            sent_by: user.id,
            sent_at: at(10, n),
            received_by: null,
            received_at: null,
            received_date: null,
            reception_note: null,
            cancelled_by: null,
            cancelled_at: null,
            cancel_reason: null,
            status_before_cancel: null,
            reprint_count: 0,
            last_reprinted_at: null,
            version: 1,
            created_at: at(10, n),
            updated_at: at(10, n),
          };
          pending.push({ row, lines });
          result.transfers++;
        }
      }

      // 5. Monthly count of a few categories, alternating depot and shops, validated the same day.
      if (openDay % profile.countEveryDays === 0) {
        const locationId = [depotId, ...shops][(openDay / profile.countEveryDays) % (shops.length + 1)];
        const cats = pickCategories(rng, categoryIds, profile.countCategoryShare);
        const id = ids.count++;
        const number = nextNumber('INV', date);
        const doc = { type: 'inventory_count', id, number };
        const totals = { adjusted: 0, gainQ: 0, lossQ: 0, gainV: 0, lossV: 0 };
        const scope = products.filter((p) => cats.includes(p.categoryId));
        for (const p of scope) {
          const theoretical = get(p.id, locationId);
          const counted = rng.chance(0.05) ? Math.max(0, theoretical + rng.int(-3, 2)) : theoretical;
          const r = countLineResult(
            { theoretical, counted, current: theoretical, unitCost: p.cmup },
            { movedPolicy: null, uncountedAsZero: false },
          );
          out.inventory_count_lines.push({
            count_id: id,
            product_id: p.id,
            theoretical_quantity: theoretical,
            counted_quantity: counted,
            counted_by: user.id,
            counted_at: at(16, 0),
            stock_at_validation: theoretical,
            adjustment_quantity: r.adjustment,
            unit_cost: p.cmup,
          });
          if (r.adjustment === 0) continue;
          move(doc, date, at(17, 0), p.id, locationId, r.adjustment, p.cmup, 'inventory', 'Inventaire');
          onHand.set(p.id, (onHand.get(p.id) ?? 0) + r.adjustment);
          totals.adjusted++;
          if (r.adjustment > 0) {
            totals.gainQ += r.adjustment;
            totals.gainV += r.value;
          } else {
            totals.lossQ -= r.adjustment;
            totals.lossV -= r.value;
          }
        }
        out.inventory_counts.push({
          id,
          number,
          location_id: locationId,
          count_date: date,
          blind: false,
          all_categories: false,
          status: 'validated',
          note: 'Inventaire tournant du mois',
          snapshot_at: at(14, 0),
          line_count: scope.length,
          created_by: user.id,
          created_at: at(14, 0),
          validated_by: user.id,
          validated_at: at(17, 0),
          moved_policy: null,
          uncounted_as_zero: false,
          adjusted_lines: totals.adjusted,
          gain_quantity: totals.gainQ,
          loss_quantity: totals.lossQ,
          gain_value: totals.gainV,
          loss_value: totals.lossV,
          version: 3,
          updated_at: at(17, 0),
        });
        for (const c of cats) out.inventory_count_categories.push({ count_id: id, category_id: c });
        result.counts++;
      }

      // 6. Now and then a shop writes off broken, lost, stolen or expired goods (or fixes a typo).
      if (openDay % profile.readjustEveryDays === 0) {
        const locationId = rng.pick(shops);
        const reason = rng.pick(['casse', 'casse', 'perte', 'vol', 'peremption', 'erreur_saisie'] as const);
        const candidates = sample(20)
          .filter((id) => get(id, locationId) > 0)
          .slice(0, rng.int(1, 3));
        if (candidates.length) {
          const id = ids.adjustment++;
          const number = nextNumber('INV', date);
          const note = rng.pick(READJUST_NOTES[reason]);
          const label = READJUSTMENT_REASON_LABELS[reason];
          let total = 0;
          candidates.forEach((productId, i) => {
            const p = byId.get(productId)!;
            const before = get(productId, locationId);
            const quantity =
              reason === 'erreur_saisie' && rng.chance(0.5) ? rng.int(1, 3) : -Math.min(before, rng.int(1, 3));
            move(
              { type: 'stock_adjustment', id, number },
              date,
              at(18, 0),
              productId,
              locationId,
              quantity,
              p.cmup,
              'readjustment',
              `${label} — ${note}`,
            );
            onHand.set(productId, (onHand.get(productId) ?? 0) + quantity);
            out.stock_adjustment_lines.push({
              adjustment_id: id,
              position: i + 1,
              product_id: productId,
              quantity,
              stock_before: before,
              unit_cost: p.cmup,
            });
            total += valueOf(quantity, p.cmup);
          });
          out.stock_adjustments.push({
            id,
            number,
            location_id: locationId,
            adjustment_date: date,
            reason,
            note,
            line_count: candidates.length,
            total_value: total,
            created_by: user.id,
            created_at: at(18, 0),
          });
          result.readjustments++;
        }
      }
      // Every desk closed after the day's last movement (arrêté de caisse).
      cash.close(date, at);
      await letWritesProceed(trx);
      if (out.stock_movements.length > 50_000) await flush();
    }
    cash.endOfHistory();
    // Transfers sent on the last day are still on the road.
    for (const t of pending) {
      out.transfers.push(t.row);
      out.transfer_lines.push(...t.lines);
    }
    await flush();
    await waitForWrites();

    // Final state: levels, CMUP and last purchase price, supplier balances, counters, sequences.
    const finalStarted = performance.now();
    await trx('stock_levels').del();
    await insertInChunks(
      trx,
      'stock_levels',
      [...level].map(([k, quantity]) => ({
        product_id: Math.floor(k / PAIR_SPAN),
        location_id: k % PAIR_SPAN,
        quantity,
      })),
    );
    // Alert thresholds per location: a product's threshold is the depot's; each shop follows a
    // fifth of it (rounded up) for what it carries, and no alert for what it never held.
    await trx('stock_levels')
      .whereIn('location_id', shops)
      .whereIn('product_id', trx('products').where('alert_threshold', '>', 0).select('id'))
      .update({
        alert_threshold: trx.raw(
          '(SELECT (p.alert_threshold + 4) / 5 FROM products p WHERE p.id = stock_levels.product_id)',
        ),
      });
    await trx.raw(
      `INSERT INTO stock_levels (product_id, location_id, quantity, alert_threshold)
       SELECT p.id, l.id, 0, 0 FROM products p CROSS JOIN locations l
       WHERE p.alert_threshold > 0 AND l.id IN (${shops.map(() => '?').join(', ')})
         AND NOT EXISTS (SELECT 1 FROM stock_levels sl WHERE sl.product_id = p.id AND sl.location_id = l.id)`,
      shops,
    );
    const now = new Date().toISOString();
    await updateIntegersById(
      trx,
      'products',
      'cmup',
      products.map((p) => [p.id, p.cmup]),
      { updated_at: now },
    );
    await updateIntegersById(
      trx,
      'products',
      'purchase_price',
      products.map((p) => [p.id, p.purchasePrice]),
    );
    const balances = new Map(
      (await trx('suppliers').select('id', 'balance')).map((s) => [Number(s.id), Number(s.balance)]),
    );
    await updateIntegersById(
      trx,
      'suppliers',
      'balance',
      [...supplierDebt].map(([id, debt]) => [id, (balances.get(id) ?? 0) + debt]),
      { updated_at: now },
    );
    for (const [key, last] of counters) {
      const [series, year] = key.split(':');
      await trx('document_counters')
        .insert({ series, year: Number(year), last_number: last })
        .onConflict(['series', 'year'])
        .merge({ last_number: last });
    }
    await sales.finish(trx);
    await cash.finish(trx);
    await resetIdSequences(trx, [
      'stock_entries',
      'transfers',
      'inventory_counts',
      'stock_adjustments',
      'sales',
      'settlements',
      'cash_operations',
      'cash_closings',
    ]);
    finalState = performance.now() - finalStarted;
  });
  onPhase?.(
    'historique : simulation en mémoire (et chaînage des empreintes)',
    performance.now() - started - writing - finalState,
  );
  onPhase?.('historique : écriture des lignes', writing);
  onPhase?.('historique : état final (niveaux, CMUP, soldes, compteurs)', finalState);
  result.sales = sales.result;
  result.cash = cash.result;
  return result;
}

function pickCategories(rng: Random, categoryIds: number[], share: number): number[] {
  const k = Math.max(1, Math.round(categoryIds.length * share));
  return rng.drawInPlace([...categoryIds], k).sort((a, b) => a - b);
}
