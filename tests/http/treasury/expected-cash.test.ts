import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/domain/dates.js';
import { closingDraft } from '../../../server/services/cash-closings/cash-closings.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { MONEY_MOVEMENT_TYPE_LABELS, type PaymentMethod } from '../../../shared/treasury.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { makeDeskAccount } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { expectCashConsistent } from '../../support/treasury.js';

/**
 * The expected cash of a closing, computed in SQL from every movement of the desk's day, one row
 * per movement type of the ledger's vocabulary (MONEY_MOVEMENT_TYPE_LABELS): a type added to the
 * ledger without its row here fails the first test, so no type can be forgotten by the closing.
 */
const TABLE: Record<string, { amount: number; method?: PaymentMethod }> = {
  opening: { amount: 40_000 },
  sale: { amount: 12_500 },
  sale_refund: { amount: -1_500 },
  sale_cancel: { amount: -2_000 },
  settlement: { amount: 7_000 },
  settlement_cancel: { amount: -3_000 },
  cash_in: { amount: 20_000 },
  cash_out: { amount: -4_000 },
  transfer_in: { amount: 6_000 },
  transfer_out: { amount: -5_000 },
  bank_deposit: { amount: -10_000 },
  bank_withdrawal: { amount: 9_000 },
  mobile_money_transfer: { amount: 3_000 },
  cash_operation_cancel: { amount: 1_000 },
  supplier_payment: { amount: -8_000 },
  closing_difference: { amount: -500 },
};

const DAY = '2026-03-10';
const ctx = (businessDate: string) => ({
  documentType: 'test',
  documentId: null,
  documentNumber: null,
  userId: null,
  businessDate,
});

describe('expected cash: the table covers every movement type', () => {
  it('has one row per type of MONEY_MOVEMENT_TYPE_LABELS (a type added to the ledger must be added here)', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(MONEY_MOVEMENT_TYPE_LABELS).sort());
  });
});

describe.each(testDatabases())('expected cash from a day of every movement type (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => expectCashConsistent(t.db));

  for (const [type, row] of Object.entries(TABLE)) {
    it(`${type} (${MONEY_MOVEMENT_TYPE_LABELS[type]}): counted in the expected cash by its signed amount, in its own line`, async () => {
      const desk = await makeDeskAccount(t.db);
      // A float the day before, so any outflow can be paid.
      await t.db.transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount: 50_000, movementType: 'opening', paymentMethod: 'especes' }],
          ctx(addDays(DAY, -1)),
        ),
      );
      await t.db.transaction((trx) =>
        postMoneyMovements(
          trx,
          [{ accountId: desk, amount: row.amount, movementType: type, paymentMethod: row.method ?? 'especes' }],
          ctx(DAY),
        ),
      );
      const draft = await closingDraft(t.db, desk, DAY);
      expect(draft.opening_balance).toBe(50_000);
      expect(draft.expected).toBe(50_000 + row.amount);
      expect(draft.movement_count).toBe(1);
      expect(draft.by_type).toEqual([
        {
          movement_type: type,
          label: MONEY_MOVEMENT_TYPE_LABELS[type],
          total_in: Math.max(row.amount, 0),
          total_out: Math.max(-row.amount, 0),
          count: 1,
        },
      ]);
    });
  }

  it('a day of every type at once: expected = opening + Σ of every movement, the lines add up to the day, the next day opens on it', async () => {
    const desk = await makeDeskAccount(t.db);
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: 100_000, movementType: 'opening', paymentMethod: 'especes' }],
        ctx(addDays(DAY, -3)),
      ),
    );
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        Object.entries(TABLE).map(([type, r]) => ({
          accountId: desk,
          amount: r.amount,
          movementType: type,
          paymentMethod: r.method ?? 'especes',
        })),
        ctx(DAY),
      ),
    );
    // Another day's movement and another account's stay out of this day.
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: desk, amount: 999, movementType: 'sale', paymentMethod: 'especes' }],
        ctx(addDays(DAY, 1)),
      ),
    );
    const other = await makeDeskAccount(t.db);
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: other, amount: 777, movementType: 'sale', paymentMethod: 'especes' }],
        ctx(DAY),
      ),
    );

    const sum = Object.values(TABLE).reduce((s, r) => s + r.amount, 0);
    const draft = await closingDraft(t.db, desk, DAY);
    expect(draft.opening_balance).toBe(100_000);
    expect(draft.expected).toBe(100_000 + sum);
    expect(draft.movement_count).toBe(Object.keys(TABLE).length);
    expect(draft.by_type.map((l) => l.movement_type).sort()).toEqual(Object.keys(TABLE).sort());
    expect(draft.total_in - draft.total_out).toBe(sum);
    expect(draft.by_type.reduce((s, l) => s + l.total_in - l.total_out, 0)).toBe(sum);
    expect((await closingDraft(t.db, desk, addDays(DAY, 1))).opening_balance).toBe(100_000 + sum);
  });
});
