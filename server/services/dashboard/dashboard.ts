import type { Knex } from 'knex';
import type { DashboardDocumentKind } from '../../../shared/dashboard.js';
import type { ReportChart } from '../../../shared/reports.js';
import { type DashboardPeriods, addDays, dashboardPeriods, monthStart } from '../../domain/dates.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount, whereAllowedLocation } from '../places/scope.js';
import { num } from '../reports/frame.js';
import { openSales } from '../reports/receivables-state.js';
import { bestSellers } from '../reports/sales-summaries.js';
import { type StockPlaces, currentLevels, levelTotals, underThresholdPage } from '../reports/stock-state.js';
import { figuresRow, turnoverEvents } from '../reports/turnover.js';
import { whereAllowedSettlement } from '../settlements/settlement-queries.js';

/**
 * Tableau de bord (issue 17): the figures of its cards, each one SQL aggregate over indexed rows or
 * the report summary tables — never rows added up in JavaScript — and each within the user's
 * places. The sales are counted like Chiffre d'affaires (turnoverEvents: a sale on its date, a credit
 * note on its date, a cancellation on its cancellation date, read from its summary per day, location,
 * kind and client), so a card and the report it links to agree to the franc;
 * the products under their threshold are État de stock's query.
 */

export interface SalesFigures {
  count: number;
  gross: number;
  returns: number;
  net: number;
  cost_total: number;
  margin: number;
}

const figures = (r: Record<string, unknown>, prefix: string): SalesFigures => {
  const f = figuresRow({
    sold: r[`${prefix}sold`],
    gross: r[`${prefix}gross`],
    returns: r[`${prefix}returns`],
    cost: r[`${prefix}cost`],
    vat: r[`${prefix}vat`],
  });
  return {
    count: Number(f.sold),
    gross: Number(f.gross),
    returns: Number(f.returns),
    net: Number(f.net),
    cost_total: Number(f.cost),
    margin: Number(f.margin),
  };
};

/**
 * The sales of each period of `dashboardPeriods` in one pass over Chiffre d'affaires' day summary
 * from the first of last month to today (≈ 60 days of rows), each a CASE sum — never a scan of the
 * documents, never rows added up here.
 */
export async function salesFigures(
  db: Knex,
  scope: PlaceScope,
  today: string,
): Promise<Record<keyof DashboardPeriods, SalesFigures>> {
  const periods = dashboardPeriods(today);
  const source = turnoverEvents(db, { from: periods.lastMonthToDate.from, to: today, location_id: '' }, scope);
  const columns = ['sold', 'gross', 'returns', 'cost', 'vat'];
  const names = Object.keys(periods) as Array<keyof DashboardPeriods>;
  // Quoted aliases: PostgreSQL folds unquoted ones to lower case.
  const select = names.flatMap((name) =>
    columns.map((c) =>
      db.raw(`SUM(CASE WHEN e.d BETWEEN ? AND ? THEN e.${c} ELSE 0 END) AS ??`, [
        periods[name].from,
        periods[name].to,
        `${name}_${c}`,
      ]),
    ),
  );
  const row = ((await db.from(source.as('e')).select(select).first()) ?? {}) as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, figures(row, `${name}_`)])) as Record<
    keyof DashboardPeriods,
    SalesFigures
  >;
}

/** The last 30 days (today included), one bar a day — days without a sale at zero — from Chiffre d'affaires' day summary. */
export async function salesChart(db: Knex, scope: PlaceScope, today: string): Promise<ReportChart> {
  const from = addDays(today, -29);
  const source = turnoverEvents(db, { from, to: today, location_id: '' }, scope);
  const rows = (await db
    .from(source.as('e'))
    .select('e.d')
    .sum({ sold: 'e.sold', gross: 'e.gross', returns: 'e.returns', cost: 'e.cost', vat: 'e.vat' })
    .groupBy('e.d')) as Record<string, unknown>[];
  const byDay = new Map(rows.map((r) => [String(r.d), figuresRow(r)]));
  const labels = Array.from({ length: 30 }, (_, i) => addDays(from, i));
  return {
    type: 'bar',
    title: 'Chiffre d’affaires net des 30 derniers jours',
    labels,
    series: [
      { label: 'CA net', unit: 'money', data: labels.map((d) => Number(byDay.get(d)?.net ?? 0)) },
      { label: 'Marge', unit: 'money', data: labels.map((d) => Number(byDay.get(d)?.margin ?? 0)), cost: true },
    ],
  };
}

/**
 * The month's best sellers by CA net, at most `limit`: the first rows of Chiffre d'affaires par
 * produit over the month so far (`bestSellers`, productSales' rows without its totals: the month's
 * rows of report_sales_months less the days after today), so the card and the report it opens agree.
 */
export async function topProducts(db: Knex, scope: PlaceScope, today: string, limit = 5) {
  const sold = await bestSellers(db, { from: monthStart(today), to: today, location_id: '' }, scope, limit);
  const rows = sold.filter((r) => num(r.sales) > 0);
  return rows.map((r) => ({
    id: Number(r.product_id),
    code: String(r.code),
    name: String(r.name),
    unit: String(r.unit),
    quantity: num(r.quantity),
    sales: num(r.sales),
    // On the amount VAT excluded, as Chiffre d'affaires par produit.
    margin: num(r.sales) - num(r.vat) - num(r.cost),
  }));
}

/**
 * What clients owe on the validated sales of the user's places: État des créances' `openSales` at
 * today's date (its one definition of what a sale still owes, through the partial index of the open
 * sales); overdue when due before today (the due date, else — a sale without one is payable at
 * once — the sale date).
 */
export async function receivables(db: Knex, scope: PlaceScope, today: string) {
  const open = openSales(db, { date: today, location_id: '' }, scope, today);
  const r = ((await db
    .from(open.as('o'))
    .select(
      db.raw('COUNT(*) AS invoices'),
      db.raw('COALESCE(SUM(o.rem), 0) AS remaining'),
      db.raw('COALESCE(SUM(CASE WHEN o.due < ? THEN 1 ELSE 0 END), 0) AS overdue_invoices', [today]),
      db.raw('COALESCE(SUM(CASE WHEN o.due < ? THEN o.rem ELSE 0 END), 0) AS overdue', [today]),
    )
    .first()) ?? {}) as Record<string, unknown>;
  return {
    invoices: num(r.invoices),
    remaining: num(r.remaining),
    overdue_invoices: num(r.overdue_invoices),
    overdue: num(r.overdue),
  };
}

/** The treasury accounts the user works on (active, or archived still holding money), as the Caisse screen lists them, and their total. */
export async function treasuryBalances(db: Knex, scope: PlaceScope) {
  const base = () =>
    whereAllowedAccount(
      db('treasury_accounts as a').where((w) => w.where('a.active', true).orWhereNot('a.balance', 0)),
      scope,
      'a.',
    );
  const accounts = (await base()
    .orderByRaw("CASE a.kind WHEN 'caisse' THEN 0 WHEN 'banque' THEN 1 ELSE 2 END")
    .orderBy('a.code')
    .select('a.id', 'a.kind', 'a.code', 'a.name', 'a.balance')) as Record<string, unknown>[];
  const total = (await base().sum({ total: 'a.balance' }).first()) as Record<string, unknown> | undefined;
  return {
    accounts: accounts.map((a) => ({
      id: Number(a.id),
      kind: String(a.kind) as 'caisse' | 'banque' | 'mobile_money',
      code: String(a.code),
      name: String(a.name),
      balance: num(a.balance),
    })),
    total: num(total?.total),
  };
}

/** Products at or under the threshold in force at a location of `places` (État de stock's rule): how many pairs, and the furthest below. */
export async function lowStock(db: Knex, places: StockPlaces, limit = 5) {
  // One pass: the count of them all beside the first rows (a window over the whole answer).
  const { rows, total } = await underThresholdPage(db, places, {}, { limit, offset: 0 });
  return {
    count: total,
    products: rows.map((r) => ({
      id: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      unit: String(r.unit),
      location_id: Number(r.location_id),
      location: String(r.location),
      quantity: num(r.quantity),
      threshold: num(r.alert_threshold),
    })),
  };
}

/**
 * What the stock of `places` (null: every place) is worth at the CMUP, and how many products are in
 * stock there: État de stock's « Valeur du stock (CMUP) », by its own query.
 */
export async function stockValue(db: Knex, places: StockPlaces) {
  const { value, products } = await levelTotals(db, currentLevels(db, places));
  return { value, products };
}

export interface RecentDocument {
  kind: DashboardDocumentKind;
  id: number;
  number: string;
  date: string;
  created_at: string;
  label: string;
  total: number | null;
  cancelled: boolean;
}

/**
 * The last documents of the kinds given, within the user's places: each kind's last `limit` by its
 * (date, id) index, then the newest `limit` of them all.
 */
export async function recentDocuments(
  db: Knex,
  scope: PlaceScope,
  kinds: readonly DashboardDocumentKind[],
  limit = 8,
): Promise<RecentDocument[]> {
  const out: RecentDocument[] = [];
  const newest = (q: Knex.QueryBuilder, date: string, id: string) =>
    q
      .orderBy([
        { column: date, order: 'desc' },
        { column: id, order: 'desc' },
      ])
      .limit(limit);
  if (kinds.includes('sale')) {
    const q = db('sales as s')
      .join('clients as c', 'c.id', 's.client_id')
      .select(
        's.id',
        's.number',
        's.sale_date as date',
        's.created_at',
        'c.name as label',
        's.total_ttc as total',
        's.status',
      );
    whereAllowedLocation(q, 's.location_id', scope);
    for (const r of await newest(q, 's.sale_date', 's.id')) out.push(row('sale', r));
  }
  if (kinds.includes('settlement')) {
    const q = db('settlements as st')
      .join('clients as c', 'c.id', 'st.client_id')
      .select(
        'st.id',
        'st.number',
        'st.settlement_date as date',
        'st.created_at',
        'c.name as label',
        'st.amount as total',
        'st.status',
      );
    whereAllowedSettlement(db, q, scope);
    for (const r of await newest(q, 'st.settlement_date', 'st.id')) out.push(row('settlement', r));
  }
  if (kinds.includes('entry')) {
    const q = db('stock_entries as e')
      .join('suppliers as f', 'f.id', 'e.supplier_id')
      .select('e.id', 'e.number', 'e.entry_date as date', 'e.created_at', 'f.name as label', 'e.status')
      .whereNotNull('e.number');
    whereAllowedLocation(q, 'e.location_id', scope);
    for (const r of await newest(q, 'e.entry_date', 'e.id')) out.push(row('entry', { ...r, total: null }));
  }
  if (kinds.includes('transfer')) {
    const q = db('transfers as t')
      .join('locations as lf', 'lf.id', 't.from_location_id')
      .join('locations as lt', 'lt.id', 't.to_location_id')
      .select(
        't.id',
        't.number',
        't.transfer_date as date',
        't.created_at',
        'lf.name as from_name',
        'lt.name as to_name',
        't.status',
      )
      .whereNotNull('t.number');
    whereAllowedLocation(q, ['t.from_location_id', 't.to_location_id'], scope);
    for (const r of await newest(q, 't.transfer_date', 't.id'))
      out.push(row('transfer', { ...r, label: `${r.from_name} → ${r.to_name}`, total: null }));
  }
  if (kinds.includes('cash_operation')) {
    const q = db('cash_operations as o')
      .leftJoin('treasury_accounts as fa', 'fa.id', 'o.from_account_id')
      .leftJoin('treasury_accounts as ta', 'ta.id', 'o.to_account_id')
      .select(
        'o.id',
        'o.number',
        'o.operation_date as date',
        'o.created_at',
        'fa.name as from_name',
        'ta.name as to_name',
        'o.amount as total',
        'o.status',
      );
    if (!scope.all) {
      const mine = () => whereAllowedAccount(db('treasury_accounts').select('id'), scope);
      q.where((w) => w.whereIn('o.from_account_id', mine()).orWhereIn('o.to_account_id', mine()));
    }
    for (const r of await newest(q, 'o.operation_date', 'o.id'))
      out.push(row('cash_operation', { ...r, label: [r.from_name, r.to_name].filter(Boolean).join(' → ') }));
  }
  return out
    .sort((a, b) => (a.date === b.date ? b.created_at.localeCompare(a.created_at) : b.date.localeCompare(a.date)))
    .slice(0, limit);
}

function row(kind: DashboardDocumentKind, r: Record<string, unknown>): RecentDocument {
  return {
    kind,
    id: Number(r.id),
    number: String(r.number ?? ''),
    date: String(r.date),
    created_at: String(r.created_at ?? ''),
    label: String(r.label ?? ''),
    total: r.total === null || r.total === undefined ? null : num(r.total),
    cancelled: r.status === 'cancelled',
  };
}
