import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { createCashOperation } from '../../server/services/cash/operations.js';
import { createTransfer } from '../../server/services/stock/transfers.js';
import { type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { NO_RIGHTS, adminActor, cashPayment, line, makeClient, saleInput, walkInClient } from '../support/sales.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';

/**
 * What a document's validation sends (issue 20): the same statements whatever its number of lines,
 * and on PostgreSQL each document's last writes (lines, money movements and balances, payments,
 * audit entry) sent together in one statement (writeTogether) — the ceilings below fail if a write
 * goes back to its own round trip. BEGIN and COMMIT are not counted.
 */
describe.each(testDatabases())('statements of a document validation (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let products: number[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    const tag = uniqueTag();
    products = [];
    for (let i = 0; i < 10; i++) {
      const id = await makeProduct(t.db, {
        code: `${tag}S${i}`,
        name: `Article ${tag} ${i}`,
        category_id: f.category,
        purchase_price: 400,
        retail_price: 600,
      });
      await giveStock(t.db, id, f.shop, 1000, 400);
      await giveStock(t.db, id, f.depot, 1000, 400);
      products.push(id);
    }
  });
  afterAll(() => t.close());

  const statementsOf = async (db: Knex, work: () => Promise<unknown>) => {
    const seen: string[] = [];
    const log = (q: { sql: string }) => seen.push(q.sql);
    db.on('query', log);
    try {
      await work();
    } finally {
      db.off('query', log);
    }
    return seen.filter((sql) => !/^(BEGIN|COMMIT);?$/.test(sql));
  };
  const pg = kind === 'pg';

  it('a counter sale paid in cash: 10 lines as 2; 17 on PostgreSQL', async () => {
    const walkIn = await walkInClient(t.db);
    const actor = await adminActor(t.db);
    const saleOf = (ids: number[]) => () =>
      createSale(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          saleDate: new Date().toISOString().slice(0, 10),
          lines: ids.map((p) => line(p, 1)),
          payments: [cashPayment(100_000)],
        }),
        NO_RIGHTS,
        actor,
      );
    const two = await statementsOf(t.db, saleOf(products.slice(0, 2)));
    const ten = await statementsOf(t.db, saleOf(products));
    expect(ten.length, ten.join('\n')).toBe(two.length);
    if (pg) expect(ten.length, ten.join('\n')).toBeLessThanOrEqual(17);
  });

  it('an invoice on credit: 10 lines as 2', async () => {
    const client = await makeClient(t.db, { credit_limit: 100_000_000 });
    const actor = await adminActor(t.db);
    const saleOf = (ids: number[]) => () =>
      createSale(
        t.db,
        saleInput({
          kind: 'invoice',
          clientId: client,
          locationId: f.depot,
          saleDate: new Date().toISOString().slice(0, 10),
          paymentMode: 'credit',
          dueDate: null,
          lines: ids.map((p) => line(p, 1)),
        }),
        NO_RIGHTS,
        actor,
      );
    const two = await statementsOf(t.db, saleOf(products.slice(0, 2)));
    const ten = await statementsOf(t.db, saleOf(products));
    expect(ten.length, ten.join('\n')).toBe(two.length);
  });

  it('a transfer: 10 lines as 2; 13 on PostgreSQL', async () => {
    const actor = await adminActor(t.db);
    const transferOf = (ids: number[]) => () =>
      createTransfer(
        t.db,
        {
          idempotencyKey: idempotencyKey(),
          fromLocationId: f.depot,
          toLocationId: f.shop,
          transferDate: new Date().toISOString().slice(0, 10),
          note: '',
          lines: ids.map((p) => ({ productId: p, quantity: 1 })),
        },
        actor,
      );
    const two = await statementsOf(t.db, transferOf(products.slice(0, 2)));
    const ten = await statementsOf(t.db, transferOf(products));
    expect(ten.length, ten.join('\n')).toBe(two.length);
    if (pg) expect(ten.length, ten.join('\n')).toBeLessThanOrEqual(13);
  });

  it('a décaissement: 12 statements on PostgreSQL', async () => {
    const actor = await adminActor(t.db);
    const desk = Number(
      (await t.db('treasury_accounts').where({ kind: 'caisse', location_id: f.depot }).orderBy('id').first('id'))!.id,
    );
    const category = Number((await t.db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id);
    const base = {
      toAccountId: null,
      expenseCategoryId: null,
      supplierId: null,
      bankMethod: null,
      reference: '',
      note: '',
      places: EVERY_PLACE,
    } as const;
    await createCashOperation(
      t.db,
      {
        ...base,
        idempotencyKey: idempotencyKey(),
        kind: 'cash_in',
        amount: 1_000_000,
        fromAccountId: null,
        toAccountId: desk,
        beneficiary: 'Le gérant',
      },
      actor,
    );
    const before = Number((await t.db('treasury_accounts').where({ id: desk }).first('balance'))!.balance);
    const seen = await statementsOf(t.db, () =>
      createCashOperation(
        t.db,
        {
          ...base,
          idempotencyKey: idempotencyKey(),
          kind: 'expense',
          amount: 1_500,
          fromAccountId: desk,
          expenseCategoryId: category,
          beneficiary: 'Transporteur',
          reference: 'R-1',
        },
        actor,
      ),
    );
    if (pg) expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(12);
    expect(Number((await t.db('treasury_accounts').where({ id: desk }).first('balance'))!.balance)).toBe(
      before - 1_500,
    );
  });
});
