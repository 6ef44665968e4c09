import type { Knex } from 'knex';
import { insertInChunks } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { yearOf } from '../../domain/dates.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import { formatQuantity } from '../../../shared/quantity.js';
import { CREDIT_NOTE_SERIES, refundAmount } from '../../../shared/sales.js';
import { lineVat } from '../../../shared/vat.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { companyToday } from '../company/get-company.js';
import { withIdempotency } from '../idempotency.js';
import { assertFresh, throwIfErrors } from '../stock/common.js';
import { postStockMovements } from '../stock/ledger.js';
import { postMoneyMovements } from '../treasury/ledger.js';
import { lockSaleInOrder } from './lock-sale.js';
import { chosenRefundAccount, refundMethodOf } from './payment-accounts.js';
import { EVERY_PLACE, type PlaceScope } from '../../policies/places.js';
import type { ProductsRow, SaleLinesRow } from '../../db/tables.generated.js';

/**
 * Correction de vente boutique (issue 14): goods of a counter sale (VB-) brought back, with a
 * mandatory reason, become a credit note (AV-) in one transaction:
 * - never more than was sold, counting earlier corrections (sale_lines.returned_quantity, read
 *   under the sale's lock);
 * - the stock comes back into the sale's location at the line's original cost (a valued receipt at
 *   the CMUP the sale took it out at);
 * - what is refunded is the line's paid amount VAT included in proportion (net less its share of
 *   the document discount, plus its share of its rate's VAT when priced HT: `lineVat`; `refundAmount`),
 *   with the VAT in it in the same proportion (credit_note_lines.vat_amount), paid back in cash
 *   from the desk of the sale's location, or from the account chosen on the form
 *   (`refundAccountId`: a desk, bank or wallet the user works on) — refused, naming the account
 *   and what it holds, when a desk or wallet cannot pay it;
 * - the sale keeps what was credited (amount_credited) and its version moves on.
 * Dated today (the refund happens now), whatever the sale's date.
 */

export interface CreditNoteInput {
  idempotencyKey: string;
  saleId: number;
  reason: string;
  /** The sale's version the form was opened with (stale form). */
  version: number;
  lines: Array<{ saleLineId: number; quantity: number }>;
  /**
   * The account the refund is paid from, chosen on the form (null or absent: the desk the sale's
   * cash went into). Needs `places`, the user's scope: the account must be one they work on.
   */
  refundAccountId?: number | null;
  places?: PlaceScope;
}

export interface CreatedCreditNote {
  id: number;
  number: string;
  total: number;
}

export async function createCreditNote(
  db: Knex,
  input: CreditNoteInput,
  actor: Actor,
): Promise<CreatedCreditNote & { replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'credit_note.create', key: input.idempotencyKey },
      () => validateCreditNote(trx, input, actor),
    );
    return { ...result, replayed };
  });
}

async function validateCreditNote(
  trx: Knex.Transaction,
  input: CreditNoteInput,
  actor: Actor,
): Promise<CreatedCreditNote> {
  // Lock order: the sale's products, then the sale (lockSaleInOrder), then the desk (postMoneyMovements).
  const sale = await lockSaleInOrder(trx, input.saleId, { client: false });
  if (!sale) throw new NotFound('Vente introuvable');
  if (sale.kind !== 'counter')
    throw new Refusal({
      sale_id: `${sale.number} n’est pas une vente boutique : seules les ventes boutique se corrigent ici.`,
    });
  if (sale.status === 'cancelled')
    throw new Refusal({ sale_id: `La vente ${sale.number} est annulée : il n’y a rien à corriger.` });
  assertFresh(sale.version, input.version, `La vente ${sale.number} a été corrigée`);

  const saleLines: (SaleLinesRow & { product_name: ProductsRow['name']; unit: ProductsRow['unit'] })[] = await trx(
    'sale_lines',
  )
    .join('products', 'products.id', 'sale_lines.product_id')
    .where('sale_lines.sale_id', sale.id)
    .orderBy('sale_lines.position')
    .select('sale_lines.*', 'products.name as product_name', 'products.unit');
  const byId = new Map(saleLines.map((l) => [Number(l.id), l]));
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  const returned: Array<{
    line: (typeof saleLines)[number];
    quantity: number;
    amount: number;
    vat: number;
    index: number;
  }> = [];
  input.lines.forEach((r, i) => {
    const line = byId.get(r.saleLineId);
    if (!line) {
      errors[`lines.${i}.quantity`] = `Ligne ${i + 1} : cette ligne n’appartient pas à la vente ${sale.number}.`;
      return;
    }
    if (seen.has(r.saleLineId)) {
      errors[`lines.${i}.quantity`] = `Ligne ${i + 1} : « ${line.product_name} » figure deux fois dans la correction.`;
      return;
    }
    seen.add(r.saleLineId);
    if (r.quantity === 0) return;
    const sold = Number(line.quantity);
    const before = Number(line.returned_quantity);
    const left = sold - before;
    if (r.quantity > left) {
      errors[`lines.${i}.quantity`] =
        left === 0
          ? `« ${line.product_name} » a déjà été entièrement rendu (${formatQuantity(sold, line.unit)}).`
          : `On ne peut rendre au plus que ${formatQuantity(left, line.unit)} de « ${line.product_name} » (vendu : ${formatQuantity(sold, line.unit)}${before ? `, déjà rendu : ${formatQuantity(before, line.unit)}` : ''}).`;
      return;
    }
    // What the customer paid for the line, VAT included (its VAT share added when priced HT), and the VAT in it.
    const basis = lineVat(
      Number(line.net) - Number(line.allocated_discount),
      Number(line.vat_amount),
      toBool(sale.prices_include_vat),
    ).ttc;
    returned.push({
      line,
      quantity: r.quantity,
      amount: refundAmount(basis, sold, before, r.quantity),
      vat: refundAmount(Number(line.vat_amount), sold, before, r.quantity),
      index: i,
    });
  });
  throwIfErrors(errors);
  if (returned.length === 0) throw new Refusal({ lines: 'Indiquez la quantité rendue sur au moins une ligne.' });

  const today = await companyToday(trx);
  const total = returned.reduce((s, r) => s + r.amount, 0);
  const vatTotal = returned.reduce((s, r) => s + r.vat, 0);
  const costTotal = returned.reduce((s, r) => s + r.quantity * Number(r.line.unit_cost), 0);
  const { number } = await nextDocumentNumber(trx, CREDIT_NOTE_SERIES, yearOf(today));
  const now = nowIso();

  // The account chosen on the form, or the desk the sale's cash went into, or else the first active desk of its location.
  const chosen =
    input.refundAccountId && total > 0
      ? await chosenRefundAccount(trx, input.refundAccountId, input.places ?? EVERY_PLACE, 'refund_account_id')
      : null;
  const paidDesk = chosen
    ? null
    : await trx('sale_payments')
        .join('treasury_accounts', 'treasury_accounts.id', 'sale_payments.account_id')
        .where('sale_payments.sale_id', sale.id)
        .where('treasury_accounts.kind', 'caisse')
        .first('treasury_accounts.id');
  const desk =
    chosen ??
    paidDesk ??
    (await trx('treasury_accounts')
      .where({ kind: 'caisse', location_id: sale.location_id, active: true })
      .orderBy('id')
      .first('id'));
  if (total > 0 && !desk)
    throw new Refusal({
      refund:
        'Aucune caisse active à l’emplacement de la vente pour rembourser le client : choisissez le compte d’où le rembourser.',
    });

  const id = await insertReturningId(trx, 'credit_notes', {
    number,
    sale_id: sale.id,
    client_id: sale.client_id,
    location_id: sale.location_id,
    // Set once the refund is posted: a foreign key written now would take a KEY SHARE lock on the
    // desk before the products' locks, against the lock order (ledger.ts lockTreasuryAccounts).
    account_id: null,
    credit_date: today,
    reason: input.reason,
    status: 'validated',
    line_count: returned.length,
    total,
    vat_amount: vatTotal,
    refunded: total,
    cost_total: costTotal,
    created_by: actor.id,
    created_at: now,
    version: 1,
    updated_at: now,
  });
  const ctx = {
    documentType: 'credit_note',
    documentId: id,
    documentNumber: number,
    userId: actor.id,
    businessDate: today,
  };
  // Products already locked (lockSaleInOrder); the treasury account is locked last.
  await postStockMovements(
    trx,
    ctx,
    returned.map((r) => ({
      productId: Number(r.line.product_id),
      locationId: Number(sale.location_id),
      quantity: r.quantity,
      movementType: 'sale_return',
      unitCost: Number(r.line.unit_cost),
      valuation: 'receipt' as const,
      reason: input.reason,
      field: `lines.${r.index}.quantity`,
    })),
  );
  if (total > 0) {
    // A closed day of the desk moves the refund to its next open day (the credit note keeps its date).
    const movement = chosen
      ? {
          accountId: chosen.id,
          amount: -total,
          movementType: 'sale_refund',
          paymentMethod: refundMethodOf(chosen.kind),
          operator: chosen.operator,
          label: `Avoir ${number} sur ${sale.number} — remboursement depuis ${chosen.name}`,
          field: 'refund',
        }
      : {
          accountId: Number(desk.id),
          amount: -total,
          movementType: 'sale_refund',
          paymentMethod: 'especes' as const,
          label: `Avoir ${number} sur ${sale.number}`,
          field: 'refund',
        };
    try {
      await postMoneyMovements(trx, [movement], { ...ctx, onClosedDay: 'next_open_day' });
    } catch (err) {
      // The desk no longer holds the cash (banked since): say where else the refund may come from.
      if (err instanceof Refusal && !chosen && err.errors.refund)
        throw new Refusal({ refund: `${err.errors.refund} Choisissez un autre compte d’où rembourser le client.` });
      throw err;
    }
    await trx('credit_notes')
      .where({ id })
      .update({ account_id: Number(desk.id) });
  }
  await insertInChunks(
    trx,
    'credit_note_lines',
    returned.map((r, k) => ({
      credit_note_id: id,
      position: k + 1,
      sale_line_id: Number(r.line.id),
      product_id: Number(r.line.product_id),
      quantity: r.quantity,
      unit_price: Number(r.line.unit_price),
      amount: r.amount,
      vat_amount: r.vat,
      unit_cost: Number(r.line.unit_cost),
    })),
  );
  for (const r of returned)
    await trx('sale_lines')
      .where({ id: r.line.id })
      .update({ returned_quantity: trx.raw('returned_quantity + ?', [r.quantity]) });
  await trx('sales')
    .where({ id: sale.id })
    .update({
      amount_credited: trx.raw('amount_credited + ?', [total]),
      version: trx.raw('version + 1'),
      updated_at: now,
    });

  await recordAudit(trx, {
    action: 'credit_note.validated',
    user: auditUser(actor),
    subject: { type: 'credit_note', id, label: number },
    details: {
      after: {
        sale: sale.number,
        reason: input.reason,
        lines: returned.map((r) => ({ product: r.line.product_name, quantity: r.quantity, amount: r.amount })),
        total,
      },
    },
    ip: actor.ip,
  });
  return { id, number, total };
}
