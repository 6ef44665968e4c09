import { describe, expect, it } from 'vitest';
import { mergeDuplicateLines, toBaseQuantity } from '../../../server/domain/stock/lines.js';

describe('toBaseQuantity', () => {
  it('converts packs to base units', () => {
    expect(toBaseQuantity(3, 'pack', 12)).toBe(36);
    expect(toBaseQuantity(3, 'unit', 12)).toBe(3);
    expect(toBaseQuantity(5, 'pack', 1)).toBe(5);
  });
  it('refuses zero, negative, fractional quantities and bad pack sizes', () => {
    expect(() => toBaseQuantity(0, 'unit', 1)).toThrow(RangeError);
    expect(() => toBaseQuantity(-1, 'unit', 1)).toThrow(RangeError);
    expect(() => toBaseQuantity(1.5, 'pack', 2)).toThrow(RangeError);
    expect(() => toBaseQuantity(1, 'pack', 0)).toThrow(RangeError);
    expect(() => toBaseQuantity(Number.MAX_SAFE_INTEGER, 'pack', 2)).toThrow(RangeError);
  });
});

describe('mergeDuplicateLines', () => {
  it('adds the quantities of the same product when the lines agree', () => {
    const r = mergeDuplicateLines([
      { productId: 1, quantity: 2, mergeKey: 500 },
      { productId: 2, quantity: 1, mergeKey: 100 },
      { productId: 1, quantity: 3, mergeKey: 500 },
    ]);
    expect(r.conflicts).toEqual([]);
    expect(r.lines).toEqual([
      { productId: 1, quantity: 5, mergeKey: 500, sourceIndexes: [0, 2] },
      { productId: 2, quantity: 1, mergeKey: 100, sourceIndexes: [1] },
    ]);
  });
  it('reports the later line when the lines disagree', () => {
    const r = mergeDuplicateLines([
      { productId: 1, quantity: 2, mergeKey: 500 },
      { productId: 1, quantity: 3, mergeKey: 600 },
    ]);
    expect(r.conflicts).toEqual([{ index: 1, firstIndex: 0 }]);
    expect(r.lines).toHaveLength(1);
  });
  it('merges lines without a key', () => {
    expect(
      mergeDuplicateLines([
        { productId: 4, quantity: 1 },
        { productId: 4, quantity: 1 },
      ]).lines[0].quantity,
    ).toBe(2);
  });
});
