import type { Knex } from 'knex';
import {
  type ClosingStatus,
  type CountedDenomination,
  MAX_DENOMINATION_COUNT,
  closingDifference,
  closingReasonIssue,
  countTotal,
  denominationsOf,
} from '../../../shared/cash-closings.js';
import type {
  ClosingAccount,
  ClosingDetail,
  ClosingDraft,
  ClosingFigures,
  ClosingListFilters,
  ClosingRow,
  MovementTypeTotal,
  NonCashTotal,
} from '../../../shared/pages/cash-closings.js';
import type { Paginated } from '../../../shared/lists.js';
import { LIMITS, formatLimit } from '../../../shared/limits.js';
import { formatMoney } from '../../../shared/money.js';
import { MONEY_MOVEMENT_TYPE_LABELS } from '../../../shared/treasury.js';
import { paginate } from '../../db/paginate.js';
import { lockForUpdate, nowIso, toBool } from '../../db/dialect.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import type { PlaceScope } from '../../policies/places.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { companyToday, getCurrency } from '../company/get-company.js';
import { withIdempotency } from '../idempotency.js';
import { whereAllowedAccount } from '../places/scope.js';
import { postMoneyMovements } from '../treasury/ledger.js';
import { frenchKey } from '../../db/french-order.js';

/**
 * Arrêté de caisse (issue 16): the daily closing of a cash desk.
 *
 * The expected cash is computed in SQL from EVERY movement of the desk's account (through money_days,
 * the ledger summed per day and type in the movements' own transaction) — whatever its
 * type: sales, settlements, refunds, cancellations, expenses, contributions, transfers, deposits,
 * withdrawals, supplier payments, earlier differences —, as the opening balance (what the last
 * closing counted, plus every movement dated between it and the day) plus the day's movements. The
 * cashier's count by note and coin gives the counted cash; the difference (counted − expected)
 * needs a reason when it is not zero and is posted to the ledger (closing_difference) so the
 * desk's balance is what the drawer holds. Closing takes the account's lock, the same one every
 * movement takes (postMoneyMovements): a sale racing the closing is either inside its expected
 * amount or sees the closed day and lands on the next open day.
 *
 * Every day up to the desk's last closing is locked (postMoneyMovements). Only the last closing
 * can be reopened (permission cash.reopen, with a reason): its difference is reversed and the day
 * is open again, to be closed anew.
 */

const accountColumns = ['a.id', 'a.code', 'a.name', 'a.location_id', 'a.active', 'l.name as location_name'];

function presentAccount(r: Record<string, any>): ClosingAccount {
  return {
    id: Number(r.id),
    code: r.code,
    name: r.name,
    location_id: r.location_id === null ? null : Number(r.location_id),
    location_name: r.location_name ?? null,
    active: toBool(r.active),
  };
}

/** The cash desks (kind caisse) the user works on, for the closing screens' pickers. */
export async function closingAccounts(db: Knex, scope: PlaceScope): Promise<ClosingAccount[]> {
  const q = db('treasury_accounts as a')
    .leftJoin('locations as l', 'l.id', 'a.location_id')
    .where('a.kind', 'caisse')
    .orderBy('a.code')
    .select(accountColumns);
  return (await whereAllowedAccount(q, scope, 'a.')).map(presentAccount);
}

async function closingAccount(db: Knex | Knex.Transaction, accountId: number): Promise<ClosingAccount | null> {
  const row = await db('treasury_accounts as a')
    .leftJoin('locations as l', 'l.id', 'a.location_id')
    .where('a.id', accountId)
    .where('a.kind', 'caisse')
    .first(accountColumns);
  return row ? presentAccount(row) : null;
}

/** The desk's standing closing with the latest date (every day up to it is locked), or null. */
async function lastClosing(
  db: Knex | Knex.Transaction,
  accountId: number,
  before?: string,
): Promise<{ id: number; closing_date: string; counted: number } | null> {
  const q = db('cash_closings')
    .where({ account_id: accountId, status: 'closed' })
    .orderBy('closing_date', 'desc')
    .first('id', 'closing_date', 'counted');
  if (before) q.where('closing_date', '<', before);
  const row = await q;
  return row ? { id: Number(row.id), closing_date: row.closing_date, counted: Number(row.counted) } : null;
}

/**
 * The figures of a desk's day, all from SQL aggregates over money_movements: the opening balance
 * (the previous closing's counted cash + every movement dated after it and before the day), the
 * day's ins and outs by movement type, the expected cash and the non-cash totals of the day.
 */
export async function closingFigures(
  db: Knex | Knex.Transaction,
  account: ClosingAccount,
  day: string,
): Promise<ClosingFigures> {
  const previous = await lastClosing(db, account.id, day);
  // Up to the previous closing, the ledger holds exactly what was counted (its difference is posted): start there.
  const base = previous?.counted ?? 0;
  // Read from the ledger's day summary (one row per day and type, kept in the movements' own
  // transaction: server/db/money-days.ts), so the days since the previous closing cost a few rows.
  const since = db('money_days').where('account_id', account.id).where('business_date', '<=', day);
  if (previous) since.where('business_date', '>', previous.closing_date);
  const totals = (await since.first<
    Knex.Raw[],
    { opening_balance: number; expected: number; total_in: number; total_out: number; movement_count: number }
  >(
    db.raw(
      '? + COALESCE(SUM(CASE WHEN business_date < ? THEN total_in - total_out ELSE 0 END), 0) AS opening_balance',
      [base, day],
    ),
    db.raw('? + COALESCE(SUM(total_in - total_out), 0) AS expected', [base]),
    db.raw('COALESCE(SUM(CASE WHEN business_date = ? THEN total_in ELSE 0 END), 0) AS total_in', [day]),
    db.raw('COALESCE(SUM(CASE WHEN business_date = ? THEN total_out ELSE 0 END), 0) AS total_out', [day]),
    db.raw('COALESCE(SUM(CASE WHEN business_date = ? THEN movement_count ELSE 0 END), 0) AS movement_count', [day]),
  ))!; // an aggregate without GROUP BY always answers one row
  const byType = await db('money_days')
    .where({ account_id: account.id, business_date: day })
    .orderBy('movement_type')
    .select('movement_type', 'total_in', 'total_out', 'movement_count as n');
  return {
    opening_balance: Number(totals.opening_balance),
    total_in: Number(totals.total_in),
    total_out: Number(totals.total_out),
    expected: Number(totals.expected),
    movement_count: Number(totals.movement_count),
    by_type: byType
      .map((r: any) => ({
        movement_type: r.movement_type,
        label: MONEY_MOVEMENT_TYPE_LABELS[r.movement_type] ?? r.movement_type,
        total_in: Number(r.total_in),
        total_out: Number(r.total_out),
        count: Number(r.n),
      }))
      .sort((a, b) => typeOrder(a.movement_type) - typeOrder(b.movement_type)),
    non_cash: await nonCashTotals(db, account, day),
  };
}

const TYPE_ORDER = Object.keys(MONEY_MOVEMENT_TYPE_LABELS);
const typeOrder = (type: string) => (TYPE_ORDER.includes(type) ? TYPE_ORDER.indexOf(type) : TYPE_ORDER.length);

/**
 * The day's money taken at this desk by other means than cash, by method, operator and account:
 * the sales of the desk's place, and the other documents (settlements…) recorded by the users who
 * worked on this desk that day. The cashier checks them against the operators' and banks' statements.
 */
async function nonCashTotals(
  db: Knex | Knex.Transaction,
  account: ClosingAccount,
  day: string,
): Promise<NonCashTotal[]> {
  const cashiers = db('money_movements')
    .where({ account_id: account.id, business_date: day })
    .whereNotNull('user_id')
    .distinct('user_id');
  const rows = await db('money_movements as m')
    .join('treasury_accounts as t', 't.id', 'm.account_id')
    .leftJoin('sales as s', (j) => j.on('s.id', '=', 'm.document_id').andOnVal('m.document_type', '=', 'sale'))
    .where('m.business_date', day)
    .whereNot('m.payment_method', 'especes')
    .whereNot('t.kind', 'caisse')
    .where((w) => {
      if (account.location_id !== null) w.where('s.location_id', account.location_id);
      w.orWhere((o) => o.whereNot('m.document_type', 'sale').whereIn('m.user_id', cashiers));
    })
    .groupBy('m.payment_method', 'm.operator', 't.id', 't.name')
    .orderBy('m.payment_method')
    .orderByRaw(frenchKey(db, { name: 't.name' }))
    .select(
      'm.payment_method',
      'm.operator',
      't.id as account_id',
      't.name as account_name',
      db.raw('SUM(m.amount) AS total'),
      db.raw('COUNT(*) AS n'),
    );
  return rows.map((r: any) => ({
    method: r.payment_method,
    operator: r.operator ?? null,
    account_id: Number(r.account_id),
    account_name: r.account_name,
    total: Number(r.total),
    count: Number(r.n),
  }));
}

/** What the closing screen shows for a desk and a day (the standing closing of that day, if any, is named). */
export async function closingDraft(db: Knex, accountId: number, day: string): Promise<ClosingDraft> {
  const account = await closingAccount(db, accountId);
  if (!account) throw new NotFound();
  const [figures, last, standing, currency] = await Promise.all([
    closingFigures(db, account, day),
    lastClosing(db, account.id),
    db('cash_closings').where({ account_id: account.id, closing_date: day, status: 'closed' }).first('id'),
    getCurrency(db),
  ]);
  return {
    ...figures,
    account,
    day,
    currency,
    closed_through: last?.closing_date ?? null,
    closing_id: standing ? Number(standing.id) : null,
  };
}

export interface CloseDayInput {
  idempotencyKey: string;
  accountId: number;
  day: string;
  counts: CountedDenomination[];
  reason: string;
  /** The expected cash the cashier saw when counting: a movement arrived since → refused, to look again. */
  expectedSeen: number;
}

export interface ClosedDay {
  id: number;
  expected: number;
  counted: number;
  difference: number;
  replayed: boolean;
}

const frenchDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Validates the closing of a desk's day (permission cash.closing, checked by the route). One transaction. */
export async function closeDay(db: Knex, input: CloseDayInput, actor: Actor): Promise<ClosedDay> {
  return db.transaction(async (trx) => {
    const { result, replayed } = await withIdempotency(
      trx,
      { userId: actor.id, scope: 'cash.closing', key: input.idempotencyKey },
      () => validateClosing(trx, input, actor),
    );
    return { ...result, replayed };
  });
}

async function validateClosing(
  trx: Knex.Transaction,
  input: CloseDayInput,
  actor: Actor,
): Promise<Omit<ClosedDay, 'replayed'>> {
  // The account's lock first: every movement takes it too (postMoneyMovements), so none slips in between.
  const locked = await lockForUpdate(
    trx,
    trx('treasury_accounts').where({ id: input.accountId, kind: 'caisse' }).select('id'),
  ).first();
  if (!locked) throw new NotFound();
  const account = (await closingAccount(trx, input.accountId))!;
  const currency = await getCurrency(trx);
  if (!account.active)
    throw new Refusal({ account_id: `La caisse « ${account.name} » est archivée : elle ne s’arrête plus.` });
  const today = await companyToday(trx);
  if (input.day > today)
    throw new Refusal({ day: `On ne peut pas arrêter une journée future (aujourd’hui : ${frenchDate(today)}).` });
  const last = await lastClosing(trx, account.id);
  if (last && input.day === last.closing_date)
    throw new Refusal({
      day: `La journée du ${frenchDate(input.day)} est déjà arrêtée pour la caisse « ${account.name} ».`,
    });
  if (last && input.day < last.closing_date) {
    throw new Refusal({
      day: `La caisse « ${account.name} » est déjà arrêtée jusqu’au ${frenchDate(last.closing_date)} : la journée du ${frenchDate(input.day)} ne peut plus être arrêtée.`,
    });
  }

  const known = new Set(denominationsOf(currency).map((d) => d.key));
  const errors: Record<string, string> = {};
  input.counts.forEach((c, i) => {
    if (!known.has(c.key)) errors[`counts.${i}.count`] = 'Coupure inconnue pour cette devise.';
    else if (!Number.isSafeInteger(c.count) || c.count < 0)
      errors[`counts.${i}.count`] = 'Le nombre de billets ou de pièces doit être un entier positif ou nul.';
    else if (c.count > MAX_DENOMINATION_COUNT)
      errors[`counts.${i}.count`] =
        `Au plus ${MAX_DENOMINATION_COUNT.toLocaleString('fr-FR')} billets ou pièces d’une même valeur.`;
  });
  if (Object.keys(errors).length) throw new Refusal(errors);
  const counted = countTotal(input.counts, currency);
  if (counted > LIMITS.balance)
    throw new Refusal({ counts: `Le montant compté ne peut dépasser ${formatLimit('balance', currency)}.` });

  const figures = await closingFigures(trx, account, input.day);
  if (figures.expected !== input.expectedSeen) {
    throw new Refusal({
      counts: `De nouveaux mouvements ont été enregistrés pendant le comptage : l’attendu est maintenant de ${formatMoney(figures.expected, currency)} (et non ${formatMoney(input.expectedSeen, currency)}). Vérifiez le détail et validez à nouveau.`,
    });
  }
  const difference = closingDifference(counted, figures.expected);
  const reason = input.reason.trim();
  const reasonIssue = closingReasonIssue(difference, reason, currency);
  if (reasonIssue) throw new Refusal({ reason: reasonIssue });

  const now = nowIso();
  // Written as 'posting' first: the difference enters the ledger on the day being closed, which the
  // ledger still accepts until the row says 'closed' (all in this transaction, under the lock).
  const [row] = await trx('cash_closings')
    .insert({
      account_id: account.id,
      closing_date: input.day,
      status: 'posting',
      open_key: `${account.id}:${input.day}`,
      currency,
      opening_balance: figures.opening_balance,
      total_in: figures.total_in,
      total_out: figures.total_out,
      expected: figures.expected,
      counted,
      difference,
      movement_count: figures.movement_count,
      reason: difference === 0 ? '' : reason,
      denominations: JSON.stringify(
        input.counts.filter((c) => c.count > 0).map((c) => ({ key: c.key, count: c.count })),
      ),
      summary: JSON.stringify({ by_type: figures.by_type, non_cash: figures.non_cash }),
      closed_by: actor.id,
      closed_at: now,
    })
    .returning('id');
  const id = typeof row === 'object' ? Number(row.id) : Number(row);
  if (difference !== 0) {
    await postMoneyMovements(
      trx,
      [
        {
          accountId: account.id,
          amount: difference,
          movementType: 'closing_difference',
          paymentMethod: 'especes',
          label: `Écart de caisse (arrêté du ${frenchDate(input.day)})`,
          reference: reason.slice(0, 80),
          field: 'counts',
        },
      ],
      { documentType: 'cash_closing', documentId: id, documentNumber: null, userId: actor.id, businessDate: input.day },
    );
  }
  await trx('cash_closings')
    .where({ id })
    .update({ status: 'closed' satisfies ClosingStatus });
  await recordAudit(trx, {
    action: 'cash.closing_validated',
    user: auditUser(actor),
    subject: { type: 'cash_closing', id, label: `Arrêté ${account.name} du ${frenchDate(input.day)}` },
    details: {
      after: {
        account: account.name,
        day: input.day,
        expected: figures.expected,
        counted,
        difference,
        reason: difference === 0 ? '' : reason,
        movements: figures.movement_count,
      },
    },
    ip: actor.ip,
  });
  return { id, expected: figures.expected, counted, difference };
}

export interface ReopenInput {
  closingId: number;
  reason: string;
}

/** Reopens a desk's last closing (permission cash.reopen, checked by the route): the day is open again, its difference reversed. */
export async function reopenClosing(
  db: Knex,
  input: ReopenInput,
  actor: Actor,
): Promise<{ id: number; accountId: number; day: string }> {
  return db.transaction(async (trx) => {
    const found = await trx('cash_closings').where({ id: input.closingId }).first('account_id');
    if (!found) throw new NotFound();
    await lockForUpdate(trx, trx('treasury_accounts').where({ id: found.account_id }).select('id'));
    const closing = (await trx('cash_closings').where({ id: input.closingId }).first())!; // found above, and closings are never deleted
    const account = (await closingAccount(trx, Number(closing.account_id)))!;
    if (closing.status !== 'closed')
      throw Refusal.action(`Cet arrêté a déjà été rouvert le ${frenchDate(String(closing.reopened_at).slice(0, 10))}.`);
    const reason = input.reason.trim();
    if (reason === '') throw new Refusal({ reason: 'Le motif de la réouverture est obligatoire.' });
    const last = await lastClosing(trx, account.id);
    if (last && last.closing_date > closing.closing_date) {
      throw Refusal.action(
        `La caisse « ${account.name} » est arrêtée jusqu’au ${frenchDate(last.closing_date)} : rouvrez d’abord cet arrêté-là, puis celui du ${frenchDate(closing.closing_date)}.`,
      );
    }
    const now = nowIso();
    await trx('cash_closings')
      .where({ id: closing.id })
      .update({
        status: 'reopened' satisfies ClosingStatus,
        open_key: null,
        reopened_by: actor.id,
        reopened_at: now,
        reopen_reason: reason,
      });
    const difference = Number(closing.difference);
    if (difference !== 0) {
      // The day is open again: its recorded difference is reversed, the next closing counts anew.
      await postMoneyMovements(
        trx,
        [
          {
            accountId: account.id,
            amount: -difference,
            movementType: 'closing_difference',
            paymentMethod: 'especes',
            label: `Écart annulé (réouverture de l’arrêté du ${frenchDate(closing.closing_date)})`,
            reference: reason.slice(0, 80),
            field: 'reason',
          },
        ],
        {
          documentType: 'cash_closing',
          documentId: Number(closing.id),
          documentNumber: null,
          userId: actor.id,
          businessDate: closing.closing_date,
        },
      );
    }
    await recordAudit(trx, {
      action: 'cash.closing_reopened',
      user: auditUser(actor),
      subject: {
        type: 'cash_closing',
        id: Number(closing.id),
        label: `Arrêté ${account.name} du ${frenchDate(closing.closing_date)}`,
      },
      details: {
        before: { status: 'closed', expected: Number(closing.expected), counted: Number(closing.counted), difference },
        after: { status: 'reopened', reason },
      },
      ip: actor.ip,
    });
    return { id: Number(closing.id), accountId: account.id, day: closing.closing_date };
  });
}

function closingsQuery(db: Knex, filters: ClosingListFilters, scope: PlaceScope) {
  const q = db('cash_closings as c')
    .join('treasury_accounts as a', 'a.id', 'c.account_id')
    .leftJoin('locations as l', 'l.id', 'a.location_id')
    .leftJoin('users as u', 'u.id', 'c.closed_by')
    .whereBetween('c.closing_date', [filters.from, filters.to]);
  if (filters.account_id) q.where('c.account_id', filters.account_id);
  if (filters.status) q.where('c.status', filters.status);
  return whereAllowedAccount(q, scope, 'a.');
}

const rowColumns = [
  'c.id',
  'c.account_id',
  'a.name as account_name',
  'l.name as location_name',
  'c.closing_date',
  'c.status',
  'c.expected',
  'c.counted',
  'c.difference',
  'c.reason',
  'c.movement_count',
  'c.closed_at',
  'u.name as closed_by_name',
];

function presentRow(r: Record<string, any>): ClosingRow {
  return {
    id: Number(r.id),
    account_id: Number(r.account_id),
    account_name: r.account_name,
    location_name: r.location_name ?? null,
    closing_date: r.closing_date,
    status: r.status,
    expected: Number(r.expected),
    counted: Number(r.counted),
    difference: Number(r.difference),
    reason: r.reason,
    movement_count: Number(r.movement_count),
    closed_by_name: r.closed_by_name ?? null,
    closed_at: r.closed_at,
  };
}

/** The closings of the desks the user works on, newest first. */
export async function listClosings(
  db: Knex,
  filters: ClosingListFilters,
  scope: PlaceScope,
  page: number,
  perPage = 25,
): Promise<Paginated<ClosingRow>> {
  return paginate(
    closingsQuery(db, filters, scope)
      .orderBy([
        { column: 'c.closing_date', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ])
      .select(rowColumns),
    page,
    perPage,
    presentRow,
  );
}

/** Σ of the standing closings' differences of the filtered set (SQL), for the list's footer. */
export async function closingsDifferenceTotal(
  db: Knex,
  filters: ClosingListFilters,
  scope: PlaceScope,
): Promise<number> {
  const row = await closingsQuery(db, { ...filters, status: 'closed' }, scope).first(
    db.raw('COALESCE(SUM(c.difference), 0) AS total'),
  );
  return Number(row?.total ?? 0);
}

export async function closingDetail(db: Knex, id: number): Promise<ClosingDetail | null> {
  const r = await db('cash_closings as c')
    .join('treasury_accounts as a', 'a.id', 'c.account_id')
    .leftJoin('locations as l', 'l.id', 'a.location_id')
    .leftJoin('users as u', 'u.id', 'c.closed_by')
    .leftJoin('users as ru', 'ru.id', 'c.reopened_by')
    .where('c.id', id)
    .first([
      ...rowColumns,
      'a.code as account_code',
      'a.location_id',
      'c.currency',
      'c.opening_balance',
      'c.total_in',
      'c.total_out',
      'c.denominations',
      'c.summary',
      'c.reopened_at',
      'c.reopen_reason',
      'ru.name as reopened_by_name',
    ]);
  if (!r) return null;
  const summary = JSON.parse(r.summary) as { by_type: MovementTypeTotal[]; non_cash: NonCashTotal[] };
  const last = await lastClosing(db, Number(r.account_id));
  return {
    ...presentRow(r),
    account_code: r.account_code,
    location_id: r.location_id === null ? null : Number(r.location_id),
    currency: r.currency,
    opening_balance: Number(r.opening_balance),
    total_in: Number(r.total_in),
    total_out: Number(r.total_out),
    counts: JSON.parse(r.denominations),
    by_type: summary.by_type,
    non_cash: summary.non_cash,
    reopened_by_name: r.reopened_by_name ?? null,
    reopened_at: r.reopened_at ?? null,
    reopen_reason: r.reopen_reason ?? null,
    is_last: r.status === 'closed' && last?.id === Number(r.id),
  };
}
