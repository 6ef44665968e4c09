import type { Knex } from 'knex';
import type { SettlementCancellationFilters } from '../../../shared/cancellation-pages.js';
import type { Paginated } from '../../../shared/lists.js';
import { PRINTOUT_SETTINGS } from '../../../shared/print.js';
import { SETTLEMENT_SERIES } from '../../../shared/sales.js';
import { escapeLike } from '../../db/dialect.js';
import { paginate } from '../../db/paginate.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import { documentNumberQuery } from '../search/document-series.js';
import type { Row } from '../stock/lookups.js';

/** The printouts of a settlement (its receipt, whatever its paper): those reading the « receipt » print settings. */
export const SETTLEMENT_PRINTOUTS = Object.entries(PRINTOUT_SETTINGS)
  .filter(([, type]) => type === 'receipt')
  .map(([printout]) => printout);

/**
 * Annulations › Règlements: the settlements (REG-) by period, client, method, status, number —
 * served by the settlements migration's indexes (settlement_date + id, client_id + settlement_date,
 * method + settlement_date, the unique number). A user restricted to some places sees the
 * settlements paid into their accounts (and the advance spent by any client, which lands nowhere).
 * Each row of the page comes with the invoices it settles, the client's advance left now (a payment
 * whose advance was spent cannot be cancelled) and its receipt's reprints — queries over the page's
 * ids only.
 */
export async function listSettlementCancellations<T>(db: Knex, f: SettlementCancellationFilters, scope: PlaceScope, page: number, map: (row: Row) => T): Promise<Paginated<T>> {
  const q = db('settlements as s').join('clients as c', 'c.id', 's.client_id').leftJoin('treasury_accounts as a', 'a.id', 's.account_id');
  if (!scope.all) q.where((w) => w.whereNull('s.account_id').orWhere((x) => whereAllowedAccount(x, scope, 'a.')));
  if (f.from && f.to) q.whereBetween('s.settlement_date', [f.from, f.to]);
  if (f.client_id) q.where('s.client_id', Number(f.client_id));
  if (f.method === 'advance') q.where('s.source', 'advance');
  else if (f.method) q.where('s.method', f.method);
  if (f.status) q.where('s.status', f.status);
  if (f.q.trim()) {
    const typed = f.q.trim();
    const read = documentNumberQuery(typed, [SETTLEMENT_SERIES]) ?? (/^\d/.test(typed) ? documentNumberQuery(`${SETTLEMENT_SERIES}-${typed}`, [SETTLEMENT_SERIES]) : null);
    if (read?.exact) q.where('s.number', read.exact);
    else q.whereRaw(`s.number LIKE ? ESCAPE '\\'`, [`${escapeLike(read?.prefix ?? typed.toUpperCase())}%`]);
  }
  q.select(
    's.id',
    's.number',
    's.settlement_date',
    's.client_id',
    's.source',
    's.method',
    's.operator',
    's.reference',
    's.amount',
    's.allocated',
    's.advance',
    's.status',
    's.version',
    's.cancel_reason',
    's.cancelled_on',
    'c.name as client_name',
    'c.advance as client_advance',
    'a.name as account_name',
  );
  const dir = f.dir === 'asc' ? 'asc' : 'desc';
  if (f.sort === 'number') q.orderBy([{ column: 's.number', order: dir }]);
  else if (f.sort === 'amount') q.orderBy([{ column: 's.amount', order: dir }, { column: 's.id', order: dir }]);
  else q.orderBy([{ column: 's.settlement_date', order: dir }, { column: 's.id', order: dir }]);
  const result = await paginate(q, page, 25, (r: Row) => r);
  const ids = result.data.map((r) => Number(r.id));
  const invoices = new Map<number, string[]>();
  const reprints = new Map<number, number>();
  if (ids.length) {
    const allocations = await db('settlement_allocations as x').join('sales as v', 'v.id', 'x.sale_id').whereIn('x.settlement_id', ids).orderBy(['x.settlement_id', 'x.position']).select('x.settlement_id', 'v.number');
    for (const r of allocations) invoices.set(Number(r.settlement_id), [...(invoices.get(Number(r.settlement_id)) ?? []), String(r.number)]);
    if (SETTLEMENT_PRINTOUTS.length) {
      const prints = (await db('document_prints').whereIn('printout', SETTLEMENT_PRINTOUTS).whereIn('document_id', ids).where('reprint_count', '>', 0).groupBy('document_id').select('document_id').sum({ n: 'reprint_count' })) as Row[];
      for (const r of prints) reprints.set(Number(r.document_id), Number(r.n));
    }
  }
  return { ...result, data: result.data.map((r) => map({ ...r, invoices: invoices.get(Number(r.id)) ?? [], reprints: reprints.get(Number(r.id)) ?? 0 })) };
}

/** The account a settlement's money landed in (null: the advance spent), for the places guard; undefined when unknown. */
export async function settlementAccountOf(db: Knex, id: number): Promise<{ accountId: number | null } | undefined> {
  const row = await db('settlements').where({ id }).first('account_id');
  return row ? { accountId: row.account_id === null ? null : Number(row.account_id) } : undefined;
}
