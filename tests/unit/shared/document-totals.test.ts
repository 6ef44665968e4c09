import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DiscountExceeded,
  NO_VAT,
  discountAmount,
  documentTotals,
  type TotalsLineInput,
  type VatSetting,
} from '../../../shared/document-totals.js';
import { parsePercent } from '../../../shared/percent.js';
import { LIMITS, LimitExceeded } from '../../../shared/limits.js';
import { LimitExceeded as DomainLimitExceeded } from '../../../server/domain/limits.js';

const line = (quantity: number, unitPrice: number, discount = 0): TotalsLineInput => ({
  quantity,
  unitPrice,
  discount,
});
const EXCL = (rate: number): VatSetting => ({ enabled: true, rate, pricesIncludeVat: false });
const INCL = (rate: number): VatSetting => ({ enabled: true, rate, pricesIncludeVat: true });

describe('documentTotals: lines and discounts', () => {
  it('no line: zero totals', () => {
    expect(documentTotals([], 0, EXCL(1800))).toEqual({
      lines: [],
      linesTotal: 0,
      discount: 0,
      totalHT: 0,
      vat: 0,
      totalTTC: 0,
      rates: [],
    });
  });

  it('no VAT: gross, line discount, net, document discount', () => {
    const t = documentTotals([line(3, 1500, 500), line(2, 250), line(1, 1000, 1000)], 200, NO_VAT);
    expect(t.lines).toEqual([
      { gross: 4500, discount: 500, net: 4000, allocatedDiscount: 178, vatRate: 0, vat: 0 },
      { gross: 500, discount: 0, net: 500, allocatedDiscount: 22, vatRate: 0, vat: 0 },
      { gross: 1000, discount: 1000, net: 0, allocatedDiscount: 0, vatRate: 0, vat: 0 },
    ]);
    expect(t).toMatchObject({ linesTotal: 4500, discount: 200, totalHT: 4300, vat: 0, totalTTC: 4300 });
  });

  it('VAT disabled ignores the rate and the inclusive flag', () => {
    expect(documentTotals([line(1, 1000)], 0, { enabled: false, rate: 1800, pricesIncludeVat: true })).toMatchObject({
      totalHT: 1000,
      vat: 0,
      totalTTC: 1000,
    });
  });

  it('refuses a line discount above the line, naming the line', () => {
    const err = (() => {
      try {
        documentTotals([line(1, 100), line(2, 100, 201)], 0, NO_VAT);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DiscountExceeded);
    expect(err).toBeInstanceOf(RangeError);
    expect(err).toMatchObject({ line: 1, discount: 201, amount: 200 });
    expect(documentTotals([line(2, 100, 200)], 0, NO_VAT).totalTTC).toBe(0);
  });

  it('refuses a document discount above the lines total', () => {
    expect(() => documentTotals([line(1, 100)], 101, NO_VAT)).toThrow(DiscountExceeded);
    expect(() => documentTotals([], 1, NO_VAT)).toThrow(expect.objectContaining({ line: null }));
    expect(documentTotals([line(1, 100)], 100, EXCL(1800))).toMatchObject({ totalHT: 0, vat: 0, totalTTC: 0 });
  });

  it.each([
    ['negative quantity', [line(-1, 100)], 0, NO_VAT],
    ['fractional quantity', [line(1.5, 100)], 0, NO_VAT],
    ['negative price', [line(1, -100)], 0, NO_VAT],
    ['fractional price', [line(1, 10.5)], 0, NO_VAT],
    ['negative line discount', [line(1, 100, -1)], 0, NO_VAT],
    ['NaN discount', [line(1, 100, Number.NaN)], 0, NO_VAT],
    ['negative document discount', [line(1, 100)], -1, NO_VAT],
    ['fractional document discount', [line(1, 100)], 0.5, NO_VAT],
    ['negative rate', [line(1, 100)], 0, EXCL(-1)],
    ['fractional rate', [line(1, 100)], 0, EXCL(18.5)],
    ['rate above 100 %', [line(1, 100)], 0, INCL(10_001)],
  ] as const)('refuses a %s (RangeError)', (_name, lines, discount, vat) => {
    expect(() => documentTotals(lines, discount, vat)).toThrow(RangeError);
  });
});

describe('documentTotals: VAT excluded from prices (rounded once, half-up, on the total)', () => {
  it.each<[string, TotalsLineInput[], number, number, { totalHT: number; vat: number; totalTTC: number }]>([
    ['18 % of 10 000', [line(1, 10_000)], 0, 1800, { totalHT: 10_000, vat: 1800, totalTTC: 11_800 }],
    ['.5 rounds up: 18 % of 25 = 4.5', [line(1, 25)], 0, 1800, { totalHT: 25, vat: 5, totalTTC: 30 }],
    ['below .5 rounds down: 18 % of 24 = 4.32', [line(1, 24)], 0, 1800, { totalHT: 24, vat: 4, totalTTC: 28 }],
    ['above .5 rounds up: 18 % of 26 = 4.68', [line(1, 26)], 0, 1800, { totalHT: 26, vat: 5, totalTTC: 31 }],
    ['20 % of 1 cent = 0.2', [line(1, 1)], 0, 2000, { totalHT: 1, vat: 0, totalTTC: 1 }],
    ['5.5 % of 10 = 0.55', [line(1, 10)], 0, 550, { totalHT: 10, vat: 1, totalTTC: 11 }],
    [
      'one rounding, not per line: 3 × (18 % of 25)',
      [line(1, 25), line(1, 25), line(1, 25)],
      0,
      1800,
      { totalHT: 75, vat: 14, totalTTC: 89 },
    ],
    ['after the document discount', [line(4, 2500)], 1000, 1800, { totalHT: 9000, vat: 1620, totalTTC: 10_620 }],
    ['rate 0', [line(1, 999)], 0, 0, { totalHT: 999, vat: 0, totalTTC: 999 }],
    ['rate 100 %', [line(1, 999)], 0, 10_000, { totalHT: 999, vat: 999, totalTTC: 1998 }],
  ])('%s', (_name, lines, discount, rate, expected) => {
    expect(documentTotals(lines, discount, EXCL(rate))).toMatchObject(expected);
  });
});

describe('documentTotals: VAT included in prices (TTC is what the customer saw)', () => {
  it.each<[string, TotalsLineInput[], number, number, { totalHT: number; vat: number; totalTTC: number }]>([
    ['11 800 at 18 %', [line(1, 11_800)], 0, 1800, { totalHT: 10_000, vat: 1800, totalTTC: 11_800 }],
    ['100 at 18 % → 84.745… → 85', [line(1, 100)], 0, 1800, { totalHT: 85, vat: 15, totalTTC: 100 }],
    ['.5 rounds up: 3 at 20 % → 2.5 → 3', [line(1, 3)], 0, 2000, { totalHT: 3, vat: 0, totalTTC: 3 }],
    ['9 at 20 % → 7.5 → 8', [line(1, 9)], 0, 2000, { totalHT: 8, vat: 1, totalTTC: 9 }],
    ['below .5: 10 at 20 % → 8.33 → 8', [line(1, 10)], 0, 2000, { totalHT: 8, vat: 2, totalTTC: 10 }],
    ['1 at 18 % → 0.847 → 1', [line(1, 1)], 0, 1800, { totalHT: 1, vat: 0, totalTTC: 1 }],
    ['one rounding: 3 × 100 at 18 %', [line(3, 100)], 0, 1800, { totalHT: 254, vat: 46, totalTTC: 300 }],
    ['after discounts', [line(2, 6000, 200)], 0 + 0, 1800, { totalHT: 10_000, vat: 1800, totalTTC: 11_800 }],
    ['document discount off the TTC', [line(1, 12_800)], 1000, 1800, { totalHT: 10_000, vat: 1800, totalTTC: 11_800 }],
    ['rate 100 %: 3 → 1.5 → 2', [line(1, 3)], 0, 10_000, { totalHT: 2, vat: 1, totalTTC: 3 }],
  ])('%s', (_name, lines, discount, rate, expected) => {
    expect(documentTotals(lines, discount, INCL(rate))).toMatchObject(expected);
  });
});

describe('documentTotals: ceilings (LimitExceeded, the same class as the domain)', () => {
  const limitOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(LimitExceeded);
      expect(e).toBeInstanceOf(DomainLimitExceeded);
      return (e as LimitExceeded).limit;
    }
    return null;
  };

  it('accepts values exactly at the ceilings', () => {
    const big = line(LIMITS.lineAmount / LIMITS.unitPrice, LIMITS.unitPrice);
    expect(documentTotals([big], 0, NO_VAT).totalTTC).toBe(LIMITS.lineAmount);
    const ten = Array.from({ length: 10 }, () => big);
    expect(documentTotals(ten, 0, NO_VAT).totalTTC).toBe(LIMITS.documentTotal);
    expect(documentTotals(ten, 0, INCL(1800))).toMatchObject({
      totalTTC: LIMITS.documentTotal,
      totalHT: 8_474_576_271_186,
      vat: 1_525_423_728_814,
    });
    expect(documentTotals([line(LIMITS.quantity, 1)], 0, NO_VAT).totalTTC).toBe(LIMITS.quantity);
  });

  it.each<[string, () => unknown, string]>([
    ['quantity', () => documentTotals([line(LIMITS.quantity + 1, 1)], 0, NO_VAT), 'quantity'],
    ['unit price', () => documentTotals([line(1, LIMITS.unitPrice + 1)], 0, NO_VAT), 'unitPrice'],
    ['line amount', () => documentTotals([line(LIMITS.quantity, LIMITS.unitPrice)], 0, NO_VAT), 'lineAmount'],
    [
      'lines total',
      () =>
        documentTotals(
          Array.from({ length: 11 }, () => line(10_000, LIMITS.unitPrice)),
          0,
          NO_VAT,
        ),
      'documentTotal',
    ],
    [
      'TTC after VAT',
      () =>
        documentTotals(
          Array.from({ length: 10 }, () => line(10_000, LIMITS.unitPrice)),
          0,
          EXCL(1),
        ),
      'documentTotal',
    ],
  ])('refuses a %s beyond its ceiling', (_name, fn, limit) => {
    expect(limitOf(fn)).toBe(limit);
  });

  it('a discount brings a too-large TTC back within the ceiling only when applied before VAT', () => {
    const ten = Array.from({ length: 10 }, () => line(10_000, LIMITS.unitPrice));
    expect(documentTotals(ten, 1_000_000_000_000, EXCL(1000)).totalTTC).toBe(9_900_000_000_000);
  });
});

describe('documentTotals: properties', () => {
  const lineArb = fc
    .record({
      quantity: fc.integer({ min: 0, max: 10_000 }),
      unitPrice: fc.integer({ min: 0, max: LIMITS.unitPrice }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ quantity, unitPrice, share }) => line(quantity, unitPrice, Math.floor(quantity * unitPrice * share)));
  const vatArb = fc.record({
    enabled: fc.boolean(),
    rate: fc.integer({ min: 0, max: 10_000 }),
    pricesIncludeVat: fc.boolean(),
  });
  const docArb = fc.tuple(fc.array(lineArb, { maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), vatArb);

  it('integers everywhere, nets ≥ 0, HT + VAT = TTC, VAT ≥ 0, TTC = base when prices include VAT', () => {
    fc.assert(
      fc.property(docArb, ([lines, share, vat]) => {
        const linesTotal = lines.reduce((s, l) => s + l.quantity * l.unitPrice - l.discount, 0);
        const discount = Math.floor(linesTotal * share);
        const t = documentTotals(lines, discount, vat);
        for (const l of t.lines) {
          expect(l.net).toBeGreaterThanOrEqual(0);
          expect(l.gross - l.discount).toBe(l.net);
          for (const v of Object.values(l)) expect(Number.isSafeInteger(v)).toBe(true);
        }
        for (const v of [t.linesTotal, t.discount, t.totalHT, t.vat, t.totalTTC])
          expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(t.linesTotal).toBe(linesTotal);
        expect(t.totalHT + t.vat).toBe(t.totalTTC);
        const base = linesTotal - discount;
        if (!vat.enabled) expect([t.totalHT, t.vat, t.totalTTC]).toEqual([base, 0, base]);
        else if (vat.pricesIncludeVat) {
          expect(t.totalTTC).toBe(base);
          // HT is the nearest integer to TTC / (1 + rate): |HT × (10000 + rate) − TTC × 10000| ≤ half a unit.
          const err = BigInt(t.totalHT) * BigInt(10_000 + vat.rate) - BigInt(base) * 10_000n;
          expect(2n * (err < 0n ? -err : err) <= BigInt(10_000 + vat.rate)).toBe(true);
        } else {
          expect(t.totalHT).toBe(base);
          const err = BigInt(t.vat) * 10_000n - BigInt(base) * BigInt(vat.rate);
          expect(2n * (err < 0n ? -err : err) <= 10_000n).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('discountAmount (the counter: an amount or a percentage)', () => {
  it('an amount as it is; a percentage of the base, rounded half-up', () => {
    expect(discountAmount({ kind: 'amount', value: 350 }, 1_000)).toBe(350);
    expect(discountAmount({ kind: 'percent', value: 1_000 }, 5_000)).toBe(500);
    expect(discountAmount({ kind: 'percent', value: 750 }, 1_250)).toBe(94); // 93,75
    expect(discountAmount({ kind: 'percent', value: 250 }, 20)).toBe(1); // 0,5 → 1
    expect(discountAmount({ kind: 'percent', value: 249 }, 20)).toBe(0); // 0,498
    expect(discountAmount({ kind: 'percent', value: parsePercent('12,5')! }, 17_500)).toBe(2_188); // 2 187,5
    expect(discountAmount({ kind: 'percent', value: 10_000 }, 17_500)).toBe(17_500);
  });
  it('refuses a percentage above 100 % and values that are not safe non-negative integers', () => {
    expect(() => discountAmount({ kind: 'percent', value: 10_001 }, 1_000)).toThrow(RangeError);
    expect(() => discountAmount({ kind: 'amount', value: -1 }, 1_000)).toThrow(RangeError);
    expect(() => discountAmount({ kind: 'percent', value: 1.5 }, 1_000)).toThrow(RangeError);
  });
  it('property: a percentage never takes more than its base, and 100 % takes it all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LIMITS.documentTotal }),
        fc.integer({ min: 0, max: 10_000 }),
        (base, bp) => {
          const d = discountAmount({ kind: 'percent', value: bp }, base);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(base);
          const off = BigInt(d) * 10_000n - BigInt(base) * BigInt(bp);
          expect(off <= 5_000n && off >= -5_000n).toBe(true);
        },
      ),
    );
    expect(discountAmount({ kind: 'percent', value: 10_000 }, LIMITS.documentTotal)).toBe(LIMITS.documentTotal);
  });
});
