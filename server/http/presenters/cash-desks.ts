import type { CashDeskRow } from '../../../shared/locations.js';
import { toBool } from '../../db/dialect.js';
import type { CashDesksRow } from '../../db/tables.generated.js';

export function presentCashDeskRow(
  row: Pick<
    CashDesksRow,
    'id' | 'code' | 'name' | 'location_id' | 'is_main' | 'fiscal_point_of_sale' | 'fiscal_machine_token' | 'active'
  > & {
    location_name: string;
    balance: number | null;
  },
): CashDeskRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    location_id: Number(row.location_id),
    location_name: row.location_name,
    is_main: toBool(row.is_main),
    balance: Number(row.balance),
    fiscal_point_of_sale: row.fiscal_point_of_sale,
    has_machine_token: Boolean(row.fiscal_machine_token),
    active: toBool(row.active),
  };
}
