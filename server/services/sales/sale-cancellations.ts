import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { SaleCancellationFilters } from '../../../shared/pages/cancellations.js';
import type { PlaceScope } from '../../policies/places.js';
import type { Row } from '../stock/lookups.js';
import { listSales } from './sale-queries.js';

/** The printouts of a sale whose reprints the cancellation screen counts. */
export const SALE_PRINTOUTS = ['invoice', 'cash_invoice', 'sale_ticket'] as const;

/**
 * Annulations › Factures: the sales list (both kinds unless one is chosen; same filters, indexes
 * and places scope as the Sortie de stock lists), each row of the page with the live settlements
 * allocated to it (REG- numbers: it cannot be cancelled while there are any), its reprints so far
 * and which of its printouts were printed (the invoice, the ticket: before its original, a print is
 * the original, at A5, not a DUPLICATA at A6) — two queries over the page's ids, never over the table.
 */
export async function listSaleCancellations<T>(
  db: Knex,
  f: SaleCancellationFilters,
  scope: PlaceScope,
  page: number,
  map: (row: Row) => T,
): Promise<Paginated<T>> {
  const { sales } = await listSales(db, { ...f, kind: f.kind || null }, scope, page, (r) => r);
  const ids = sales.data.map((r) => Number(r.id));
  const settlements = new Map<number, string[]>();
  const reprints = new Map<number, number>();
  const printed = new Map<number, Set<string>>();
  if (ids.length) {
    const live = await db('settlement_allocations as a')
      .join('settlements as s', 's.id', 'a.settlement_id')
      .whereIn('a.sale_id', ids)
      .whereNull('a.cancelled_at')
      .where('s.status', 'validated')
      .distinct('a.sale_id', 's.id', 's.number')
      .orderBy('s.id');
    for (const r of live)
      settlements.set(Number(r.sale_id), [...(settlements.get(Number(r.sale_id)) ?? []), String(r.number)]);
    // A placeholder row (reprint_count −1, a first print in progress) is not a print.
    const prints = await db('document_prints')
      .whereIn('printout', SALE_PRINTOUTS)
      .whereIn('document_id', ids)
      .where('reprint_count', '>=', 0)
      .select('document_id', 'printout', 'reprint_count');
    for (const r of prints as Row[]) {
      const id = Number(r.document_id);
      reprints.set(id, (reprints.get(id) ?? 0) + Number(r.reprint_count));
      printed.set(id, (printed.get(id) ?? new Set()).add(String(r.printout)));
    }
  }
  return {
    ...sales,
    data: sales.data.map((r) => {
      const id = Number(r.id);
      const out = printed.get(id) ?? new Set<string>();
      return map({
        ...r,
        settlements: settlements.get(id) ?? [],
        reprints: reprints.get(id) ?? 0,
        invoice_printed: out.has('invoice') || out.has('cash_invoice'),
        ticket_printed: out.has('sale_ticket'),
      });
    }),
  };
}
