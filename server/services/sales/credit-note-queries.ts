import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { CreditNoteListFilters } from '../../../shared/pages/sales.js';
import { paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import type { Row } from '../stock/lookups.js';
import { selectFiscalColumn, whereFiscalState } from '../fiscal/list-column.js';

/** Read side of the credit notes (AV-): list (indexed filters, allowlisted sorts) with its refund total, detail, the sale to correct. */

function listQuery(db: Knex, f: CreditNoteListFilters, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('credit_notes as cn');
  whereAllowedLocation(q, 'cn.location_id', scope);
  if (f.q) {
    // A number (AV-… or just its digits) or the corrected sale's number (VB-…).
    q.where((w) => {
      whereSearch(w, db, f.q, { contains: ['cn.number'] });
      w.orWhereIn('cn.sale_id', db('sales').where('number', f.q.trim().toUpperCase()).select('id'));
    });
  } else if (f.from && f.to) q.whereBetween('cn.credit_date', [f.from, f.to]);
  if (f.location_id) q.where('cn.location_id', Number(f.location_id));
  whereFiscalState(q, ['creditNote'], 'cn.id', f.fiscal);
  return q;
}

const SORTS: Record<CreditNoteListFilters['sort'], string[]> = {
  date: ['cn.credit_date', 'cn.id'],
  number: ['cn.number'],
  total: ['cn.refunded', 'cn.id'],
};

export async function listCreditNotes<T>(
  db: Knex,
  f: CreditNoteListFilters,
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
  perPage = 25,
): Promise<Paginated<T>> {
  const q = listQuery(db, f, scope)
    .join('sales as s', 's.id', 'cn.sale_id')
    .join('locations as l', 'l.id', 'cn.location_id')
    .join('clients as c', 'c.id', 'cn.client_id')
    .leftJoin('users as u', 'u.id', 'cn.created_by')
    .select(
      'cn.id',
      'cn.number',
      'cn.credit_date',
      'cn.sale_id',
      's.number as sale_number',
      'l.name as location_name',
      'c.name as client_name',
      'cn.line_count',
      'cn.refunded',
      'cn.reason',
      'u.name as created_by_name',
    )
    .orderBy(SORTS[f.sort].map((column) => ({ column, order: f.dir })));
  selectFiscalColumn(q, ['creditNote'], 'cn.id', f.fiscal);
  return paginate(q, page, perPage, map);
}

/** Σ refunds of the filtered credit notes (every page), one indexed aggregate. */
export async function creditNoteRefundTotal(db: Knex, f: CreditNoteListFilters, scope: PlaceScope): Promise<number> {
  const row = await listQuery(db, f, scope).sum({ s: 'cn.refunded' }).first();
  return Number(row?.s ?? 0);
}

/** Every credit note of the filter, for an export. */
export function creditNotesForExport(db: Knex, f: CreditNoteListFilters, scope: PlaceScope): Promise<Row[]> {
  return listQuery(db, f, scope)
    .join('sales as s', 's.id', 'cn.sale_id')
    .join('locations as l', 'l.id', 'cn.location_id')
    .join('clients as c', 'c.id', 'cn.client_id')
    .leftJoin('users as u', 'u.id', 'cn.created_by')
    .select(
      'cn.number',
      'cn.credit_date',
      's.number as sale_number',
      'l.name as location_name',
      'c.name as client_name',
      'cn.line_count',
      'cn.refunded',
      'cn.reason',
      'u.name as created_by_name',
    )
    .orderBy([{ column: 'cn.credit_date' }, { column: 'cn.id' }])
    .limit(100_000);
}

export async function creditNoteDetail(db: Knex, id: number): Promise<{ note: Row; lines: Row[] } | null> {
  const note = await db('credit_notes as cn')
    .join('sales as s', 's.id', 'cn.sale_id')
    .join('locations as l', 'l.id', 'cn.location_id')
    .join('clients as c', 'c.id', 'cn.client_id')
    .leftJoin('treasury_accounts as a', 'a.id', 'cn.account_id')
    .leftJoin('users as u', 'u.id', 'cn.created_by')
    .where('cn.id', id)
    .first(
      'cn.*',
      's.number as sale_number',
      's.sale_date',
      'l.name as location_name',
      'c.name as client_name',
      'c.phone as client_phone',
      'c.is_walk_in as client_is_walk_in',
      'a.name as account_name',
      'u.name as created_by_name',
    );
  if (!note) return null;
  const lines = await db('credit_note_lines as cl')
    .join('products as p', 'p.id', 'cl.product_id')
    .where('cl.credit_note_id', id)
    .orderBy('cl.position')
    .select('cl.*', 'p.code as product_code', 'p.name as product_name', 'p.unit');
  return { note, lines };
}

/** A counter sale by its exact number (typed, or scanned from its ticket), with what each line may still give back. */
export async function correctableSale(
  db: Knex,
  number: string,
): Promise<{ sale: Row; lines: Row[]; notes: Row[] } | null> {
  const sale = await db('sales as s')
    .join('locations as l', 'l.id', 's.location_id')
    .join('clients as c', 'c.id', 's.client_id')
    .where('s.number', number.trim().toUpperCase())
    .first(
      's.id',
      's.number',
      's.kind',
      's.status',
      's.location_id',
      's.sale_date',
      's.total_ttc',
      's.amount_credited',
      's.version',
      's.prices_include_vat',
      'l.name as location_name',
      'c.name as client_name',
    );
  if (!sale) return null;
  const lines = await db('sale_lines as sl')
    .join('products as p', 'p.id', 'sl.product_id')
    .where('sl.sale_id', sale.id)
    .orderBy('sl.position')
    .select(
      'sl.id',
      'sl.position',
      'sl.quantity',
      'sl.returned_quantity',
      'sl.unit_price',
      'sl.net',
      'sl.allocated_discount',
      'sl.vat_amount',
      'p.code as product_code',
      'p.name as product_name',
      'p.unit',
    );
  return { sale, lines, notes: await saleCreditNotes(db, Number(sale.id)) };
}

/** The credit notes (AV-) that corrected a sale, oldest first: the sale's page, its printouts, its correction. */
export function saleCreditNotes(db: Knex, saleId: number): Promise<Row[]> {
  return db('credit_notes').where({ sale_id: saleId }).orderBy('id').select('id', 'number', 'credit_date', 'refunded');
}
