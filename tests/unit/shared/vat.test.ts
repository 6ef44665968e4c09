import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NO_VAT, excludingVat, lineVat, marginRate, priceMargin, pricedFromHt, splitVat } from '../../../shared/vat.js';
import { allocateDocumentDiscount } from '../../../shared/document-totals.js';

const ttc = (rate = 1_800) => ({ enabled: true, rate, pricesIncludeVat: true });
const ht = (rate = 1_800) => ({ enabled: true, rate, pricesIncludeVat: false });

describe('the one HT/TTC split', () => {
  it('takes the VAT out of a TTC price, or adds it to an HT one, rounded once half-up', () => {
    expect(splitVat(1_180, ttc())).toEqual({ ht: 1_000, vat: 180, ttc: 1_180 });
    expect(splitVat(1_000, ht())).toEqual({ ht: 1_000, vat: 180, ttc: 1_180 });
    expect(splitVat(100, ttc())).toEqual({ ht: 85, vat: 15, ttc: 100 }); // 84,75 → 85
    expect(splitVat(5_331, ht())).toEqual({ ht: 5_331, vat: 960, ttc: 6_291 }); // 959,58 → 960
    expect(splitVat(-1_180, ttc())).toEqual({ ht: -1_000, vat: -180, ttc: -1_180 });
  });

  it('with VAT off (or a rate of 0), HT = TTC and the VAT is 0', () => {
    expect(splitVat(1_180, NO_VAT)).toEqual({ ht: 1_180, vat: 0, ttc: 1_180 });
    expect(splitVat(1_180, { enabled: false, rate: 1_800, pricesIncludeVat: true })).toEqual({
      ht: 1_180,
      vat: 0,
      ttc: 1_180,
    });
    expect(excludingVat(999, ttc(0))).toBe(999);
  });

  it('refuses a rate outside 0–100 % and an amount that is not an integer', () => {
    expect(() => splitVat(100, ttc(10_001))).toThrow(RangeError);
    expect(() => splitVat(10.5, ttc())).toThrow(RangeError);
  });

  it('HT + VAT = TTC for any amount and rate, both ways', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (amount, rate, included) => {
          const s = splitVat(amount, { enabled: true, rate, pricesIncludeVat: included });
          expect(s.ht + s.vat).toBe(s.ttc);
          expect(included ? s.ttc : s.ht).toBe(amount);
          expect(s.vat >= 0 && s.ht <= s.ttc).toBe(true);
        },
      ),
    );
  });

  it('a line: its HT and TTC from its paid amount and its share of the document VAT; the shares add up to the VAT', () => {
    expect(lineVat(1_180, 180, true)).toEqual({ ht: 1_000, ttc: 1_180 });
    expect(lineVat(1_000, 180, false)).toEqual({ ht: 1_000, ttc: 1_180 });
    const paid = [3_000, 2_331];
    const shares = allocateDocumentDiscount(paid, splitVat(5_331, ht()).vat);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(960);
  });

  it('a price from its HT (a margin over a cost): the VAT added when prices include it, a fraction rounded by the caller', () => {
    expect(pricedFromHt(1_100n, 1n, ttc())).toEqual({ num: 1_100n * 11_800n, den: 10_000n });
    expect(pricedFromHt(1_100n, 1n, ht())).toEqual({ num: 1_100n, den: 1n });
  });

  it('a margin over a cost is on the price VAT excluded, its rate on that amount', () => {
    expect(priceMargin(1_180, 800, ttc())).toEqual({ ht: 1_000, margin: 200, rate: 2_000 });
    expect(priceMargin(1_000, 800, ht())).toEqual({ ht: 1_000, margin: 200, rate: 2_000 });
    expect(priceMargin(900, 1_000, ttc())).toMatchObject({ margin: -237 });
    expect(marginRate(5, 0)).toBeNull();
  });
});
