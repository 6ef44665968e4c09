import type { MovedPolicy } from '../../../shared/stock.js';
import { valueOf } from './cmup.js';

/**
 * Inventory count differences. A count session takes a snapshot of the theoretical quantities;
 * counters enter what they find; at validation each line becomes an adjustment movement.
 *
 * Stock may move between the snapshot and the validation (a sale, a transfer). `moved` is that net
 * change (current − theoretical). The validator states explicitly how the count relates to it:
 * - 'snapshot': the goods were counted at the snapshot, so the count error is counted − theoretical
 *   and it is added to the current stock (later movements are kept);
 * - 'current': the goods were counted after those movements, so the current stock is replaced by
 *   the counted quantity (adjustment = counted − current).
 * When nothing moved both give the same adjustment. A line not counted is left alone, unless the
 * validator says uncounted products are absent (counted as 0).
 */

export interface CountLineFacts {
  theoretical: number;
  counted: number | null;
  current: number;
  unitCost: number;
}

export interface CountOptions {
  movedPolicy: MovedPolicy | null;
  uncountedAsZero: boolean;
}

export interface CountLineResult {
  /** Quantity taken as counted (null: not counted and left alone). */
  counted: number | null;
  /** Net movement since the snapshot. */
  moved: number;
  /** Counted − theoretical: the count error as seen at the snapshot. */
  difference: number | null;
  /** Quantity to post (signed) on the current stock. */
  adjustment: number;
  /** Stock after validation. */
  finalQuantity: number;
  /** adjustment × unit cost (signed). */
  value: number;
  /** The line moved and no policy was chosen: validation must be refused until one is. */
  needsPolicy: boolean;
}

export function countLineResult(line: CountLineFacts, options: CountOptions): CountLineResult {
  for (const [k, v] of Object.entries({
    theoretical: line.theoretical,
    current: line.current,
    unitCost: line.unitCost,
  })) {
    if (!Number.isSafeInteger(v)) throw new RangeError(`${k} doit être un entier`);
  }
  if (line.counted !== null && (!Number.isSafeInteger(line.counted) || line.counted < 0))
    throw new RangeError('quantité comptée invalide');
  const moved = line.current - line.theoretical;
  const counted = line.counted ?? (options.uncountedAsZero ? 0 : null);
  if (counted === null) {
    return {
      counted: null,
      moved,
      difference: null,
      adjustment: 0,
      finalQuantity: line.current,
      value: 0,
      needsPolicy: false,
    };
  }
  const difference = counted - line.theoretical;
  const needsPolicy = moved !== 0 && options.movedPolicy === null;
  const policy = options.movedPolicy ?? 'snapshot';
  const adjustment = moved === 0 ? difference : policy === 'snapshot' ? difference : counted - line.current;
  return {
    counted,
    moved,
    difference,
    adjustment,
    finalQuantity: line.current + adjustment,
    value: valueOf(adjustment, line.unitCost),
    needsPolicy,
  };
}

export interface CountSummary {
  lines: number;
  counted: number;
  uncounted: number;
  moved: number;
  adjusted: number;
  /** Lines with a gain / a loss: quantities of different units are never added. */
  gainLines: number;
  lossLines: number;
  gainValue: number;
  lossValue: number;
  netValue: number;
  needsPolicy: boolean;
}

/** Totals of a session under the given options (losses are reported as positive numbers). */
export function summarizeCount(lines: CountLineFacts[], options: CountOptions): CountSummary {
  const s: CountSummary = {
    lines: lines.length,
    counted: 0,
    uncounted: 0,
    moved: 0,
    adjusted: 0,
    gainLines: 0,
    lossLines: 0,
    gainValue: 0,
    lossValue: 0,
    netValue: 0,
    needsPolicy: false,
  };
  for (const line of lines) {
    const r = countLineResult(line, options);
    if (line.counted === null) s.uncounted++;
    else s.counted++;
    if (r.moved !== 0) s.moved++;
    if (r.needsPolicy) s.needsPolicy = true;
    if (r.adjustment > 0) {
      s.adjusted++;
      s.gainLines++;
      s.gainValue += r.value;
    } else if (r.adjustment < 0) {
      s.adjusted++;
      s.lossLines++;
      s.lossValue += -r.value;
    }
  }
  s.netValue = s.gainValue - s.lossValue;
  return s;
}
