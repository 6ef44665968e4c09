import type { Knex } from 'knex';
import { lockForUpdate } from '../../db/dialect.js';
import type { SalesRow } from '../../db/tables.generated.js';
import type { SaleKind } from '../../../shared/sales.js';

/**
 * A sale as locked. Its kind is one of SALE_KINDS (the only ones written); the column is not in
 * NARROWED_COLUMNS because sales are joined with clients, whose kind would intersect it into never.
 */
export type LockedSale = Omit<SalesRow, 'kind'> & { kind: SaleKind };

/**
 * Locks a validated sale before changing it, in the project's lock order (DESIGN: products (stock)
 * → clients → sales → settlements → treasury accounts), so that two operations on the same sale —
 * a credit note and a cancellation, say — queue on its products instead of each holding what the
 * other waits for: the sale's products are read without a lock (a validated sale's lines never
 * change), locked by id, then its client when `client` is asked (the cancellation moves the
 * balance), then the sale itself, returned as locked (undefined when it does not exist).
 */
export async function lockSaleInOrder(
  trx: Knex.Transaction,
  saleId: number,
  options: { client: boolean },
): Promise<LockedSale | undefined> {
  const first = await trx('sales').where({ id: saleId }).first('id', 'client_id');
  if (!first) return undefined;
  const productIds = (await trx('sale_lines').where({ sale_id: saleId }).distinct('product_id'))
    .map((r) => Number(r.product_id))
    .sort((a, b) => a - b);
  if (productIds.length) await lockForUpdate(trx, trx('products').whereIn('id', productIds).orderBy('id').select('id'));
  if (options.client) await lockForUpdate(trx, trx('clients').where({ id: first.client_id }).select('id'));
  const sale: LockedSale | undefined = await lockForUpdate(trx, trx('sales').where({ id: saleId }).first());
  return sale;
}
