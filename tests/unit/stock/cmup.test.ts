import { describe, expect, it } from 'vitest';
import {
  cmupAfterReceipt,
  cmupAfterReceiptReversal,
  divideRoundHalfUp,
  valueOf,
} from '../../../server/domain/stock/cmup.js';

describe('divideRoundHalfUp', () => {
  it('rounds to the nearest integer, halves up', () => {
    expect(divideRoundHalfUp(10n, 4n)).toBe(3n); // 2.5 → 3
    expect(divideRoundHalfUp(9n, 4n)).toBe(2n); // 2.25 → 2
    expect(divideRoundHalfUp(11n, 4n)).toBe(3n); // 2.75 → 3
    expect(divideRoundHalfUp(1n, 2n)).toBe(1n); // 0.5 → 1
    expect(divideRoundHalfUp(1n, 3n)).toBe(0n);
    expect(divideRoundHalfUp(2n, 3n)).toBe(1n);
    expect(divideRoundHalfUp(0n, 7n)).toBe(0n);
    expect(divideRoundHalfUp(12n, 4n)).toBe(3n);
  });
  it('matches exact rational rounding on every small fraction', () => {
    for (let den = 1; den <= 60; den++) {
      for (let num = 0; num <= 600; num++) {
        const q = Math.floor(num / den);
        const r = num - q * den;
        const expected = 2 * r >= den ? q + 1 : q;
        expect(divideRoundHalfUp(BigInt(num), BigInt(den))).toBe(BigInt(expected));
      }
    }
  });
  it('refuses a zero or negative divisor and a negative numerator', () => {
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1n, -2n)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(-1n, 2n)).toThrow(RangeError);
  });
});

describe('cmupAfterReceipt', () => {
  it('weights the old average and the receipt by quantity', () => {
    // (10 × 1 000 + 30 × 1 400) / 40 = 1 300
    expect(cmupAfterReceipt({ quantityOnHand: 10, cmup: 1000, quantity: 30, unitCost: 1400 })).toBe(1300);
    // (100 × 250 + 50 × 310) / 150 = 270
    expect(cmupAfterReceipt({ quantityOnHand: 100, cmup: 250, quantity: 50, unitCost: 310 })).toBe(270);
  });
  it('rounds the average to the nearest unit, halves up', () => {
    // (1 × 1 + 1 × 2) / 2 = 1.5 → 2
    expect(cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: 1, unitCost: 2 })).toBe(2);
    // (2 × 1 + 1 × 2) / 3 = 1.33 → 1
    expect(cmupAfterReceipt({ quantityOnHand: 2, cmup: 1, quantity: 1, unitCost: 2 })).toBe(1);
    // (1 × 1 + 2 × 2) / 3 = 1.67 → 2
    expect(cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: 2, unitCost: 2 })).toBe(2);
    // (3 × 1 000 + 1 × 1 001) / 4 = 1 000.25 → 1 000
    expect(cmupAfterReceipt({ quantityOnHand: 3, cmup: 1000, quantity: 1, unitCost: 1001 })).toBe(1000);
    // (1 × 999 + 1 × 1 000) / 2 = 999.5 → 1 000
    expect(cmupAfterReceipt({ quantityOnHand: 1, cmup: 999, quantity: 1, unitCost: 1000 })).toBe(1000);
  });
  it('takes the receipt cost when nothing is on hand', () => {
    expect(cmupAfterReceipt({ quantityOnHand: 0, cmup: 0, quantity: 5, unitCost: 750 })).toBe(750);
    expect(cmupAfterReceipt({ quantityOnHand: 0, cmup: 900, quantity: 5, unitCost: 750 })).toBe(750);
  });
  it('takes the receipt cost when the stock on hand is negative', () => {
    expect(cmupAfterReceipt({ quantityOnHand: -4, cmup: 500, quantity: 10, unitCost: 800 })).toBe(800);
    expect(cmupAfterReceipt({ quantityOnHand: -10, cmup: 500, quantity: 4, unitCost: 800 })).toBe(800);
    expect(cmupAfterReceipt({ quantityOnHand: -1, cmup: 0, quantity: 1, unitCost: 0 })).toBe(0);
  });
  it('accepts a free receipt (cost 0), which lowers the average', () => {
    expect(cmupAfterReceipt({ quantityOnHand: 10, cmup: 1000, quantity: 10, unitCost: 0 })).toBe(500);
    expect(cmupAfterReceipt({ quantityOnHand: 0, cmup: 1000, quantity: 10, unitCost: 0 })).toBe(0);
  });
  it('keeps the average when the receipt costs the same', () => {
    for (const q0 of [1, 7, 1000])
      for (const q of [1, 3, 999])
        expect(cmupAfterReceipt({ quantityOnHand: q0, cmup: 1234, quantity: q, unitCost: 1234 })).toBe(1234);
  });
  it('always lies between the old average and the receipt cost', () => {
    for (let q0 = 1; q0 <= 12; q0++)
      for (let q = 1; q <= 12; q++)
        for (const [c0, c] of [
          [0, 7],
          [7, 0],
          [100, 101],
          [1001, 999],
          [5, 5],
        ]) {
          const r = cmupAfterReceipt({ quantityOnHand: q0, cmup: c0, quantity: q, unitCost: c });
          expect(r).toBeGreaterThanOrEqual(Math.min(c0, c));
          expect(r).toBeLessThanOrEqual(Math.max(c0, c));
          const exact = (q0 * c0 + q * c) / (q0 + q);
          expect(Math.abs(r - exact)).toBeLessThanOrEqual(0.5);
        }
  });
  it('stays exact with large quantities and costs (no floating point)', () => {
    // At the ceilings (10^7 units, 10^8 per unit) the products stay exact, and the rounding too.
    // (9 999 999 × 99 999 999 + 0) / 10 000 000 = 99 999 989.0000001 → 99 999 989
    expect(cmupAfterReceipt({ quantityOnHand: 9_999_999, cmup: 99_999_999, quantity: 1, unitCost: 0 })).toBe(
      99_999_989,
    );
    expect(
      cmupAfterReceipt({ quantityOnHand: 5_000_000, cmup: 99_999_998, quantity: 5_000_000, unitCost: 99_999_999 }),
    ).toBe(99_999_999); // .5 → up
  });
  it('refuses a unit cost above the unit-price ceiling (shared/limits.ts)', () => {
    expect(() => cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: 1, unitCost: 100_000_001 })).toThrow(
      RangeError,
    );
  });
  it('refuses bad input', () => {
    expect(() => cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: 0, unitCost: 1 })).toThrow(RangeError);
    expect(() => cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: -2, unitCost: 1 })).toThrow(RangeError);
    expect(() => cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: 1, unitCost: -1 })).toThrow(RangeError);
    expect(() => cmupAfterReceipt({ quantityOnHand: 1, cmup: -1, quantity: 1, unitCost: 1 })).toThrow(RangeError);
    expect(() => cmupAfterReceipt({ quantityOnHand: 1.5, cmup: 1, quantity: 1, unitCost: 1 })).toThrow(RangeError);
    expect(() => cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: 1, unitCost: 0.5 })).toThrow(RangeError);
    expect(() => cmupAfterReceipt({ quantityOnHand: 1, cmup: 1, quantity: Number.NaN, unitCost: 1 })).toThrow(
      RangeError,
    );
  });
});

describe('cmupAfterReceiptReversal', () => {
  it('takes the receipt value back out', () => {
    // 40 on hand at 1 300 after receiving 30 at 1 400 → 10 at 1 000
    expect(cmupAfterReceiptReversal({ quantityOnHand: 40, cmup: 1300, quantity: 30, unitCost: 1400 })).toBe(1000);
  });
  it('undoes an exact receipt whatever the numbers', () => {
    for (let q0 = 1; q0 <= 10; q0++)
      for (let q = 1; q <= 10; q++)
        for (const [c0, c] of [
          [100, 200],
          [300, 100],
          [0, 50],
        ]) {
          const after = cmupAfterReceipt({ quantityOnHand: q0, cmup: c0, quantity: q, unitCost: c });
          const back = cmupAfterReceiptReversal({ quantityOnHand: q0 + q, cmup: after, quantity: q, unitCost: c });
          if ((q0 + q) * after - q * c < 0) {
            // Rounding made the remaining value negative: the current average is kept.
            expect(back).toBe(after);
            continue;
          }
          // The receipt's rounding (≤ ½ unit over q0 + q units) spreads over the q0 units left.
          expect(Math.abs(back - c0)).toBeLessThanOrEqual((q0 + q) / (2 * q0) + 0.5);
          if ((q0 * c0 + q * c) % (q0 + q) === 0) expect(back).toBe(c0);
        }
  });
  it('keeps the current average when nothing would remain', () => {
    expect(cmupAfterReceiptReversal({ quantityOnHand: 30, cmup: 1400, quantity: 30, unitCost: 1400 })).toBe(1400);
    expect(cmupAfterReceiptReversal({ quantityOnHand: 10, cmup: 1400, quantity: 30, unitCost: 1400 })).toBe(1400);
    expect(cmupAfterReceiptReversal({ quantityOnHand: -5, cmup: 900, quantity: 3, unitCost: 100 })).toBe(900);
  });
  it('keeps the current average when the remaining value would be negative', () => {
    // 20 on hand at 100 (goods since valued lower), taking back 10 at 500 → value −3 000
    expect(cmupAfterReceiptReversal({ quantityOnHand: 20, cmup: 100, quantity: 10, unitCost: 500 })).toBe(100);
  });
  it('reaches zero when the remaining value is exactly zero', () => {
    expect(cmupAfterReceiptReversal({ quantityOnHand: 20, cmup: 250, quantity: 10, unitCost: 500 })).toBe(0);
  });
  it('rounds halves up', () => {
    // (3 × 3 − 1 × 4) / 2 = 2.5 → 3
    expect(cmupAfterReceiptReversal({ quantityOnHand: 3, cmup: 3, quantity: 1, unitCost: 4 })).toBe(3);
    // (4 × 3 − 1 × 4) / 3 = 2.67 → 3 ; (4 × 3 − 2 × 5) / 2 = 1
    expect(cmupAfterReceiptReversal({ quantityOnHand: 4, cmup: 3, quantity: 1, unitCost: 4 })).toBe(3);
    expect(cmupAfterReceiptReversal({ quantityOnHand: 4, cmup: 3, quantity: 2, unitCost: 5 })).toBe(1);
  });
  it('refuses bad input', () => {
    expect(() => cmupAfterReceiptReversal({ quantityOnHand: 1, cmup: 1, quantity: 0, unitCost: 1 })).toThrow(
      RangeError,
    );
    expect(() => cmupAfterReceiptReversal({ quantityOnHand: 1, cmup: 1, quantity: 1, unitCost: -1 })).toThrow(
      RangeError,
    );
    expect(() => cmupAfterReceiptReversal({ quantityOnHand: 1, cmup: -3, quantity: 1, unitCost: 1 })).toThrow(
      RangeError,
    );
  });
});

describe('valueOf', () => {
  it('multiplies exactly, keeping the sign', () => {
    expect(valueOf(3, 1250)).toBe(3750);
    expect(valueOf(-3, 1250)).toBe(-3750);
    expect(valueOf(0, 1250)).toBe(0);
  });
  it('refuses results beyond the safe integer range', () => {
    expect(() => valueOf(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});
