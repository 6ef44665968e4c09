import type { LocationRow } from '../../../shared/records.js';
import { toBool } from '../../db/dialect.js';

export function presentLocationRow(row: any): LocationRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    kind: row.kind,
    address: row.address,
    active: toBool(row.active),
    cash_desk_count: Number(row.cash_desk_count ?? 0),
  };
}
