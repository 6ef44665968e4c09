import type { Knex } from 'knex';
import { insertWrites, updateIntegersByIdWrites, writeOf, writeTogether } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { LimitExceeded, addWithin, documentTotal, lineAmount, within } from '../../domain/limits.js';
import { LIMITS, limitMessage } from '../../../shared/limits.js';
import { documentSettings, getCurrency } from '../company/get-company.js';
import { entryCancellationRefusal } from '../../domain/stock/cancellation.js';
import { type EntryUnit, mergeDuplicateLines, toBaseQuantity } from '../../domain/stock/lines.js';
import { auditWrite, recordAudit } from '../audit/record-audit.js';
import { withIdempotency } from '../idempotency.js';
import { yearOf } from '../../domain/dates.js';
import {
  assertFresh,
  checkBusinessDate,
  lockRow,
  requireActiveLocation,
  requireActiveProducts,
  throwIfErrors,
} from './common.js';
import { StockShortageError, postStockMovements } from './ledger.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import type { Actor } from '../actor.js';
import { type EntryKind, OPENING_STOCK_LABEL, packCostMessage, unitCostOfPack } from '../../../shared/stock.js';

/**
 * Entrée de stock: goods received from a supplier into a location. Validation (one transaction)
 * takes the ENT- number, posts valued receipts to the ledger (stock + CMUP), updates each
 * product's last purchase price (with its price history) and what we owe the supplier.
 *
 * « Stock initial » (kind 'opening'): what a business holds when it starts with the software. Same
 * ENT- numbering, lines and CMUP as any entry, posted as "opening" movements; no supplier, so no
 * supplier debt, and the cost of opening stock is not a purchase: the last purchase price stays.
 */

/** A line's cost: per base unit (`unitCost`), or — a line by colis — per colis (`packCost`, turned into the cost per unit, exactly). */
export type StockEntryLineInput = {
  productId: number;
  unit: EntryUnit;
  quantity: number;
} & ({ unitCost: number; packCost?: undefined } | { packCost: number; unitCost?: undefined });

export interface StockEntryInput {
  idempotencyKey: string;
  /** 'supplier' by default; 'opening' has no supplier (supplierId null). */
  kind?: EntryKind;
  supplierId: number | null;
  locationId: number;
  entryDate: string;
  supplierRef: string;
  note: string;
  lines: StockEntryLineInput[];
}

export interface CreatedDocument {
  id: number;
  number: string;
}

export async function createStockEntry(
  db: Knex,
  input: StockEntryInput,
  actor: Actor,
): Promise<CreatedDocument & { replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'stock_entry.create', key: input.idempotencyKey },
      () => validateEntry(trx, input, actor),
    );
    return { ...result, replayed };
  });
}

/**
 * Validates one entry in the caller's transaction (the form's, with its idempotency key, or an
 * opening-stock import's, which writes one entry per location).
 */
export async function validateEntry(
  trx: Knex.Transaction,
  input: Omit<StockEntryInput, 'idempotencyKey'>,
  actor: Actor,
): Promise<CreatedDocument> {
  const errors: Record<string, string> = {};
  const opening = input.kind === 'opening';
  let supplier: { id: number; name: string; active: unknown; balance: unknown } | undefined;
  if (!opening) {
    // Locked first: the lock order of the supplier's documents (a payment or a cancellation locks the
    // supplier, then its entries, then their products), and its balance moves at the end.
    supplier =
      input.supplierId === null
        ? undefined
        : await lockForUpdate(
            trx,
            trx('suppliers').where({ id: input.supplierId }).first('id', 'name', 'active', 'balance'),
          );
    if (!supplier)
      errors.supplier_id =
        input.supplierId === null ? 'Choisissez le fournisseur.' : 'Le fournisseur choisi n’existe pas.';
    else if (!toBool(supplier.active)) errors.supplier_id = `Le fournisseur « ${supplier.name} » est archivé.`;
  }
  const location = await requireActiveLocation(trx, input.locationId, 'location_id', errors);
  const settings = await documentSettings(trx);
  checkBusinessDate(input.entryDate, settings.timeZone, 'entry_date', errors, 'La date d’entrée');
  // Locked here (the ledger's lock order) and handed to the ledger, which then does not read them again.
  const products = await requireActiveProducts(trx, input.lines, errors, { lock: true });

  const lines = input.lines.map((l, i) => {
    const p = products.get(l.productId);
    let quantity = 0;
    let unitCost = l.unitCost ?? 0;
    if (p && l.packCost !== undefined) {
      // The cost of a colis: kept per base unit, exactly (never rounded: the amount is the supplier's).
      const split = unitCostOfPack(l.packCost, p.pack_size);
      if (!split.exact)
        errors[`lines.${i}.pack_cost`] =
          `Ligne ${i + 1} : ${packCostMessage(l.packCost, p.pack_size, settings.currency)}`;
      else if (split.unitCost > LIMITS.unitPrice)
        errors[`lines.${i}.pack_cost`] =
          `Ligne ${i + 1} : ${limitMessage('le coût unitaire', 'unitPrice', settings.currency)}`;
      else unitCost = split.unitCost;
    }
    if (p) {
      try {
        quantity = toBaseQuantity(l.quantity, l.unit, p.pack_size);
      } catch {
        errors[`lines.${i}.quantity`] =
          `Ligne ${i + 1} : ${limitMessage(l.unit === 'pack' ? `la quantité (${l.quantity.toLocaleString('fr-FR')} colis de ${p.pack_size.toLocaleString('fr-FR')})` : 'la quantité', 'quantity').replace(/\.$/, '')} unités.`;
      }
    }
    return {
      productId: l.productId,
      quantity,
      mergeKey: unitCost,
      unit: l.unit,
      entered: l.quantity,
      unitCost,
      packSize: p?.pack_size ?? 1,
    };
  });
  const merged = mergeDuplicateLines(lines);
  for (const c of merged.conflicts) {
    if (errors[`lines.${c.index}.pack_cost`] || errors[`lines.${c.firstIndex}.pack_cost`]) continue;
    const p = products.get(lines[c.index].productId);
    errors[`lines.${c.index}.unit_cost`] =
      `Ligne ${c.index + 1} : « ${p?.name ?? 'ce produit'} » figure déjà à la ligne ${c.firstIndex + 1} avec un autre coût unitaire. Regroupez les deux lignes ou corrigez le coût.`;
  }
  throwIfErrors(errors);

  // Business ceilings (shared/limits.ts), before any sum: a merged line's quantity and amount,
  // the document's total, the supplier's balance.
  const currency = settings.currency;
  const amounts = merged.lines.map((l) => {
    const at = l.sourceIndexes[0];
    try {
      return lineAmount(l.quantity, l.unitCost);
    } catch (err) {
      if (!(err instanceof LimitExceeded)) throw err;
      errors[`lines.${at}.${err.limit === 'quantity' ? 'quantity' : 'unit_cost'}`] =
        err.limit === 'quantity'
          ? `Ligne ${at + 1} : ${limitMessage('la quantité totale de ce produit', 'quantity').replace(/\.$/, '')} unités.`
          : `Ligne ${at + 1} : ${limitMessage('le montant de la ligne', 'lineAmount', currency)}`;
      return 0;
    }
  });
  throwIfErrors(errors);
  let totalAmount: number;
  try {
    totalAmount = documentTotal(amounts);
    // Opening stock moves no supplier balance.
    if (supplier) addWithin('balance', Number(supplier.balance), totalAmount);
  } catch (err) {
    if (!(err instanceof LimitExceeded)) throw err;
    throw new Refusal(
      err.limit === 'documentTotal'
        ? { lines: limitMessage('Le montant total de l’entrée', 'documentTotal', currency) }
        : {
            supplier_id: `Le solde du fournisseur « ${supplier?.name ?? ''} » ${limitMessage('', 'balance', currency).trim()} Réglez-le avant d’enregistrer cette entrée.`,
          },
    );
  }

  const { number } = await nextDocumentNumber(trx, 'ENT', yearOf(input.entryDate));
  const now = nowIso();
  const finalLines = merged.lines.map((l) => {
    // A merged line mixing units and packs is kept in base units.
    const sameUnit = l.sourceIndexes.every((i) => lines[i].unit === l.unit);
    const entryUnit: EntryUnit = sameUnit ? l.unit : 'unit';
    const entered = sameUnit ? l.sourceIndexes.reduce((s, i) => s + lines[i].entered, 0) : l.quantity;
    return { ...l, entryUnit, entered, amount: amounts[merged.lines.indexOf(l)] };
  });
  const totalQuantity = finalLines.reduce((s, l) => s + l.quantity, 0);
  const entryId = await insertReturningId(trx, 'stock_entries', {
    number,
    kind: opening ? 'opening' : 'supplier',
    supplier_id: opening ? null : input.supplierId,
    location_id: input.locationId,
    entry_date: input.entryDate,
    supplier_ref: opening ? '' : input.supplierRef,
    note: input.note,
    status: 'validated',
    line_count: finalLines.length,
    total_quantity: totalQuantity,
    total_amount: totalAmount,
    created_by: actor.id,
    created_at: now,
    version: 1,
    updated_at: now,
  });

  const posted = await postStockMovements(
    trx,
    {
      documentType: 'stock_entry',
      documentId: entryId,
      documentNumber: number,
      userId: actor.id,
      businessDate: input.entryDate,
      allowNegative: settings.allowNegativeStock,
      lockedProducts: products,
    },
    finalLines.map((l, i) => ({
      productId: l.productId,
      locationId: input.locationId,
      quantity: l.quantity,
      movementType: opening ? 'opening' : 'entry',
      unitCost: l.unitCost,
      valuation: 'receipt' as const,
      field: `lines.${i}.quantity`,
    })),
  );

  const lineRows = finalLines.map((l, i) => ({
    entry_id: entryId,
    position: i + 1,
    product_id: l.productId,
    entry_unit: l.entryUnit,
    pack_size: l.packSize,
    entered_quantity: l.entered,
    quantity: l.quantity,
    unit_cost: l.unitCost,
    amount: l.amount,
    cmup_before: posted[i].cmupBefore,
    cmup_after: posted[i].cmupAfter,
    purchase_price_before: products.get(l.productId)!.purchase_price,
  }));
  // Last purchase price, with its history (source "entry"); opening stock is no purchase.
  const priceChanges = opening
    ? []
    : finalLines.filter((l) => products.get(l.productId)!.purchase_price !== l.unitCost);
  const history = priceChanges.map((l) => ({
    product_id: l.productId,
    field: 'purchase_price',
    old_value: products.get(l.productId)!.purchase_price,
    new_value: l.unitCost,
    user_id: actor.id,
    source: 'entry',
    changed_at: now,
  }));
  const audit = await auditWrite(trx, {
    action: 'stock_entry.validated',
    user: { id: actor.id, name: actor.name },
    subject: { type: 'stock_entry', id: entryId, label: number },
    places: { locations: [input.locationId] },
    details: {
      after: {
        kind: opening ? 'opening' : 'supplier',
        supplier: supplier?.name ?? OPENING_STOCK_LABEL,
        location: location!.name,
        entry_date: input.entryDate,
        supplier_ref: input.supplierRef,
        lines: finalLines.length,
        total_amount: totalAmount,
      },
    },
    ip: actor.ip,
  });
  // The entry's own writes in one go (one statement on PostgreSQL): its lines, the purchase prices
  // and their history, what we owe the supplier, the audit entry.
  await writeTogether(trx, [
    ...insertWrites(trx, 'stock_entry_lines', lineRows),
    ...updateIntegersByIdWrites(
      trx,
      'products',
      'purchase_price',
      priceChanges.map((l) => [l.productId, l.unitCost]),
      { updated_at: now },
    ),
    ...insertWrites(trx, 'price_history', history),
    ...(opening
      ? []
      : [
          writeOf(
            trx('suppliers')
              .where({ id: supplier!.id })
              .update({ balance: trx.raw('balance + ?', [totalAmount]), updated_at: now }),
          ),
        ]),
    audit,
  ]);
  return { id: entryId, number };
}

/** The live supplier payments (CAI- numbers) allocated to a stock entry, oldest first. */
export async function livePaymentsOfEntry(db: Knex | Knex.Transaction, entryId: number): Promise<string[]> {
  const rows = await db('supplier_payment_allocations as a')
    .join('cash_operations as o', 'o.id', 'a.cash_operation_id')
    .where('a.stock_entry_id', entryId)
    .whereNull('a.cancelled_at')
    .whereNot('o.status', 'cancelled')
    .distinct('o.number', 'o.id')
    .orderBy('o.id');
  return rows.map((r) => String(r.number));
}

/** The refusal shown while supplier payments are allocated to the entry (null when it may be cancelled). */
export function supplierPaymentsBlockMessage(number: string, payments: string[]): string | null {
  if (payments.length === 0) return null;
  const list =
    payments.length === 1
      ? `le paiement fournisseur ${payments[0]}`
      : `les paiements fournisseur ${payments.slice(0, -1).join(', ')} et ${payments.at(-1)}`;
  return `L’entrée ${number} est payée par ${list} : annulez d’abord ${payments.length === 1 ? 'ce paiement' : 'ces paiements'} (Caisse).`;
}

export interface CancelInput {
  reason: string;
  version: number;
}

/**
 * Cancels a validated entry: the goods go back out of the location (refused when part of them has
 * already left — sold, transferred), the CMUP gives the entry's value back, the supplier's balance
 * drops, and a purchase price set by this entry (and by no later one) returns to its former value.
 * Refused while a supplier payment (CAI-) still pays part of it, naming the payments to cancel first.
 */
export async function cancelStockEntry(
  db: Knex,
  id: number,
  input: CancelInput,
  actor: Actor,
): Promise<CreatedDocument> {
  return db.transaction(async (trx) => {
    // Lock order of the supplier payments (services/cash/operations.ts): the supplier, then its entries.
    const head = await trx('stock_entries').where({ id }).first('supplier_id');
    if (!head) throw new NotFound();
    if (head.supplier_id) await lockForUpdate(trx, trx('suppliers').where({ id: head.supplier_id }).select('id'));
    const entry = await lockRow<Record<string, any>>(trx, 'stock_entries', id);
    if (!entry) throw new NotFound();
    if (entry.status === 'cancelled') throw new Refusal({ reason: `L’entrée ${entry.number} est déjà annulée.` });
    assertFresh(entry.version, input.version, `L’entrée ${entry.number} a été modifiée`);
    // Paid (even in part) by supplier payments still standing: those come first, read under the supplier's lock.
    const blocked = supplierPaymentsBlockMessage(entry.number, await livePaymentsOfEntry(trx, id));
    if (blocked) throw new Refusal({ reason: blocked });
    const lines = await trx('stock_entry_lines').where({ entry_id: id }).orderBy('position');
    const now = nowIso();
    const date = entry.entry_date as string;
    try {
      await postStockMovements(
        trx,
        {
          documentType: 'stock_entry',
          documentId: id,
          documentNumber: entry.number,
          userId: actor.id,
          businessDate: date,
          allowNegative: false,
        },
        lines.map((l) => ({
          productId: Number(l.product_id),
          locationId: Number(entry.location_id),
          quantity: -Number(l.quantity),
          movementType: 'entry_cancel',
          unitCost: Number(l.unit_cost),
          valuation: 'receipt_reversal' as const,
          reason: input.reason,
        })),
      );
    } catch (err) {
      if (err instanceof StockShortageError) {
        const position = new Map(lines.map((l) => [Number(l.product_id), Number(l.position)]));
        const shortages = [...err.shortages].sort(
          (a, b) => (position.get(a.productId) ?? 0) - (position.get(b.productId) ?? 0),
        );
        throw new Refusal({ reason: entryCancellationRefusal(entry.number, shortages[0].locationName, shortages) });
      }
      throw err;
    }

    const opening = entry.kind === 'opening';
    // Purchase prices this entry set, when no later validated entry set them since (opening stock set none).
    for (const l of opening ? [] : lines) {
      const productId = Number(l.product_id);
      if (Number(l.purchase_price_before) === Number(l.unit_cost)) continue;
      const product = (await trx('products').where({ id: productId }).first('purchase_price'))!; // the line's product_id references it
      if (Number(product.purchase_price) !== Number(l.unit_cost)) continue;
      const later = await trx('stock_entry_lines')
        .join('stock_entries', 'stock_entries.id', 'stock_entry_lines.entry_id')
        .where('stock_entry_lines.product_id', productId)
        .where('stock_entry_lines.entry_id', '>', id)
        .where('stock_entries.status', 'validated')
        .where('stock_entries.kind', 'supplier')
        .first('stock_entry_lines.id');
      if (later) continue;
      await trx('products')
        .where({ id: productId })
        .update({ purchase_price: Number(l.purchase_price_before), updated_at: now });
      await trx('price_history').insert({
        product_id: productId,
        field: 'purchase_price',
        old_value: Number(l.unit_cost),
        new_value: Number(l.purchase_price_before),
        user_id: actor.id,
        source: 'entry',
        changed_at: now,
      });
    }

    if (!opening) {
      const supplier = (await trx('suppliers').where({ id: entry.supplier_id }).first('name', 'balance'))!; // a supplier entry always has its supplier
      if (!within('balance', BigInt(Number(supplier.balance)) - BigInt(Number(entry.total_amount)))) {
        throw new Refusal({
          reason: `Annulation impossible : le solde du fournisseur « ${supplier.name} » ${limitMessage('', 'balance', await getCurrency(trx)).trim()}`,
        });
      }
      await trx('suppliers')
        .where({ id: entry.supplier_id })
        .update({ balance: trx.raw('balance - ?', [Number(entry.total_amount)]), updated_at: now });
    }
    await trx('stock_entries')
      .where({ id })
      .update({
        status: 'cancelled',
        cancelled_by: actor.id,
        cancelled_at: now,
        cancel_reason: input.reason,
        version: Number(entry.version) + 1,
        updated_at: now,
      });
    await recordAudit(trx, {
      action: 'stock_entry.cancelled',
      user: { id: actor.id, name: actor.name },
      subject: { type: 'stock_entry', id, label: entry.number },
      details: {
        before: { status: 'validated' },
        after: { status: 'cancelled', reason: input.reason, total_amount: Number(entry.total_amount) },
      },
      ip: actor.ip,
    });
    return { id, number: entry.number };
  });
}
