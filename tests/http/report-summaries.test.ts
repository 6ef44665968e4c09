import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { addDays } from '../../server/domain/dates.js';
import { LATER_DAYS_MAX } from '../../server/db/running-totals.js';
import { rebuildReportSummaries, salesEventsSql } from '../../server/db/report-summaries.js';
import { withSearchName } from '../../server/db/search.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import { postStockMovements } from '../../server/services/stock/ledger.js';
import {
  DAY_ROWS_MAX_DAYS,
  bestSellers,
  productSales,
  soldRows,
  stockAtRows,
} from '../../server/services/reports/sales-summaries.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { ROUTES } from '../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import {
  ALL_RIGHTS,
  adminActor,
  cashPayment,
  line,
  makeClient,
  saleInput,
  sell,
  walkInClient,
} from '../support/sales.js';
import { giveStock, idempotencyKey, makeProduct } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';

/**
 * The summary tables of the reports (migrations 202611241200_report_summaries and
 * 202611250200_report_running_totals: day rows with running totals and closings), kept by triggers in
 * the documents' own transactions, equal the raw documents and the stock ledger after random
 * histories — sales of both kinds on random dates, credit notes, cancellations on a later date,
 * stock movements on random dates — and a report over a random period (whole months and edge days
 * read from them) equals the raw events of that period; `npm run reports:rebuild` changes nothing.
 * The month summary of 202611281000_dashboard_summaries too: report_sales_months (the day rows'
 * months), and the month so far read from the month rows (report_turnover_client_days has its own
 * property test: tests/http/turnover-client-days.test.ts).
 */

const DAYS = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10));
type Row = Record<string, unknown>;

describe.each(testDatabases())('report summary tables on random histories (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let products: number[];
  let shop: number;
  let depot: number;
  let client: number;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    const tag = uniqueTag('RS');
    depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    products = [];
    for (let i = 0; i < 3; i++) {
      const p = await makeProduct(t.db, {
        code: `${tag}${i}`,
        name: `Produit ${tag} ${i}`,
        category_id: category,
        retail_price: 500 + i * 250,
      });
      await giveStock(t.db, p, shop, 10_000, 300 + i * 100);
      await giveStock(t.db, p, depot, 10_000, 300 + i * 100);
      products.push(p);
    }
    client = await makeClient(t.db, { credit_limit: 100_000_000 });
    walkIn = await walkInClient(t.db);
  });
  afterAll(() => t.close());

  const op = fc.oneof(
    fc.record({
      kind: fc.constant('sale' as const),
      counter: fc.boolean(),
      day: fc.nat(DAYS.length - 1),
      lines: fc.uniqueArray(fc.record({ p: fc.nat(2), q: fc.integer({ min: 1, max: 9 }) }), {
        minLength: 1,
        maxLength: 3,
        selector: (l) => l.p,
      }),
    }),
    fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), q: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), after: fc.nat(40) }),
    fc.record({
      kind: fc.constant('stock' as const),
      p: fc.nat(2),
      day: fc.nat(DAYS.length - 1),
      q: fc.integer({ min: -50, max: 80 }).filter((q) => q !== 0),
      shop: fc.boolean(),
    }),
    // Several movements in one INSERT (PostgreSQL keeps the summary per statement): random days and
    // pairs, the same pair on several days or twice on one day (two products: pairs meet often).
    fc.record({
      kind: fc.constant('batch' as const),
      moves: fc.array(
        fc.record({
          p: fc.nat(1),
          day: fc.nat(DAYS.length - 1),
          q: fc.integer({ min: -50, max: 80 }).filter((q) => q !== 0),
          shop: fc.boolean(),
        }),
        { minLength: 2, maxLength: 8 },
      ),
    }),
  );

  const apply = async (o: Row) => {
    if (o.kind === 'sale') {
      const lines = (o.lines as Array<{ p: number; q: number }>).map((l) =>
        line(products[l.p], l.q, { unitPrice: 1_000 + l.p * 100 }),
      );
      const total = lines.reduce((a, l) => a + l.quantity * (l.unitPrice ?? 0), 0);
      if (o.counter)
        await sell(
          t.db,
          saleInput({
            clientId: walkIn,
            locationId: shop,
            saleDate: DAYS[o.day as number],
            lines,
            payments: [cashPayment(total)],
          }),
        );
      else
        await sell(
          t.db,
          saleInput({
            kind: 'invoice',
            clientId: client,
            locationId: depot,
            saleDate: DAYS[o.day as number],
            paymentMode: 'credit',
            dueDate: '2025-12-31',
            lines,
            payments: [],
          }),
          ALL_RIGHTS,
        );
    } else if (o.kind === 'credit') {
      // A counter sale still validated, with a line not wholly returned.
      const open = (await t
        .db('sale_lines as sl')
        .join('sales as s', 's.id', 'sl.sale_id')
        .where({ 's.kind': 'counter', 's.status': 'validated' })
        .whereIn('sl.product_id', products)
        .whereRaw('sl.returned_quantity < sl.quantity')
        .orderBy('sl.id')
        .select('sl.id', 'sl.sale_id', 'sl.quantity', 'sl.returned_quantity', 's.version')) as Row[];
      if (!open.length) return;
      const l = open[(o.pick as number) % open.length];
      const quantity = Math.min(o.q as number, Number(l.quantity) - Number(l.returned_quantity));
      await createCreditNote(
        t.db,
        {
          idempotencyKey: idempotencyKey(),
          saleId: Number(l.sale_id),
          reason: 'Retour',
          version: Number(l.version),
          lines: [{ saleLineId: Number(l.id), quantity }],
        },
        await adminActor(t.db),
      );
    } else if (o.kind === 'cancel') {
      const live = (await t
        .db('sales')
        .where({ status: 'validated' })
        .whereIn('id', t.db('sale_lines').whereIn('product_id', products).select('sale_id'))
        .orderBy('id')
        .select('id', 'sale_date')) as Row[];
      if (!live.length) return;
      const s = live[(o.pick as number) % live.length];
      const on = new Date(Date.parse(`${s.sale_date}T00:00:00Z`) + (o.after as number) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      await t
        .db('sales')
        .where({ id: Number(s.id) })
        .update({ status: 'cancelled', cancelled_on: on, cancelled_at: `${on}T12:00:00.000Z`, cancel_reason: 'Test' });
    } else if (o.kind === 'batch') {
      const moves = o.moves as Array<{ p: number; day: number; q: number; shop: boolean }>;
      const rows = moves.map((m) => ({
        product_id: products[m.p],
        location_id: m.shop ? shop : depot,
        quantity: m.q,
        movement_type: m.q > 0 ? 'entry' : 'readjustment',
        unit_cost: 400,
        document_type: 'test',
        business_date: DAYS[m.day],
        created_at: nowIso(),
      }));
      await t.db.transaction(async (trx) => {
        await trx('stock_movements').insert(rows);
        // The levels follow the ledger (the stock at a recent date is read from them).
        for (const r of rows)
          await trx('stock_levels')
            .where({ product_id: r.product_id, location_id: r.location_id })
            .increment('quantity', r.quantity);
      });
    } else {
      await t.db.transaction((trx) =>
        postStockMovements(
          trx,
          {
            documentType: 'test',
            documentId: null,
            documentNumber: null,
            userId: null,
            businessDate: DAYS[o.day as number],
          },
          [
            {
              productId: products[o.p as number],
              locationId: o.shop ? shop : depot,
              quantity: o.q as number,
              movementType: (o.q as number) > 0 ? 'entry' : 'readjustment',
              unitCost: 400,
              valuation: (o.q as number) > 0 ? 'receipt' : undefined,
            },
          ],
        ),
      );
    }
  };

  const key = (r: Row) => `${r.d}|${r.location_id}|${r.product_id}`;
  const norm = (rows: Row[], fields: string[]) =>
    Object.fromEntries(
      rows.filter((r) => fields.some((f) => Number(r[f]) !== 0)).map((r) => [key(r), fields.map((f) => Number(r[f]))]),
    );
  const summaryRows = async () => ({
    sold: (await t
      .db('report_sales_days')
      .select(
        'day as d',
        'location_id',
        'product_id',
        'quantity',
        'sales',
        'cost',
        'cum_quantity',
        'cum_sales',
        'cum_cost',
      )) as Row[],
    stock: (await t
      .db('report_stock_days')
      .select('day as d', 'location_id', 'product_id', 'quantity', 'closing')) as Row[],
  });
  const summaries = async () => {
    const { sold, stock } = await summaryRows();
    return {
      sold: norm(sold, ['quantity', 'sales', 'cost']),
      stock: norm(stock, ['quantity']),
      months: norm(
        (await t
          .db('report_sales_months')
          .select('month as d', 'location_id', 'product_id', 'quantity', 'sales', 'cost')) as Row[],
        ['quantity', 'sales', 'cost'],
      ),
      // Running totals (202611250200): on every summary row, Σ of the pair's days up to it.
      soldTotals: Object.fromEntries(
        sold.map((r) => [key(r), ['cum_quantity', 'cum_sales', 'cum_cost'].map((f) => Number(r[f]))]),
      ),
      closings: Object.fromEntries(stock.map((r) => [key(r), [Number(r.closing)]])),
    };
  };
  /** The running totals a summary row should hold, added up from the raw per-day rows (test arithmetic on a few rows). */
  const runningTotals = (at: Row[], rows: Row[], fields: string[]) =>
    Object.fromEntries(
      at.map((r) => [
        key(r),
        fields.map((f) =>
          rows
            .filter(
              (x) => x.location_id === r.location_id && x.product_id === r.product_id && String(x.d) <= String(r.d),
            )
            .reduce((a, x) => a + Number(x[f]), 0),
        ),
      ]),
    );
  const raw = async () => {
    const events = t.db.raw(`(${salesEventsSql()}) e`);
    const moves = (await t
      .db('stock_movements')
      .select('business_date as d', 'location_id', 'product_id')
      .sum({ quantity: 'quantity' })
      .groupBy('business_date', 'location_id', 'product_id')) as Row[];
    const sold = (await t.db
      .from(events)
      .select('e.d', 'e.location_id', 'e.product_id')
      .sum({ quantity: 'e.quantity', sales: 'e.sales', cost: 'e.cost' })
      .groupBy('e.d', 'e.location_id', 'e.product_id')) as Row[];
    const months = (await t.db
      .from(events)
      .select(t.db.raw('substr(e.d, 1, 7) AS d'), 'e.location_id', 'e.product_id')
      .sum({ quantity: 'e.quantity', sales: 'e.sales', cost: 'e.cost' })
      .groupByRaw('substr(e.d, 1, 7), e.location_id, e.product_id')) as Row[];
    const at = await summaryRows();
    return {
      sold: norm(sold, ['quantity', 'sales', 'cost']),
      stock: norm(moves, ['quantity']),
      months: norm(months, ['quantity', 'sales', 'cost']),
      soldTotals: runningTotals(at.sold, sold, ['quantity', 'sales', 'cost']),
      closings: runningTotals(at.stock, moves, ['quantity']),
    };
  };

  it('equal the raw documents and ledger after every random history, and a random period reads the same figures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 6 }),
        fc.nat(DAYS.length - 1),
        fc.nat(DAYS.length - 1),
        async (ops, a, b) => {
          for (const o of ops) await apply(o as Row);
          expect(await summaries()).toEqual(await raw());
          // A report over [from, to]: the summaries' months + edge days against the raw events of those days.
          const [from, to] = a <= b ? [DAYS[a], DAYS[b]] : [DAYS[b], DAYS[a]];
          const res = await admin.visit(`${ROUTES['reports.turnover']}?view=produits&from=${from}&to=${to}`);
          const expected = (await t.db
            .from(t.db.raw(`(${salesEventsSql()}) e`))
            .whereBetween('e.d', [from, to])
            .sum({ sales: 'e.sales', cost: 'e.cost' })
            .first()) as Row;
          expect(res.body.props.tables[0].totals).toMatchObject({
            net: Number(expected.sales ?? 0),
            cost: Number(expected.cost ?? 0),
          });
          // What each product sold, as the best sellers and the by-product views read it — from the
          // period's day rows (at most DAY_ROWS_MAX_DAYS days: a short period ending on `to` is always
          // one) or from the running totals (the random period, mostly longer) — equals the raw events.
          const short = DAYS[Math.max(0, DAYS.indexOf(to) - (a % DAY_ROWS_MAX_DAYS))];
          // The month so far (the dashboard's best sellers): its month rows less the days after `to`.
          const monthSoFar = `${to.slice(0, 7)}-01`;
          for (const [pf, pt] of [
            [from, to],
            [short, to],
            [monthSoFar, to],
          ]) {
            const perProduct = (rows: Row[]) =>
              Object.fromEntries(
                rows
                  .filter(
                    (r) =>
                      products.includes(Number(r.product_id)) && (Number(r.quantity) !== 0 || Number(r.sales) !== 0),
                  )
                  .map((r) => [Number(r.product_id), [Number(r.quantity), Number(r.sales), Number(r.cost)]]),
              );
            const rawSold = (await t.db
              .from(t.db.raw(`(${salesEventsSql()}) e`))
              .whereBetween('e.d', [pf, pt])
              .select('e.product_id')
              .sum({ quantity: 'e.quantity', sales: 'e.sales', cost: 'e.cost' })
              .groupBy('e.product_id')) as Row[];
            const period = { from: pf, to: pt, location_id: '' };
            const read = await productSales(t.db, period, EVERY_PLACE, { all: true, limit: 10_000 });
            const running = (await t.db
              .from(soldRows(t.db, period, EVERY_PLACE).as('e'))
              .select('e.product_id')
              .sum({ quantity: 'e.quantity', sales: 'e.sales', cost: 'e.cost' })
              .groupBy('e.product_id')) as Row[];
            expect(perProduct(read.rows), `${pf} → ${pt}`).toEqual(perProduct(rawSold));
            expect(perProduct(running), `${pf} → ${pt}`).toEqual(perProduct(rawSold));
            // The best sellers are productSales' first rows, in its order.
            const firsts = (rows: Row[]) =>
              rows.map((r) => [Number(r.product_id), Number(r.quantity), Number(r.sales), Number(r.cost)]);
            expect(firsts(await bestSellers(t.db, period, EVERY_PLACE, 2))).toEqual(firsts(read.rows.slice(0, 2)));
          }
          // The stock at the end of a random day equals the ledger's movements up to it, per pair —
          // read long after (a seek per pair) and, for a recent day, as today's levels less the later
          // days (PostgreSQL; LATER_DAYS_MAX): `today` a random number of days after the day, both sides of it.
          const day = DAYS[b];
          const ledger = (await t
            .db('stock_movements')
            .whereIn('product_id', products)
            .where('business_date', '<=', day)
            .select('location_id', 'product_id')
            .sum({ quantity: 'quantity' })
            .groupBy('location_id', 'product_id')) as Row[];
          const pairsOf = (rows: Row[]) =>
            Object.fromEntries(
              rows
                .filter((r) => Number(r.quantity) !== 0)
                .map((r) => [`${r.location_id}|${r.product_id}`, Number(r.quantity)]),
            );
          for (const today of [addDays(day, a % (LATER_DAYS_MAX + 1)), addDays(day, LATER_DAYS_MAX + 1 + a)]) {
            const atDay = (await stockAtRows(t.db, day, { location_id: '' }, (q) => q, today).whereIn(
              'x.product_id',
              products,
            )) as Row[];
            expect(pairsOf(atDay), `${day}, today ${today}`).toEqual(pairsOf(ledger));
          }
        },
      ),
      { numRuns: 8 },
    );
    const before = await summaries();
    await rebuildReportSummaries(t.db);
    expect(await summaries()).toEqual(before);
  }, 120_000);

  it('movements of several days in one INSERT (one trigger call per statement on PostgreSQL) give each day of the pair its closing, and every later day all of them', async () => {
    const tag = uniqueTag('RB');
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    const product = await makeProduct(t.db, {
      code: tag,
      name: `Produit ${tag}`,
      category_id: category,
      retail_price: 1_000,
    });
    const move = (day: string, quantity: number, locationId = shop) => ({
      product_id: product,
      location_id: locationId,
      quantity,
      movement_type: 'entry',
      unit_cost: 400,
      document_type: 'test',
      business_date: day,
      created_at: nowIso(),
    });
    // Days already there: the 5th and the 20th.
    await t.db('stock_movements').insert([move('2025-03-05', 1)]);
    await t.db('stock_movements').insert([move('2025-03-20', 2)]);
    // One statement: the 10th twice, the 15th, the 20th (an existing day), the 25th (after every day), and the depot on the 12th.
    await t
      .db('stock_movements')
      .insert([
        move('2025-03-15', 8),
        move('2025-03-10', 4),
        move('2025-03-25', 32),
        move('2025-03-10', 64),
        move('2025-03-20', 16),
        move('2025-03-12', 128, depot),
      ]);
    const days = (await t
      .db('report_stock_days')
      .where({ product_id: product })
      .select('location_id', 'day', 'quantity', 'closing')) as Row[];
    const read = days.map((d) => [
      Number(d.location_id) === depot ? 'dépôt' : 'boutique',
      String(d.day),
      Number(d.quantity),
      Number(d.closing),
    ]);
    read.sort((x, y) => `${x[0]} ${x[1]}`.localeCompare(`${y[0]} ${y[1]}`));
    expect(read).toEqual([
      ['boutique', '2025-03-05', 1, 1],
      ['boutique', '2025-03-10', 68, 69],
      ['boutique', '2025-03-15', 8, 77],
      ['boutique', '2025-03-20', 18, 95],
      ['boutique', '2025-03-25', 32, 127],
      ['dépôt', '2025-03-12', 128, 128],
    ]);
  });

  it('sale lines of several sales and days in one INSERT (one trigger call per statement on PostgreSQL) give each day its figures and running totals, and the month their sum', async () => {
    const tag = uniqueTag('RL');
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    const product = await makeProduct(t.db, {
      code: tag,
      name: `Produit ${tag}`,
      category_id: category,
      retail_price: 1_000,
    });
    await giveStock(t.db, product, shop, 1_000, 400);
    const saleOn = async (day: string, quantity: number) =>
      (
        await sell(
          t.db,
          saleInput({
            clientId: walkIn,
            locationId: shop,
            saleDate: day,
            lines: [line(product, quantity, { unitPrice: 1_000 })],
            payments: [cashPayment(quantity * 1_000)],
          }),
        )
      ).id;
    const [fifth, twelfth] = [
      await saleOn('2025-04-05', 1),
      await saleOn('2025-04-12', 4),
      await saleOn('2025-04-20', 2),
    ];
    // One statement: the line of the 5th twice and the line of the 12th once more — two days before the 20th.
    const columns = Object.keys(await t.db('sale_lines').columnInfo()).filter((c) => c !== 'id' && c !== 'position');
    const copies = [
      `SELECT ${columns.join(', ')}, position + 100 AS position FROM sale_lines WHERE sale_id IN (?, ?)`,
      `SELECT ${columns.join(', ')}, position + 200 FROM sale_lines WHERE sale_id = ?`,
    ].join(' UNION ALL ');
    await t.db.raw(`INSERT INTO sale_lines (${[...columns, 'position'].join(', ')}) ${copies}`, [
      fifth,
      twelfth,
      fifth,
    ]);
    const days = (await t
      .db('report_sales_days')
      .where({ product_id: product })
      .orderBy('day')
      .select('day', 'quantity', 'sales', 'cum_quantity', 'cum_sales')) as Row[];
    expect(
      days.map((d) => [d.day, Number(d.quantity), Number(d.sales), Number(d.cum_quantity), Number(d.cum_sales)]),
    ).toEqual([
      ['2025-04-05', 3, 3_000, 3, 3_000],
      ['2025-04-12', 8, 8_000, 11, 11_000],
      ['2025-04-20', 2, 2_000, 13, 13_000],
    ]);
    const month = (await t
      .db('report_sales_months')
      .where({ product_id: product })
      .select('month', 'quantity', 'sales')) as Row[];
    expect(month.map((m) => [m.month, Number(m.quantity), Number(m.sales)])).toEqual([['2025-04', 13, 13_000]]);
  });

  it('a period from mid-month to mid-month counts its first and last days once and the days outside it not at all, whichever reading', async () => {
    const tag = uniqueTag('RE');
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    const product = await makeProduct(t.db, {
      code: tag,
      name: `Produit ${tag}`,
      category_id: category,
      retail_price: 1_000,
    });
    await giveStock(t.db, product, shop, 1_000, 400);
    // 1, 2, 4, 8, 16 units at 1 000 on the eve of the period, its first day, a day of a whole month inside, its last day, the day after.
    for (const [day, quantity] of [
      ['2025-06-14', 1],
      ['2025-06-15', 2],
      ['2025-07-10', 4],
      ['2025-08-20', 8],
      ['2025-08-21', 16],
    ] as const) {
      await sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: shop,
          saleDate: day,
          lines: [line(product, quantity, { unitPrice: 1_000 })],
          payments: [cashPayment(quantity * 1_000)],
        }),
      );
    }
    const sold = async (from: string, to: string) => {
      const read = await productSales(t.db, { from, to, location_id: '' }, EVERY_PLACE, { all: true, limit: 10_000 });
      const row = read.rows.find((r) => Number(r.product_id) === product);
      return row ? [Number(row.quantity), Number(row.sales)] : [0, 0];
    };
    expect(await sold('2025-06-15', '2025-08-20')).toEqual([14, 14_000]); // months on PostgreSQL, running totals on SQLite
    expect(await sold('2025-06-01', '2025-08-31')).toEqual([31, 31_000]);
    expect(await sold('2025-06-16', '2025-08-19')).toEqual([4, 4_000]);
    expect(await sold('2025-08-01', '2025-08-20')).toEqual([8, 8_000]); // the month so far
    expect(await sold('2025-06-14', '2025-06-15')).toEqual([3, 3_000]); // a few days
  });
});
