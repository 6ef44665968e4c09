import { type LocationOption, type Option, optionId } from '../../../../shared/lists.js';
import { route } from '../../../../shared/routes.js';
import { toBool } from '../../../db/dialect.js';
import type { LocationOptionRow, SupplierOptionRow } from '../../../services/stock/lookups.js';

/** What every stock presenter shares: number reading, locations and options, document links. */

export const n = (v: unknown): number => Number(v ?? 0);
export const nOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function presentLocations(rows: LocationOptionRow[]): LocationOption[] {
  return rows.map((r) => ({
    value: String(r.id),
    label: r.name,
    code: r.code,
    kind: r.kind,
    active: toBool(r.active),
  }));
}

export function presentOptions(rows: SupplierOptionRow[]): Option[] {
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

/** The location a new document starts from by default: the first depot, else the first location. */
export function defaultDepot(locations: LocationOption[]): LocationOption | undefined {
  return locations.find((l) => l.kind === 'depot') ?? locations[0];
}

/** A new transfer's default way: from the depot to a shop (else to any other location). */
export function defaultTransferWay(locations: LocationOption[]): {
  default_from_id: number | null;
  default_to_id: number | null;
} {
  const from = defaultDepot(locations);
  const to =
    locations.find((l) => l.value !== from?.value && l.kind === 'boutique') ??
    locations.find((l) => l.value !== from?.value);
  return { default_from_id: optionId(from), default_to_id: optionId(to) };
}
