import { describe, expect, it } from 'vitest';
import {
  type OpenInvoice,
  allocateChosen,
  allocateOldestFirst,
  allocationIssues,
  compareOldestDue,
  daysBetween,
  dueDateOf,
} from '../../../shared/settlements.js';

const inv = (id: number, saleDate: string, dueDate: string | null, remaining: number): OpenInvoice => ({
  id,
  saleDate,
  dueDate,
  remaining,
});

// Three invoices: #3 falls due first even though it was sold last; #1 and #2 share a due date.
const invoices = [
  inv(1, '2026-01-10', '2026-02-10', 50_000),
  inv(2, '2026-01-05', '2026-02-10', 20_000),
  inv(3, '2026-01-20', '2026-01-31', 30_000),
];

describe('oldest due first', () => {
  it('orders by due date (sale date without one), then sale date, then id', () => {
    expect([...invoices].sort(compareOldestDue).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(dueDateOf(inv(9, '2026-03-01', null, 1))).toBe('2026-03-01');
    const same = [inv(8, '2026-01-01', null, 1), inv(7, '2026-01-01', null, 1)];
    expect(same.sort(compareOldestDue).map((i) => i.id)).toEqual([7, 8]);
  });

  it('fills the oldest invoices first, the last one partly', () => {
    expect(allocateOldestFirst(60_000, invoices)).toEqual({
      allocations: [
        { saleId: 3, amount: 30_000 },
        { saleId: 2, amount: 20_000 },
        { saleId: 1, amount: 10_000 },
      ],
      allocated: 60_000,
      advance: 0,
    });
  });

  it('keeps what is above every remaining as an advance', () => {
    const r = allocateOldestFirst(120_000, invoices);
    expect(r.allocated).toBe(100_000);
    expect(r.advance).toBe(20_000);
    expect(r.allocations.map((a) => a.amount)).toEqual([30_000, 20_000, 50_000]);
  });

  it('with no open invoice, everything is the advance; an amount of zero allocates nothing', () => {
    expect(allocateOldestFirst(5_000, [])).toEqual({ allocations: [], allocated: 0, advance: 5_000 });
    expect(allocateOldestFirst(0, invoices)).toEqual({ allocations: [], allocated: 0, advance: 0 });
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => allocateOldestFirst(-1, invoices)).toThrow(RangeError);
    expect(() => allocateOldestFirst(1.5, invoices)).toThrow(RangeError);
  });
});

describe('chosen invoices', () => {
  it('takes typed amounts as they are and fills ticked invoices without an amount oldest first', () => {
    const r = allocateChosen(45_000, invoices, [
      { saleId: 1, amount: null },
      { saleId: 2, amount: 5_000 },
      { saleId: 3, amount: null },
    ]);
    // 40 000 left after the typed 5 000: #3 (due first) takes 30 000, #1 the last 10 000.
    expect(r.allocations).toEqual([
      { saleId: 1, amount: 10_000 },
      { saleId: 2, amount: 5_000 },
      { saleId: 3, amount: 30_000 },
    ]);
    expect([r.allocated, r.advance]).toEqual([45_000, 0]);
  });

  it('leaves an explicit advance when the ticked invoices need less than received', () => {
    const r = allocateChosen(40_000, invoices, [{ saleId: 2, amount: null }]);
    expect(r).toEqual({ allocations: [{ saleId: 2, amount: 20_000 }], allocated: 20_000, advance: 20_000 });
  });

  it('drops a ticked invoice that nothing is left for', () => {
    const r = allocateChosen(30_000, invoices, [
      { saleId: 3, amount: null },
      { saleId: 1, amount: null },
    ]);
    expect(r.allocations).toEqual([{ saleId: 3, amount: 30_000 }]);
  });
});

describe('allocation issues', () => {
  it('accepts allocations within each remaining and within the amount', () => {
    expect(
      allocationIssues(
        50_000,
        'payment',
        [
          { saleId: 3, amount: 30_000 },
          { saleId: 1, amount: 20_000 },
        ],
        invoices,
      ),
    ).toEqual([]);
    expect(allocationIssues(60_000, 'payment', [{ saleId: 3, amount: 30_000 }], invoices)).toEqual([]);
  });

  it('names an amount above the remaining, zero or negative, an unknown invoice, the same invoice twice', () => {
    expect(
      allocationIssues(
        200_000,
        'payment',
        [
          { saleId: 3, amount: 30_001 },
          { saleId: 2, amount: 0 },
          { saleId: 99, amount: 10 },
          { saleId: 1, amount: 100 },
          { saleId: 1, amount: 200 },
          { saleId: 2, amount: -5 },
        ],
        invoices,
      ),
    ).toEqual([
      { index: 0, reason: 'above_remaining', remaining: 30_000 },
      { index: 1, reason: 'not_positive' },
      { index: 2, reason: 'unknown' },
      { index: 4, reason: 'twice', firstIndex: 3 },
      { index: 5, reason: 'not_positive' },
    ]);
  });

  it('refuses more allocated than received', () => {
    expect(
      allocationIssues(
        40_000,
        'payment',
        [
          { saleId: 3, amount: 30_000 },
          { saleId: 1, amount: 20_000 },
        ],
        invoices,
      ),
    ).toEqual([{ index: null, reason: 'above_amount', allocated: 50_000 }]);
  });

  it('spending the advance must allocate it all; a payment may leave an advance', () => {
    expect(allocationIssues(40_000, 'advance', [{ saleId: 3, amount: 30_000 }], invoices)).toEqual([
      { index: null, reason: 'advance_not_spent', allocated: 30_000 },
    ]);
    expect(allocationIssues(40_000, 'payment', [{ saleId: 3, amount: 30_000 }], invoices)).toEqual([]);
    expect(allocationIssues(30_000, 'advance', [{ saleId: 3, amount: 30_000 }], invoices)).toEqual([]);
  });
});

describe('age in days', () => {
  it('counts whole days across months and years, negative before', () => {
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1);
  });
});
