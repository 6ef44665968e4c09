import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { AccountLedgerFilters } from '../../../shared/treasury-accounts.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  MONEY_MOVEMENT_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  type MobileMoneyOperator,
  type PaymentMethod,
} from '../../../shared/treasury.js';
import { paginateDeferred } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import { companyTimeZone, getCurrency } from '../company/get-company.js';
import { type ExportFile, type ExportFormat, buildExport } from '../tabular/export.js';
import type { MoneyMovementsRow, UsersRow } from '../../db/tables.generated.js';

/**
 * The ledger of one treasury account as its page shows it (a bank, a wallet or a cash desk):
 * its money movements of a period, newest first, filtered by type and searched by document
 * number, reference or label, with the period's figures (SQL aggregates) and the CSV/XLSX export.
 * Reads only: movements are written by postMoneyMovements (ledger.ts).
 */

function movementsQuery(db: Knex, accountId: number, filters: AccountLedgerFilters): Knex.QueryBuilder {
  const qb = db('money_movements as m').where('m.account_id', accountId);
  if (filters.from) qb.where('m.business_date', '>=', filters.from);
  if (filters.to) qb.where('m.business_date', '<=', filters.to);
  if (filters.type) qb.where('m.movement_type', filters.type);
  if (filters.method) qb.where('m.payment_method', filters.method);
  if (filters.user_id) qb.where('m.user_id', filters.user_id);
  whereSearch(qb, db, filters.q, {
    upperPrefix: ['m.document_number'],
    contains: ['m.reference', 'm.label', 'm.phone'],
  });
  return qb;
}

/** A movement as the ledger lists it (withColumns). */
export type LedgerMovement = Pick<
  MoneyMovementsRow,
  | 'id'
  | 'business_date'
  | 'occurred_at'
  | 'movement_type'
  | 'label'
  | 'payment_method'
  | 'operator'
  | 'phone'
  | 'reference'
  | 'document_number'
  | 'document_type'
  | 'document_id'
  | 'amount'
  | 'balance_after'
> & { user_name: UsersRow['name'] | null };

function withColumns(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(
      'm.id',
      'm.business_date',
      'm.occurred_at',
      'm.movement_type',
      'm.label',
      'm.payment_method',
      'm.operator',
      'm.phone',
      'm.reference',
      'm.document_number',
      'm.document_type',
      'm.document_id',
      'm.amount',
      'm.balance_after',
      'u.name as user_name',
    )
    .orderBy('m.id', 'desc');
}

/**
 * The account's ledger as its page shows it: the period's figures (accountLedgerTotals) and one
 * page of its movements, newest first — counted by those figures (no second COUNT), the page's ids
 * read from the covering index (account_id, business_date, …) before its 25 rows and their user.
 */
export async function accountLedger(
  db: Knex,
  accountId: number,
  filters: AccountLedgerFilters,
  page: number,
  perPage: number,
): Promise<{ movements: Paginated<LedgerMovement>; totals: AccountLedgerTotals }> {
  const totals = await accountLedgerTotals(db, accountId, filters);
  const ids = movementsQuery(db, accountId, filters).orderBy('m.id', 'desc');
  const movements = await paginateDeferred(
    withColumns(movementsQuery(db, accountId, filters)),
    'm.id',
    page,
    perPage,
    (r: LedgerMovement) => r,
    { total: totals.count, ids },
  );
  return { movements, totals };
}

export interface AccountLedgerTotals {
  opening: number;
  in: number;
  out: number;
  count: number;
}

/**
 * The figures of the period: money in, money out, count (filters applied) and the balance before
 * it — the opening from the ledger's day summary money_days (a row per day and movement type, not
 * every movement since the account opened).
 */
export async function accountLedgerTotals(
  db: Knex,
  accountId: number,
  filters: AccountLedgerFilters,
): Promise<AccountLedgerTotals> {
  const row = (await movementsQuery(db, accountId, filters)
    .select(
      db.raw('COALESCE(SUM(CASE WHEN m.amount > 0 THEN m.amount ELSE 0 END), 0) AS money_in'),
      db.raw('COALESCE(SUM(CASE WHEN m.amount < 0 THEN -m.amount ELSE 0 END), 0) AS money_out'),
    )
    .count({ n: '*' })
    .first()) as { money_in: number | string; money_out: number | string; n: number | string } | undefined;
  let opening = 0;
  if (filters.from) {
    const before = (await db('money_days')
      .where('account_id', accountId)
      .where('business_date', '<', filters.from)
      .select(db.raw('SUM(total_in - total_out) AS s'))
      .first()) as { s: number | string | null } | undefined;
    opening = Number(before?.s ?? 0);
  }
  return { opening, in: Number(row?.money_in ?? 0), out: Number(row?.money_out ?? 0), count: Number(row?.n ?? 0) };
}

/** The movements as filtered, as a CSV or XLSX file named after the account. */
export async function exportAccountMovements(
  db: Knex,
  account: { id: number; code: string },
  filters: AccountLedgerFilters,
  format: ExportFormat,
): Promise<ExportFile> {
  const rows: LedgerMovement[] = await withColumns(movementsQuery(db, account.id, filters));
  const clock = new Intl.DateTimeFormat('fr-FR', {
    timeZone: await companyTimeZone(db),
    hour: '2-digit',
    minute: '2-digit',
  });
  const slug = account.code.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return buildExport(
    format,
    {
      fileName: `mouvements-${slug}`,
      sheetName: `Mouvements ${account.code}`,
      currency: await getCurrency(db),
      columns: [
        { header: 'Date', value: (r) => r.business_date, width: 12 },
        { header: 'Heure', value: (r) => clock.format(new Date(r.occurred_at)), width: 8 },
        {
          header: 'Opération',
          value: (r) => MONEY_MOVEMENT_TYPE_LABELS[r.movement_type] ?? r.movement_type,
          width: 22,
        },
        { header: 'Libellé', value: (r) => r.label, width: 30 },
        { header: 'Document', value: (r) => r.document_number, width: 18 },
        {
          header: 'Moyen',
          value: (r) => PAYMENT_METHOD_LABELS[r.payment_method as PaymentMethod] ?? r.payment_method,
          width: 14,
        },
        {
          header: 'Opérateur',
          value: (r) =>
            r.operator ? (MOBILE_MONEY_OPERATOR_LABELS[r.operator as MobileMoneyOperator] ?? r.operator) : '',
          width: 14,
        },
        { header: 'Téléphone', value: (r) => r.phone, width: 16 },
        { header: 'Référence', value: (r) => r.reference, width: 20 },
        { header: 'Utilisateur', value: (r) => r.user_name, width: 20 },
        { header: 'Entrée', kind: 'money', value: (r) => (Number(r.amount) > 0 ? Number(r.amount) : null) },
        { header: 'Sortie', kind: 'money', value: (r) => (Number(r.amount) < 0 ? -Number(r.amount) : null) },
        { header: 'Solde après', kind: 'money', value: (r) => Number(r.balance_after) },
      ],
    },
    rows,
  );
}
