import type { Knex } from 'knex';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import { orderByFrench } from '../../db/french-order.js';
import type { LocationsRow, SuppliersRow } from '../../db/tables.generated.js';

/**
 * Read side of the stock screens, shared by every document type: the raw row type the presenters
 * shape, and the locations and suppliers the forms and filters offer.
 */

// The stock and sales documents' joined rows (their queries and presenters) still read columns
// untyped: each moves to Pick<XxxRow, …> & { … } as its area is typed, then this type goes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

/** A location as the forms and filters offer it. */
export type LocationOptionRow = Pick<LocationsRow, 'id' | 'code' | 'name' | 'kind' | 'active'>;

/** A supplier as the forms and filters offer it (`active` only in allSupplierRows). */
export type SupplierOptionRow = Pick<SuppliersRow, 'id' | 'code' | 'name'> & Partial<Pick<SuppliersRow, 'active'>>;

/** The locations a user works in (every location with `EVERY_PLACE`), for filters and forms. */
export async function locationRows(db: Knex, scope: PlaceScope): Promise<LocationOptionRow[]> {
  return orderByFrench(
    whereAllowedLocation(db('locations'), 'id', scope).orderBy([{ column: 'active', order: 'desc' }, 'kind']),
    db,
    { name: 'name' },
  ).select('id', 'code', 'name', 'kind', 'active');
}

export async function activeSupplierRows(db: Knex): Promise<SupplierOptionRow[]> {
  return orderByFrench(db('suppliers').where({ active: true }), db, { folded: 'search_name' }).select(
    'id',
    'code',
    'name',
  );
}

export async function allSupplierRows(db: Knex): Promise<SupplierOptionRow[]> {
  return orderByFrench(db('suppliers'), db, { folded: 'search_name' }).select('id', 'code', 'name', 'active');
}
