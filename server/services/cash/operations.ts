import type { Knex } from 'knex';
import {
  CASH_OPERATION_KINDS_DEF,
  CASH_OPERATION_SERIES,
  type CashOperationKind,
  type BankPaymentMethod,
} from '../../../shared/cash-operations.js';
import { formatMoney } from '../../../shared/money.js';
import {
  type MobileMoneyOperator,
  type MoneyMovementType,
  type PaymentMethod,
  TREASURY_KIND_LABELS,
  type TreasuryKind,
} from '../../../shared/treasury.js';
import { writeTogether } from '../../db/bulk.js';
import { nextDocumentNumber } from '../../db/counters.js';
import { insertReturningId, lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { businessDate, yearOf } from '../../domain/dates.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { type PlaceScope, UNALLOWED_TREASURY_ACCOUNT, allowsAccount } from '../../policies/places.js';
import { type Actor, auditUser } from '../actor.js';
import { auditWrite, recordAudit } from '../audit/record-audit.js';
import { companyToday, documentSettings } from '../company/get-company.js';
import { withIdempotency } from '../idempotency.js';
import {
  type MoneyMovementInput,
  lockTreasuryAccounts,
  postMoneyMovements,
  prepareMoneyMovements,
} from '../treasury/ledger.js';
import {
  labelMobileMoneyReferences,
  readOperatorReference,
  registerMobileMoneyReferences,
  releaseMobileMoneyReferences,
  unwrittenDocument,
} from '../treasury/mobile-money-references.js';

/**
 * Caisse operations (CAI-, issue 16): décaissement, apport, transfert inter-caisse (sent, then
 * confirmed by the receiving desk), versement en banque, retrait bancaire, paiement fournisseur and
 * transfert mobile money ↔ caisse. One service, one transaction per operation:
 * - the accounts must be of the kinds the operation moves money between (CASH_OPERATION_KINDS_DEF),
 *   active, and among the user's accounts (a transfer's receiving desk excepted: it is another place
 *   by nature, and its users confirm the reception);
 * - the money moves only through postMoneyMovements (ledger.ts), dated today in the company time
 *   zone: a desk or a wallet never pays more than it holds (the ledger's refusal lands on `amount`),
 *   and the closed-day lock of the cash closing applies to every movement posted here;
 * - the number comes from the gap-free CAI counter in the same transaction; the idempotency key
 *   makes a replay return the first operation;
 * - a transfer mobile money ↔ caisse carries the operator's transaction id: stored normalised and
 *   registered once per operator (mobile-money-references.ts), freed when it is cancelled;
 * - a supplier payment lowers suppliers.balance (never below zero) and is allocated to the
 *   supplier's validated stock entries, oldest first (stock_entries.amount_paid);
 * - a cancellation keeps the number, posts the reversing movements dated today and undoes the
 *   supplier side. Lock order: suppliers, then the operation, then the treasury accounts.
 */

export interface CashOperationInput {
  idempotencyKey: string;
  kind: CashOperationKind;
  amount: number;
  fromAccountId: number | null;
  toAccountId: number | null;
  expenseCategoryId: number | null;
  supplierId: number | null;
  /** A supplier payment from a bank: virement or chèque. */
  bankMethod: BankPaymentMethod | null;
  beneficiary: string;
  reference: string;
  note: string;
  places: PlaceScope;
}

interface AccountRow {
  id: number;
  kind: TreasuryKind;
  code: string;
  name: string;
  active: boolean;
  location_id: number | null;
  operator: string | null;
}

const MOVEMENT_TYPES: Record<CashOperationKind, { out: MoneyMovementType; in: MoneyMovementType }> = {
  expense: { out: 'cash_out', in: 'cash_out' },
  cash_in: { out: 'cash_in', in: 'cash_in' },
  transfer: { out: 'transfer_out', in: 'transfer_in' },
  bank_deposit: { out: 'bank_deposit', in: 'bank_deposit' },
  bank_withdrawal: { out: 'bank_withdrawal', in: 'bank_withdrawal' },
  supplier_payment: { out: 'supplier_payment', in: 'supplier_payment' },
  mobile_money: { out: 'mobile_money_transfer', in: 'mobile_money_transfer' },
};

async function loadAccount(trx: Knex.Transaction, id: number | null): Promise<AccountRow | null> {
  if (!id) return null;
  const row = await trx('treasury_accounts')
    .where({ id })
    .first('id', 'kind', 'code', 'name', 'active', 'location_id', 'operator');
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    code: row.code,
    name: row.name,
    active: toBool(row.active),
    location_id: row.location_id === null ? null : Number(row.location_id),
    operator: row.operator ?? null,
  };
}

const kindsText = (kinds: readonly TreasuryKind[]) =>
  kinds.map((k) => TREASURY_KIND_LABELS[k].toLowerCase()).join(' ou ');

/** The method the movement of this side is recorded with. */
function methodOf(account: AccountRow, kind: CashOperationKind, bankMethod: BankPaymentMethod | null): PaymentMethod {
  if (account.kind === 'caisse') return 'especes';
  if (account.kind === 'mobile_money') return 'mobile_money';
  if (kind === 'supplier_payment') return bankMethod ?? 'virement';
  return 'especes';
}

function checkAccount(
  errors: Record<string, string>,
  field: string,
  account: AccountRow | null,
  kinds: readonly TreasuryKind[],
  places: PlaceScope | null,
  what: string,
) {
  if (!account) {
    errors[field] = `Choisissez ${what}.`;
    return;
  }
  if (!kinds.includes(account.kind))
    errors[field] = `« ${account.name} » n’est pas un compte de type ${kindsText(kinds)}.`;
  else if (!account.active) errors[field] = `Le compte « ${account.name} » est archivé : choisissez un compte actif.`;
  else if (places && !allowsAccount(places, account)) errors[field] = UNALLOWED_TREASURY_ACCOUNT;
}

/** The label each ledger line carries (« Décaissement CAI-2026-000004 — Transport »). */
function movementLabel(kind: CashOperationKind, number: string, detail: string): string {
  const base = `${CASH_OPERATION_KINDS_DEF[kind].label} ${number}`;
  return (detail ? `${base} — ${detail}` : base).slice(0, 255);
}

export async function createCashOperation(
  db: Knex,
  input: CashOperationInput,
  actor: Actor,
): Promise<{ id: number; number: string; replayed: boolean }> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'cash_operation.create', key: input.idempotencyKey },
      () => recordCashOperation(trx, input, actor),
    );
    return { ...result, replayed };
  });
}

/** Records one operation in the caller's transaction (the form's, or the demo seed's). */
export async function recordCashOperation(
  trx: Knex.Transaction,
  input: Omit<CashOperationInput, 'idempotencyKey'>,
  actor: Actor,
  today?: string,
): Promise<{ id: number; number: string }> {
  const def = CASH_OPERATION_KINDS_DEF[input.kind];
  // Currency and time zone in one read (documentSettings).
  const settings = await documentSettings(trx);
  const currency = settings.currency;
  const errors: Record<string, string> = {};
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    errors.amount = 'Le montant doit être supérieur à zéro.';

  const from = def.from ? await loadAccount(trx, input.fromAccountId) : null;
  const to = def.to ? await loadAccount(trx, input.toAccountId) : null;
  if (def.from)
    checkAccount(
      errors,
      'from_account_id',
      from,
      def.from,
      input.places,
      input.kind === 'cash_in' ? 'la caisse' : 'le compte d’où sort l’argent',
    );
  // The receiving desk of a transfer is another place: any active desk may receive.
  if (def.to)
    checkAccount(
      errors,
      'to_account_id',
      to,
      def.to,
      input.kind === 'transfer' ? null : input.places,
      'le compte où entre l’argent',
    );
  if (input.kind === 'transfer' && from && to && from.id === to.id)
    errors.to_account_id = 'Choisissez une autre caisse : un transfert ne peut pas revenir à la caisse d’où il part.';
  if (input.kind === 'mobile_money' && from && to && !errors.from_account_id && !errors.to_account_id) {
    const kinds = new Set([from.kind, to.kind]);
    if (!(kinds.has('caisse') && kinds.has('mobile_money')))
      errors.to_account_id =
        'Un transfert mobile money relie une caisse et un compte mobile money : choisissez-en un de chaque.';
  }
  if (def.referenceRequired && !input.reference)
    errors.reference = `Indiquez le ${def.reference?.replace(/^N° /, 'numéro ') ?? 'référence'}.`;
  // A transfer mobile money ↔ caisse: its reference is the operator's transaction id (« N° de
  // transaction »), in its stored form and registered once per operator like a payment's (a
  // disguised id is the same id). A supplier paid from a wallet may give any reference (a receipt,
  // the supplier's invoice): kept as typed.
  const wallet =
    input.kind === 'mobile_money' ? ([from, to].find((a) => a?.kind === 'mobile_money' && a.operator) ?? null) : null;
  let reference = input.reference;
  if (wallet && input.reference && !errors.reference)
    reference = readOperatorReference(
      input.reference,
      'reference',
      errors,
      `Indiquez le ${def.reference?.replace(/^N° /, 'numéro ') ?? 'référence'}.`,
    );
  const mobileRefs =
    wallet && reference ? [{ operator: wallet.operator as MobileMoneyOperator, reference, field: 'reference' }] : [];

  let category: { id: number; name: string } | null = null;
  if (input.kind === 'expense') {
    const row = input.expenseCategoryId
      ? await trx('expense_categories').where({ id: input.expenseCategoryId }).first('id', 'name', 'active')
      : null;
    if (!row) errors.expense_category_id = 'Choisissez la catégorie de la dépense.';
    else if (!toBool(row.active))
      errors.expense_category_id = `La catégorie « ${row.name} » est archivée : choisissez-en une active.`;
    else category = { id: Number(row.id), name: row.name };
    if (!input.beneficiary) errors.beneficiary = 'Indiquez le bénéficiaire de la dépense.';
  }

  let supplier: { id: number; name: string; balance: number } | null = null;
  if (input.kind === 'supplier_payment') {
    // Lock order: the supplier before the treasury accounts (postMoneyMovements).
    const row = input.supplierId
      ? await lockForUpdate(
          trx,
          trx('suppliers').where({ id: input.supplierId }).first('id', 'name', 'balance', 'active'),
        )
      : null;
    if (!row) errors.supplier_id = 'Choisissez le fournisseur.';
    else {
      supplier = { id: Number(row.id), name: row.name, balance: Number(row.balance) };
      if (!errors.amount && input.amount > supplier.balance) {
        errors.amount =
          supplier.balance > 0
            ? `Le fournisseur « ${supplier.name} » n’attend que ${formatMoney(supplier.balance, currency)} : le paiement ne peut pas dépasser ce solde.`
            : `Nous ne devons rien au fournisseur « ${supplier.name} » : il n’y a rien à payer.`;
      }
    }
    if (from?.kind === 'banque' && !input.bankMethod) errors.bank_method = 'Choisissez virement ou chèque.';
  }
  if (Object.keys(errors).length) throw new Refusal(errors);

  // The transaction id is claimed before the accounts' locks (the registry comes first in the lock order).
  if (mobileRefs.length) await registerMobileMoneyReferences(trx, mobileRefs, unwrittenDocument('cash_operation'));
  // The accounts' locks before the operation row that references them (ledger.ts lockTreasuryAccounts).
  await lockTreasuryAccounts(trx, [from?.id, to?.id]);
  const date = today ?? businessDate(settings.timeZone);
  const { number } = await nextDocumentNumber(trx, CASH_OPERATION_SERIES, yearOf(date));
  const now = nowIso();
  const paying = from ?? to!;
  const id = await insertReturningId(trx, 'cash_operations', {
    number,
    kind: input.kind,
    status: input.kind === 'transfer' ? 'in_transit' : 'done',
    operation_date: date,
    amount: input.amount,
    from_account_id: from?.id ?? null,
    to_account_id: to?.id ?? null,
    expense_category_id: category?.id ?? null,
    supplier_id: supplier?.id ?? null,
    payment_method: methodOf(paying, input.kind, input.bankMethod),
    beneficiary: input.beneficiary,
    reference,
    note: input.note,
    allocated: 0,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
  });

  const detail =
    category?.name ?? supplier?.name ?? (input.kind === 'transfer' && to ? `vers ${to.name}` : input.beneficiary);
  const types = MOVEMENT_TYPES[input.kind];
  const movements: MoneyMovementInput[] = [];
  if (mobileRefs.length) await labelMobileMoneyReferences(trx, mobileRefs, { type: 'cash_operation', id, number });
  const movementReference = reference || null;
  if (from) {
    movements.push({
      accountId: from.id,
      amount: -input.amount,
      movementType: types.out,
      paymentMethod: methodOf(from, input.kind, input.bankMethod),
      operator: (from.operator as never) ?? null,
      reference: movementReference,
      label: movementLabel(input.kind, number, detail),
      field: 'amount',
    });
  }
  // A transfer's money enters the receiving desk only when that desk confirms it (receiveCashTransfer).
  if (to && input.kind !== 'transfer') {
    const fromDetail = from ? `de ${from.name}` : detail;
    movements.push({
      accountId: to.id,
      amount: input.amount,
      movementType: types.in,
      paymentMethod: methodOf(to, input.kind, input.bankMethod),
      operator: (to.operator as never) ?? null,
      reference: movementReference,
      label: movementLabel(input.kind, number, fromDetail),
      field: 'amount',
    });
  }
  // The movements are written with the audit entry at the end (one statement on PostgreSQL, writeTogether).
  const money = await prepareMoneyMovements(trx, movements, {
    documentType: 'cash_operation',
    documentId: id,
    documentNumber: number,
    userId: actor.id,
    businessDate: date,
  });

  if (supplier) {
    const allocated = await allocateSupplierPayment(trx, id, supplier.id, input.amount);
    await trx('cash_operations').where({ id }).update({ allocated });
    await trx('suppliers')
      .where({ id: supplier.id })
      .update({ balance: supplier.balance - input.amount, updated_at: now });
  }

  const audit = await auditWrite(trx, {
    action: 'cash_operation.created',
    user: auditUser(actor),
    subject: { type: 'cash_operation', id, label: number },
    places: { accounts: [from?.id ?? null, to?.id ?? null] },
    details: {
      after: {
        kind: input.kind,
        amount: input.amount,
        from: from?.name ?? null,
        to: to?.name ?? null,
        category: category?.name ?? null,
        supplier: supplier?.name ?? null,
        beneficiary: input.beneficiary,
        reference,
      },
    },
    ip: actor.ip,
  });
  await writeTogether(trx, [...money.writes, audit]);
  return { id, number };
}

/** Spreads a supplier payment over the supplier's validated entries still unpaid, oldest first; returns what was allocated. */
async function allocateSupplierPayment(
  trx: Knex.Transaction,
  operationId: number,
  supplierId: number,
  amount: number,
): Promise<number> {
  let left = amount;
  let lastKey: { date: string; id: number } | null = null;
  while (left > 0) {
    const qb = trx('stock_entries')
      .where({ supplier_id: supplierId, status: 'validated' })
      .whereRaw('total_amount > amount_paid')
      .orderBy('entry_date')
      .orderBy('id')
      .limit(200)
      .select('id', 'entry_date', 'total_amount', 'amount_paid');
    if (lastKey) {
      const k = lastKey;
      qb.where((w) =>
        w.where('entry_date', '>', k.date).orWhere((x) => x.where('entry_date', k.date).where('id', '>', k.id)),
      );
    }
    const entries = await qb;
    if (entries.length === 0) break;
    const allocations: Array<{
      cash_operation_id: number;
      stock_entry_id: number;
      amount: number;
      cancelled_at: null;
    }> = [];
    for (const e of entries) {
      lastKey = { date: e.entry_date, id: Number(e.id) };
      const due = Number(e.total_amount) - Number(e.amount_paid);
      const part = Math.min(due, left);
      if (part <= 0) continue;
      allocations.push({
        cash_operation_id: operationId,
        stock_entry_id: Number(e.id),
        amount: part,
        cancelled_at: null,
      });
      await trx('stock_entries')
        .where({ id: e.id })
        .update({ amount_paid: Number(e.amount_paid) + part });
      left -= part;
      if (left === 0) break;
    }
    if (allocations.length) await trx('supplier_payment_allocations').insert(allocations);
  }
  return amount - left;
}

/** The receiving desk confirms a transfer in transit: the money enters it, dated today. */
export async function receiveCashTransfer(
  db: Knex,
  id: number,
  actor: Actor,
  places: PlaceScope,
): Promise<{ number: string }> {
  return db.transaction(async (trx) => {
    const op = await lockForUpdate(trx, trx('cash_operations').where({ id }).first());
    if (!op || op.kind !== 'transfer') throw Refusal.action('Ce transfert n’existe pas.');
    if (op.status === 'received') throw Refusal.action(`Le transfert ${op.number} a déjà été reçu.`);
    if (op.status !== 'in_transit')
      throw Refusal.action(`Le transfert ${op.number} est annulé : il ne peut plus être reçu.`);
    const to = await loadAccount(trx, Number(op.to_account_id));
    if (!to || !allowsAccount(places, to))
      throw Refusal.action(
        `Seuls les utilisateurs de « ${to?.name ?? 'la caisse de destination'} » peuvent confirmer la réception de ce transfert.`,
      );
    const from = await loadAccount(trx, Number(op.from_account_id));
    const date = await companyToday(trx);
    await postMoneyMovements(
      trx,
      [
        {
          accountId: to.id,
          amount: Number(op.amount),
          movementType: 'transfer_in',
          paymentMethod: 'especes',
          label: movementLabel('transfer', op.number, `de ${from?.name ?? ''}`),
          field: 'amount',
        },
      ],
      {
        documentType: 'cash_operation',
        documentId: Number(op.id),
        documentNumber: op.number,
        userId: actor.id,
        businessDate: date,
      },
    );
    const now = nowIso();
    await trx('cash_operations')
      .where({ id })
      .update({ status: 'received', received_by: actor.id, received_at: now, received_on: date, updated_at: now });
    await recordAudit(trx, {
      action: 'cash_operation.received',
      user: auditUser(actor),
      subject: { type: 'cash_operation', id: Number(op.id), label: op.number },
      details: { after: { received_on: date, account: to.name } },
      ip: actor.ip,
    });
    return { number: op.number as string };
  });
}

/**
 * Cancels an operation: the number stays, reversing movements dated today put the money back where
 * it was (refused, nothing written, when the account it came into no longer holds it), a supplier
 * payment's allocations are released and the supplier's balance restored.
 */
export async function cancelCashOperation(
  db: Knex,
  id: number,
  reason: string,
  actor: Actor,
  places: PlaceScope,
): Promise<{ number: string }> {
  return db.transaction(async (trx) => {
    const head = await trx('cash_operations').where({ id }).first('supplier_id');
    if (!head) throw Refusal.action('Cette opération n’existe pas.');
    const supplier = head.supplier_id
      ? await lockForUpdate(trx, trx('suppliers').where({ id: head.supplier_id }).first('id', 'name', 'balance'))
      : null;
    const op = await lockForUpdate(trx, trx('cash_operations').where({ id }).first());
    if (op.status === 'cancelled') throw Refusal.action(`L’opération ${op.number} est déjà annulée.`);
    const kind = op.kind as CashOperationKind;
    const from = await loadAccount(trx, op.from_account_id === null ? null : Number(op.from_account_id));
    const to = await loadAccount(trx, op.to_account_id === null ? null : Number(op.to_account_id));
    const paying = from ?? to;
    if (paying && !allowsAccount(places, paying))
      throw Refusal.action(`Seuls les utilisateurs de « ${paying.name} » peuvent annuler cette opération.`);
    const amount = Number(op.amount);
    const label = `Annulation ${CASH_OPERATION_KINDS_DEF[kind].label.toLowerCase()} ${op.number}`;
    const movements: MoneyMovementInput[] = [];
    // What entered an account leaves it first (refused if it is no longer there), then what left comes back.
    const entered = to && (kind !== 'transfer' || op.status === 'received');
    if (entered)
      movements.push({
        accountId: to.id,
        amount: -amount,
        movementType: 'cash_operation_cancel',
        paymentMethod: methodOf(to, kind, op.payment_method),
        operator: (to.operator as never) ?? null,
        label,
        field: 'reason',
      });
    if (from)
      movements.push({
        accountId: from.id,
        amount,
        movementType: 'cash_operation_cancel',
        paymentMethod: methodOf(from, kind, op.payment_method),
        operator: (from.operator as never) ?? null,
        label,
        field: 'reason',
      });
    const date = await companyToday(trx);
    await postMoneyMovements(trx, movements, {
      documentType: 'cash_operation',
      documentId: Number(op.id),
      documentNumber: op.number,
      userId: actor.id,
      businessDate: date,
    });
    const now = nowIso();
    if (supplier) {
      let balance: number;
      try {
        balance = addWithin('balance', Number(supplier.balance), amount);
      } catch (err) {
        if (err instanceof LimitExceeded)
          throw Refusal.action(
            `Annulation impossible : le solde du fournisseur « ${supplier.name} » dépasserait le plafond.`,
          );
        throw err;
      }
      const allocations = await trx('supplier_payment_allocations')
        .where({ cash_operation_id: id })
        .whereNull('cancelled_at')
        .select('id', 'stock_entry_id', 'amount');
      for (const a of allocations) {
        await trx('stock_entries')
          .where({ id: a.stock_entry_id })
          .update({ amount_paid: trx.raw('amount_paid - ?', [Number(a.amount)]) });
      }
      await trx('supplier_payment_allocations')
        .where({ cash_operation_id: id })
        .whereNull('cancelled_at')
        .update({ cancelled_at: now });
      await trx('suppliers').where({ id: supplier.id }).update({ balance, updated_at: now });
    }
    await trx('cash_operations').where({ id }).update({
      status: 'cancelled',
      cancelled_by: actor.id,
      cancelled_at: now,
      cancelled_on: date,
      cancel_reason: reason,
      updated_at: now,
    });
    // Its transaction id (a wallet's operation) may be entered again.
    await releaseMobileMoneyReferences(trx, { type: 'cash_operation', id: Number(op.id) });
    await recordAudit(trx, {
      action: 'cash_operation.cancelled',
      user: auditUser(actor),
      subject: { type: 'cash_operation', id: Number(op.id), label: op.number },
      details: { before: { status: op.status }, after: { status: 'cancelled', reason } },
      ip: actor.ip,
    });
    return { number: op.number as string };
  });
}
