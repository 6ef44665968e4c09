import type { Knex } from 'knex';
import { insertInChunks } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { yearOf } from '../../domain/dates.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { EVERY_PLACE, type PlaceScope, UNALLOWED_TREASURY_ACCOUNT, allowsAccount } from '../../policies/places.js';
import { limitMessage } from '../../../shared/limits.js';
import { formatMoney } from '../../../shared/money.js';
import { SETTLEMENT_SERIES, paymentStatus, saleRemaining } from '../../../shared/sales.js';
import {
  type Allocation,
  type AllocationMode,
  type OpenInvoice,
  type SettlementSource,
  allocateOldestFirst,
  allocationIssues,
} from '../../../shared/settlements.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHOD_ACCOUNT_KIND,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../../shared/treasury.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCompany } from '../company/get-company.js';
import { withIdempotency } from '../idempotency.js';
import { whereAllowedAccount } from '../places/scope.js';
import { checkBusinessDate, throwIfErrors } from '../stock/common.js';
import { lockTreasuryAccounts, postMoneyMovements } from '../treasury/ledger.js';
import {
  labelMobileMoneyReferences,
  readOperatorReference,
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

export interface SettlementInput {
  idempotencyKey: string;
  clientId: number;
  /** YYYY-MM-DD: the business date the money was received. */
  settlementDate: string;
  source: SettlementSource;
  /** payment: how the client paid; null when spending the advance. */
  method: PaymentMethod | null;
  /** payment: the account the money lands in; null → the first active account of the right kind the user works on. */
  accountId: number | null;
  operator: MobileMoneyOperator | null;
  /** The payer's phone (mobile money). */
  phone: string;
  /** Mobile-money transaction id, cheque number, transfer reference. */
  reference: string;
  /** The cheque's date (chèque). */
  chequeDate: string | null;
  /** Received (payment) or taken from the advance (advance), in minor units. */
  amount: number;
  allocationMode: AllocationMode;
  /**
   * The allocations the user saw and validated (oldest first or chosen). null: oldest first,
   * computed here under the client's lock (a program asking « settle the oldest, keep the rest as
   * an advance »).
   */
  allocations: Allocation[] | null;
  note: string;
  /** The places the user works in: an account not theirs is refused. Absent: no restriction. */
  places?: PlaceScope;
}

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

interface LockedSale {
  id: number;
  number: string;
  client_id: number;
  status: string;
  sale_date: string;
  due_date: string | null;
  total_ttc: number;
  amount_paid: number;
  amount_credited: number;
  last_settlement_date: string | null;
}

const remainingOf = (s: LockedSale) =>
  saleRemaining(Number(s.total_ttc), Number(s.amount_paid), Number(s.amount_credited));

/** Validates one settlement in the caller's transaction (the form's, or a bulk seed's). */
export async function validateSettlement(
  trx: Knex.Transaction,
  input: Omit<SettlementInput, 'idempotencyKey'>,
  actor: Actor,
): Promise<CreatedSettlement> {
  const errors: Record<string, string> = {};
  const company = await getCompany(trx);
  const currency = company.currency;
  const money = (n: number) => formatMoney(n, currency);
  const isPayment = input.source === 'payment';
  let mobileReference = '';

  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    errors.amount = isPayment
      ? 'Le montant reçu doit être supérieur à zéro.'
      : 'Le montant pris sur l’acompte doit être supérieur à zéro.';
  checkBusinessDate(input.settlementDate, company.time_zone, 'settlement_date', errors, 'La date du règlement');
  if (isPayment) {
    if (!input.method) errors.method = 'Choisissez le mode de paiement.';
    if (input.method === 'mobile_money') {
      if (!input.operator) errors.operator = 'Choisissez l’opérateur mobile money.';
      // The id in its stored form: a disguised id (inner space, zero-width character, full width) is the same id.
      mobileReference = readOperatorReference(
        input.reference,
        'reference',
        errors,
        'Indiquez l’identifiant de la transaction mobile money (il figure sur le SMS de confirmation).',
      );
      if (input.phone && !/^\+?[\d\s.-]{6,20}$/.test(input.phone))
        errors.phone = 'Ce numéro de téléphone n’est pas valide.';
    }
    if (input.method === 'cheque') {
      if (!input.reference.trim()) errors.reference = 'Indiquez le numéro du chèque.';
      if (!input.chequeDate) errors.cheque_date = 'Indiquez la date du chèque.';
      else if (!/^\d{4}-\d{2}-\d{2}$/.test(input.chequeDate) || Number.isNaN(Date.parse(input.chequeDate)))
        errors.cheque_date = 'La date du chèque n’est pas valide.';
    }
    if (input.method === 'virement' && !input.reference.trim()) errors.reference = 'Indiquez la référence du virement.';
  }
  if (input.allocations === null && input.allocationMode === 'chosen')
    errors.allocations = 'Cochez les factures à régler.';
  if (input.allocations && input.allocations.length > 500)
    errors.allocations = 'Un règlement ne peut pas régler plus de 500 factures.';
  throwIfErrors(errors);

  // Lock order: the client, then its invoices, then (postMoneyMovements) the treasury account.
  const client = await lockForUpdate(
    trx,
    trx('clients').where({ id: input.clientId }).select('id', 'code', 'name', 'is_walk_in', 'balance', 'advance'),
  ).first();
  if (!client) throw new Refusal({ client_id: 'Le client choisi n’existe pas.' });
  if (toBool(client.is_walk_in))
    throw new Refusal({ client_id: 'Le CLIENT COMPTANT n’a pas de compte : ses ventes sont payées à la caisse.' });
  const advanceBefore = Number(client.advance);
  if (!isPayment && input.amount > advanceBefore) {
    throw new Refusal({
      amount:
        advanceBefore === 0
          ? `« ${client.name} » n’a pas d’acompte disponible.`
          : `« ${client.name} » n’a que ${money(advanceBefore)} d’acompte disponible : vous ne pouvez pas en prendre ${money(input.amount)}.`,
    });
  }

  // The invoices: those named (the user's allocations), or every open one (oldest first here).
  const named = input.allocations ? [...new Set(input.allocations.map((a) => a.saleId))] : null;
  const saleQuery = trx('sales')
    .select(
      'id',
      'number',
      'client_id',
      'status',
      'sale_date',
      'due_date',
      'total_ttc',
      'amount_paid',
      'amount_credited',
      'last_settlement_date',
    )
    .orderBy('id');
  if (named) saleQuery.whereIn('id', named.length ? named : [0]);
  else
    saleQuery
      .where({ client_id: client.id, status: 'validated' })
      .whereRaw('total_ttc - amount_paid - amount_credited > 0');
  const sales: LockedSale[] = (await lockForUpdate(trx, saleQuery)).map((s: LockedSale) => ({
    ...s,
    id: Number(s.id),
    client_id: Number(s.client_id),
  }));
  const byId = new Map(sales.map((s) => [s.id, s]));

  let allocations: Allocation[];
  if (input.allocations) {
    allocations = input.allocations;
    // Which named invoices are not open invoices of this client, and why (on their line).
    input.allocations.forEach((a, i) => {
      const s = byId.get(a.saleId);
      const field = `allocations.${i}.sale_id`;
      if (!s) errors[field] = `Ligne ${i + 1} : cette facture n’existe pas.`;
      else if (s.client_id !== Number(client.id))
        errors[field] = `La facture ${s.number} n’est pas une facture de « ${client.name} ».`;
      else if (s.status !== 'validated')
        errors[field] = `La facture ${s.number} est annulée : elle ne peut plus être réglée.`;
      else if (remainingOf(s) <= 0) errors[field] = `La facture ${s.number} est déjà entièrement payée.`;
      else if (s.sale_date > input.settlementDate)
        errors[field] =
          `La facture ${s.number} est datée du ${frenchDate(s.sale_date)}, après ce règlement du ${frenchDate(input.settlementDate)}.`;
    });
    throwIfErrors(errors);
  } else {
    const open = sales.filter((s) => s.sale_date <= input.settlementDate);
    allocations = allocateOldestFirst(input.amount, open.map(openInvoiceOf)).allocations;
  }

  const open = sales
    .filter((s) => s.client_id === Number(client.id) && s.status === 'validated' && remainingOf(s) > 0)
    .map(openInvoiceOf);
  for (const issue of allocationIssues(input.amount, input.source, allocations, open)) {
    if (issue.index === null) {
      errors.allocations =
        issue.reason === 'above_amount'
          ? `Les factures cochées totalisent ${money(issue.allocated)}, plus que ${isPayment ? 'le montant reçu' : 'le montant pris sur l’acompte'} (${money(input.amount)}).`
          : `Un acompte dépensé va entièrement aux factures : ${money(issue.allocated)} réparti sur ${money(input.amount)}. Réduisez le montant ou réglez d’autres factures.`;
      continue;
    }
    const s = byId.get(allocations[issue.index].saleId);
    const field = `allocations.${issue.index}.amount`;
    if (issue.reason === 'not_positive')
      errors[field] = `Ligne ${issue.index + 1} : le montant réglé doit être supérieur à zéro.`;
    else if (issue.reason === 'twice')
      errors[`allocations.${issue.index}.sale_id`] =
        `La facture ${s?.number ?? ''} figure déjà à la ligne ${issue.firstIndex + 1}.`;
    else if (issue.reason === 'above_remaining')
      errors[field] =
        `La facture ${s!.number} n’a plus que ${money(issue.remaining)} à payer : vous ne pouvez pas y affecter ${money(allocations[issue.index].amount)}. Elle a peut-être été réglée entre-temps : rechargez la page.`;
    else
      errors[`allocations.${issue.index}.sale_id`] =
        `Ligne ${issue.index + 1} : cette facture ne peut pas être réglée.`;
  }
  throwIfErrors(errors);

  const allocated = allocations.reduce((s, a) => s + a.amount, 0);
  const advance = isPayment ? input.amount - allocated : 0;

  // Where the money lands (payment only).
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
  for (const a of allocations) {
    const s = byId.get(a.saleId)!;
    const paid = Number(s.amount_paid) + a.amount;
    // The latest settlement date the sale ever had (État des créances at a past date: migration 202611260050).
    const lastSettlement =
      s.last_settlement_date && s.last_settlement_date > input.settlementDate
        ? s.last_settlement_date
        : input.settlementDate;
    await trx('sales')
      .where({ id: s.id })
      .update({
        amount_paid: paid,
        payment_status: paymentStatus(Number(s.total_ttc), paid, Number(s.amount_credited)),
        last_settlement_date: lastSettlement,
        version: trx.raw('version + 1'),
        updated_at: now,
      });
  }

  // The client: net receivable down by what was received; the advance up by what was left over
  // (payment) or down by what was spent (advance).
  let balanceAfter: number;
  let advanceAfter: number;
  try {
    balanceAfter = isPayment ? addWithin('balance', Number(client.balance), -input.amount) : Number(client.balance);
    advanceAfter = addWithin('balance', advanceBefore, isPayment ? advance : -input.amount);
  } catch (err) {
    if (!(err instanceof LimitExceeded)) throw err;
    throw new Refusal({
      amount: `Le solde du client « ${client.name} » ${limitMessage('', 'balance', currency).trim()}`,
    });
  }
  await trx('clients')
    .where({ id: client.id })
    .update({ balance: balanceAfter, advance: advanceAfter, updated_at: now });
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

function openInvoiceOf(s: LockedSale): OpenInvoice {
  return { id: s.id, saleDate: s.sale_date, dueDate: s.due_date ?? null, remaining: remainingOf(s) };
}

function frenchDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The treasury account a payment lands in: the one chosen, which must be of the kind its method
 * calls for (a wallet of the same operator for mobile money), active and the user's; without a
 * choice, the first active account of that kind the user works on.
 */
async function resolveSettlementAccount(
  trx: Knex.Transaction,
  input: Omit<SettlementInput, 'idempotencyKey'>,
  errors: Record<string, string>,
): Promise<{ id: number; name: string } | null> {
  const method = input.method!;
  const kind = PAYMENT_METHOD_ACCOUNT_KIND[method];
  const scope = input.places ?? EVERY_PLACE;
  const methodWord = PAYMENT_METHOD_LABELS[method].toLowerCase();
  const operatorName = input.operator ? MOBILE_MONEY_OPERATOR_LABELS[input.operator] : 'mobile money';
  if (input.accountId !== null) {
    const chosen = await trx('treasury_accounts')
      .where({ id: input.accountId })
      .first('id', 'name', 'kind', 'location_id', 'operator', 'active');
    if (!chosen) errors.account_id = 'Le compte choisi n’existe pas.';
    else if (!allowsAccount(scope, chosen)) errors.account_id = UNALLOWED_TREASURY_ACCOUNT;
    else if (chosen.kind !== kind)
      errors.account_id = `Le compte « ${chosen.name} » ne peut pas recevoir un règlement ${methodWord === 'espèces' ? 'en espèces' : `par ${methodWord}`} : choisissez ${kind === 'caisse' ? 'une caisse' : kind === 'banque' ? 'un compte bancaire' : `un compte ${operatorName}`}.`;
    else if (kind === 'mobile_money' && chosen.operator !== input.operator)
      errors.account_id = `Le compte « ${chosen.name} » n’est pas un compte ${operatorName}.`;
    else if (!toBool(chosen.active))
      errors.account_id = `Le compte « ${chosen.name} » est archivé : choisissez un compte actif.`;
    return chosen ? { id: Number(chosen.id), name: chosen.name } : null;
  }
  const qb = whereAllowedAccount(trx('treasury_accounts').where({ kind, active: true }), scope);
  if (kind === 'mobile_money') qb.where({ operator: input.operator });
  const found = await qb.orderBy('id').first('id', 'name');
  if (!found)
    errors.account_id =
      kind === 'caisse'
        ? 'Aucune caisse active ne vous est attribuée pour encaisser en espèces.'
        : kind === 'mobile_money'
          ? `Aucun compte ${operatorName} actif ne vous est attribué pour recevoir ce règlement.`
          : `Aucun compte bancaire actif ne vous est attribué pour recevoir un règlement par ${methodWord}.`;
  return found ? { id: Number(found.id), name: found.name } : null;
}
