import type { LocationKind, LocationRow } from '../../../shared/locations.js';
import { toBool } from '../../db/dialect.js';
import type { LocationsRow } from '../../db/tables.generated.js';

/** locations.kind holds one of LOCATION_KINDS (the form's schema only writes those). */
export function presentLocationRow(
  row: Pick<LocationsRow, 'id' | 'code' | 'name' | 'address' | 'fiscal_point_of_sale' | 'active'> & {
    kind: LocationKind;
    cash_desk_count?: number | null;
  },
): LocationRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    kind: row.kind,
    address: row.address,
    fiscal_point_of_sale: row.fiscal_point_of_sale,
    active: toBool(row.active),
    cash_desk_count: Number(row.cash_desk_count ?? 0),
  };
}
