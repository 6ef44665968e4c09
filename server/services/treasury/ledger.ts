import { hash } from 'node:crypto';
import type { Knex } from 'knex';
import { type Write, insertWrites, writeOf, writeTogether } from '../../db/bulk.js';
import { lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { addDays } from '../../domain/dates.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, addWithin } from '../../domain/limits.js';
import { formatLimit } from '../../../shared/limits.js';
import { formatMoney } from '../../../shared/money.js';
import type { MobileMoneyOperator, MoneyMovementType, PaymentMethod, TreasuryKind } from '../../../shared/treasury.js';
import { getCurrency } from '../company/get-company.js';

/**
 * The money ledger: the one function every money movement goes through (DESIGN.md §3).
 *
 * In the caller's transaction it appends movements to money_movements (never updated or deleted;
 * a reversal is a new movement) and keeps treasury_accounts.balance in step. Each account's
 * movements form a hash chain (prev_hash → hash, the account holding last_hash), so an edited or
 * removed movement is detected by verifyMoneyChains.
 *
 * Concurrency: the accounts are read under lock — FOR UPDATE in id order on PostgreSQL, the write
 * lock of BEGIN IMMEDIATE on SQLite — and written with the balance computed under that lock.
 * Lock order across the application: products (stock ledger), then clients, then treasury
 * accounts, so two documents never dead-lock.
 *
 * A cash desk or a mobile-money wallet never goes below zero (there is no negative cash in a
 * drawer); a bank account may (an overdraft is real). A refusal names the account, what it holds
 * and what was asked, on the movement's form field.
 */

export interface MoneyMovementInput {
  accountId: number;
  /** Signed, non-zero, in minor units: positive into the account, negative out of it. */
  amount: number;
  movementType: MoneyMovementType;
  paymentMethod: PaymentMethod;
  operator?: MobileMoneyOperator | null;
  phone?: string | null;
  /** Mobile-money transaction id, cheque number, transfer reference. */
  reference?: string | null;
  /** What the movement is, as the ledger screens show it (« Vente VB-2026-000012 »). */
  label?: string;
  /** Form field a refusal belongs to (e.g. "payments.0.amount"). */
  field?: string;
}

export interface MoneyPostingContext {
  documentType: string | null;
  documentId: number | null;
  documentNumber: string | null;
  userId: number | null;
  /** YYYY-MM-DD, the business date the movements belong to. */
  businessDate: string;
  /**
   * What to do when that day is closed (arrêté de caisse) for a cash desk the movements touch:
   * 'refuse' (the default — manual cash operations: French refusal on the movement's field) or
   * 'next_open_day' (sales, settlements, cancellations, corrections: the movement is recorded on
   * the desk's next open day, so the closed day's figures never change and nothing is lost).
   */
  onClosedDay?: ClosedDayRule;
}

export type ClosedDayRule = 'refuse' | 'next_open_day';

export interface PostedMoneyMovement {
  accountId: number;
  amount: number;
  balanceAfter: number;
  /** The business date recorded: ctx.businessDate, or the desk's next open day when that day was closed. */
  businessDate: string;
}

/** The fields each movement's hash covers, in order (the migration that created the ledger uses the same list). */
export const MONEY_HASHED_FIELDS = [
  'account_id',
  'amount',
  'balance_after',
  'movement_type',
  'payment_method',
  'operator',
  'phone',
  'reference',
  'label',
  'document_type',
  'document_id',
  'document_number',
  'user_id',
  'business_date',
  'occurred_at',
  'prev_hash',
] as const;

const NUMERIC = new Set(['account_id', 'amount', 'balance_after', 'document_id', 'user_id']);

/** The hash of a movement row, the same whether it was read back from SQLite (numbers) or PostgreSQL (bigint strings). */
export function moneyMovementHash(row: Record<string, unknown>): string {
  const values = MONEY_HASHED_FIELDS.map((f) => {
    const v = row[f];
    if (v === null || v === undefined) return null;
    return NUMERIC.has(f) ? Number(v) : v;
  });
  return hash('sha256', JSON.stringify(values));
}

interface AccountState {
  id: number;
  kind: TreasuryKind;
  name: string;
  active: boolean;
  balance: number;
  lastHash: string | null;
  /** Cash desks: the last day closed (arrêté de caisse), every day up to it locked; null when none. */
  closedThrough: string | null;
}

/**
 * Takes the accounts' locks (FOR UPDATE in id order on PostgreSQL; SQLite holds the write lock)
 * before a document row that references them is written. On PostgreSQL inserting a row with a
 * foreign key to an account takes a KEY SHARE lock on it, which postMoneyMovements then upgrades to
 * FOR UPDATE: two documents of different series (a settlement and a décaissement into one desk)
 * holding KEY SHARE each would each wait for the other — a deadlock, answered 500. Call it at the
 * documents' place in the lock order (products, clients, then accounts), right before the insert.
 */
export async function lockTreasuryAccounts(
  trx: Knex.Transaction,
  ids: Array<number | null | undefined>,
): Promise<void> {
  const sorted = [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0))].sort((a, b) => a - b);
  if (sorted.length)
    await lockForUpdate(trx, trx('treasury_accounts').whereIn('id', sorted).orderBy('id').select('id'));
}

async function lockAccounts(trx: Knex.Transaction, ids: number[]): Promise<Map<number, AccountState>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await lockForUpdate(
    trx,
    trx('treasury_accounts')
      .whereIn('id', sorted)
      .orderBy('id')
      .select('id', 'kind', 'name', 'active', 'balance', 'last_hash'),
  );
  const map = new Map<number, AccountState>();
  for (const r of rows)
    map.set(Number(r.id), {
      id: Number(r.id),
      kind: r.kind,
      name: r.name,
      active: toBool(r.active),
      balance: Number(r.balance),
      lastHash: r.last_hash ?? null,
      closedThrough: null,
    });
  // Read under the accounts' lock: a closing takes the same lock, so a movement either lands before
  // the closing (inside its expected amount) or sees it and honours the closed day.
  const desks = [...map.values()].filter((a) => a.kind === 'caisse').map((a) => a.id);
  if (desks.length) {
    const closed = await closedThroughByAccount(trx, desks);
    for (const [id, day] of closed) map.get(id)!.closedThrough = day;
  }
  return map;
}

/**
 * The last closed day of each cash desk account (every day up to it is locked: closings follow
 * one another and only the last one can be reopened). Accounts without a closing are absent.
 */
export async function closedThroughByAccount(
  db: Knex | Knex.Transaction,
  accountIds: number[],
): Promise<Map<number, string>> {
  const rows: Array<{ account_id: number; day: string | null }> = await db('cash_closings')
    .whereIn('account_id', accountIds)
    .where('status', 'closed')
    .groupBy('account_id')
    .select('account_id', db.raw('MAX(closing_date) AS day'));
  return new Map(rows.filter((r) => r.day).map((r) => [Number(r.account_id), String(r.day)]));
}

/** « 23/11/2026 » for the refusals. */
function frenchDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** Whether an account of this kind may hold less than nothing. */
export function mayGoNegative(kind: TreasuryKind): boolean {
  return kind === 'banque';
}

/**
 * Appends the movements in order and moves each account's balance, inside the caller's
 * transaction. Throws a Refusal (nothing written once the caller's transaction rolls back) for an
 * unknown or archived account, a cash desk or wallet that cannot pay, or a balance beyond its ceiling.
 */
export async function postMoneyMovements(
  trx: Knex.Transaction,
  inputs: MoneyMovementInput[],
  ctx: MoneyPostingContext,
): Promise<PostedMoneyMovement[]> {
  const { posted, writes } = await prepareMoneyMovements(trx, inputs, ctx);
  await writeTogether(trx, writes);
  return posted;
}

/**
 * postMoneyMovements without its writes: the accounts locked and every check made (the same
 * refusals), the movements and balances computed, and the writes (the movements, each account's
 * balance and chain head) returned for the caller to send with its own last writes (writeTogether,
 * server/db/bulk.ts: one statement on PostgreSQL) — nothing else may write these accounts between.
 */
export async function prepareMoneyMovements(
  trx: Knex.Transaction,
  inputs: MoneyMovementInput[],
  ctx: MoneyPostingContext,
): Promise<{ posted: PostedMoneyMovement[]; writes: Write[] }> {
  if (!trx.isTransaction) throw new Error('postMoneyMovements must run inside a transaction');
  if (inputs.length === 0) return { posted: [], writes: [] };
  for (const m of inputs) {
    if (!Number.isSafeInteger(m.amount) || m.amount === 0)
      throw new Error(`Money movement amount must be a non-zero integer (got ${m.amount})`);
  }
  const accounts = await lockAccounts(
    trx,
    inputs.map((m) => m.accountId),
  );
  // The currency only words a refusal: read when one is made.
  const currency = () => getCurrency(trx);
  const occurredAt = nowIso();
  const rows: Record<string, unknown>[] = [];
  const posted: PostedMoneyMovement[] = [];
  for (const m of inputs) {
    const field = m.field ?? 'payment';
    const account = accounts.get(m.accountId);
    if (!account) throw new Refusal({ [field]: `Compte de trésorerie introuvable (n° ${m.accountId}).` });
    if (!account.active)
      throw new Refusal({ [field]: `Le compte « ${account.name} » est archivé : choisissez un compte actif.` });
    let balanceAfter: number;
    try {
      balanceAfter = addWithin('balance', account.balance, m.amount);
    } catch (err) {
      if (!(err instanceof LimitExceeded)) throw err;
      throw new Refusal({
        [field]: `Le solde de « ${account.name} » ne peut dépasser ${formatLimit('balance', await currency())}.`,
      });
    }
    if (balanceAfter < 0 && !mayGoNegative(account.kind)) {
      const what = account.kind === 'caisse' ? 'La caisse' : 'Le compte';
      throw new Refusal({
        [field]: `${what} « ${account.name} » ne contient que ${formatMoney(Math.max(0, account.balance), await currency())} : impossible d’en sortir ${formatMoney(-m.amount, await currency())}.`,
      });
    }
    let day = ctx.businessDate;
    if (account.closedThrough && day <= account.closedThrough) {
      if ((ctx.onClosedDay ?? 'refuse') === 'refuse') {
        throw new Refusal({
          [field]:
            day === account.closedThrough
              ? `La journée du ${frenchDate(day)} est arrêtée pour la caisse « ${account.name} » : aucun mouvement ne peut plus y être enregistré (faites rouvrir l’arrêté pour la corriger).`
              : `La caisse « ${account.name} » est arrêtée jusqu’au ${frenchDate(account.closedThrough)} : aucun mouvement ne peut être daté du ${frenchDate(day)}.`,
        });
      }
      day = addDays(account.closedThrough, 1);
    }
    const row: Record<string, unknown> = {
      account_id: account.id,
      amount: m.amount,
      balance_after: balanceAfter,
      movement_type: m.movementType,
      payment_method: m.paymentMethod,
      operator: m.operator ?? null,
      phone: m.phone ?? null,
      reference: m.reference ?? null,
      label: m.label ?? '',
      document_type: ctx.documentType,
      document_id: ctx.documentId,
      document_number: ctx.documentNumber,
      user_id: ctx.userId,
      business_date: day,
      occurred_at: occurredAt,
      prev_hash: account.lastHash,
    };
    row.hash = moneyMovementHash(row);
    rows.push(row);
    account.balance = balanceAfter;
    account.lastHash = row.hash as string;
    posted.push({ accountId: account.id, amount: m.amount, balanceAfter, businessDate: day });
  }
  // Rows of one account keep their order: the chain is read back by id.
  const now = nowIso();
  const writes = [
    ...insertWrites(trx, 'money_movements', rows),
    ...[...new Set(inputs.map((m) => m.accountId))].map((id) => {
      const a = accounts.get(id)!;
      return writeOf(
        trx('treasury_accounts').where({ id }).update({ balance: a.balance, last_hash: a.lastHash, updated_at: now }),
      );
    }),
  ];
  return { posted, writes };
}

export interface BrokenMoneyLink {
  accountId: number;
  accountName: string;
  /** The first movement whose hash or link is wrong; null when the account's last_hash does not match its last movement (a removed tail). */
  movementId: number | null;
  reason: string;
}

/**
 * Walks each account's hash chain; returns the first broken link of each broken account (empty
 * when every chain is intact). Reads in pages so a year of movements stays in bounded memory.
 */
export async function verifyMoneyChains(db: Knex | Knex.Transaction): Promise<BrokenMoneyLink[]> {
  const broken: BrokenMoneyLink[] = [];
  const accounts = await db('treasury_accounts').orderBy('id').select('id', 'name', 'last_hash');
  for (const account of accounts) {
    const accountId = Number(account.id);
    let prev: string | null = null;
    let lastId = 0;
    let failure: BrokenMoneyLink | null = null;
    for (;;) {
      const rows = await db('money_movements')
        .where('account_id', accountId)
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(2000);
      if (rows.length === 0) break;
      for (const row of rows) {
        const id = Number(row.id);
        if ((row.prev_hash ?? null) !== prev)
          failure = {
            accountId,
            accountName: account.name,
            movementId: id,
            reason: 'le lien vers le mouvement précédent est rompu (un mouvement a été supprimé ou inséré)',
          };
        else if (moneyMovementHash(row) !== row.hash)
          failure = {
            accountId,
            accountName: account.name,
            movementId: id,
            reason: 'le contenu du mouvement a été modifié',
          };
        if (failure) break;
        prev = row.hash;
        lastId = id;
      }
      if (failure) break;
    }
    if (!failure && (account.last_hash ?? null) !== prev)
      failure = {
        accountId,
        accountName: account.name,
        movementId: null,
        reason: 'le dernier mouvement du compte a été supprimé',
      };
    if (failure) broken.push(failure);
  }
  return broken;
}
