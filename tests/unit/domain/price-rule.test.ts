import { describe, expect, it } from 'vitest';
import {
  type PriceRule,
  type ProductPrices,
  MAX_PRICE,
  applyRule,
  checkPrices,
  describeRule,
  parsePercent,
  roundAmount,
  roundToStep,
} from '../../../server/domain/pricing/price-rule.js';
import { NO_VAT } from '../../../shared/vat.js';

const product: ProductPrices = {
  purchase_price: 1000,
  cmup: 1100,
  retail_price: 1500,
  wholesale_price: 1300,
  min_price: 1200,
};
const rule = (r: Partial<PriceRule>): PriceRule => ({
  field: 'retail_price',
  operation: 'percent',
  direction: 'increase',
  value: 1000,
  base: 'current',
  step: 1,
  rounding: 'nearest',
  ...r,
});

describe('roundToStep', () => {
  it('rounds to the nearest multiple, halves up', () => {
    expect(roundToStep(1237n, 1n, 25, 'nearest')).toBe(1225n);
    expect(roundToStep(1238n, 1n, 25, 'nearest')).toBe(1250n);
    expect(roundToStep(12375n, 10n, 25, 'nearest')).toBe(1250n); // 1 237,5 → 1 250
    expect(roundToStep(12374n, 10n, 25, 'nearest')).toBe(1225n);
    expect(roundToStep(1250n, 1n, 25, 'nearest')).toBe(1250n);
    expect(roundToStep(2n, 1n, 5, 'nearest')).toBe(0n);
    expect(roundToStep(3n, 1n, 5, 'nearest')).toBe(5n);
  });

  it('rounds up and down on demand, leaving exact multiples alone', () => {
    expect(roundToStep(1201n, 1n, 100, 'up')).toBe(1300n);
    expect(roundToStep(1299n, 1n, 100, 'down')).toBe(1200n);
    expect(roundToStep(1200n, 1n, 100, 'up')).toBe(1200n);
    expect(roundToStep(1200n, 1n, 100, 'down')).toBe(1200n);
    expect(roundToStep(11n, 10n, 1, 'up')).toBe(2n); // 1,1 → 2
    expect(roundToStep(19n, 10n, 1, 'down')).toBe(1n); // 1,9 → 1
  });

  it('with step 1 rounds a fraction to the nearest unit', () => {
    expect(roundToStep(15n, 10n, 1, 'nearest')).toBe(2n);
    expect(roundToStep(14n, 10n, 1, 'nearest')).toBe(1n);
  });

  it('refuses negative numerators and non-positive denominators', () => {
    expect(() => roundToStep(-1n, 1n, 5, 'nearest')).toThrow(RangeError);
    expect(() => roundToStep(1n, 0n, 5, 'nearest')).toThrow(RangeError);
  });

  it('roundAmount works on plain integers for each step', () => {
    for (const step of [1, 5, 10, 25, 50, 100]) {
      for (const v of [0, 1, 49, 50, 51, 999, 1_000_001]) {
        const r = roundAmount(v, step);
        expect(r % step).toBe(0);
        expect(Math.abs(r - v)).toBeLessThanOrEqual(step / 2);
      }
    }
  });
});

describe('applyRule', () => {
  it('adds a percentage of the current price, rounded once', () => {
    expect(applyRule(product, rule({ value: 1000 }))).toEqual({ kind: 'change', old: 1500, new: 1650 });
    // 1500 × 1,125 = 1687,5 → 1688 (step 1) → 1700 (step 25 nearest)
    expect(applyRule(product, rule({ value: 1250 }))).toEqual({ kind: 'change', old: 1500, new: 1688 });
    expect(applyRule(product, rule({ value: 1250, step: 25 }))).toEqual({ kind: 'change', old: 1500, new: 1700 });
    expect(applyRule(product, rule({ value: 1250, step: 25, rounding: 'down' }))).toEqual({
      kind: 'change',
      old: 1500,
      new: 1675,
    });
  });

  it('subtracts a percentage', () => {
    expect(applyRule(product, rule({ direction: 'decrease', value: 1000, field: 'min_price' }))).toEqual({
      kind: 'change',
      old: 1200,
      new: 1080,
    });
  });

  it('applies a margin on the CMUP or on the purchase price', () => {
    expect(applyRule(product, rule({ base: 'cmup', value: 5000 }))).toEqual({ kind: 'change', old: 1500, new: 1650 });
    expect(applyRule(product, rule({ base: 'purchase_price', value: 4000, field: 'wholesale_price' }))).toEqual({
      kind: 'change',
      old: 1300,
      new: 1400,
    });
  });

  it('reports unchanged when the result equals the current price', () => {
    expect(applyRule(product, rule({ base: 'purchase_price', value: 3000, field: 'wholesale_price' }))).toEqual({
      kind: 'unchanged',
      old: 1300,
    });
  });

  it('adds or removes an amount', () => {
    expect(applyRule(product, rule({ operation: 'amount', value: 250 }))).toEqual({
      kind: 'change',
      old: 1500,
      new: 1750,
    });
    expect(
      applyRule(product, rule({ operation: 'amount', direction: 'decrease', value: 250, field: 'purchase_price' })),
    ).toEqual({ kind: 'change', old: 1000, new: 750 });
    expect(applyRule(product, rule({ operation: 'amount', value: 260, step: 50 }))).toEqual({
      kind: 'change',
      old: 1500,
      new: 1750,
    });
  });

  it('sets a fixed price, rounded to the step', () => {
    expect(applyRule(product, rule({ operation: 'set', value: 2000 }))).toEqual({
      kind: 'change',
      old: 1500,
      new: 2000,
    });
    expect(applyRule(product, rule({ operation: 'set', value: 2010, step: 25 }))).toEqual({
      kind: 'change',
      old: 1500,
      new: 2000,
    });
    // set ignores the base, even when it is zero
    expect(applyRule({ ...product, cmup: 0 }, rule({ operation: 'set', value: 2000, base: 'cmup' }))).toEqual({
      kind: 'change',
      old: 1500,
      new: 2000,
    });
  });

  it('leaves out a product whose base is zero', () => {
    expect(applyRule({ ...product, cmup: 0 }, rule({ base: 'cmup' }))).toEqual({
      kind: 'skip',
      old: 1500,
      proposed: null,
      reason: 'base_zero',
    });
  });

  it('leaves out a result that would be negative or too large', () => {
    expect(
      applyRule(product, rule({ operation: 'amount', direction: 'decrease', value: 5000, field: 'purchase_price' })),
    ).toMatchObject({ kind: 'skip', reason: 'negative' });
    expect(applyRule(product, rule({ operation: 'set', value: MAX_PRICE + 1 }))).toMatchObject({
      kind: 'skip',
      reason: 'too_large',
    });
    expect(applyRule(product, rule({ direction: 'decrease', value: 10_000, field: 'purchase_price' }))).toEqual({
      kind: 'change',
      old: 1000,
      new: 0,
    });
  });

  it('keeps the price ladder: retail or wholesale never below the minimum price', () => {
    // equal to the minimum is allowed; below is not
    expect(applyRule(product, rule({ direction: 'decrease', value: 2000 }))).toEqual({
      kind: 'change',
      old: 1500,
      new: 1200,
    });
    expect(applyRule(product, rule({ direction: 'decrease', value: 2500 }))).toEqual({
      kind: 'skip',
      old: 1500,
      proposed: 1125,
      reason: 'below_min',
    });
    expect(applyRule(product, rule({ direction: 'decrease', value: 1000, field: 'wholesale_price' }))).toEqual({
      kind: 'skip',
      old: 1300,
      proposed: 1170,
      reason: 'below_min',
    });
  });

  it('keeps the ladder when the minimum price rises', () => {
    expect(applyRule(product, rule({ field: 'min_price', value: 1000 }))).toEqual({
      kind: 'skip',
      old: 1200,
      proposed: 1320,
      reason: 'above_wholesale',
    });
    expect(applyRule({ ...product, wholesale_price: 5000 }, rule({ field: 'min_price', value: 3000 }))).toEqual({
      kind: 'skip',
      old: 1200,
      proposed: 1560,
      reason: 'above_retail',
    });
  });

  it('does not judge the ladder on a purchase price change', () => {
    const broken = { ...product, min_price: 9999 };
    expect(applyRule(broken, rule({ field: 'purchase_price', value: 1000 }))).toEqual({
      kind: 'change',
      old: 1000,
      new: 1100,
    });
  });

  it('is exact on large amounts (no float drift)', () => {
    const big = { ...product, retail_price: 99_999_999, min_price: 0 };
    expect(applyRule(big, rule({ direction: 'decrease', value: 1 }))).toEqual({
      kind: 'change',
      old: 99_999_999,
      new: 99_989_999,
    });
  });
  it('skips a price the rule would push above the unit-price ceiling (shared/limits.ts)', () => {
    const big = { ...product, retail_price: 99_999_999, min_price: 0 };
    expect(applyRule(big, rule({ direction: 'increase', value: 100 }))).toMatchObject({
      kind: 'skip',
      reason: 'too_large',
    });
  });
});

describe('checkPrices', () => {
  it('accepts a consistent ladder', () => {
    expect(checkPrices(product)).toEqual({});
    expect(checkPrices({ purchase_price: 0, retail_price: 0, wholesale_price: 0, min_price: 0 })).toEqual({});
  });

  it('refuses a minimum above the retail or wholesale price, in French', () => {
    expect(checkPrices({ ...product, min_price: 1600 })).toEqual({
      min_price: 'Le prix minimum ne peut pas dépasser le prix de détail.',
    });
    expect(checkPrices({ ...product, min_price: 1400 })).toEqual({
      min_price: 'Le prix minimum ne peut pas dépasser le prix de gros.',
    });
  });

  it('refuses negative, fractional and huge amounts', () => {
    expect(checkPrices({ ...product, retail_price: -1 }).retail_price).toMatch(/entier positif/);
    expect(checkPrices({ ...product, purchase_price: 1.5 }).purchase_price).toMatch(/entier positif/);
    expect(checkPrices({ ...product, wholesale_price: MAX_PRICE + 1 }).wholesale_price).toMatch(/trop élevé/);
  });
});

describe('describeRule', () => {
  const money = (n: number) => `${n} FCFA`;
  it('says what the rule does in French', () => {
    expect(describeRule(rule({ value: 1250, step: 25 }), money)).toBe(
      'Prix de détail = prix de détail actuel plus 12,5\u00a0%, arrondi au plus proche à 25 FCFA',
    );
    expect(describeRule(rule({ operation: 'set', value: 2000 }), money)).toBe('Prix de détail fixé à 2000 FCFA');
    expect(
      describeRule(
        rule({
          operation: 'amount',
          direction: 'decrease',
          value: 100,
          base: 'cmup',
          field: 'wholesale_price',
          step: 100,
          rounding: 'up',
        }),
        money,
      ),
    ).toBe('Prix de gros = CMUP moins 100 FCFA, arrondi au-dessus à 100 FCFA');
  });
});

describe('parsePercent', () => {
  it('reads French and English decimals into basis points, exactly', () => {
    expect(parsePercent('12,5')).toBe(1250);
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent(' 7,25 % ')).toBe(725);
    expect(parsePercent('0,01')).toBe(1);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('33,33')).toBe(3333);
    expect(parsePercent('0')).toBe(0);
  });

  it('refuses signs, more than two decimals, several separators and words', () => {
    for (const bad of ['', '-5', '+5', '1,234', '1.2.3', '12,5,0', 'dix', '1e3', '12,', ',5', '99999999'])
      expect([bad, parsePercent(bad)]).toEqual([bad, null]);
  });
});

describe('a margin over a cost, VAT excluded (shared/vat.ts)', () => {
  const ttc = { enabled: true, rate: 1_800, pricesIncludeVat: true };
  const ht = { enabled: true, rate: 1_800, pricesIncludeVat: false };
  const prices: ProductPrices = {
    purchase_price: 900,
    cmup: 1_000,
    retail_price: 1_500,
    wholesale_price: 1_300,
    min_price: 500,
  };
  const costRule = (over: Partial<PriceRule> = {}): PriceRule => ({
    field: 'retail_price',
    operation: 'percent',
    direction: 'increase',
    value: 1_000,
    base: 'cmup',
    step: 1,
    rounding: 'nearest',
    ...over,
  });

  it('prices typed TTC: « CMUP plus 10 % » is the HT, the VAT added to it — never a price whose HT is under the cost', () => {
    // 1 000 × 1,10 = 1 100 HT, × 1,18 = 1 298 TTC (once, to the step).
    expect(applyRule(prices, costRule(), ttc)).toEqual({ kind: 'change', old: 1_500, new: 1_298 });
    expect(applyRule(prices, costRule({ step: 25, rounding: 'up' }), ttc)).toEqual({
      kind: 'change',
      old: 1_500,
      new: 1_300,
    });
    expect(applyRule(prices, costRule({ operation: 'amount', value: 200, base: 'purchase_price' }), ttc)).toMatchObject(
      { new: 1_298 },
    );
    // Without the VAT on top, 1 100 TTC would be 932 HT: below the CMUP of 1 000.
    expect(applyRule(prices, costRule(), NO_VAT)).toMatchObject({ new: 1_100 });
  });

  it('prices typed HT, a base that is a price, a fixed price or a cost field: no VAT added', () => {
    expect(applyRule(prices, costRule(), ht)).toMatchObject({ new: 1_100 });
    expect(applyRule(prices, costRule({ base: 'current' }), ttc)).toMatchObject({ new: 1_650 });
    expect(applyRule(prices, costRule({ operation: 'set', value: 2_000 }), ttc)).toMatchObject({ new: 2_000 });
    expect(applyRule(prices, costRule({ field: 'purchase_price', base: 'cmup' }), ttc)).toMatchObject({ new: 1_100 });
  });

  it("says so in the rule's sentence", () => {
    expect(describeRule(costRule(), (m) => `${m} F`, ttc)).toBe(
      'Prix de détail = CMUP plus 10\u00a0%, hors TVA (TVA de 18\u00a0% ajoutée)',
    );
    expect(describeRule(costRule(), (m) => `${m} F`, ht)).toBe('Prix de détail = CMUP plus 10\u00a0%');
  });
});
