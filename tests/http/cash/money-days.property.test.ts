import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { insertInChunks } from '../../../server/db/bulk.js';
import { moneyDaysDifferences, rebuildMoneyDays } from '../../../server/db/money-days.js';
import { addDays } from '../../../server/domain/dates.js';
import { cashSituation } from '../../../server/services/treasury/situation.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { makeTreasuryAccount } from '../../support/treasury.js';

/**
 * money_days (server/db/money-days.ts), the ledger summed per account, business date and movement
 * type by a trigger in the movements' own transaction, equals the ledger on random histories —
 * movements posted one transaction at a time by postMoneyMovements (several per call, same and
 * different days and types) and bulk multi-row inserts like the demo seed's —, rebuilding it gives
 * the same rows, and the situation read from it is the plain sum of the ledger.
 */
const TYPES = ['sale', 'settlement', 'cash_out', 'cash_in', 'transfer_out', 'bank_deposit'] as const;
const movement = fc.record({
  account: fc.nat({ max: 2 }),
  day: fc.integer({ min: 0, max: 40 }),
  type: fc.constantFrom(...TYPES),
  amount: fc.integer({ min: -500_000, max: 500_000 }).filter((n) => n !== 0),
});
const batch = fc.record({ bulk: fc.boolean(), movements: fc.array(movement, { minLength: 1, maxLength: 12 }) });

describe.each(testDatabases())('money_days, the ledger summed per day (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it(
    'equals the ledger grouped by account, day and type after any history; a rebuild gives the same rows',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 8 }), async (batches) => {
          // Banks may go below zero: any signed amount is a valid movement.
          const accounts = [
            await makeTreasuryAccount(t.db, 'banque'),
            await makeTreasuryAccount(t.db, 'banque'),
            await makeTreasuryAccount(t.db, 'banque'),
          ];
          const start = '2026-01-01';
          for (const b of batches) {
            if (b.bulk) {
              // The demo seed's path: one multi-row INSERT (rows of one key more than once).
              await t.db.transaction((trx) =>
                insertInChunks(
                  trx,
                  'money_movements',
                  b.movements.map((m) => ({
                    account_id: accounts[m.account],
                    amount: m.amount,
                    balance_after: 0,
                    movement_type: m.type,
                    payment_method: 'virement',
                    label: 'bulk',
                    business_date: addDays(start, m.day),
                    occurred_at: new Date().toISOString(),
                    hash: randomBytes(32).toString('hex'),
                  })),
                ),
              );
            } else {
              for (const m of b.movements) {
                await t.db.transaction((trx) =>
                  postMoneyMovements(
                    trx,
                    [
                      {
                        accountId: accounts[m.account],
                        amount: m.amount,
                        movementType: m.type,
                        paymentMethod: 'virement',
                      },
                      {
                        accountId: accounts[(m.account + 1) % 3],
                        amount: -m.amount,
                        movementType: m.type,
                        paymentMethod: 'virement',
                      },
                    ],
                    {
                      documentType: null,
                      documentId: null,
                      documentNumber: null,
                      userId: null,
                      businessDate: addDays(start, m.day),
                    },
                  ),
                );
              }
            }
          }
          expect(await moneyDaysDifferences(t.db)).toEqual([]);
          const before = await t
            .db('money_days')
            .whereIn('account_id', accounts)
            .orderBy(['account_id', 'business_date', 'movement_type'])
            .select('*');
          await rebuildMoneyDays(t.db);
          expect(
            await t
              .db('money_days')
              .whereIn('account_id', accounts)
              .orderBy(['account_id', 'business_date', 'movement_type'])
              .select('*'),
          ).toEqual(before);
          // The situation over a period, read from the summary, is the ledger's plain sum.
          for (const account of accounts) {
            const s = await cashSituation(t.db, account, addDays(start, 10), addDays(start, 30));
            const sum = async (from: string, to: string) =>
              Number(
                (await t
                  .db('money_movements')
                  .where('account_id', account)
                  .whereBetween('business_date', [from, to])
                  .sum({ s: 'amount' })
                  .first())!.s ?? 0,
              );
            expect([s.opening_balance, s.closing_balance]).toEqual([
              await sum('2000-01-01', addDays(start, 9)),
              await sum('2000-01-01', addDays(start, 30)),
            ]);
            const count = Number(
              (await t
                .db('money_movements')
                .where('account_id', account)
                .whereBetween('business_date', [addDays(start, 10), addDays(start, 30)])
                .count({ n: '*' })
                .first())!.n,
            );
            expect(s.movement_count).toBe(count);
          }
        }),
        { numRuns: 12 },
      );
    },
  );

  it('a movement edited behind the ledger shows as a difference until the summary is rebuilt', async () => {
    const account = await makeTreasuryAccount(t.db, 'banque');
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [{ accountId: account, amount: 7_000, movementType: 'cash_in', paymentMethod: 'virement' }],
        { documentType: null, documentId: null, documentNumber: null, userId: null, businessDate: '2026-02-03' },
      ),
    );
    expect(await moneyDaysDifferences(t.db)).toEqual([]);
    await t.db('money_movements').where({ account_id: account }).update({ amount: 9_000 });
    expect(await moneyDaysDifferences(t.db)).toEqual([
      { account_id: account, business_date: '2026-02-03', movement_type: 'cash_in' },
    ]);
    await rebuildMoneyDays(t.db);
    expect(await moneyDaysDifferences(t.db)).toEqual([]);
  });
});
