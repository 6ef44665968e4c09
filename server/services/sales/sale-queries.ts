import type { Knex } from 'knex';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import type { Paginated } from '../../../shared/lists.js';
import type { SaleListFilters, SaleListTotals } from '../../../shared/pages/sales.js';
import {
  PAYMENT_MODE_LABELS,
  SALE_DOCUMENT_TYPES,
  SALE_SERIES,
  SALE_STATUS_LABELS,
  type PaymentMode,
  type SaleDisplayStatus,
  type SaleKind,
  saleDisplayStatus,
  saleRemaining,
} from '../../../shared/sales.js';
import { saleRemainingSql } from './remaining.js';
import { escapeLike, prefixIndexOrder } from '../../db/dialect.js';
import { keysetPage, paginateCounted } from '../../db/paginate.js';
import { type ExportFile, type ExportFormat, type ExportSpec, buildExport } from '../tabular/export.js';
import type { Row } from '../stock/lookups.js';
import { documentNumberQuery } from '../search/document-series.js';
import { saleCreditNotes } from './credit-note-queries.js';
import type { ClientsRow } from '../../db/tables.generated.js';
import type { CertifiedDocumentType } from '../../../shared/documents.js';
import { selectFiscalColumn, whereFiscalState } from '../fiscal/list-column.js';

/**
 * Read side of the sales (invoices FAC- and counter sales VB-): the lists with their filters and
 * totals, a sale's detail, a client's sales. Every filter is served by an index of the sales
 * migrations (kind + sale_date + id; client_id + sale_date; location_id + sale_date;
 * kind + payment_status + sale_date; the number's prefix index) and the totals of the filtered set
 * are one SQL aggregate (index sales_kind_date_totals), never rows summed in JS (DESIGN.md §7).
 */

export interface SaleListQuery extends SaleListFilters {
  /** null: both kinds (a client's page). */
  kind: SaleKind | null;
}

/**
 * A typed number as the list reads it: « FAC-2026-12 » → that number exactly (FAC-2026-000012),
 * « fac 2026 » → a prefix; with the list's kind, « 2026-12 » reads as that kind's number.
 */
function numberMatch(q: string, kind: SaleKind | null): { exact: string | null; prefix: string } {
  const series = kind ? [SALE_SERIES[kind]] : Object.values(SALE_SERIES);
  const typed = q.trim();
  const read =
    documentNumberQuery(typed, series) ??
    (kind && /^\d/.test(typed) ? documentNumberQuery(`${SALE_SERIES[kind]}-${typed}`, series) : null);
  return read ? { exact: read.exact, prefix: read.prefix } : { exact: null, prefix: typed.toUpperCase() };
}

/** The sale's status as users read it (saleDisplayStatus: annulée, remboursée en tout ou partie, else its payment status). */
export function displayStatus(row: Row): SaleDisplayStatus {
  return saleDisplayStatus(
    row as { status: string; payment_status: string; total_ttc: number; amount_credited: number },
  );
}

/** The sales of a display status, in SQL: the same rule as saleDisplayStatus. */
function whereDisplayStatus(q: Knex.QueryBuilder, status: SaleDisplayStatus): void {
  if (status === 'cancelled') q.where('s.status', 'cancelled');
  else if (status === 'refunded')
    q.where('s.status', 'validated').where('s.amount_credited', '>', 0).whereRaw('s.amount_credited >= s.total_ttc');
  else if (status === 'partly_refunded')
    q.where('s.status', 'validated').where('s.amount_credited', '>', 0).whereRaw('s.amount_credited < s.total_ttc');
  else q.where('s.payment_status', status).where('s.status', 'validated').where('s.amount_credited', 0);
}

/** The certified types of a list of sales: one kind's, or both on a client's page. */
function saleFiscalTypes(kind: SaleKind | null): CertifiedDocumentType[] {
  return kind ? [SALE_DOCUMENT_TYPES[kind]] : Object.values(SALE_DOCUMENT_TYPES);
}

function saleListQuery(db: Knex, f: SaleListQuery, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('sales as s');
  // The places the user works in: the rows, the count and the totals alike.
  whereAllowedLocation(q, 's.location_id', scope);
  if (f.kind) q.where('s.kind', f.kind);
  if (f.from) q.where('s.sale_date', '>=', f.from);
  if (f.to) q.where('s.sale_date', '<=', f.to);
  if (f.client_id) q.where('s.client_id', Number(f.client_id));
  if (f.location_id) q.where('s.location_id', Number(f.location_id));
  if (f.status) whereDisplayStatus(q, f.status);
  if (f.mode) q.where('s.payment_mode', f.mode);
  whereFiscalState(q, saleFiscalTypes(f.kind), 's.id', f.fiscal);
  if (f.method)
    q.whereExists((sub) =>
      sub.select(db.raw('1')).from('sale_payments as sp').whereRaw('sp.sale_id = s.id').where('sp.method', f.method),
    );
  if (f.q.trim()) {
    const { exact, prefix } = numberMatch(f.q, f.kind);
    // The unique index for a whole number, else LIKE on the prefix index (NOCASE on SQLite, text_pattern_ops on PostgreSQL).
    if (exact) q.where('s.number', exact);
    else q.whereRaw(`s.number LIKE ? ESCAPE '\\'`, [`${escapeLike(prefix)}%`]);
  }
  return q;
}

const SALE_COLUMNS = [
  's.id',
  's.number',
  's.kind',
  's.sale_date',
  's.due_date',
  's.client_id',
  's.payment_mode',
  's.line_count',
  's.total_ttc',
  's.amount_paid',
  's.amount_credited',
  's.status',
  's.payment_status',
  's.version',
  's.cancel_reason',
  's.cancelled_on',
  'c.name as client_name',
  'l.name as location_name',
];

/**
 * One page of sales (client and location names joined on the page's rows only) and the totals of
 * every sale the filters match: one aggregate grouped by status over the filtered sales (a covering
 * index for a period of one kind), which also gives the count the pagination needs.
 */
export async function listSales<T>(
  db: Knex,
  f: SaleListQuery,
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
  perPage = 25,
): Promise<{ sales: Paginated<T>; totals: SaleListTotals }> {
  const base = saleListQuery(db, f, scope);
  const totals = await saleTotals(db, base);
  const ordered = base
    .clone()
    .join('clients as c', 'c.id', 's.client_id')
    .join('locations as l', 'l.id', 's.location_id')
    .select(SALE_COLUMNS);
  selectFiscalColumn(ordered, saleFiscalTypes(f.kind), 's.id', f.fiscal);
  if (f.sort === 'number')
    ordered.orderByRaw(`${prefixIndexOrder(db, 's.number')} ${f.dir === 'asc' ? 'ASC' : 'DESC'}`);
  else if (f.sort === 'amount')
    ordered.orderBy([
      { column: 's.total_ttc', order: f.dir },
      { column: 's.id', order: f.dir },
    ]);
  else
    ordered.orderBy([
      { column: 's.sale_date', order: f.dir },
      { column: 's.id', order: f.dir },
    ]);
  return { sales: await paginateCounted(ordered, totals.count + totals.cancelled, page, perPage, map), totals };
}

/** The totals of the filtered sales: validated ones summed, cancelled ones counted apart. */
async function saleTotals(db: Knex, base: Knex.QueryBuilder): Promise<SaleListTotals> {
  const rows = (await base
    .clone()
    .groupBy('s.status')
    .select('s.status')
    .count({ n: '*' })
    .sum({ total: 's.total_ttc', paid: 's.amount_paid', due: db.raw(saleRemainingSql('s')) })) as Row[];
  const out: SaleListTotals = { count: 0, total: 0, paid: 0, due: 0, cancelled: 0 };
  for (const r of rows) {
    if (r.status === 'validated') {
      out.count = Number(r.n);
      out.total = Number(r.total ?? 0);
      out.paid = Number(r.paid ?? 0);
      out.due = Number(r.due ?? 0);
    } else out.cancelled += Number(r.n);
  }
  return out;
}

/** What is left to pay on a sale row (never negative; nothing on a cancelled sale). */
export function dueOf(row: Row): number {
  if (row.status === 'cancelled') return 0;
  return saleRemaining(Number(row.total_ttc), Number(row.amount_paid), Number(row.amount_credited));
}

/** CSV/XLSX of the filtered list (every matching sale, newest first, capped). */
export async function exportSales(
  db: Knex,
  f: SaleListQuery,
  scope: PlaceScope,
  format: ExportFormat,
  currency: string,
  limit = 100_000,
): Promise<ExportFile> {
  const rows = (await saleListQuery(db, f, scope)
    .join('clients as c', 'c.id', 's.client_id')
    .join('locations as l', 'l.id', 's.location_id')
    .select([...SALE_COLUMNS, 's.discount', 's.total_ht', 's.vat_amount'])
    .orderBy([
      { column: 's.sale_date', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .limit(limit)) as Row[];
  const spec: ExportSpec<Row> = {
    fileName: f.kind === 'counter' ? 'ventes-boutique' : 'factures',
    sheetName: f.kind === 'counter' ? 'Ventes boutique' : 'Factures',
    currency,
    columns: [
      { header: 'N°', value: (r) => r.number, width: 18 },
      { header: 'Date', value: (r) => r.sale_date, width: 12 },
      { header: 'Client', value: (r) => r.client_name, width: 30 },
      { header: 'Emplacement', value: (r) => r.location_name, width: 20 },
      { header: 'Mode', value: (r) => PAYMENT_MODE_LABELS[r.payment_mode as PaymentMode] },
      { header: 'Échéance', value: (r) => r.due_date ?? '' },
      { header: 'Lignes', kind: 'integer', value: (r) => Number(r.line_count) },
      { header: 'Remise', kind: 'money', value: (r) => Number(r.discount) },
      { header: 'Total HT', kind: 'money', value: (r) => Number(r.total_ht) },
      { header: 'TVA', kind: 'money', value: (r) => Number(r.vat_amount) },
      { header: 'Total TTC', kind: 'money', value: (r) => Number(r.total_ttc) },
      { header: 'Payé', kind: 'money', value: (r) => Number(r.amount_paid) },
      { header: 'Reste à payer', kind: 'money', value: (r) => dueOf(r) },
      { header: 'Statut', value: (r) => SALE_STATUS_LABELS[displayStatus(r)] },
      { header: 'Remboursé (avoirs)', kind: 'money', value: (r) => Number(r.amount_credited) },
    ],
  };
  return buildExport(format, spec, rows);
}

export interface SaleDetail {
  sale: Row;
  lines: Row[];
  payments: Row[];
  creditNotes: Row[];
}

export async function saleDetail(db: Knex, id: number): Promise<SaleDetail | null> {
  const sale = await db('sales as s')
    .join('clients as c', 'c.id', 's.client_id')
    .join('locations as l', 'l.id', 's.location_id')
    .leftJoin('users as cu', 'cu.id', 's.created_by')
    .leftJoin('users as xu', 'xu.id', 's.cancelled_by')
    .where('s.id', id)
    .first(
      's.*',
      'c.code as client_code',
      'c.name as client_name',
      'c.phone as client_phone',
      'c.address as client_address',
      'c.city as client_city',
      'c.tax_number as client_tax_number',
      'c.is_walk_in as client_is_walk_in',
      'l.name as location_name',
      'cu.name as created_by_name',
      'xu.name as cancelled_by_name',
    );
  if (!sale) return null;
  const lines = await db('sale_lines as sl')
    .join('products as p', 'p.id', 'sl.product_id')
    .where('sl.sale_id', id)
    .orderBy('sl.position')
    .select('sl.*', 'p.code as product_code', 'p.name as product_name', 'p.unit as product_unit');
  const payments = await db('sale_payments as sp')
    .join('treasury_accounts as a', 'a.id', 'sp.account_id')
    .where('sp.sale_id', id)
    .orderBy('sp.id')
    .select('sp.*', 'a.name as account_name');
  return { sale, lines, payments, creditNotes: await saleCreditNotes(db, id) };
}

/** The id and kind of a sale, for the routes that need to know which one it is. */
export async function saleKindOf(db: Knex, id: number): Promise<SaleKind | null> {
  const row = await db('sales').where({ id }).first('kind');
  return row ? (row.kind as SaleKind) : null;
}

/** A client row as the client picker shows it (the form opened from a client's page). */
/** The columns of a client the sale form and the settlement form pick. */
export type PickedClient = Pick<
  ClientsRow,
  'id' | 'code' | 'name' | 'phone' | 'price_level' | 'credit_limit' | 'balance' | 'is_walk_in'
>;

export async function clientForSale(db: Knex, id: number): Promise<PickedClient | undefined> {
  return db('clients')
    .where({ id, active: true })
    .first('id', 'code', 'name', 'phone', 'price_level', 'credit_limit', 'balance', 'is_walk_in');
}

/** The client a list is filtered on, by name (null when unknown). */
export async function clientNameOf(db: Knex, id: number): Promise<{ id: number; name: string } | null> {
  const row = await db('clients').where({ id }).first('id', 'name');
  return row ? { id: Number(row.id), name: String(row.name) } : null;
}

/**
 * Sales in id order, a cursor page at a time (the REST API): the list's filters (period, client,
 * location, status, number) and the places of the caller, with the client and location names.
 */
export function salesAfter(
  db: Knex,
  f: SaleListQuery,
  scope: PlaceScope,
  afterId: number | null,
  limit: number,
): Promise<{ data: Row[]; next_after: number | null }> {
  const qb = saleListQuery(db, f, scope)
    .join('clients as c', 'c.id', 's.client_id')
    .join('locations as l', 'l.id', 's.location_id')
    .select([...SALE_COLUMNS, 's.location_id', 's.discount', 's.total_ht', 's.vat_amount', 's.created_at']);
  return keysetPage(qb, 's.id', afterId, limit);
}
