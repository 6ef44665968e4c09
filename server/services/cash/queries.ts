import type { Knex } from 'knex';
import { sortFrench } from '../../domain/records/collation.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import { closedThroughByAccount } from '../treasury/ledger.js';
import type {
  CashOperationsRow,
  ExpenseCategoriesRow,
  StockEntriesRow,
  SupplierPaymentAllocationsRow,
  SuppliersRow,
  TreasuryAccountsRow,
  UsersRow,
} from '../../db/tables.generated.js';

/**
 * Reading the Caisse screens (issue 16): the accounts a user works on with their balance and the
 * day's figures, the transfers in transit, one operation with its allocations, the balances of
 * every account at a date (from the ledger) and the options of the operation form. Reads only;
 * writes are operations.ts. Every query takes the user's places (whereAllowedAccount).
 */

/** An account of the Caisse screen with today's ins and outs, what is in transit and whether the day is closed. */
export type CashAccount = Pick<
  TreasuryAccountsRow,
  'id' | 'kind' | 'code' | 'name' | 'balance' | 'active' | 'location_id' | 'operator'
> & { today_in: number; today_out: number; transit_out: number; transit_in: number; today_closed: boolean };

/** An operation as the lists show it: the row with its accounts (left joined: null when none) and its author. */
export type CashOperationListRow = CashOperationsRow & {
  from_name: TreasuryAccountsRow['name'] | null;
  from_code: TreasuryAccountsRow['code'] | null;
  from_kind: TreasuryAccountsRow['kind'] | null;
  to_name: TreasuryAccountsRow['name'] | null;
  to_code: TreasuryAccountsRow['code'] | null;
  to_kind: TreasuryAccountsRow['kind'] | null;
  created_by_name: UsersRow['name'] | null;
};

/** One operation with its category, supplier, users and the places of its accounts (all left joined). */
export type CashOperationDetailRow = CashOperationListRow & {
  category_name: ExpenseCategoriesRow['name'] | null;
  supplier_name: SuppliersRow['name'] | null;
  supplier_code: SuppliersRow['code'] | null;
  supplier_balance: SuppliersRow['balance'] | null;
  received_by_name: UsersRow['name'] | null;
  cancelled_by_name: UsersRow['name'] | null;
  from_location_id: TreasuryAccountsRow['location_id'];
  to_location_id: TreasuryAccountsRow['location_id'];
};

/** A supplier payment's allocation with the stock entry it pays. */
export type CashOperationAllocation = Pick<SupplierPaymentAllocationsRow, 'id' | 'amount' | 'cancelled_at'> &
  Pick<StockEntriesRow, 'entry_date' | 'total_amount' | 'amount_paid' | 'supplier_ref'> & {
    entry_id: StockEntriesRow['id'];
    entry_number: StockEntriesRow['number'];
  };

export interface CashOperationDetail {
  op: CashOperationDetailRow;
  allocations: CashOperationAllocation[];
}

/** An account's balance at the end of a date, with the number of its movements up to then. */
export type BalanceAt = Pick<TreasuryAccountsRow, 'id' | 'kind' | 'code' | 'name' | 'active' | 'balance'> & {
  balance_at: number;
  movement_count: number;
};

/** An account an operation form offers. */
export type OperationAccountOption = Pick<
  TreasuryAccountsRow,
  'id' | 'kind' | 'code' | 'name' | 'balance' | 'operator'
>;

/** The user's accounts (active ones, and archived ones still holding money) with today's ins and outs and what is in transit. */
export async function cashAccounts(db: Knex, places: PlaceScope, today: string): Promise<CashAccount[]> {
  const accounts: Omit<CashAccount, 'today_in' | 'today_out' | 'transit_out' | 'transit_in' | 'today_closed'>[] =
    await whereAllowedAccount(
      db('treasury_accounts as a')
        .where((w) => w.where('a.active', true).orWhereNot('a.balance', 0))
        .orderByRaw("CASE a.kind WHEN 'caisse' THEN 0 WHEN 'banque' THEN 1 ELSE 2 END")
        .orderBy('a.code')
        .select('a.id', 'a.kind', 'a.code', 'a.name', 'a.balance', 'a.active', 'a.location_id', 'a.operator'),
      places,
      'a.',
    );
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => Number(a.id));
  const day = await db('money_movements')
    .whereIn('account_id', ids)
    .where('business_date', today)
    .groupBy('account_id')
    .select<(string | Knex.Raw)[], { account_id: number; money_in: number; money_out: number }[]>(
      'account_id',
      db.raw('COALESCE(SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS money_in'),
      db.raw('COALESCE(SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END), 0) AS money_out'),
    );
  const transit = await db('cash_operations')
    .where({ kind: 'transfer', status: 'in_transit' })
    .where((w) => w.whereIn('from_account_id', ids).orWhereIn('to_account_id', ids))
    .select('from_account_id', 'to_account_id', 'amount');
  const closed = await closedThroughByAccount(
    db,
    accounts.filter((a) => a.kind === 'caisse').map((a) => Number(a.id)),
  );
  const byDay = new Map(day.map((d) => [Number(d.account_id), d]));
  return accounts.map((a) => {
    const id = Number(a.id);
    const d = byDay.get(id);
    return {
      ...a,
      today_in: Number(d?.money_in ?? 0),
      today_out: Number(d?.money_out ?? 0),
      transit_out: transit.filter((t) => Number(t.from_account_id) === id).reduce((s, t) => s + Number(t.amount), 0),
      transit_in: transit.filter((t) => Number(t.to_account_id) === id).reduce((s, t) => s + Number(t.amount), 0),
      today_closed: (closed.get(id) ?? '') >= today,
    };
  });
}

function operationsQuery(db: Knex): Knex.QueryBuilder {
  return db('cash_operations as o')
    .leftJoin('treasury_accounts as fa', 'fa.id', 'o.from_account_id')
    .leftJoin('treasury_accounts as ta', 'ta.id', 'o.to_account_id')
    .leftJoin('users as u', 'u.id', 'o.created_by')
    .select(
      'o.*',
      'fa.name as from_name',
      'fa.code as from_code',
      'fa.kind as from_kind',
      'ta.name as to_name',
      'ta.code as to_code',
      'ta.kind as to_kind',
      'u.name as created_by_name',
    );
}

/** The transfers sent and not yet received, from or to one of the user's desks (« en transit » on both). */
export async function transfersInTransit(db: Knex, places: PlaceScope): Promise<CashOperationListRow[]> {
  const qb = operationsQuery(db).where('o.kind', 'transfer').where('o.status', 'in_transit').orderBy('o.id');
  if (!places.all) {
    qb.where((w) => {
      w.whereIn('o.from_account_id', whereAllowedAccount(db('treasury_accounts').select('id'), places)).orWhereIn(
        'o.to_account_id',
        whereAllowedAccount(db('treasury_accounts').select('id'), places),
      );
    });
  }
  return qb.limit(200);
}

/** The last operations of the user's accounts, newest first. */
export async function recentOperations(db: Knex, places: PlaceScope, limit = 15): Promise<CashOperationListRow[]> {
  const qb = operationsQuery(db).orderBy('o.id', 'desc').limit(limit);
  if (!places.all) {
    qb.where((w) => {
      w.whereIn('o.from_account_id', whereAllowedAccount(db('treasury_accounts').select('id'), places)).orWhereIn(
        'o.to_account_id',
        whereAllowedAccount(db('treasury_accounts').select('id'), places),
      );
    });
  }
  return qb;
}

/** One operation with its category, supplier, users and (supplier payment) allocations; undefined when unknown. */
export async function cashOperationDetail(db: Knex, id: number): Promise<CashOperationDetail | undefined> {
  const op: CashOperationDetailRow | undefined = await operationsQuery(db)
    .leftJoin('expense_categories as c', 'c.id', 'o.expense_category_id')
    .leftJoin('suppliers as s', 's.id', 'o.supplier_id')
    .leftJoin('users as ru', 'ru.id', 'o.received_by')
    .leftJoin('users as cu', 'cu.id', 'o.cancelled_by')
    .select(
      'c.name as category_name',
      's.name as supplier_name',
      's.code as supplier_code',
      's.balance as supplier_balance',
      'ru.name as received_by_name',
      'cu.name as cancelled_by_name',
      'fa.location_id as from_location_id',
      'ta.location_id as to_location_id',
    )
    .where('o.id', id)
    .first();
  if (!op) return undefined;
  const allocations: CashOperationAllocation[] =
    op.kind === 'supplier_payment'
      ? await db('supplier_payment_allocations as a')
          .join('stock_entries as e', 'e.id', 'a.stock_entry_id')
          .where('a.cash_operation_id', id)
          .orderBy('a.id')
          .select(
            'a.id',
            'a.amount',
            'a.cancelled_at',
            'e.id as entry_id',
            'e.number as entry_number',
            'e.entry_date',
            'e.total_amount',
            'e.amount_paid',
            'e.supplier_ref',
          )
      : [];
  return { op, allocations };
}

/** The balance of each of the user's accounts at the end of a business date, from the ledger. */
export async function balancesAt(db: Knex, places: PlaceScope, date: string): Promise<BalanceAt[]> {
  // From the ledger's day summary (server/db/money-days.ts): a few rows per account and day.
  const sums = db('money_days')
    .where('business_date', '<=', date)
    .groupBy('account_id')
    .select('account_id', db.raw('SUM(total_in - total_out) AS total'), db.raw('SUM(movement_count) AS n'));
  const rows: BalanceAt[] = await whereAllowedAccount(
    db('treasury_accounts as a')
      .leftJoin(sums.as('s'), 's.account_id', 'a.id')
      .orderByRaw("CASE a.kind WHEN 'caisse' THEN 0 WHEN 'banque' THEN 1 ELSE 2 END")
      .orderBy('a.code')
      .select(
        'a.id',
        'a.kind',
        'a.code',
        'a.name',
        'a.active',
        'a.balance',
        db.raw('COALESCE(s.total, 0) AS balance_at'),
        db.raw('COALESCE(s.n, 0) AS movement_count'),
      ),
    places,
    'a.',
  );
  return rows.filter((r) => r.active || Number(r.balance_at) !== 0 || Number(r.movement_count) > 0);
}

/** The accounts an operation form offers: the user's active accounts; for a transfer's destination, every active desk. */
export async function operationAccountOptions(
  db: Knex,
  places: PlaceScope,
): Promise<{ mine: OperationAccountOption[]; desks: OperationAccountOption[] }> {
  const mine = await whereAllowedAccount(
    db('treasury_accounts')
      .where('active', true)
      .orderBy('kind')
      .orderBy('code')
      .select('id', 'kind', 'code', 'name', 'balance', 'operator'),
    places,
  );
  const desks = await db('treasury_accounts')
    .where({ active: true, kind: 'caisse' })
    .orderBy('code')
    .select('id', 'kind', 'code', 'name', 'balance', 'operator');
  return { mine, desks };
}

export async function expenseCategoryChoices(db: Knex): Promise<Array<{ value: string; label: string }>> {
  const rows = await db('expense_categories').where('active', true).select('id', 'name');
  return sortFrench(rows, (r) => r.name).map((r) => ({ value: String(r.id), label: r.name }));
}

/** Suppliers we owe money to (a supplier payment's picker), in French order. */
export async function suppliersToPay(
  db: Knex,
): Promise<Array<{ id: number; code: string; name: string; balance: number }>> {
  const rows = await db('suppliers').where('balance', '>', 0).select('id', 'code', 'name', 'balance').limit(2000);
  return sortFrench(rows, (r) => r.name).map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: r.name,
    balance: Number(r.balance),
  }));
}

/**
 * The users who may have recorded the movements of these accounts (the « utilisateur » filter of the
 * accounts the viewer sees), in French order: those who work on at least one of them — an
 * administrator or a user of every place, a restricted user whose places include a desk's location
 * or whose treasury accounts include one (the rule of placeScope, server/policies/places.ts) — and
 * none of the other places' users.
 */
export async function movementUsers(
  db: Knex,
  accounts: ReadonlyArray<{ id: number | string; kind: string; location_id: number | string | null }>,
): Promise<Array<{ value: string; label: string }>> {
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => Number(a.id));
  const locations = [
    ...new Set(accounts.filter((a) => a.kind === 'caisse' && a.location_id !== null).map((a) => Number(a.location_id))),
  ];
  const rows = await db('users as u')
    .where((w) => {
      w.where('u.places_restricted', false)
        .orWhereExists(
          db('user_roles as ur')
            .join('roles as r', 'r.id', 'ur.role_id')
            .whereRaw('ur.user_id = u.id')
            .where('r.is_admin', true),
        )
        .orWhereExists(db('user_treasury_accounts as ut').whereRaw('ut.user_id = u.id').whereIn('ut.account_id', ids));
      if (locations.length)
        w.orWhereExists(db('user_locations as ul').whereRaw('ul.user_id = u.id').whereIn('ul.location_id', locations));
    })
    .select('u.id', 'u.name')
    .limit(1000);
  return sortFrench(rows, (r) => r.name).map((r) => ({ value: String(r.id), label: r.name }));
}

/** What was in transit at the end of a date: transfers sent by then and neither received nor cancelled by then, from or to the user's desks. */
export async function transitAt(db: Knex, places: PlaceScope, date: string): Promise<number> {
  const qb = db('cash_operations as o')
    .where('o.kind', 'transfer')
    .where('o.operation_date', '<=', date)
    .where((w) => w.whereNull('o.received_on').orWhere('o.received_on', '>', date))
    .where((w) => w.whereNull('o.cancelled_on').orWhere('o.cancelled_on', '>', date));
  if (!places.all) {
    qb.where((w) => {
      w.whereIn('o.from_account_id', whereAllowedAccount(db('treasury_accounts').select('id'), places)).orWhereIn(
        'o.to_account_id',
        whereAllowedAccount(db('treasury_accounts').select('id'), places),
      );
    });
  }
  const row = (await qb.sum({ s: 'o.amount' }).first()) as { s: number | string | null } | undefined;
  return Number(row?.s ?? 0);
}
