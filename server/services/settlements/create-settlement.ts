import type { Knex } from 'knex';
import { insertInChunks } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, nowIso } from '../../db/dialect.js';
import { yearOf } from '../../domain/dates.js';
import { formatMoney } from '../../../shared/money.js';
import { SETTLEMENT_SERIES } from '../../../shared/sales.js';
import { MOBILE_MONEY_OPERATOR_LABELS, PAYMENT_METHOD_LABELS } from '../../../shared/treasury.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCompany } from '../company/get-company.js';
import { withIdempotency } from '../idempotency.js';
import { throwIfErrors } from '../stock/common.js';
import { lockTreasuryAccounts, postMoneyMovements } from '../treasury/ledger.js';
import {
  labelMobileMoneyReferences,
  registerMobileMoneyReferences,
  unwrittenDocument,
} from '../treasury/mobile-money-references.js';
/**
 * A client settlement (règlement, REG-, issue 15), validated in one transaction:
 * - source `payment`: money the client hands over lands in one treasury account of the kind its
 *   method calls for (espèces → a cash desk, mobile money → a wallet of the operator, chèque /
 *   virement / carte → a bank), through the money ledger; a mobile-money transaction id already
 *   recorded for that operator is refused (mobile_money_references);
 * - source `advance`: the client's advance (acompte) is spent on invoices; no money moves;
 * - the allocations settle the client's open invoices (amount_paid, last_settlement_date, payment status payée /
 *   partiellement payée); what the user left unallocated becomes the client's advance — only what
 *   they left explicitly: an allocation above an invoice's remaining (another settlement took it
 *   meanwhile) is refused, naming the invoice and what remains, never turned into an advance;
 * - the client's balance (net receivable = Σ remaining − advance) goes down by what was received.
 * Lock order: the client, then the invoices (in id order), then the treasury account (ledger.ts).
 * The number comes from the gap-free counter in the same transaction; the idempotency key makes a
 * replay return the first settlement.
 */

import {
  type SettlementInput,
  checkSettlementForm,
  lockPayingClient,
  lockSettledInvoices,
  moveClientBalances,
  refuseAllocationIssues,
  resolveSettlementAccount,
  settleInvoices,
  settlementAllocations,
} from './settlement-steps.js';

export type { SettlementInput };

export interface CreatedSettlement {
  id: number;
  number: string;
  amount: number;
  allocated: number;
  advance: number;
}

export async function createSettlement(
  db: Knex,
  input: SettlementInput,
  actor: Actor,
): Promise<CreatedSettlement & { replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'settlement.create', key: input.idempotencyKey },
      () => validateSettlement(trx, input, actor),
    );
    return { ...result, replayed };
  });
}

/** Validates one settlement in the caller's transaction (the form's, or a bulk seed's). */
export async function validateSettlement(
  trx: Knex.Transaction,
  input: Omit<SettlementInput, 'idempotencyKey'>,
  actor: Actor,
): Promise<CreatedSettlement> {
  const company = await getCompany(trx);
  const currency = company.currency;
  const money = (n: number) => formatMoney(n, currency);
  const isPayment = input.source === 'payment';
  const mobileReference = checkSettlementForm(input, company.time_zone);
  // Lock order: the client, then its invoices, then (postMoneyMovements) the treasury account.
  const client = await lockPayingClient(trx, input, money);
  const { sales, byId } = await lockSettledInvoices(trx, input, client);
  const allocations = settlementAllocations(input, client, sales, byId);
  refuseAllocationIssues(input, allocations, sales, byId, client, money);

  const allocated = allocations.reduce((s, a) => s + a.amount, 0);
  const advance = isPayment ? input.amount - allocated : 0;

  // Where the money lands (payment only).
  const errors: Record<string, string> = {};
  let account: { id: number; name: string } | null = null;
  if (isPayment) account = await resolveSettlementAccount(trx, input, errors);
  throwIfErrors(errors);

  const isMobile = isPayment && input.method === 'mobile_money';
  const reference = isMobile ? mobileReference : input.reference.trim();
  // The transaction id is claimed before the account's lock (the registry comes first in the lock order).
  const mobileRefs = isMobile ? [{ operator: input.operator!, reference, field: 'reference' }] : [];
  if (isMobile) await registerMobileMoneyReferences(trx, mobileRefs, unwrittenDocument('settlement'));
  // The account's lock before the settlement row that references it (ledger.ts lockTreasuryAccounts).
  await lockTreasuryAccounts(trx, [account?.id]);
  const { number } = await nextDocumentNumber(trx, SETTLEMENT_SERIES, yearOf(input.settlementDate));
  const now = nowIso();
  const settlementId = await insertReturningId(trx, 'settlements', {
    number,
    client_id: client.id,
    source: input.source,
    account_id: account?.id ?? null,
    method: isPayment ? input.method : null,
    operator: isMobile ? input.operator : null,
    phone: isPayment && input.phone.trim() ? input.phone.trim() : null,
    reference: isPayment && reference ? reference : null,
    cheque_date: isPayment && input.method === 'cheque' ? input.chequeDate : null,
    settlement_date: input.settlementDate,
    amount: input.amount,
    allocated,
    advance,
    allocation_mode: input.allocationMode,
    status: 'validated',
    note: input.note,
    created_by: actor.id,
    created_at: now,
    version: 1,
    updated_at: now,
  });

  await insertInChunks(
    trx,
    'settlement_allocations',
    allocations.map((a, k) => ({ settlement_id: settlementId, sale_id: a.saleId, position: k + 1, amount: a.amount })),
  );
  await settleInvoices(trx, allocations, byId, input.settlementDate, now);
  const { balanceAfter, advanceAfter } = await moveClientBalances(trx, input, client, advance, currency, now);
  // What the receipt shows, reprinted later: the balance and advance as this settlement left them.
  await trx('settlements')
    .where({ id: settlementId })
    .update({ balance_after: balanceAfter, advance_after: advanceAfter });

  if (isMobile) await labelMobileMoneyReferences(trx, mobileRefs, { type: 'settlement', id: settlementId, number });
  if (isPayment) {
    await postMoneyMovements(
      trx,
      [
        {
          accountId: account!.id,
          amount: input.amount,
          movementType: 'settlement',
          paymentMethod: input.method!,
          operator: isMobile ? input.operator : null,
          phone: input.phone.trim() || null,
          reference: reference || null,
          label: `Règlement ${number} — ${client.name}`,
          field: 'account_id',
        },
      ],
      // A closed day of the desk moves the money to its next open day (the settlement keeps its date).
      {
        documentType: 'settlement',
        documentId: settlementId,
        documentNumber: number,
        userId: actor.id,
        businessDate: input.settlementDate,
        onClosedDay: 'next_open_day',
      },
    );
  }

  await recordAudit(trx, {
    action: 'settlement.validated',
    user: auditUser(actor),
    subject: { type: 'settlement', id: settlementId, label: number },
    details: {
      after: {
        client: client.name,
        settlement_date: input.settlementDate,
        source: input.source,
        method: isPayment ? PAYMENT_METHOD_LABELS[input.method!] : undefined,
        operator: isMobile ? MOBILE_MONEY_OPERATOR_LABELS[input.operator!] : undefined,
        reference: reference || undefined,
        account: account?.name,
        amount: input.amount,
        allocated,
        advance,
        invoices: allocations.map((a) => ({ number: byId.get(a.saleId)!.number, amount: a.amount })),
      },
    },
    ip: actor.ip,
  });
  return { id: settlementId, number, amount: input.amount, allocated, advance };
}
