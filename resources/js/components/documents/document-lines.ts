/**
 * Pure rules of document lines (entries, transfers, readjustments, and the sales to come): a
 * product picked again — typically a second scan of the same barcode — adds to its line instead
 * of creating a duplicate the server would have to merge; quantities by pack; line amounts.
 * useDocumentLines() holds the state; this file is unit-tested.
 */
import { LIMITS } from '@shared/limits';

export interface PickedLine {
  product_id: number;
}

export function addOrIncrement<L extends PickedLine>(
  lines: L[],
  productId: number,
  create: () => L,
  increment: (line: L) => L,
): { lines: L[]; index: number; added: boolean } {
  const index = lines.findIndex((l) => l.product_id === productId);
  if (index >= 0) {
    const next = lines.slice();
    next[index] = increment(lines[index]);
    return { lines: next, index, added: false };
  }
  return { lines: [...lines, create()], index: lines.length, added: true };
}

export function removeAt<L>(lines: L[], index: number): L[] {
  return lines.filter((_, i) => i !== index);
}

export function updateAt<L>(lines: L[], index: number, patch: Partial<L>): L[] {
  return lines.map((l, i) => (i === index ? { ...l, ...patch } : l));
}

/** Quantity in base units: packs × pack size. */
export function baseQuantity(quantity: number | null, unit: 'unit' | 'pack', packSize: number): number {
  if (quantity === null || !Number.isFinite(quantity)) return 0;
  return unit === 'pack' ? quantity * Math.max(1, packSize) : quantity;
}

/** The most a line may enter: the quantity ceiling in units, fewer packs (at least one) when entered by pack. */
export function maxEnteredQuantity(unit: 'unit' | 'pack', packSize: number): number {
  return unit === 'pack' ? Math.max(1, Math.floor(LIMITS.quantity / Math.max(1, packSize))) : LIMITS.quantity;
}

/** Amount of a line (base quantity × unit price or cost, in minor units), 0 while incomplete. */
export function lineAmount(
  quantity: number | null,
  unit: 'unit' | 'pack',
  packSize: number,
  unitPrice: number | null,
): number {
  if (unitPrice === null) return 0;
  return baseQuantity(quantity, unit, packSize) * unitPrice;
}
