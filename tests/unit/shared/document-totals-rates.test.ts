import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateDocumentDiscount,
  documentTotals,
  type TotalsLineInput,
  type VatSetting,
} from '../../../shared/document-totals.js';
import { LIMITS } from '../../../shared/limits.js';
import { TAX_GROUP_CODES } from '../../../shared/tax-groups.js';
import { lineVatRate, splitVat, vatBreakdown } from '../../../shared/vat.js';

const EXCL = (rate: number): VatSetting => ({ enabled: true, rate, pricesIncludeVat: false });
const INCL = (rate: number): VatSetting => ({ enabled: true, rate, pricesIncludeVat: true });
const at = (vatRate: number, quantity: number, unitPrice: number, discount = 0): TotalsLineInput => ({
  quantity,
  unitPrice,
  discount,
  vatRate,
});

/**
 * The figures as the application computed them with one VAT rate per document: the discount taken
 * off the total, one split of what is left, the VAT shared over what the lines are paid.
 */
function oneRateFigures(lines: readonly TotalsLineInput[], discount: number, vat: VatSetting) {
  const nets = lines.map((l) => l.quantity * l.unitPrice - l.discount);
  const linesTotal = nets.reduce((s, n) => s + n, 0);
  const split = splitVat(linesTotal - discount, vat);
  const allocated = allocateDocumentDiscount(nets, discount);
  const vatShares = allocateDocumentDiscount(
    nets.map((n, k) => n - allocated[k]),
    split.vat,
  );
  return { totalHT: split.ht, vat: split.vat, totalTTC: split.ttc, allocated, vatShares };
}

describe('documentTotals with one rate on every line: exactly the one-rate figures', () => {
  const lineArb = fc
    .record({
      quantity: fc.integer({ min: 0, max: 10_000 }),
      unitPrice: fc.integer({ min: 0, max: LIMITS.unitPrice }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ quantity, unitPrice, share }) => ({
      quantity,
      unitPrice,
      discount: Math.floor(quantity * unitPrice * share),
    }));
  const vatArb = fc.record({
    enabled: fc.boolean(),
    rate: fc.integer({ min: 0, max: 10_000 }),
    pricesIncludeVat: fc.boolean(),
  });

  it('totals, discount shares and VAT shares, the rate given on each line or left to the document', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        vatArb,
        fc.boolean(),
        (lines, share, vat, explicit) => {
          const linesTotal = lines.reduce((s, l) => s + l.quantity * l.unitPrice - l.discount, 0);
          const discount = Math.floor(linesTotal * share);
          const old = oneRateFigures(lines, discount, vat);
          const typed = explicit ? lines.map((l) => ({ ...l, vatRate: vat.rate })) : lines;
          const t = documentTotals(typed, discount, vat);
          expect({ totalHT: t.totalHT, vat: t.vat, totalTTC: t.totalTTC }).toEqual({
            totalHT: old.totalHT,
            vat: old.vat,
            totalTTC: old.totalTTC,
          });
          expect(t.lines.map((l) => l.allocatedDiscount)).toEqual(old.allocated);
          expect(t.lines.map((l) => l.vat)).toEqual(old.vatShares);
          expect(t.rates).toEqual([
            { rate: vat.enabled ? vat.rate : 0, ht: old.totalHT, vat: old.vat, ttc: old.totalTTC },
          ]);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('documentTotals with several rates', () => {
  it('prices HT: each rate rounded once on its base, the discount spread first', () => {
    // 10 000 at 18 %, 5 000 exempt, 1 000 of discount → 667 and 333 of it; 18 % of 9 333 = 1 679.94 → 1 680.
    const t = documentTotals([at(1800, 1, 10_000), at(0, 1, 5_000)], 1_000, EXCL(1800));
    expect(t.lines.map((l) => [l.allocatedDiscount, l.vatRate, l.vat])).toEqual([
      [667, 1800, 1680],
      [333, 0, 0],
    ]);
    expect(t.rates).toEqual([
      { rate: 1800, ht: 9_333, vat: 1_680, ttc: 11_013 },
      { rate: 0, ht: 4_667, vat: 0, ttc: 4_667 },
    ]);
    expect(t).toMatchObject({ totalHT: 14_000, vat: 1_680, totalTTC: 15_680 });
  });

  it('prices TTC: TTC is what the customer was shown, HT per rate', () => {
    const t = documentTotals([at(1800, 2, 5_900), at(900, 1, 1_090), at(0, 3, 1_000, 500)], 0, INCL(1800));
    expect(t.rates).toEqual([
      { rate: 1800, ht: 10_000, vat: 1_800, ttc: 11_800 },
      { rate: 900, ht: 1_000, vat: 90, ttc: 1_090 },
      { rate: 0, ht: 2_500, vat: 0, ttc: 2_500 },
    ]);
    expect(t).toMatchObject({ totalHT: 13_500, vat: 1_890, totalTTC: 15_390 });
    expect(t.lines.map((l) => l.vat)).toEqual([1_800, 90, 0]);
  });

  it('two lines of one rate among others share their rate’s VAT by largest remainder', () => {
    const t = documentTotals([at(1800, 1, 25), at(0, 1, 100), at(1800, 1, 25)], 0, EXCL(1800));
    expect(t.rates[0]).toEqual({ rate: 1800, ht: 50, vat: 9, ttc: 59 });
    expect(t.lines.map((l) => l.vat)).toEqual([5, 0, 4]);
  });

  it('VAT off: every line at 0, one group', () => {
    const t = documentTotals([at(1800, 1, 1_000), at(900, 1, 1_000)], 0, { ...EXCL(1800), enabled: false });
    expect(t.rates).toEqual([{ rate: 0, ht: 2_000, vat: 0, ttc: 2_000 }]);
    expect(t.lines.map((l) => l.vatRate)).toEqual([0, 0]);
  });

  it('refuses a line rate outside 0–100 %', () => {
    expect(() => documentTotals([at(10_001, 1, 1)], 0, EXCL(1800))).toThrow(RangeError);
    expect(() => documentTotals([at(-1, 1, 1)], 0, EXCL(1800))).toThrow(RangeError);
  });

  it('properties: shares add up per rate and overall, each rate within half a unit, the stored lines give the breakdown back', () => {
    const rateArb = fc.constantFrom(0, 900, 1800, 1000);
    const lineArb = fc
      .record({
        quantity: fc.integer({ min: 0, max: 1_000 }),
        unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        vatRate: rateArb,
      })
      .map(({ quantity, unitPrice, share, vatRate }) =>
        at(vatRate, quantity, unitPrice, Math.floor(quantity * unitPrice * share)),
      );
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (lines, share, included) => {
          const linesTotal = lines.reduce((s, l) => s + l.quantity * l.unitPrice - l.discount, 0);
          const discount = Math.floor(linesTotal * share);
          const vat = included ? INCL(1800) : EXCL(1800);
          const t = documentTotals(lines, discount, vat);
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(sum(t.lines.map((l) => l.allocatedDiscount))).toBe(discount);
          expect(sum(t.lines.map((l) => l.vat))).toBe(t.vat);
          expect(sum(t.rates.map((r) => r.ht))).toBe(t.totalHT);
          expect(sum(t.rates.map((r) => r.vat))).toBe(t.vat);
          expect(t.totalHT + t.vat).toBe(t.totalTTC);
          if (included) expect(t.totalTTC).toBe(linesTotal - discount);
          else expect(t.totalHT).toBe(linesTotal - discount);
          for (const r of t.rates) {
            const members = t.lines.filter((l) => l.vatRate === r.rate);
            expect(sum(members.map((l) => l.vat))).toBe(r.vat);
            const err = included
              ? BigInt(r.ht) * BigInt(10_000 + r.rate) - BigInt(r.ttc) * 10_000n
              : BigInt(r.vat) * 10_000n - BigInt(r.ht) * BigInt(r.rate);
            const bound = included ? BigInt(10_000 + r.rate) : 10_000n;
            expect(2n * (err < 0n ? -err : err) <= bound).toBe(true);
          }
          const stored = t.lines.map((l) => ({ rate: l.vatRate, paid: l.net - l.allocatedDiscount, vat: l.vat }));
          expect(vatBreakdown(stored, included)).toEqual(t.rates);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('lineVatRate (a line’s rate from its tax group)', () => {
  it('the normal group at the company’s rate, the others at their own, 0 with VAT off', () => {
    expect(lineVatRate('normal', EXCL(1800))).toBe(1800);
    expect(lineVatRate('normal', INCL(2000))).toBe(2000);
    expect(lineVatRate('reduced', EXCL(1800))).toBe(900);
    expect(lineVatRate('exempt', EXCL(1800))).toBe(0);
    expect(lineVatRate('exception', EXCL(2000))).toBe(1800);
    for (const group of TAX_GROUP_CODES) expect(lineVatRate(group, { ...EXCL(1800), enabled: false })).toBe(0);
  });
});
