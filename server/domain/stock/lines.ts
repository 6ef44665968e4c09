import { baseQuantity } from '../limits.js';

/**
 * Document lines: quantities entered by unit or by pack, and the "same product twice" rule.
 */

export type EntryUnit = 'unit' | 'pack';

/**
 * Base-unit quantity of a line entered by unit or by pack (pack = `packSize` units); a result
 * above the quantity ceiling (shared/limits.ts) throws LimitExceeded, checked before multiplying.
 */
export function toBaseQuantity(entered: number, unit: EntryUnit, packSize: number): number {
  if (!Number.isSafeInteger(entered) || entered <= 0) throw new RangeError('quantité invalide');
  if (!Number.isSafeInteger(packSize) || packSize < 1) throw new RangeError('conditionnement invalide');
  return baseQuantity(entered, unit === 'pack' ? packSize : 1);
}

export interface MergeableLine {
  productId: number;
  quantity: number;
  /** Lines of one product merge only when this key is equal (e.g. the unit cost). */
  mergeKey?: string | number | null;
}

export interface MergeResult<L> {
  lines: Array<L & { sourceIndexes: number[] }>;
  /** Index of the input line that cannot be merged into an earlier one → its message. */
  conflicts: Array<{ index: number; firstIndex: number }>;
}

/**
 * The same product twice on one document is merged (quantities added) when the lines agree on
 * everything else (mergeKey); otherwise the later line is reported as a conflict so the form says
 * clearly which line to fix. Order of first appearance is kept.
 */
export function mergeDuplicateLines<L extends MergeableLine>(input: L[]): MergeResult<L> {
  const out: Array<L & { sourceIndexes: number[] }> = [];
  const at = new Map<number, number>();
  const conflicts: Array<{ index: number; firstIndex: number }> = [];
  input.forEach((line, index) => {
    const k = at.get(line.productId);
    if (k === undefined) {
      at.set(line.productId, out.length);
      out.push({ ...line, sourceIndexes: [index] });
      return;
    }
    const first = out[k];
    if ((first.mergeKey ?? null) !== (line.mergeKey ?? null)) {
      conflicts.push({ index, firstIndex: first.sourceIndexes[0] });
      return;
    }
    first.quantity += line.quantity;
    first.sourceIndexes.push(index);
  });
  return { lines: out, conflicts };
}
