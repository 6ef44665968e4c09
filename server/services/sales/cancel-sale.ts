import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { saleRemaining } from '../../../shared/sales.js';
import type { PaymentMethod } from '../../../shared/treasury.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { companyToday } from '../company/get-company.js';
import { assertFresh } from '../stock/common.js';
import { postStockMovements } from '../stock/ledger.js';
import { type MoneyMovementInput, postMoneyMovements } from '../treasury/ledger.js';
import { releaseMobileMoneyReferences } from '../treasury/mobile-money-references.js';
import { lockSaleInOrder } from './lock-sale.js';
import { chosenRefundAccount, refundMethodOf } from './payment-accounts.js';
import { EVERY_PLACE, type PlaceScope } from '../../policies/places.js';

/**
 * Annulations › Factures (issue 15): an invoice (FAC-) or a counter sale (VB-) cancelled with a
 * mandatory reason, in one transaction:
 * - refused while a live settlement allocation points at it (the message names the REG- numbers:
 *   cancel those settlements first), read under the client's lock, which is the lock a settlement
 *   validates its allocations under — a cancellation and a settlement of the same invoice never
 *   both succeed;
 * - the goods still out come back into the sale's location at each line's original cost (a valued
 *   receipt at the CMUP the sale took them out at), less what credit notes already brought back;
 * - the money taken at the sale goes back out of the accounts it came into (new `sale_cancel`
 *   movements, never a deletion), less what credit notes already refunded — or, all of it, out of
 *   the account chosen on the form (`refundAccountId`: a desk, bank or wallet the user works on,
 *   for a desk whose cash was banked since) — a desk or wallet that cannot pay is a refusal naming
 *   it, on the form's refund account;
 * - a credit sale's remaining amount leaves the client's balance;
 * - the sale keeps its number and reads « Annulée » (status cancelled, who, when, why); its
 *   mobile-money transaction ids are freed (mobile_money_references).
 * Every reversal is dated today (company time zone), stored in `cancelled_on`, whatever the sale's
 * date: the cash-closing rule moves such movements to the next open day inside postMoneyMovements,
 * without anything to change here.
 * Lock order (DESIGN): products (stock) → clients → sales → settlements → treasury accounts.
 */

export interface SaleCancelInput {
  reason: string;
  /** The sale's version the page was loaded with (stale page). */
  version: number;
  /**
   * The account the whole refund is paid from, chosen on the form (null or absent: the accounts the
   * money came into). Needs `places`, the user's scope: the account must be one they work on.
   */
  refundAccountId?: number | null;
  places?: PlaceScope;
}

export interface CancelledSale {
  id: number;
  number: string;
  kind: 'invoice' | 'counter';
  /** Money paid back out of the treasury accounts. */
  refunded: number;
  /** What left the client's balance (a credit sale's remaining amount). */
  balanceReleased: number;
}

/** The live settlements allocated to a sale (REG- numbers), oldest first. */
export async function liveSettlementsOf(db: Knex | Knex.Transaction, saleId: number): Promise<string[]> {
  const rows = await db('settlement_allocations as a')
    .join('settlements as s', 's.id', 'a.settlement_id')
    .where('a.sale_id', saleId)
    .whereNull('a.cancelled_at')
    .where('s.status', 'validated')
    .distinct('s.number', 's.id')
    .orderBy('s.id');
  return rows.map((r) => String(r.number));
}

/** The refusal shown while settlements are allocated to the sale (null when it may be cancelled). */
export function settlementsBlockMessage(number: string, settlements: string[]): string | null {
  if (settlements.length === 0) return null;
  const list =
    settlements.length === 1
      ? `le règlement ${settlements[0]}`
      : `les règlements ${settlements.slice(0, -1).join(', ')} et ${settlements.at(-1)}`;
  return `La facture ${number} est réglée par ${list} : annulez d’abord ${settlements.length === 1 ? 'ce règlement' : 'ces règlements'} (Annulations › Règlements).`;
}

interface PaymentRow {
  account_id: number;
  method: PaymentMethod;
  amount: number;
  operator: string | null;
  phone: string | null;
  reference: string | null;
}

/**
 * What goes back out of each payment account: the payments taken at the sale less what credit
 * notes refunded — first from the account each refund came out of, the rest from the remaining
 * payments in order — so the total paid back is exactly Σ payments − Σ refunds.
 */
export function paymentReversals(
  payments: PaymentRow[],
  refunds: Array<{ account_id: number; refunded: number }>,
): Array<PaymentRow & { back: number }> {
  const left = payments.map((p) => ({ ...p, back: p.amount }));
  let unassigned = 0;
  for (const r of refunds) {
    let due = r.refunded;
    for (const p of left) {
      if (due === 0) break;
      if (p.account_id !== r.account_id) continue;
      const take = Math.min(p.back, due);
      p.back -= take;
      due -= take;
    }
    unassigned += due;
  }
  for (const p of left) {
    if (unassigned === 0) break;
    const take = Math.min(p.back, unassigned);
    p.back -= take;
    unassigned -= take;
  }
  return left.filter((p) => p.back > 0);
}

export async function cancelSale(db: Knex, id: number, input: SaleCancelInput, actor: Actor): Promise<CancelledSale> {
  return db.transaction(async (trx) => {
    const sale = await lockSaleInOrder(trx, id, { client: true });
    if (!sale) throw new NotFound('Vente introuvable');
    const kindLabel = sale.kind === 'counter' ? 'La vente' : 'La facture';

    if (sale.status === 'cancelled') throw new Refusal({ reason: `${kindLabel} ${sale.number} est déjà annulée.` });
    assertFresh(sale.version, input.version, `${kindLabel} ${sale.number} a été modifiée`);
    const blocked = settlementsBlockMessage(sale.number, await liveSettlementsOf(trx, id));
    if (blocked) throw new Refusal({ sale: blocked });

    const today = await companyToday(trx);
    const ctx = {
      documentType: 'sale',
      documentId: id,
      documentNumber: sale.number as string,
      userId: actor.id,
      businessDate: today,
    };
    const label = `Annulation ${sale.kind === 'counter' ? 'vente boutique' : 'facture'} ${sale.number}`;

    // 1. The goods still out come back at the cost they left at.
    const lines = await trx('sale_lines').where({ sale_id: id }).orderBy('position');
    const back = lines.filter((l) => Number(l.quantity) - Number(l.returned_quantity) > 0);
    await postStockMovements(
      trx,
      ctx,
      back.map((l) => ({
        productId: Number(l.product_id),
        locationId: Number(sale.location_id),
        quantity: Number(l.quantity) - Number(l.returned_quantity),
        movementType: 'sale_cancel',
        unitCost: Number(l.unit_cost),
        valuation: 'receipt' as const,
        reason: input.reason,
      })),
    );

    // 2. A credit sale's remaining amount leaves the client's balance.
    const remaining = saleRemaining(Number(sale.total_ttc), Number(sale.amount_paid), Number(sale.amount_credited));
    let balanceReleased = 0;
    if (sale.payment_mode === 'credit' && remaining > 0) {
      const client = (await trx('clients').where({ id: sale.client_id }).first('balance', 'name'))!; // a credit sale always has its client
      let after: number;
      try {
        after = addWithin('balance', Number(client.balance), -remaining);
      } catch (err) {
        if (!(err instanceof LimitExceeded)) throw err;
        throw new Refusal({ sale: `Le solde du client « ${client.name} » sortirait des limites autorisées.` });
      }
      await trx('clients').where({ id: sale.client_id }).update({ balance: after, updated_at: nowIso() });
      balanceReleased = remaining;
    }

    // 3. The money of the sale goes back out of the accounts it came into, less the refunds already made.
    const payments = (await trx('sale_payments').where({ sale_id: id }).orderBy('id')).map((p) => ({
      account_id: Number(p.account_id),
      method: p.method as PaymentMethod,
      amount: Number(p.amount),
      operator: p.operator ?? null,
      phone: p.phone ?? null,
      reference: p.reference ?? null,
    }));
    const refunds = (
      await trx('credit_notes')
        .where({ sale_id: id, status: 'validated' })
        .whereNotNull('account_id')
        .where('refunded', '>', 0)
        .orderBy('id')
        .select('account_id', 'refunded')
    ).map((r) => ({
      account_id: Number(r.account_id),
      refunded: Number(r.refunded),
    }));
    const reversals = paymentReversals(payments, refunds);
    const refunded = reversals.reduce((s, p) => s + p.back, 0);
    // Paid back from the account chosen on the form, or else out of the accounts the money came into.
    const chosen =
      input.refundAccountId && refunded > 0
        ? await chosenRefundAccount(trx, input.refundAccountId, input.places ?? EVERY_PLACE, 'refund_account_id')
        : null;
    const movements: MoneyMovementInput[] = chosen
      ? [
          {
            accountId: chosen.id,
            amount: -refunded,
            movementType: 'sale_cancel',
            paymentMethod: refundMethodOf(chosen.kind),
            operator: chosen.operator,
            label: `${label} — remboursement depuis ${chosen.name}`,
            field: 'refund_account_id',
          },
        ]
      : reversals.map((p) => ({
          accountId: p.account_id,
          amount: -p.back,
          movementType: 'sale_cancel',
          paymentMethod: p.method,
          operator: (p.operator as MoneyMovementInput['operator']) ?? null,
          phone: p.phone,
          reference: p.reference,
          label,
          field: 'refund_account_id',
        }));
    // A closed day of the desk moves the reversal to its next open day.
    try {
      await postMoneyMovements(trx, movements, { ...ctx, onClosedDay: 'next_open_day' });
    } catch (err) {
      // The desk that took the cash no longer holds it (banked since): say where else it may come from.
      if (err instanceof Refusal && !chosen && err.errors.refund_account_id)
        throw new Refusal({
          refund_account_id: `${err.errors.refund_account_id} Choisissez un autre compte d’où rembourser le client.`,
        });
      throw err;
    }

    // 4. The sale reads « Annulée »; its mobile-money transaction ids may be used again.
    const now = nowIso();
    await trx('sales')
      .where({ id })
      .update({
        status: 'cancelled',
        cancelled_by: actor.id,
        cancelled_at: now,
        cancelled_on: today,
        cancel_reason: input.reason,
        version: Number(sale.version) + 1,
        updated_at: now,
      });
    await releaseMobileMoneyReferences(trx, { type: 'sale', id });

    await recordAudit(trx, {
      action: 'sale.cancelled',
      user: auditUser(actor),
      subject: { type: 'sale', id, label: sale.number },
      details: {
        before: { status: sale.payment_status },
        after: {
          status: 'cancelled',
          reason: input.reason,
          cancelled_on: today,
          lines_returned: back.length,
          refunded,
          balance_released: balanceReleased,
        },
      },
      ip: actor.ip,
    });
    return { id, number: sale.number as string, kind: sale.kind, refunded, balanceReleased };
  });
}
