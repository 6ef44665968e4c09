import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import { paginate } from '../../db/paginate.js';
import { EVERY_PLACE, type PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import type { Row } from './lookups.js';
import { frenchKey } from '../../db/french-order.js';

export interface ProductStockData {
  product: Row;
  /** Active locations, and inactive ones that still hold this product. */
  locations: Row[];
  inTransit: number;
  /** Every location's stock plus what is in transit (SQL sums). */
  totalQuantity: number;
  movements: Paginated<Row>;
  history: Row[];
}

/** A product's stock per location, in transit and in total, its movements (paged) and CMUP history. */
export async function productStock(
  db: Knex,
  productId: number,
  movementPage: number,
  perPage = 20,
  hiddenLocations: ReadonlySet<number> = new Set(),
  scope: PlaceScope = EVERY_PLACE,
): Promise<ProductStockData | null> {
  const product = await db('products')
    .where({ id: productId })
    .first('id', 'code', 'name', 'unit', 'cmup', 'purchase_price', 'active', 'alert_threshold');
  if (!product) return null;
  const locations = await db('locations as l')
    .leftJoin('stock_levels as sl', (j) =>
      j.on('sl.location_id', '=', 'l.id').andOn('sl.product_id', '=', db.raw('?', [productId])),
    )
    .where((w) => w.where('l.active', true).orWhereRaw('COALESCE(sl.quantity, 0) <> 0'))
    .orderBy('l.kind')
    .orderByRaw(frenchKey(db, { name: 'l.name' }))
    .select(
      'l.id',
      'l.name',
      'l.kind',
      'l.active',
      db.raw('COALESCE(sl.quantity, 0) as quantity'),
      'sl.alert_threshold as own_threshold',
    );
  const stocked = await db('stock_levels')
    .where({ product_id: productId })
    .sum<{ q: number | null }[]>({ q: 'quantity' })
    .first();
  // In transit: towards or from a place the user works in.
  const transit = await whereAllowedLocation(db('transfers as t'), ['t.from_location_id', 't.to_location_id'], scope)
    .join('transfer_lines as tl', 'tl.transfer_id', 't.id')
    .where('t.status', 'sent')
    .where('tl.product_id', productId)
    .sum<{ q: number | null }[]>({ q: 'tl.quantity_sent' })
    .first();
  const movementsQuery = db('stock_movements as m')
    .join('locations as l', 'l.id', 'm.location_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where('m.product_id', productId)
    // The movements of a location counted blind would let its stock be summed back.
    .whereNotIn('m.location_id', [...hiddenLocations])
    .select(
      'm.id',
      'm.business_date',
      'm.created_at',
      'm.quantity',
      'm.unit_cost',
      'm.movement_type',
      'm.document_type',
      'm.document_id',
      'm.document_number',
      'm.reason',
      'l.name as location_name',
      'u.name as user_name',
    )
    .orderBy('m.id', 'desc');
  const movements = await paginate(movementsQuery, movementPage, perPage, (row: Row) => row);
  const history = await db('cmup_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .where('h.product_id', productId)
    .orderBy('h.id', 'desc')
    .limit(50)
    .select('h.*', 'u.name as user_name');
  const inTransit = Number(transit?.q ?? 0);
  return { product, locations, inTransit, totalQuantity: Number(stocked?.q ?? 0) + inTransit, movements, history };
}
