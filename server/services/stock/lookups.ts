import type { Knex } from 'knex';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import { orderByFrench } from '../../db/french-order.js';

/**
 * Read side of the stock screens, shared by every document type: the raw row type the presenters
 * shape, and the locations and suppliers the forms and filters offer.
 */

export type Row = Record<string, any>;

/** The locations a user works in (every location with `EVERY_PLACE`), for filters and forms. */
export async function locationRows(db: Knex, scope: PlaceScope): Promise<Row[]> {
  return orderByFrench(
    whereAllowedLocation(db('locations'), 'id', scope).orderBy([{ column: 'active', order: 'desc' }, 'kind']),
    db,
    { name: 'name' },
  ).select('id', 'code', 'name', 'kind', 'active');
}

export async function activeSupplierRows(db: Knex): Promise<Row[]> {
  return orderByFrench(db('suppliers').where({ active: true }), db, { folded: 'search_name' }).select(
    'id',
    'code',
    'name',
  );
}

export async function allSupplierRows(db: Knex): Promise<Row[]> {
  return orderByFrench(db('suppliers'), db, { folded: 'search_name' }).select('id', 'code', 'name', 'active');
}
