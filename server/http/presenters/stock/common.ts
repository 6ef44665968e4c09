import type { LocationOption, Option } from '../../../../shared/lists.js';
import { route } from '../../../../shared/routes.js';
import { toBool } from '../../../db/dialect.js';
import type { Row } from '../../../services/stock/lookups.js';

/** What every stock presenter shares: number reading, locations and options, document links. */

export const n = (v: unknown): number => Number(v ?? 0);
export const nOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function presentLocations(rows: Row[]): LocationOption[] {
  return rows.map((r) => ({ value: String(r.id), label: r.name, code: r.code, kind: r.kind, active: toBool(r.active) }));
}

export function presentOptions(rows: Row[]): Option[] {
  return rows.map((r) => ({ value: String(r.id), label: r.code ? `${r.name} (${r.code})` : r.name }));
}

/** Where a movement's document is shown. */
export function documentUrl(type: string, id: unknown): string | null {
  if (id === null || id === undefined) return null;
  const params = { id: String(id) };
  switch (type) {
    case 'stock_entry':
      return route('entries.show', params);
    case 'transfer':
      return route('transfers.show', params);
    case 'inventory_count':
      return route('inventory.show', params);
    case 'stock_adjustment':
      return route('inventory.readjustmentPrint', params);
    default:
      return null;
  }
}
