import type { Knex } from 'knex';
import type {
  MovementTypeDetail,
  Situation,
  SituationAccount,
  SituationDay,
} from '../../../shared/pages/cash-closings.js';
import { MONEY_MOVEMENT_TYPE_LABELS } from '../../../shared/treasury.js';
import { toBool } from '../../db/dialect.js';
import { NotFound } from '../../domain/errors.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import type { LocationsRow, MoneyDaysRow, TreasuryAccountsRow } from '../../db/tables.generated.js';

/** An account as the situation's picker reads it, with its place. */
type AccountWithPlace = Pick<TreasuryAccountsRow, 'id' | 'code' | 'name' | 'kind' | 'active'> & {
  location_name: LocationsRow['name'] | null;
};

/**
 * Situation de caisse (issue 16): for one treasury account and a period, the opening balance, every
 * in and out grouped by movement type (sales, settlements, refunds, cancellations, expenses,
 * contributions, transfers, deposits, withdrawals, supplier payments, closing differences…), the
 * closing balance and the days with their closings. Everything is read from money_days, the
 * ledger summed per account, day and type in the movements' own transaction (server/db/money-days.ts);
 * the décaissements line is split by expense category in one aggregate over cash_operations
 * (expenseCategoryLines);
 * the opening balance starts from the last closing before the period when there is one (what it
 * counted is what the ledger holds up to that day), so a year reads only the year's summary rows.
 */

/** The treasury accounts the user works on (desks of their places, their banks and wallets), for the picker. */
export async function situationAccounts(db: Knex, scope: PlaceScope): Promise<SituationAccount[]> {
  const q = db('treasury_accounts as a')
    .leftJoin('locations as l', 'l.id', 'a.location_id')
    .orderByRaw("CASE a.kind WHEN 'caisse' THEN 0 WHEN 'banque' THEN 1 ELSE 2 END")
    .orderBy('a.code')
    .select('a.id', 'a.code', 'a.name', 'a.kind', 'a.active', 'l.name as location_name');
  const rows: AccountWithPlace[] = await whereAllowedAccount(q, scope, 'a.');
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    kind: r.kind,
    location_name: r.location_name ?? null,
    active: toBool(r.active),
  }));
}

const TYPE_ORDER = Object.keys(MONEY_MOVEMENT_TYPE_LABELS);
const typeOrder = (type: string) => (TYPE_ORDER.includes(type) ? TYPE_ORDER.indexOf(type) : TYPE_ORDER.length);

/** Label of the rest of the cash_out line not backed by a décaissement (movements posted directly). */
export const OTHER_CASH_OUT_LABEL = 'Autres décaissements (sans catégorie)';

/**
 * The décaissements of the account over the period by expense category, in one aggregate served by
 * the (from_account_id, operation_date) index. Cancelled ones stay in: their cash_out movement is
 * still in the ledger on their day (the reversal is a cash_operation_cancel movement, its own line),
 * so the sub-lines sum to the cash_out line; what that line holds beyond them (a movement posted
 * without an operation) is one last « autres » sub-line, so the sum is always exact.
 */
async function expenseCategoryLines(
  db: Knex,
  accountId: number,
  from: string,
  to: string,
  line: { total_in: number; total_out: number; count: number },
): Promise<MovementTypeDetail[]> {
  const rows: { id: number | null; name: string | null; n: number; total: number; cancelled: number }[] = await db(
    'cash_operations as o',
  )
    .leftJoin('expense_categories as c', 'c.id', 'o.expense_category_id')
    .where('o.from_account_id', accountId)
    .whereBetween('o.operation_date', [from, to])
    .where('o.kind', 'expense')
    .groupBy('o.expense_category_id', 'c.name')
    .select(
      'o.expense_category_id as id',
      'c.name',
      db.raw('COUNT(*) AS n'),
      db.raw('SUM(o.amount) AS total'),
      db.raw("SUM(CASE WHEN o.status = 'cancelled' THEN 1 ELSE 0 END) AS cancelled"),
    );
  const lines: MovementTypeDetail[] = rows
    .map((r) => {
      const cancelled = Number(r.cancelled);
      const name = r.name ?? 'Sans catégorie';
      return {
        key: r.id === null ? 'none' : String(r.id),
        label: cancelled ? `${name} (dont ${cancelled} ${cancelled > 1 ? 'annulées' : 'annulée'})` : name,
        total_in: 0,
        total_out: Number(r.total),
        count: Number(r.n),
      };
    })
    .sort(
      (x: MovementTypeDetail, y: MovementTypeDetail) =>
        y.total_out - x.total_out || x.label.localeCompare(y.label, 'fr'),
    );
  const rest = {
    total_in: line.total_in,
    total_out: line.total_out - lines.reduce((s, l) => s + l.total_out, 0),
    count: line.count - lines.reduce((s, l) => s + l.count, 0),
  };
  if (rest.total_in || rest.total_out || rest.count) lines.push({ key: 'other', label: OTHER_CASH_OUT_LABEL, ...rest });
  return lines;
}

export async function cashSituation(db: Knex, accountId: number, from: string, to: string): Promise<Situation> {
  const a: AccountWithPlace | undefined = await db('treasury_accounts as a')
    .leftJoin('locations as l', 'l.id', 'a.location_id')
    .where('a.id', accountId)
    .first('a.id', 'a.code', 'a.name', 'a.kind', 'a.active', 'l.name as location_name');
  if (!a) throw new NotFound();
  const account: SituationAccount = {
    id: Number(a.id),
    code: a.code,
    name: a.name,
    kind: a.kind,
    location_name: a.location_name ?? null,
    active: toBool(a.active),
  };

  // Opening: the last standing closing before the period holds the ledger's sum up to its day.
  const previous = await db('cash_closings')
    .where({ account_id: accountId, status: 'closed' })
    .where('closing_date', '<', from)
    .orderBy('closing_date', 'desc')
    .first('closing_date', 'counted');
  const before = db('money_days').where('account_id', accountId).where('business_date', '<', from);
  if (previous) before.where('business_date', '>', previous.closing_date);
  const openingRow = (await before.first<Knex.Raw[], { opening: number }>(
    db.raw('? + COALESCE(SUM(total_in - total_out), 0) AS opening', [previous ? Number(previous.counted) : 0]),
  ))!; // an aggregate without GROUP BY always answers one row
  const opening = Number(openingRow.opening);

  // The period's cells by day and type, read from the ledger's day summary (one row per account,
  // day and type: server/db/money-days.ts); days, types and totals are rolled up from them.
  const [cells, closings] = await Promise.all([
    db('money_days')
      .where('account_id', accountId)
      .whereBetween('business_date', [from, to])
      .select<(Pick<MoneyDaysRow, 'business_date' | 'movement_type' | 'total_in' | 'total_out'> & { n: number })[]>(
        'business_date',
        'movement_type',
        'total_in',
        'total_out',
        'movement_count as n',
      ),
    db('cash_closings')
      .where({ account_id: accountId, status: 'closed' })
      .whereBetween('closing_date', [from, to])
      .select('id', 'closing_date', 'difference'),
  ]);
  const closingOf = new Map(
    closings.map((c) => [c.closing_date, { id: Number(c.id), difference: Number(c.difference) }]),
  );
  const byType = new Map<string, { total_in: number; total_out: number; count: number }>();
  const byDay = new Map<string, { total_in: number; total_out: number; count: number }>();
  const add = (
    map: Map<string, { total_in: number; total_out: number; count: number }>,
    key: string,
    c: { total_in: number; total_out: number; count: number },
  ) => {
    const cur = map.get(key) ?? { total_in: 0, total_out: 0, count: 0 };
    map.set(key, {
      total_in: cur.total_in + c.total_in,
      total_out: cur.total_out + c.total_out,
      count: cur.count + c.count,
    });
  };
  for (const r of cells) {
    const c = { total_in: Number(r.total_in), total_out: Number(r.total_out), count: Number(r.n) };
    add(byType, r.movement_type, c);
    add(byDay, r.business_date, c);
  }
  // Days with movements or with a closing, in order, each with its end-of-day balance.
  const dayList = [...new Set([...byDay.keys(), ...closingOf.keys()])].sort();
  let balance = opening;
  const days: SituationDay[] = dayList.map((day) => {
    const r = byDay.get(day) ?? { total_in: 0, total_out: 0, count: 0 };
    balance += r.total_in - r.total_out;
    const closing = closingOf.get(day);
    return {
      day,
      total_in: r.total_in,
      total_out: r.total_out,
      count: r.count,
      balance,
      closing_id: closing?.id ?? null,
      difference: closing?.difference ?? null,
    };
  });
  const cashOut = byType.get('cash_out');
  const expenseLines = cashOut ? await expenseCategoryLines(db, accountId, from, to, cashOut) : null;
  const totals = [...byDay.values()].reduce(
    (t, r) => ({ total_in: t.total_in + r.total_in, total_out: t.total_out + r.total_out, count: t.count + r.count }),
    { total_in: 0, total_out: 0, count: 0 },
  );
  return {
    account,
    from,
    to,
    opening_balance: opening,
    total_in: totals.total_in,
    total_out: totals.total_out,
    closing_balance: balance,
    movement_count: totals.count,
    by_type: [...byType.entries()]
      .map(([type, r]) => ({
        movement_type: type,
        label: MONEY_MOVEMENT_TYPE_LABELS[type] ?? type,
        ...r,
        ...(type === 'cash_out' && expenseLines ? { details: expenseLines } : {}),
      }))
      .sort((x, y) => typeOrder(x.movement_type) - typeOrder(y.movement_type)),
    days,
  };
}
