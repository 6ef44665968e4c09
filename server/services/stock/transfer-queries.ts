import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { TransferListFilters } from '../../../shared/pages/stock.js';
import { whereSearch } from '../../db/search.js';
import { paginate } from '../../db/paginate.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import type { Row } from './lookups.js';

/** Read side of the transfers: list (indexed filters, allowlisted sorts), in-transit count, detail. */

function transferListQuery(db: Knex, f: TransferListFilters, scope: PlaceScope): Knex.QueryBuilder {
  const q = db('transfers as t')
    .join('locations as lf', 'lf.id', 't.from_location_id')
    .join('locations as lt', 'lt.id', 't.to_location_id');
  // A transfer is seen by the users of the sending place and of the receiving one.
  whereAllowedLocation(q, ['t.from_location_id', 't.to_location_id'], scope);
  if (f.from && f.to) q.whereBetween('t.transfer_date', [f.from, f.to]);
  if (f.status) q.where('t.status', f.status);
  if (f.from_location_id) q.where('t.from_location_id', Number(f.from_location_id));
  if (f.to_location_id) q.where('t.to_location_id', Number(f.to_location_id));
  if (f.q) whereSearch(q, db, f.q, { contains: ['t.number'] });
  return q;
}

const TRANSFER_SORTS: Record<TransferListFilters['sort'], string[]> = {
  date: ['t.transfer_date', 't.id'],
  number: ['t.number'],
  status: ['t.status', 't.id'],
};

export async function listTransfers<T>(
  db: Knex,
  f: TransferListFilters,
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
  perPage = 25,
): Promise<Paginated<T>> {
  const q = transferListQuery(db, f, scope)
    .leftJoin('users as su', 'su.id', 't.sent_by')
    .leftJoin('document_prints as dp', (j) => j.on('dp.document_id', 't.id').andOnVal('dp.printout', 'transfer'))
    .select(
      't.id',
      't.number',
      't.transfer_date',
      't.line_count',
      't.status',
      't.received_date',
      'dp.reprint_count as reprints',
      't.cancel_reason',
      't.version',
      'lf.name as from_name',
      'lt.name as to_name',
      'su.name as sent_by_name',
    )
    .orderBy(TRANSFER_SORTS[f.sort].map((column) => ({ column, order: f.dir })));
  return paginate(q, page, perPage, map);
}

export async function transfersInTransit(db: Knex, scope: PlaceScope): Promise<number> {
  const row = await whereAllowedLocation(db('transfers'), ['from_location_id', 'to_location_id'], scope)
    .where({ status: 'sent' })
    .count<{ n: number }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/** A received transfer's differences valued at the CMUP at sending: what was lost (≤ 0) and gained (≥ 0). */
export interface DifferenceValues {
  loss: number;
  surplus: number;
  net: number;
}

export async function transferDetail(
  db: Knex,
  id: number,
): Promise<{ transfer: Row; lines: Row[]; differenceValues: DifferenceValues | null } | null> {
  const transfer = await db('transfers as t')
    .join('locations as lf', 'lf.id', 't.from_location_id')
    .join('locations as lt', 'lt.id', 't.to_location_id')
    .leftJoin('users as su', 'su.id', 't.sent_by')
    .leftJoin('users as ru', 'ru.id', 't.received_by')
    .leftJoin('users as xu', 'xu.id', 't.cancelled_by')
    // Reprints (DUPLICATA) are counted by the print rule (services/print/record-print.ts).
    .leftJoin('document_prints as dp', (j) => j.on('dp.document_id', 't.id').andOnVal('dp.printout', 'transfer'))
    .where('t.id', id)
    .first(
      't.*',
      'lf.name as from_name',
      'lt.name as to_name',
      'su.name as sent_by_name',
      'ru.name as received_by_name',
      'xu.name as cancelled_by_name',
      'dp.reprint_count as reprints',
      'dp.last_reprinted_at as last_reprint_at',
    );
  if (!transfer) return null;
  const lines = await db('transfer_lines as tl')
    .join('products as p', 'p.id', 'tl.product_id')
    .where('tl.transfer_id', id)
    .orderBy('tl.position')
    .select('tl.*', 'p.code as product_code', 'p.name as product_name', 'p.barcode', 'p.unit');
  let differenceValues: DifferenceValues | null = null;
  if (transfer.total_quantity_received !== null && transfer.total_quantity_received !== undefined) {
    const diff = '(tl.quantity_received - tl.quantity_sent) * tl.unit_cost';
    const totals = (await db('transfer_lines as tl')
      .where('tl.transfer_id', id)
      .whereNotNull('tl.quantity_received')
      .first(
        db.raw(`COALESCE(SUM(CASE WHEN tl.quantity_received < tl.quantity_sent THEN ${diff} ELSE 0 END), 0) as loss`),
        db.raw(
          `COALESCE(SUM(CASE WHEN tl.quantity_received > tl.quantity_sent THEN ${diff} ELSE 0 END), 0) as surplus`,
        ),
      )) as Row | undefined;
    const loss = Number(totals?.loss ?? 0);
    const surplus = Number(totals?.surplus ?? 0);
    differenceValues = { loss, surplus, net: loss + surplus };
  }
  return { transfer, lines, differenceValues };
}
