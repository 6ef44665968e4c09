import type { Knex } from 'knex';
import { lockForUpdate, nowIso } from '../../db/dialect.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { formatMoney } from '../../../shared/money.js';
import { paymentStatus } from '../../../shared/sales.js';
import type { MobileMoneyOperator, PaymentMethod } from '../../../shared/treasury.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { companyToday, getCurrency } from '../company/get-company.js';
import { assertFresh } from '../stock/common.js';
import { postMoneyMovements } from '../treasury/ledger.js';
import { releaseMobileMoneyReferences } from '../treasury/mobile-money-references.js';
import type { SalesRow, SettlementsRow } from '../../db/tables.generated.js';

/**
 * Annulations › Règlements (issue 15): a client settlement (REG-) cancelled with a mandatory
 * reason, in one transaction — the exact reverse of createSettlement:
 * - its allocations are reversed (kept, `cancelled_at` set, so the history reads back): each
 *   invoice's amount_paid goes down and its payment status follows (payée → partiellement payée /
 *   impayée);
 * - a payment: the money goes back out of the account it landed in through a new
 *   `settlement_cancel` movement (never a deletion; a desk or wallet that cannot pay is a refusal
 *   naming it), the client's balance goes back up by what was received and the advance it left
 *   is taken back — refused when that advance was already spent (the message says how much is
 *   left); its mobile-money transaction id is freed;
 * - spending of the advance (source advance): the advance comes back to the client, no money moves;
 * - the settlement keeps its number and reads « Annulé » (who, when, why).
 * The reversal is dated today (company time zone), stored in `cancelled_on`, whatever the
 * settlement's date: the cash-closing rule moves such movements to the next open day inside
 * postMoneyMovements, with nothing to change here.
 * Lock order (DESIGN): clients → sales (id order) → settlements → treasury accounts — the order
 * createSettlement and cancelSale take, so a cancellation racing a settlement or an invoice's
 * cancellation is serialised on the client.
 */

export interface SettlementCancelInput {
  reason: string;
  /** The settlement's version the page was loaded with (stale page). */
  version: number;
}

export interface CancelledSettlement {
  id: number;
  number: string;
  /** Money paid back out of the treasury account (0 for spending of the advance). */
  refunded: number;
  /** The invoices whose remaining amount came back. */
  invoices: string[];
}

export async function cancelSettlement(
  db: Knex,
  id: number,
  input: SettlementCancelInput,
  actor: Actor,
): Promise<CancelledSettlement> {
  return db.transaction(async (trx) => {
    const first = await trx('settlements').where({ id }).first('client_id');
    if (!first) throw new NotFound('Règlement introuvable');
    const client = await lockForUpdate(
      trx,
      trx('clients').where({ id: first.client_id }).select('id', 'name', 'balance', 'advance'),
    ).first();
    const allocations = await trx('settlement_allocations').where({ settlement_id: id }).orderBy('position');
    const saleIds = [...new Set(allocations.map((a) => Number(a.sale_id)))].sort((a, b) => a - b);
    const sales: Pick<SalesRow, 'id' | 'number' | 'total_ttc' | 'amount_paid' | 'amount_credited'>[] = saleIds.length
      ? await lockForUpdate(
          trx,
          trx('sales')
            .whereIn('id', saleIds)
            .orderBy('id')
            .select('id', 'number', 'total_ttc', 'amount_paid', 'amount_credited'),
        )
      : [];
    const settlement: SettlementsRow | undefined = await lockForUpdate(trx, trx('settlements').where({ id }).first());
    if (!settlement) throw new NotFound('Règlement introuvable');

    if (settlement.status === 'cancelled')
      throw new Refusal({ reason: `Le règlement ${settlement.number} est déjà annulé.` });
    assertFresh(settlement.version, input.version, `Le règlement ${settlement.number} a été modifié`);
    const currency = await getCurrency(trx);
    const money = (n: number) => formatMoney(n, currency);
    const isPayment = settlement.source === 'payment';
    const amount = Number(settlement.amount);
    const leftAdvance = Number(settlement.advance);

    // The client: a payment's advance must still be there to be taken back.
    const advanceBefore = Number(client.advance);
    if (isPayment && leftAdvance > advanceBefore) {
      throw new Refusal({
        settlement: `Ce règlement a laissé ${money(leftAdvance)} d’acompte à « ${client.name} », qui n’en a plus que ${money(advanceBefore)} : l’acompte a déjà servi. Annulez d’abord le règlement qui l’a utilisé.`,
      });
    }
    let balanceAfter: number;
    let advanceAfter: number;
    try {
      balanceAfter = isPayment ? addWithin('balance', Number(client.balance), amount) : Number(client.balance);
      advanceAfter = addWithin('balance', advanceBefore, isPayment ? -leftAdvance : amount);
    } catch (err) {
      if (!(err instanceof LimitExceeded)) throw err;
      throw new Refusal({ settlement: `Le solde du client « ${client.name} » sortirait des limites autorisées.` });
    }
    const now = nowIso();
    await trx('clients')
      .where({ id: client.id })
      .update({ balance: balanceAfter, advance: advanceAfter, updated_at: now });

    // The invoices get their remaining amount back.
    const live = allocations.filter((a) => !a.cancelled_at);
    const byId = new Map(sales.map((s) => [Number(s.id), s]));
    const paidBack = new Map<number, number>();
    for (const a of live) paidBack.set(Number(a.sale_id), (paidBack.get(Number(a.sale_id)) ?? 0) + Number(a.amount));
    for (const [saleId, back] of paidBack) {
      const s = byId.get(saleId)!;
      const paid = Number(s.amount_paid) - back;
      await trx('sales')
        .where({ id: saleId })
        .update({
          amount_paid: paid,
          payment_status: paymentStatus(Number(s.total_ttc), paid, Number(s.amount_credited)),
          version: trx.raw('version + 1'),
          updated_at: now,
        });
    }
    if (live.length)
      await trx('settlement_allocations')
        .where({ settlement_id: id })
        .whereNull('cancelled_at')
        .update({ cancelled_at: now });

    // A payment's money goes back out of its account (a new movement, dated today).
    const today = await companyToday(trx);
    if (isPayment && amount > 0 && settlement.account_id) {
      await postMoneyMovements(
        trx,
        [
          {
            accountId: Number(settlement.account_id),
            amount: -amount,
            movementType: 'settlement_cancel',
            paymentMethod: settlement.method as PaymentMethod,
            operator: (settlement.operator as MobileMoneyOperator | null) ?? null,
            phone: settlement.phone ?? null,
            reference: settlement.reference ?? null,
            label: `Annulation règlement ${settlement.number} — ${client.name}`,
            field: 'settlement',
          },
        ],
        // A closed day of the desk moves the reversal to its next open day.
        {
          documentType: 'settlement',
          documentId: id,
          documentNumber: settlement.number,
          userId: actor.id,
          businessDate: today,
          onClosedDay: 'next_open_day',
        },
      );
    }
    await releaseMobileMoneyReferences(trx, { type: 'settlement', id });

    await trx('settlements')
      .where({ id })
      .update({
        status: 'cancelled',
        cancelled_by: actor.id,
        cancelled_at: now,
        cancelled_on: today,
        cancel_reason: input.reason,
        version: Number(settlement.version) + 1,
        updated_at: now,
      });

    const invoices = [...paidBack.keys()].map((saleId) => String(byId.get(saleId)!.number));
    await recordAudit(trx, {
      action: 'settlement.cancelled',
      user: auditUser(actor),
      subject: { type: 'settlement', id, label: settlement.number },
      details: {
        before: { status: 'validated' },
        after: {
          status: 'cancelled',
          reason: input.reason,
          cancelled_on: today,
          refunded: isPayment ? amount : 0,
          advance_taken_back: isPayment ? leftAdvance : 0,
          advance_restored: isPayment ? 0 : amount,
          invoices,
        },
      },
      ip: actor.ip,
    });
    return { id, number: settlement.number as string, refunded: isPayment ? amount : 0, invoices };
  });
}
