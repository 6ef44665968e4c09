import type { Knex } from 'knex';
import { lockForUpdate, toBool } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { EVERY_PLACE, type PlaceScope, UNALLOWED_TREASURY_ACCOUNT, allowsAccount } from '../../policies/places.js';
import { limitMessage } from '../../../shared/limits.js';
import { paymentStatus, saleRemaining } from '../../../shared/sales.js';
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
import { whereAllowedAccount } from '../places/scope.js';
import { checkBusinessDate, throwIfErrors } from '../stock/common.js';
import { readOperatorReference } from '../treasury/mobile-money-references.js';

/*
 * The steps of validateSettlement (create-settlement.ts), in its order: each checks or writes one
 * thing inside the caller's transaction and throws a Refusal on its fields.
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

type SettlementRequest = Omit<SettlementInput, 'idempotencyKey'>;
type Money = (minor: number) => string;

export interface LockedSale {
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

/** The client paying, locked (first in the lock order). */
export interface PayingClient {
  id: number;
  name: string;
  balance: number;
  advance: number;
}

/**
 * The form's own checks before anything is read: the amount, the date, what the method needs
 * (operator, transaction id, phone, cheque number and date, transfer reference), the allocations'
 * count. Returns the mobile-money transaction id in its stored form ('' for another method).
 */
export function checkSettlementForm(input: SettlementRequest, timeZone: string): string {
  const errors: Record<string, string> = {};
  const isPayment = input.source === 'payment';
  let mobileReference = '';

  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    errors.amount = isPayment
      ? 'Le montant reçu doit être supérieur à zéro.'
      : 'Le montant pris sur l’acompte doit être supérieur à zéro.';
  checkBusinessDate(input.settlementDate, timeZone, 'settlement_date', errors, 'La date du règlement');
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
  return mobileReference;
}

/** Locks the client (the first lock of the order) and refuses the walk-in client or an advance larger than theirs. */
export async function lockPayingClient(
  trx: Knex.Transaction,
  input: SettlementRequest,
  money: Money,
): Promise<PayingClient> {
  const isPayment = input.source === 'payment';
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
  return { id: Number(client.id), name: client.name, balance: Number(client.balance), advance: advanceBefore };
}

/** Locks the invoices the settlement names, or every open invoice of the client (in id order, after the client). */
export async function lockSettledInvoices(
  trx: Knex.Transaction,
  input: SettlementRequest,
  client: PayingClient,
): Promise<{ sales: LockedSale[]; byId: Map<number, LockedSale> }> {
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
  return { sales, byId };
}

/**
 * The allocations: those the user validated, each naming an open invoice of this client dated no
 * later than the settlement (refused on its line otherwise), or the oldest open invoices first.
 */
export function settlementAllocations(
  input: SettlementRequest,
  client: PayingClient,
  sales: LockedSale[],
  byId: Map<number, LockedSale>,
): Allocation[] {
  const errors: Record<string, string> = {};
  let allocations: Allocation[];
  if (input.allocations) {
    allocations = input.allocations;
    // Which named invoices are not open invoices of this client, and why (on their line).
    input.allocations.forEach((a, i) => {
      const s = byId.get(a.saleId);
      const field = `allocations.${i}.sale_id`;
      if (!s) errors[field] = `Ligne ${i + 1} : cette facture n’existe pas.`;
      else if (s.client_id !== client.id)
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
  return allocations;
}

/** Refuses allocations the shared rules reject: above the amount, an advance not all spent, a line at zero, an invoice twice or above what it still owes. */
export function refuseAllocationIssues(
  input: SettlementRequest,
  allocations: Allocation[],
  sales: LockedSale[],
  byId: Map<number, LockedSale>,
  client: PayingClient,
  money: Money,
): void {
  const errors: Record<string, string> = {};
  const isPayment = input.source === 'payment';
  const open = sales
    .filter((s) => s.client_id === client.id && s.status === 'validated' && remainingOf(s) > 0)
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
}

/** Each invoice paid by its allocation: amount paid, payment status, latest settlement date. */
export async function settleInvoices(
  trx: Knex.Transaction,
  allocations: Allocation[],
  byId: Map<number, LockedSale>,
  settlementDate: string,
  now: string,
): Promise<void> {
  for (const a of allocations) {
    const s = byId.get(a.saleId)!;
    const paid = Number(s.amount_paid) + a.amount;
    // The latest settlement date the sale ever had (État des créances at a past date: migration 202611260050).
    const lastSettlement =
      s.last_settlement_date && s.last_settlement_date > settlementDate ? s.last_settlement_date : settlementDate;
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
}

/** The client's balance and advance after the settlement, written; refused beyond the balance ceiling. */
export async function moveClientBalances(
  trx: Knex.Transaction,
  input: SettlementRequest,
  client: PayingClient,
  advance: number,
  currency: string,
  now: string,
): Promise<{ balanceAfter: number; advanceAfter: number }> {
  const isPayment = input.source === 'payment';
  const advanceBefore = client.advance;
  // The client: net receivable down by what was received; the advance up by what was left over
  // (payment) or down by what was spent (advance).
  let balanceAfter: number;
  let advanceAfter: number;
  try {
    balanceAfter = isPayment ? addWithin('balance', client.balance, -input.amount) : client.balance;
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
  return { balanceAfter, advanceAfter };
}

export function openInvoiceOf(s: LockedSale): OpenInvoice {
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
export async function resolveSettlementAccount(
  trx: Knex.Transaction,
  input: SettlementRequest,
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
