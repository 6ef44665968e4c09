import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesBelowMinimum } from '../../../server/domain/pricing/discount-allocation.js';
import { allocateDocumentDiscount } from '../../../shared/document-totals.js';

describe('allocateDocumentDiscount', () => {
  it('spreads in proportion with integer shares adding up exactly, the leftover units to the largest remainders, ties to the earlier line', () => {
    expect(allocateDocumentDiscount([1_000, 2_000, 3_000], 600)).toEqual([100, 200, 300]);
    expect(allocateDocumentDiscount([1_000, 1_000, 1_000], 100)).toEqual([34, 33, 33]);
    expect(allocateDocumentDiscount([1_000, 1_000, 1_000], 2)).toEqual([1, 1, 0]);
    // 999 over 1 000 + 3 000: 249.75 and 749.25 → the first line has the larger remainder.
    expect(allocateDocumentDiscount([1_000, 3_000], 999)).toEqual([250, 749]);
    expect(allocateDocumentDiscount([500, 0], 0)).toEqual([0, 0]);
    expect(allocateDocumentDiscount([0, 0], 0)).toEqual([0, 0]);
    expect(allocateDocumentDiscount([1_000], 999)).toEqual([999]);
  });

  it('refuses a discount above the lines and amounts that are not safe non-negative integers', () => {
    expect(() => allocateDocumentDiscount([100, 200], 301)).toThrow(RangeError);
    expect(() => allocateDocumentDiscount([100, -1], 10)).toThrow(RangeError);
    expect(() => allocateDocumentDiscount([100.5], 10)).toThrow(RangeError);
    expect(() => allocateDocumentDiscount([100], 1.5)).toThrow(RangeError);
  });

  it('property: shares sum to the discount, never exceed their line, stay within one unit of the exact proportion, and do not depend on anything but the input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (nets, ratio) => {
          const total = nets.reduce((s, n) => s + n, 0);
          const discount = Math.floor(total * ratio);
          const shares = allocateDocumentDiscount(nets, discount);
          expect(shares.reduce((s, n) => s + n, 0)).toBe(discount);
          shares.forEach((s, i) => {
            expect(Number.isSafeInteger(s)).toBe(true);
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(nets[i]);
            // |share − net × discount / total| < 1, compared exactly in BigInt.
            if (total > 0) {
              const scaled = BigInt(s) * BigInt(total) - BigInt(nets[i]) * BigInt(discount);
              expect(scaled < BigInt(total) && scaled > -BigInt(total)).toBe(true);
            }
          });
          expect(allocateDocumentDiscount([...nets], discount)).toEqual(shares);
        },
      ),
    );
  });
});

describe('linesBelowMinimum', () => {
  const line = (over: Partial<Parameters<typeof linesBelowMinimum>[0][number]> = {}) => ({
    quantity: 1,
    unitPrice: 1_000,
    discount: 0,
    minPrice: 900,
    ...over,
  });

  it('the attack: unit 1 000, minimum 900, a document discount of 999 leaves 1 FCFA — below, because of the document discount', () => {
    const shares = allocateDocumentDiscount([1_000], 999);
    expect(linesBelowMinimum([line()], shares)).toEqual([
      { index: 0, paid: 1, minimum: 900, cause: 'document_discount' },
    ]);
  });

  it('a document discount that keeps every line at or above its minimum is allowed', () => {
    expect(linesBelowMinimum([line({ quantity: 2 })], allocateDocumentDiscount([2_000], 200))).toEqual([]);
    expect(linesBelowMinimum([line({ quantity: 2 })], allocateDocumentDiscount([2_000], 201))).toEqual([
      { index: 0, paid: 1_799, minimum: 1_800, cause: 'document_discount' },
    ]);
  });

  it('names the unit price first, then the line discount, then the share of the document discount', () => {
    const lines = [line({ unitPrice: 800 }), line({ discount: 150 }), line(), line({ minPrice: 0 })];
    const shares = [0, 0, 200, 1_000];
    expect(linesBelowMinimum(lines, shares).map((b) => [b.index, b.cause])).toEqual([
      [0, 'unit_price'],
      [1, 'line_discount'],
      [2, 'document_discount'],
    ]);
  });

  it('only the lines the document discount pushes under: a cheap line with no minimum takes none of the blame', () => {
    const lines = [
      line({ quantity: 10, unitPrice: 1_000, minPrice: 950 }),
      line({ quantity: 1, unitPrice: 5_000, minPrice: 0 }),
    ];
    const shares = allocateDocumentDiscount([10_000, 5_000], 1_500);
    expect(shares).toEqual([1_000, 500]);
    expect(linesBelowMinimum(lines, shares)).toEqual([
      { index: 0, paid: 9_000, minimum: 9_500, cause: 'document_discount' },
    ]);
  });

  it('property: a line is reported exactly when what it is paid after every discount is below minimum × quantity', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 1_000 }),
            unitPrice: fc.integer({ min: 0, max: 100_000 }),
            minPrice: fc.integer({ min: 0, max: 100_000 }),
            discountRatio: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (raw, ratio) => {
          const lines = raw.map((r) => ({
            quantity: r.quantity,
            unitPrice: r.unitPrice,
            minPrice: r.minPrice,
            discount: Math.floor(r.quantity * r.unitPrice * r.discountRatio),
          }));
          const nets = lines.map((l) => l.quantity * l.unitPrice - l.discount);
          const shares = allocateDocumentDiscount(nets, Math.floor(nets.reduce((s, n) => s + n, 0) * ratio));
          const reported = new Set(linesBelowMinimum(lines, shares).map((b) => b.index));
          lines.forEach((l, i) =>
            expect(reported.has(i)).toBe(l.minPrice > 0 && nets[i] - shares[i] < l.minPrice * l.quantity),
          );
        },
      ),
    );
  });
});
