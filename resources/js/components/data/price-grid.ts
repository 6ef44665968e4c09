/**
 * Pure logic of the price centre's in-place editing: which rows changed, what to send, and
 * which server error belongs to which cell (errors come back as "rows.<index>.<field>").
 */
import type { PriceGridRow } from '@shared/price-centre';
import { minorToInput, parseMoneyInput } from '@shared/money';

export const GRID_PRICE_FIELDS = ['purchase_price', 'retail_price', 'wholesale_price', 'min_price'] as const;
export type GridPriceField = (typeof GRID_PRICE_FIELDS)[number];
export type GridEdits = Record<number, Partial<Record<GridPriceField, string>>>;

/** The text shown in a cell: the user's edit, else the stored price. */
export function cellText(row: PriceGridRow, edits: GridEdits, field: GridPriceField, currency: string): string {
  return edits[row.id]?.[field] ?? minorToInput(row[field], currency);
}

/** A cell differs from the stored price (an unreadable amount counts as a change: the server will say why). */
export function cellChanged(row: PriceGridRow, edits: GridEdits, field: GridPriceField, currency: string): boolean {
  const text = edits[row.id]?.[field];
  if (text === undefined) return false;
  return parseMoneyInput(text, currency) !== row[field];
}

export function rowChanged(row: PriceGridRow, edits: GridEdits, currency: string): boolean {
  return GRID_PRICE_FIELDS.some((f) => cellChanged(row, edits, f, currency));
}

/** The body of PUT /fichiers/centraleprix: every changed row with its four prices and the version seen. */
export function gridPayload(rows: PriceGridRow[], edits: GridEdits, currency: string) {
  return rows
    .filter((r) => rowChanged(r, edits, currency))
    .map((r) => ({
      id: r.id,
      purchase_price: cellText(r, edits, 'purchase_price', currency),
      retail_price: cellText(r, edits, 'retail_price', currency),
      wholesale_price: cellText(r, edits, 'wholesale_price', currency),
      min_price: cellText(r, edits, 'min_price', currency),
      updated_at: r.updated_at,
    }));
}

/** "rows.2.retail_price" (index in the sent payload) → errors by product id and field. */
export function errorsByRow(
  errors: Record<string, unknown>,
  sentIds: number[],
): Record<number, Partial<Record<string, string>>> {
  const out: Record<number, Partial<Record<string, string>>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
    if (!m || typeof message !== 'string') continue;
    const id = sentIds[Number(m[1])];
    if (id === undefined) continue;
    (out[id] ??= {})[m[2]] = message;
  }
  return out;
}
