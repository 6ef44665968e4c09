import type { CashDeskRow } from '../../../shared/locations.js';
import { toBool } from '../../db/dialect.js';
import type { CashDesksRow } from '../../db/tables.generated.js';

export function presentCashDeskRow(
  row: Pick<CashDesksRow, 'id' | 'code' | 'name' | 'location_id' | 'is_main' | 'active'> & {
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
    active: toBool(row.active),
  };
}
