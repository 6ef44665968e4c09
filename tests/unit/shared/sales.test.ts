import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PaymentMismatch, allocatePayments, levelPrice, paymentStatus, refundAmount } from '../../../shared/sales.js';

describe('allocatePayments (a sale paid now, possibly split)', () => {
  it('cash alone: tendered above the total gives change', () => {
    expect(allocatePayments(7_350, [{ method: 'especes', amount: 10_000 }])).toEqual({
      applied: [7_350],
      tendered: 10_000,
      change: 2_650,
    });
  });
  it('cash alone, exact: no change', () => {
    expect(allocatePayments(5_000, [{ method: 'especes', amount: 5_000 }])).toEqual({
      applied: [5_000],
      tendered: 5_000,
      change: 0,
    });
  });
  it('split: mobile money at its exact amount, cash pays the rest with change', () => {
    expect(
      allocatePayments(12_500, [
        { method: 'mobile_money', amount: 10_000 },
        { method: 'especes', amount: 5_000 },
      ]),
    ).toEqual({ applied: [10_000, 2_500], tendered: 5_000, change: 2_500 });
  });
  it('order does not matter for the amounts applied', () => {
    expect(
      allocatePayments(12_500, [
        { method: 'especes', amount: 5_000 },
        { method: 'mobile_money', amount: 10_000 },
      ]).applied,
    ).toEqual([2_500, 10_000]);
  });
  it('mobile money covering everything leaves a zero cash line and no change', () => {
    expect(
      allocatePayments(3_000, [
        { method: 'mobile_money', amount: 3_000 },
        { method: 'especes', amount: 0 },
      ]),
    ).toEqual({ applied: [3_000, 0], tendered: 0, change: 0 });
  });
  it('refuses a non-cash payment above what remains (no change on mobile money), naming its index', () => {
    const err = (() => {
      try {
        allocatePayments(3_000, [{ method: 'mobile_money', amount: 3_500 }]);
      } catch (e) {
        return e as PaymentMismatch;
      }
    })();
    expect(err).toBeInstanceOf(PaymentMismatch);
    expect([err!.reason, err!.missing, err!.index]).toEqual(['non_cash_exceeds', 500, 0]);
  });
  it('refuses a payment that does not cover the total, saying what is missing', () => {
    expect(() =>
      allocatePayments(10_000, [
        { method: 'mobile_money', amount: 4_000 },
        { method: 'especes', amount: 5_000 },
      ]),
    ).toThrow(PaymentMismatch);
    try {
      allocatePayments(10_000, [
        { method: 'mobile_money', amount: 4_000 },
        { method: 'especes', amount: 5_000 },
      ]);
    } catch (e) {
      expect([(e as PaymentMismatch).reason, (e as PaymentMismatch).missing, (e as PaymentMismatch).index]).toEqual([
        'short',
        1_000,
        1,
      ]);
    }
    expect(() => allocatePayments(10_000, [{ method: 'cheque', amount: 9_999 }])).toThrow(PaymentMismatch);
  });
  it('refuses no payment at all on a non-zero total, accepts none on a zero total', () => {
    expect(() => allocatePayments(1, [])).toThrow(PaymentMismatch);
    expect(allocatePayments(0, [])).toEqual({ applied: [], tendered: 0, change: 0 });
  });
  it('refuses negative or fractional amounts', () => {
    expect(() => allocatePayments(100, [{ method: 'especes', amount: -1 }])).toThrow(RangeError);
    expect(() => allocatePayments(100, [{ method: 'especes', amount: 1.5 }])).toThrow(RangeError);
  });
  it('property: what the accounts receive adds up to the total, change = tendered − cash applied, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (total, mobile, cash) => {
          let alloc;
          try {
            alloc = allocatePayments(total, [
              { method: 'mobile_money', amount: mobile },
              { method: 'especes', amount: cash },
            ]);
          } catch (e) {
            expect(e).toBeInstanceOf(PaymentMismatch);
            expect(mobile > total || mobile + cash < total || (total > 0 && mobile + cash === 0)).toBe(true);
            return;
          }
          expect(alloc.applied[0] + alloc.applied[1]).toBe(total);
          expect(alloc.change).toBe(cash - alloc.applied[1]);
          expect(alloc.change).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('refundAmount (partial returns)', () => {
  it('refunds in proportion, and all the steps add up to the basis exactly', () => {
    expect(refundAmount(2_900, 3, 0, 1)).toBe(966);
    expect(refundAmount(2_900, 3, 1, 1)).toBe(967);
    expect(refundAmount(2_900, 3, 2, 1)).toBe(967);
    expect(refundAmount(2_900, 3, 0, 3)).toBe(2_900);
  });
  it('refuses more than was sold, counting earlier returns', () => {
    expect(() => refundAmount(1_000, 2, 1, 2)).toThrow(RangeError);
    expect(() => refundAmount(1_000, 2, 0, 0)).toThrow(RangeError);
  });
  it('property: any sequence of returns of every unit refunds the basis exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 10 }),
        (basis, steps) => {
          const sold = steps.reduce((s, n) => s + n, 0);
          let before = 0;
          let sum = 0;
          for (const q of steps) {
            sum += refundAmount(basis, sold, before, q);
            before += q;
          }
          expect(sum).toBe(basis);
        },
      ),
    );
  });
});

describe('paymentStatus', () => {
  it.each([
    [10_000, 0, 0, 'unpaid'],
    [10_000, 4_000, 0, 'partial'],
    [10_000, 4_000, 6_000, 'paid'],
    [10_000, 10_000, 0, 'paid'],
    [0, 0, 0, 'paid'],
  ] as const)('total %i, paid %i, credited %i → %s', (total, paid, credited, status) => {
    expect(paymentStatus(total, paid, credited)).toBe(status);
  });
});

describe('levelPrice (the unit price a client pays before any typed price)', () => {
  const product = { retail_price: 1_250, wholesale_price: 1_100 };
  it('a retail client pays the retail price', () => {
    expect(levelPrice(product, 'detail')).toBe(1_250);
  });
  it('a wholesale client pays the wholesale price', () => {
    expect(levelPrice(product, 'gros')).toBe(1_100);
  });
  it('a product without a wholesale price sells at retail to a wholesale client', () => {
    expect(levelPrice({ retail_price: 1_250, wholesale_price: 0 }, 'gros')).toBe(1_250);
  });
});
