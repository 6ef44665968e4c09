import type { Knex } from 'knex';
import { escapeLike } from '../../db/dialect.js';
import { paginateCounted } from '../../db/paginate.js';
import type { Paginated } from '../../../shared/lists.js';
import type { PlaceScope } from '../../policies/places.js';
import type { SettlementListFilters, SettlementTotals } from '../../../shared/pages/settlements.js';
import { PRINTOUT_SETTINGS } from '../../../shared/print.js';
import { SETTLEMENT_SERIES } from '../../../shared/sales.js';
import { ADVANCE_METHOD_LABEL, compareOldestDue } from '../../../shared/settlements.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../../shared/treasury.js';
import { whereAllowedAccount } from '../places/scope.js';
import { documentNumberQuery } from '../search/document-series.js';
import type { ExportFormat } from '../tabular/export.js';
import { type ExportFile, type ExportSpec, buildExport } from '../tabular/export.js';
import { orderByFrench } from '../../db/french-order.js';
import type { ClientsRow } from '../../db/tables.generated.js';
import type { PickedClient } from '../sales/sale-queries.js';

/**
 * Reading settlements (REG-): the list with its totals by method, the export, one settlement with
 * its allocations, and a client's open invoices for the new-settlement form. A user restricted to
 * some places sees the settlements paid into the accounts they work on, and those spending an
 * advance (which land in no account).
 */

export type Row = Record<string, any>;

/**
 * « Orange Money » for mobile money, the method's label otherwise, « Acompte » for an advance spent;
 * `withMethod` names the method before the operator (« Mobile money · Orange Money », Annulations › Règlements).
 */
export function methodLabel(
  source: string,
  method: string | null,
  operator: string | null,
  { withMethod = false }: { withMethod?: boolean } = {},
): string {
  if (source === 'advance' || !method) return ADVANCE_METHOD_LABEL;
  const label = PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
  if (method !== 'mobile_money' || !operator) return label;
  const operatorLabel =
    MOBILE_MONEY_OPERATOR_LABELS[operator as MobileMoneyOperator] ?? (withMethod ? operator : label);
  return withMethod ? `${label} · ${operatorLabel}` : operatorLabel;
}

/** A settlement's place is its account (an advance spent, with no account, is every place's). */
export function whereAllowedSettlement(db: Knex, qb: Knex.QueryBuilder, scope: PlaceScope): Knex.QueryBuilder {
  if (scope.all) return qb;
  return qb.where((w) =>
    w
      .whereNull('st.account_id')
      .orWhereIn('st.account_id', whereAllowedAccount(db('treasury_accounts').select('id'), scope)),
  );
}

/** The list's filters; the cancellation screen has no account nor user filter. */
export type SettlementReadFilters = Omit<SettlementListFilters, 'account_id' | 'user_id'> &
  Partial<Pick<SettlementListFilters, 'account_id' | 'user_id'>>;

function listQuery(db: Knex, f: SettlementReadFilters, scope: PlaceScope): Knex.QueryBuilder {
  const qb = db('settlements as st');
  if (f.from) qb.where('st.settlement_date', '>=', f.from);
  if (f.to) qb.where('st.settlement_date', '<=', f.to);
  if (f.client_id) qb.where('st.client_id', Number(f.client_id));
  if (f.method === 'advance') qb.where('st.source', 'advance');
  else if (f.method) qb.where('st.method', f.method);
  if (f.account_id) qb.where('st.account_id', Number(f.account_id));
  if (f.user_id) qb.where('st.created_by', Number(f.user_id));
  if (f.status) qb.where('st.status', f.status);
  const q = f.q.trim().toUpperCase();
  if (q) {
    // A number: « REG-2026-000012 » (exact, on the unique index), « reg 2026 » or any prefix, or its last digits (« 12 »).
    const read = documentNumberQuery(q, [SETTLEMENT_SERIES]);
    if (read?.exact) qb.where('st.number', read.exact);
    else if (read) qb.where('st.number', 'like', `${escapeLike(read.prefix)}%`);
    else if (/^\d{1,6}$/.test(q)) qb.where('st.number', 'like', `%${q.padStart(6, '0')}`);
    else qb.where('st.number', 'like', `${escapeLike(q)}%`);
  }
  return whereAllowedSettlement(db, qb, scope);
}

const COLUMNS = [
  'st.id',
  'st.number',
  'st.settlement_date',
  'st.client_id',
  'c.name as client_name',
  'st.source',
  'st.method',
  'st.operator',
  'a.name as account_name',
  'st.reference',
  'st.amount',
  'st.allocated',
  'st.advance',
  'st.status',
  'u.name as created_by_name',
];

function withNames(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb
    .join('clients as c', 'c.id', 'st.client_id')
    .leftJoin('treasury_accounts as a', 'a.id', 'st.account_id')
    .leftJoin('users as u', 'u.id', 'st.created_by')
    .select(COLUMNS);
}

/** The printouts of a settlement (its receipt, whatever its paper): those reading the « receipt » print settings. */
export const SETTLEMENT_PRINTOUTS = Object.entries(PRINTOUT_SETTINGS)
  .filter(([, type]) => type === 'receipt')
  .map(([printout]) => printout);

/**
 * The one read of the settlements (REG-) list, for Règlements (`mode: 'list'`) and Annulations ›
 * Règlements (`mode: 'cancellation'`): same filters, same places rule, same sorts, served by the
 * settlements migration's indexes (settlement_date + id, client_id + settlement_date, method +
 * settlement_date, the unique number). The cancellation mode adds what cancelling or reprinting
 * needs: the version, the reason and day of a cancellation, the client's advance left now (a
 * payment whose advance was spent cannot be cancelled), the invoices each settlement settles and
 * its receipt's reprints — queries over the page's ids only.
 */
export async function listSettlements<T>(
  db: Knex,
  f: SettlementReadFilters,
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
  options: { mode?: 'list' | 'cancellation'; perPage?: number } = {},
): Promise<{ settlements: Paginated<T>; totals: SettlementTotals }> {
  const mode = options.mode ?? 'list';
  const base = listQuery(db, f, scope);
  const totals = await settlementTotals(base);
  const ordered = withNames(base.clone());
  if (mode === 'cancellation')
    ordered.select('st.version', 'st.cancel_reason', 'st.cancelled_on', 'c.advance as client_advance');
  if (f.sort === 'number') ordered.orderBy([{ column: 'st.number', order: f.dir }]);
  else if (f.sort === 'amount')
    ordered.orderBy([
      { column: 'st.amount', order: f.dir },
      { column: 'st.id', order: f.dir },
    ]);
  else
    ordered.orderBy([
      { column: 'st.settlement_date', order: f.dir },
      { column: 'st.id', order: f.dir },
    ]);
  const count = totals.count + totals.cancelled;
  if (mode === 'list')
    return { settlements: await paginateCounted(ordered, count, page, options.perPage ?? 25, map), totals };
  const result = await paginateCounted(ordered, count, page, options.perPage ?? 25, (r: Row) => r);
  const ids = result.data.map((r) => Number(r.id));
  const invoices = new Map<number, string[]>();
  const reprints = new Map<number, number>();
  if (ids.length) {
    const allocations = await db('settlement_allocations as x')
      .join('sales as v', 'v.id', 'x.sale_id')
      .whereIn('x.settlement_id', ids)
      .orderBy(['x.settlement_id', 'x.position'])
      .select('x.settlement_id', 'v.number');
    for (const r of allocations)
      invoices.set(Number(r.settlement_id), [...(invoices.get(Number(r.settlement_id)) ?? []), String(r.number)]);
    if (SETTLEMENT_PRINTOUTS.length) {
      const prints = (await db('document_prints')
        .whereIn('printout', SETTLEMENT_PRINTOUTS)
        .whereIn('document_id', ids)
        .where('reprint_count', '>', 0)
        .groupBy('document_id')
        .select('document_id')
        .sum({ n: 'reprint_count' })) as Row[];
      for (const r of prints) reprints.set(Number(r.document_id), Number(r.n));
    }
  }
  return {
    settlements: {
      ...result,
      data: result.data.map((r) =>
        map({ ...r, invoices: invoices.get(Number(r.id)) ?? [], reprints: reprints.get(Number(r.id)) ?? 0 }),
      ),
    },
    totals,
  };
}

/** Σ received by the validated settlements of the filtered list, by method (mobile money by operator); cancelled ones counted apart. */
async function settlementTotals(base: Knex.QueryBuilder): Promise<SettlementTotals> {
  const rows = (await base
    .clone()
    .groupBy('st.status', 'st.source', 'st.method', 'st.operator')
    .select('st.status', 'st.source', 'st.method', 'st.operator')
    .count({ n: '*' })
    .sum({ received: 'st.amount' })) as Row[];
  const out: SettlementTotals = { count: 0, received: 0, cancelled: 0, by_method: [] };
  const byKey = new Map<string, SettlementTotals['by_method'][number]>();
  for (const r of rows) {
    if (r.status !== 'validated') {
      out.cancelled += Number(r.n);
      continue;
    }
    out.count += Number(r.n);
    out.received += Number(r.received ?? 0);
    const key =
      r.source === 'advance'
        ? 'advance'
        : r.method === 'mobile_money'
          ? `mobile_money:${r.operator ?? ''}`
          : String(r.method);
    const entry = byKey.get(key) ?? { key, label: methodLabel(r.source, r.method, r.operator), count: 0, received: 0 };
    entry.count += Number(r.n);
    entry.received += Number(r.received ?? 0);
    byKey.set(key, entry);
  }
  out.by_method = [...byKey.values()].sort((a, b) => b.received - a.received || a.label.localeCompare(b.label, 'fr'));
  return out;
}

/** CSV/XLSX of the filtered list (every matching settlement, newest first, capped). */
export async function exportSettlements(
  db: Knex,
  f: SettlementReadFilters,
  scope: PlaceScope,
  format: ExportFormat,
  currency: string,
  limit = 100_000,
): Promise<ExportFile> {
  const rows = (await withNames(listQuery(db, f, scope))
    .select('st.phone', 'st.cheque_date', 'st.note')
    .orderBy([
      { column: 'st.settlement_date', order: 'desc' },
      { column: 'st.id', order: 'desc' },
    ])
    .limit(limit)) as Row[];
  const spec: ExportSpec<Row> = {
    fileName: 'reglements',
    sheetName: 'Règlements',
    currency,
    columns: [
      { header: 'N°', value: (r) => r.number, width: 18 },
      { header: 'Date', value: (r) => r.settlement_date, width: 12 },
      { header: 'Client', value: (r) => r.client_name, width: 30 },
      { header: 'Mode', value: (r) => methodLabel(r.source, r.method, r.operator), width: 16 },
      { header: 'Compte', value: (r) => r.account_name ?? '', width: 22 },
      { header: 'Référence', value: (r) => r.reference ?? '', width: 22 },
      { header: 'Téléphone', value: (r) => r.phone ?? '', width: 16 },
      { header: 'Date du chèque', value: (r) => r.cheque_date ?? '', width: 12 },
      { header: 'Montant', kind: 'money', value: (r) => Number(r.amount), width: 14 },
      { header: 'Affecté aux factures', kind: 'money', value: (r) => Number(r.allocated), width: 14 },
      { header: 'Acompte', kind: 'money', value: (r) => Number(r.advance), width: 14 },
      { header: 'Statut', value: (r) => (r.status === 'cancelled' ? 'Annulé' : 'Validé'), width: 10 },
      { header: 'Par', value: (r) => r.created_by_name ?? '', width: 20 },
      { header: 'Observation', value: (r) => r.note ?? '', width: 30 },
    ],
  };
  return buildExport(format, spec, rows);
}

/** One settlement with its client, account, users and allocations (each with its invoice as it stands now). */
export async function settlementDetail(db: Knex, id: number): Promise<{ settlement: Row; allocations: Row[] } | null> {
  const settlement = await db('settlements as st')
    .join('clients as c', 'c.id', 'st.client_id')
    .leftJoin('treasury_accounts as a', 'a.id', 'st.account_id')
    .leftJoin('users as u', 'u.id', 'st.created_by')
    .leftJoin('users as cu', 'cu.id', 'st.cancelled_by')
    .where('st.id', id)
    .first(
      'st.*',
      'c.code as client_code',
      'c.name as client_name',
      'c.phone as client_phone',
      'c.balance as client_balance',
      'c.advance as client_advance',
      'a.name as account_name',
      'u.name as created_by_name',
      'cu.name as cancelled_by_name',
    );
  if (!settlement) return null;
  const allocations = await db('settlement_allocations as sa')
    .join('sales as s', 's.id', 'sa.sale_id')
    .where('sa.settlement_id', id)
    .orderBy('sa.position')
    .select(
      'sa.position',
      'sa.sale_id',
      'sa.amount',
      'sa.cancelled_at',
      's.number',
      's.sale_date',
      's.due_date',
      's.total_ttc',
      's.amount_paid',
      's.amount_credited',
      's.status',
    );
  return { settlement, allocations };
}

/** The client as the settlement form shows it (balance, advance), or undefined. */
export async function clientForSettlement(
  db: Knex,
  id: number,
): Promise<(PickedClient & Pick<ClientsRow, 'advance'>) | undefined> {
  return db('clients')
    .where({ id, is_walk_in: false })
    .first('id', 'code', 'name', 'phone', 'price_level', 'credit_limit', 'balance', 'advance', 'is_walk_in');
}

/** The client's invoices with something left to pay, oldest due first (at most 500, the form's ceiling). */
export async function openInvoices(db: Knex, clientId: number, limit = 500): Promise<Row[]> {
  const rows = (await db('sales')
    .where({ client_id: clientId, status: 'validated' })
    .whereRaw('total_ttc - amount_paid - amount_credited > 0')
    .select('id', 'number', 'sale_date', 'due_date', 'total_ttc', 'amount_paid', 'amount_credited')
    .orderBy([{ column: 'sale_date' }, { column: 'id' }])
    .limit(limit)) as Row[];
  return rows.sort((a, b) =>
    compareOldestDue(
      { id: Number(a.id), saleDate: a.sale_date, dueDate: a.due_date ?? null },
      { id: Number(b.id), saleDate: b.sale_date, dueDate: b.due_date ?? null },
    ),
  );
}

/** Filter options: the accounts settlements land in and the users who record them. */
export async function settlementFilterOptions(db: Knex, scope: PlaceScope): Promise<{ accounts: Row[]; users: Row[] }> {
  const accounts = await orderByFrench(whereAllowedAccount(db('treasury_accounts'), scope), db, {
    name: 'name',
  }).select('id', 'name');
  const users = await orderByFrench(
    db('users').whereIn('id', db('settlements').distinct('created_by').whereNotNull('created_by')),
    db,
    { name: 'name' },
  ).select('id', 'name');
  return { accounts, users };
}
