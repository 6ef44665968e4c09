import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../../../server/domain/errors.js';
import { checkCash, repairCashBalances } from '../../../server/services/treasury/check-cash.js';
import {
  type MoneyMovementInput,
  postMoneyMovements,
  verifyMoneyChains,
} from '../../../server/services/treasury/ledger.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';

const ctx = (over: object = {}) => ({
  documentType: 'test',
  documentId: 1,
  documentNumber: 'TST-1',
  userId: null,
  businessDate: '2026-03-10',
  ...over,
});
const cash = (accountId: number, amount: number, over: Partial<MoneyMovementInput> = {}): MoneyMovementInput => ({
  accountId,
  amount,
  movementType: 'sale',
  paymentMethod: 'especes',
  ...over,
});

describe.each(testDatabases())('money ledger (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => expectCashConsistent(t.db));

  it('gives every cash desk its treasury account of kind caisse, created with the desk', async () => {
    const desks = await t
      .db('cash_desks')
      .leftJoin('treasury_accounts', 'treasury_accounts.cash_desk_id', 'cash_desks.id')
      .select('cash_desks.code', 'treasury_accounts.kind', 'treasury_accounts.name', 'cash_desks.name as desk_name');
    expect(desks.length).toBeGreaterThanOrEqual(2);
    for (const d of desks) expect([d.kind, d.name]).toEqual(['caisse', d.desk_name]);
  });

  it('appends movements, keeps the balance in step and records balance_after, user, document and date', async () => {
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await t.db.transaction((trx) =>
      postMoneyMovements(
        trx,
        [
          cash(bank, 50_000, { paymentMethod: 'virement', reference: 'VIR-889' }),
          cash(bank, -20_000, { movementType: 'supplier_payment', paymentMethod: 'virement' }),
        ],
        ctx({ documentNumber: 'FAC-2026-000007' }),
      ),
    );
    expect(await balanceOf(t.db, bank)).toBe(30_000);
    const rows = await t.db('money_movements').where({ account_id: bank }).orderBy('id');
    expect(
      rows.map((r) => [
        Number(r.amount),
        Number(r.balance_after),
        r.movement_type,
        r.payment_method,
        r.reference,
        r.document_number,
        r.business_date,
      ]),
    ).toEqual([
      [50_000, 50_000, 'sale', 'virement', 'VIR-889', 'FAC-2026-000007', '2026-03-10'],
      [-20_000, 30_000, 'supplier_payment', 'virement', null, 'FAC-2026-000007', '2026-03-10'],
    ]);
    expect(rows[1].prev_hash).toBe(rows[0].hash);
    expect((await t.db('treasury_accounts').where({ id: bank }).first('last_hash'))!.last_hash).toBe(rows[1].hash);
  });

  it('refuses to take from a cash desk more than it holds, naming the desk, and writes nothing', async () => {
    const desk = await deskAccount(t.db, 'CAI02');
    const start = await balanceOf(t.db, desk);
    await t.db.transaction((trx) => postMoneyMovements(trx, [cash(desk, 10_000)], ctx()));
    const count = Number((await t.db('money_movements').count({ n: '*' }).first())!.n);
    const err = await t.db
      .transaction((trx) =>
        postMoneyMovements(
          trx,
          [cash(desk, 5_000), cash(desk, -(start + 20_000), { movementType: 'sale_refund', field: 'refund' })],
          ctx(),
        ),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(err.errors.refund).toMatch(/^La caisse « Caisse Boutique 1 » ne contient que .* : impossible d’en sortir/);
    expect(await balanceOf(t.db, desk)).toBe(start + 10_000);
    expect(Number((await t.db('money_movements').count({ n: '*' }).first())!.n)).toBe(count);
  });

  it('refuses an empty wallet too, but lets a bank account go below zero (an overdraft is real)', async () => {
    const wallet = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'wave' });
    const err = await t.db
      .transaction((trx) => postMoneyMovements(trx, [cash(wallet, -1, { paymentMethod: 'mobile_money' })], ctx()))
      .catch((e) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(err.errors.payment).toMatch(/^Le compte « .* » ne contient que 0/);
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await t.db.transaction((trx) => postMoneyMovements(trx, [cash(bank, -7_500, { paymentMethod: 'cheque' })], ctx()));
    expect(await balanceOf(t.db, bank)).toBe(-7_500);
  });

  it('refuses an archived account and a balance beyond its ceiling', async () => {
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await t.db('treasury_accounts').where({ id: bank }).update({ active: false });
    const archived = await t.db.transaction((trx) => postMoneyMovements(trx, [cash(bank, 100)], ctx())).catch((e) => e);
    expect(archived.errors.payment).toMatch(/est archivé/);
    const big = await makeTreasuryAccount(t.db, 'banque');
    await t.db.transaction((trx) => postMoneyMovements(trx, [cash(big, 99_000_000_000_000)], ctx()));
    const over = await t.db
      .transaction((trx) => postMoneyMovements(trx, [cash(big, 2_000_000_000_000)], ctx()))
      .catch((e) => e);
    expect(over).toBeInstanceOf(Refusal);
    expect(over.errors.payment).toMatch(/ne peut dépasser/);
    expect(await balanceOf(t.db, big)).toBe(99_000_000_000_000);
  });

  it('check:cash finds a balance that drifted from its ledger and --repair rebuilds it from the ledger', async () => {
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await t.db.transaction((trx) => postMoneyMovements(trx, [cash(bank, 12_345, { paymentMethod: 'carte' })], ctx()));
    await t.db('treasury_accounts').where({ id: bank }).update({ balance: 99 });
    const report = await checkCash(t.db);
    expect(report.differences).toEqual([expect.objectContaining({ accountId: bank, balance: 99, ledger: 12_345 })]);
    const fixed = await repairCashBalances(t.db);
    expect(fixed.map((d) => d.accountId)).toEqual([bank]);
    expect(await balanceOf(t.db, bank)).toBe(12_345);
    expect(await t.db('audit_log').where({ action: 'treasury.balances_repaired' }).first('id')).toBeTruthy();
  });

  it('the hash chain names the first movement edited, and a removed last movement', async () => {
    const bank = await makeTreasuryAccount(t.db, 'banque');
    await t.db.transaction((trx) =>
      postMoneyMovements(trx, [cash(bank, 1_000), cash(bank, 2_000), cash(bank, 3_000)], ctx()),
    );
    const rows = await t.db('money_movements').where({ account_id: bank }).orderBy('id');
    await t.db('money_movements').where({ id: rows[1].id }).update({ amount: 2_500 });
    const broken = await verifyMoneyChains(t.db);
    expect(broken).toEqual([expect.objectContaining({ accountId: bank, movementId: Number(rows[1].id) })]);
    await t.db('money_movements').where({ id: rows[1].id }).update({ amount: 2_000 });
    expect(await verifyMoneyChains(t.db)).toEqual([]);
    // The tail: removing the last movement leaves the account's last_hash pointing at nothing.
    const last = await t.db('money_movements').where({ id: rows[2].id }).first();
    await t.db('money_movements').where({ id: rows[2].id }).delete();
    expect(await verifyMoneyChains(t.db)).toEqual([expect.objectContaining({ accountId: bank, movementId: null })]);
    await t.db('money_movements').insert(last!);
  });

  it('serialises parallel withdrawals from one desk: never below zero, balance equals the ledger', async () => {
    const desk = await deskAccount(t.db, 'CAI01');
    const start = await balanceOf(t.db, desk);
    await t.db.transaction((trx) => postMoneyMovements(trx, [cash(desk, 10_000)], ctx()));
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        t.db.transaction((trx) => postMoneyMovements(trx, [cash(desk, -1_000, { movementType: 'cash_out' })], ctx())),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10 + Math.floor(start / 1_000));
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason instanceof Refusal),
    ).toBe(true);
    expect(await balanceOf(t.db, desk)).toBe(start + 10_000 - 1_000 * (10 + Math.floor(start / 1_000)));
  });
});
