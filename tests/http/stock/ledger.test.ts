import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, repairStockLevels } from '../../../server/services/stock/check-stock.js';
import { StockShortageError, postStockMovements, quantitiesOnHand } from '../../../server/services/stock/ledger.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  levelOf,
  makeProduct,
  setNegativeStock,
  stockFixtures,
} from '../../support/stock.js';
import { Refusal } from '../../../server/domain/errors.js';

const ctx = (over: object = {}) => ({
  documentType: 'test',
  documentId: 1,
  documentNumber: 'TST-1',
  userId: null,
  businessDate: '2026-03-10',
  ...over,
});

describe.each(testDatabases())('stock ledger (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
  });
  afterAll(() => t.close());
  afterEach(() => expectStockConsistent(t.db));

  it('posts a valued receipt: level, ledger row, CMUP and its history move together', async () => {
    const p = await makeProduct(t.db, { category_id: f.category });
    await t.db.transaction((trx) =>
      postStockMovements(trx, ctx(), [
        {
          productId: p,
          locationId: f.depot,
          quantity: 10,
          movementType: 'entry',
          unitCost: 1000,
          valuation: 'receipt',
        },
      ]),
    );
    await t.db.transaction((trx) =>
      postStockMovements(trx, ctx(), [
        { productId: p, locationId: f.shop, quantity: 30, movementType: 'entry', unitCost: 1400, valuation: 'receipt' },
      ]),
    );
    expect(await levelOf(t.db, p, f.depot)).toBe(10);
    expect(await levelOf(t.db, p, f.shop)).toBe(30);
    expect(Number((await t.db('products').where({ id: p }).first('cmup'))!.cmup)).toBe(1300);
    const history = await t.db('cmup_history').where({ product_id: p }).orderBy('id');
    expect(
      history.map((h) => [Number(h.old_cmup), Number(h.new_cmup), Number(h.quantity_before), Number(h.quantity)]),
    ).toEqual([
      [0, 1000, 0, 10],
      [1000, 1300, 10, 30],
    ]);
    const moves = await t.db('stock_movements').where({ product_id: p }).orderBy('id');
    expect(moves.map((m) => [Number(m.quantity), Number(m.unit_cost), m.movement_type, m.business_date])).toEqual([
      [10, 1000, 'entry', '2026-03-10'],
      [30, 1400, 'entry', '2026-03-10'],
    ]);
  });

  it('values an exit at the current CMUP without changing it', async () => {
    const p = await makeProduct(t.db, { category_id: f.category });
    await giveStock(t.db, p, f.depot, 4, 2500);
    const [posted] = await t.db.transaction((trx) =>
      postStockMovements(trx, ctx(), [
        { productId: p, locationId: f.depot, quantity: -3, movementType: 'readjustment' },
      ]),
    );
    expect(posted).toMatchObject({ unitCost: 2500, cmupBefore: 2500, cmupAfter: 2500 });
    expect(await levelOf(t.db, p, f.depot)).toBe(1);
  });

  it('refuses a decrement beyond the stock, naming the product and the missing quantity, and writes nothing', async () => {
    const p = await makeProduct(t.db, {
      category_id: f.category,
      name: 'Lait concentré 397 g',
      code: 'LAIT397',
      unit: 'boîte',
    });
    await giveStock(t.db, p, f.depot, 7);
    const before = await t.db('stock_movements').count({ n: '*' }).first();
    const err = await t.db
      .transaction((trx) =>
        postStockMovements(trx, ctx(), [
          { productId: f.products.rice, locationId: f.shop, quantity: 5, movementType: 'transfer_in' },
          { productId: p, locationId: f.depot, quantity: -10, movementType: 'transfer_out', field: 'lines.0.quantity' },
        ]),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(StockShortageError);
    expect(err).toBeInstanceOf(Refusal);
    expect(err.errors['lines.0.quantity']).toBe(
      'Stock insuffisant pour « Lait concentré 397 g » (LAIT397) à Dépôt principal : il manque 3\u00a0boîtes (disponible 7, demandé 10).',
    );
    expect(err.errors.lines).toBe(err.errors['lines.0.quantity']);
    expect(err.shortages[0]).toMatchObject({ missing: 3, available: 7, requested: 10 });
    expect(await levelOf(t.db, p, f.depot)).toBe(7);
    expect(await levelOf(t.db, f.products.rice, f.shop)).toBe(0);
    expect((await t.db('stock_movements').count({ n: '*' }).first())!.n).toEqual(before!.n);
  });

  it('lists every short product in one message', async () => {
    const a = await makeProduct(t.db, { category_id: f.category, name: 'Article A' });
    const b = await makeProduct(t.db, { category_id: f.category, name: 'Article B' });
    const err = await t.db
      .transaction((trx) =>
        postStockMovements(trx, ctx(), [
          { productId: a, locationId: f.depot, quantity: -2, movementType: 'readjustment', field: 'lines.0.quantity' },
          { productId: b, locationId: f.depot, quantity: -1, movementType: 'readjustment', field: 'lines.1.quantity' },
        ]),
      )
      .catch((e) => e);
    expect(err.errors.lines).toBe(
      'Stock insuffisant pour 2 produits : « Article A » (il manque 2), « Article B » (il manque 1).',
    );
    expect(Object.keys(err.errors).sort()).toEqual(['lines', 'lines.0.quantity', 'lines.1.quantity']);
  });

  it('lets stock go negative when the company allows it', async () => {
    const p = await makeProduct(t.db, { category_id: f.category });
    await setNegativeStock(t.db, true);
    try {
      await t.db.transaction((trx) =>
        postStockMovements(trx, ctx(), [
          { productId: p, locationId: f.shop, quantity: -4, movementType: 'readjustment' },
        ]),
      );
      expect(await levelOf(t.db, p, f.shop)).toBe(-4);
      // …but a caller can still insist (cancellations).
      const err = await t.db
        .transaction((trx) =>
          postStockMovements(trx, ctx({ allowNegative: false }), [
            { productId: p, locationId: f.shop, quantity: -1, movementType: 'readjustment' },
          ]),
        )
        .catch((e) => e);
      expect(err).toBeInstanceOf(StockShortageError);
      expect(err.shortages[0]).toMatchObject({ available: -4, missing: 1 });
      // A receipt on negative stock takes the receipt's cost.
      await t.db.transaction((trx) =>
        postStockMovements(trx, ctx(), [
          {
            productId: p,
            locationId: f.shop,
            quantity: 10,
            movementType: 'entry',
            unitCost: 800,
            valuation: 'receipt',
          },
        ]),
      );
      expect(Number((await t.db('products').where({ id: p }).first('cmup'))!.cmup)).toBe(800);
    } finally {
      await setNegativeStock(t.db, false);
    }
  });

  it('counts goods in transit in the quantity on hand', async () => {
    const p = await makeProduct(t.db, { category_id: f.category });
    await giveStock(t.db, p, f.depot, 10, 100);
    const now = new Date().toISOString();
    const [tr] = await t
      .db('transfers')
      .insert({
        number: `TRF-TEST-${p}`,
        from_location_id: f.depot,
        to_location_id: f.shop,
        transfer_date: '2026-03-10',
        status: 'sent',
        line_count: 1,
        total_quantity_sent: 4,
        total_value: 400,
        sent_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const transferId = typeof tr === 'object' ? tr.id : tr;
    await t
      .db('transfer_lines')
      .insert({ transfer_id: transferId, position: 1, product_id: p, quantity_sent: 4, unit_cost: 100 });
    await t.db.transaction((trx) =>
      postStockMovements(trx, ctx(), [
        { productId: p, locationId: f.depot, quantity: -4, movementType: 'transfer_out' },
      ]),
    );
    expect((await quantitiesOnHand(t.db, [p])).get(p)).toBe(10);
    // 10 on hand (6 + 4 in transit) at 100, receive 10 at 200 → 150
    await t.db.transaction((trx) =>
      postStockMovements(trx, ctx(), [
        { productId: p, locationId: f.depot, quantity: 10, movementType: 'entry', unitCost: 200, valuation: 'receipt' },
      ]),
    );
    expect(Number((await t.db('products').where({ id: p }).first('cmup'))!.cmup)).toBe(150);
  });

  it('refuses to edit or delete a movement: the ledger is append-only', async () => {
    const p = await makeProduct(t.db, { category_id: f.category });
    await giveStock(t.db, p, f.depot, 3);
    const row = (await t.db('stock_movements').where({ product_id: p }).first())!;
    await expect(t.db('stock_movements').where({ id: row.id }).update({ quantity: 999 })).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db('stock_movements').where({ id: row.id }).delete()).rejects.toThrow(/append-only/);
    expect(await t.db('stock_movements').where({ id: row.id }).first()).toEqual(row);
  });

  it('check:stock finds a level that disagrees with the ledger, and --repair rebuilds it', async () => {
    const p = await makeProduct(t.db, { category_id: f.category, code: 'TAMPER' });
    await giveStock(t.db, p, f.depot, 5);
    await t.db('stock_levels').where({ product_id: p, location_id: f.depot }).update({ quantity: 9 });
    await t.db('stock_levels').insert({ product_id: p, location_id: f.shop, quantity: 2 });
    const report = await checkStock(t.db);
    expect(report.differences).toEqual([
      {
        productId: p,
        productCode: 'TAMPER',
        productName: expect.any(String),
        locationId: f.depot,
        locationName: 'Dépôt principal',
        level: 9,
        ledger: 5,
      },
      {
        productId: p,
        productCode: 'TAMPER',
        productName: expect.any(String),
        locationId: f.shop,
        locationName: 'Boutique 1',
        level: 2,
        ledger: 0,
      },
    ]);
    const repairs = async () => (await t.db('audit_log').where({ action: 'stock.levels_repaired' })).length;
    const repairsBefore = await repairs();
    const fixed = await repairStockLevels(t.db);
    expect(fixed).toHaveLength(2);
    expect(await levelOf(t.db, p, f.depot)).toBe(5);
    expect(await levelOf(t.db, p, f.shop)).toBe(0);
    expect(await repairs()).toBe(repairsBefore + 1);
  });

  it('never oversells under parallel decrements (10 in stock, 50 exits of 1)', async () => {
    const p = await makeProduct(t.db, { category_id: f.category });
    await giveStock(t.db, p, f.depot, 10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        t.db.transaction((trx) =>
          postStockMovements(trx, ctx(), [
            { productId: p, locationId: f.depot, quantity: -1, movementType: 'readjustment' },
          ]),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toBeInstanceOf(StockShortageError);
    expect(await levelOf(t.db, p, f.depot)).toBe(0);
  });
});
