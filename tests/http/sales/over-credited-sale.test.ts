import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientStatement } from '../../../server/services/receivables/statement.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { saleRemaining } from '../../../shared/sales.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { adminActor, cashPayment, line, saleInput, sell } from '../../support/sales.js';
import {
  clientMoney,
  creditClient,
  creditInvoice,
  expectReceivablesConsistent,
  saleMoney,
  settle,
  settlementInput,
} from '../../support/settlements.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { expectCashConsistent } from '../../support/treasury.js';

/**
 * A counter sale corrected and refunded keeps amount_paid at what was paid at the till, so
 * total − paid − credited goes below zero by the refund. The one definition of what is left to pay
 * is `saleRemaining` (shared/sales.ts): never below zero, and totals are sums of each sale's — so
 * the refunded sale owes nothing and never lowers what the client's other sales owe, in the
 * receivables check, the sales report, the settlement form and the statement alike.
 */
describe.each(testDatabases())('over-credited counter sale (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  it('saleRemaining: total − paid − credited, never below zero', () => {
    expect(saleRemaining(6_000, 6_000, 2_000)).toBe(0);
    expect(saleRemaining(5_000, 2_000, 0)).toBe(3_000);
    expect(saleRemaining(5_000, 2_000, 1_000)).toBe(2_000);
  });

  it('the refunded counter sale owes nothing, and the client still owes the whole of the invoice everywhere', async () => {
    const client = await creditClient(t.db);
    const date = '2025-04-10';
    const invoice = await creditInvoice(t.db, f, client, 5_000, { saleDate: date });
    const p = await makeProduct(t.db, { category_id: f.category, unit: 'pièce' });
    await giveStock(t.db, p, f.shop, 10, 1_000);
    const counter = await sell(
      t.db,
      saleInput({
        clientId: client,
        locationId: f.shop,
        saleDate: date,
        lines: [line(p, 3, { unitPrice: 2_000 })],
        payments: [cashPayment(6_000)],
      }),
    );
    const saleLine = Number((await t.db('sale_lines').where({ sale_id: counter.id }).first('id'))!.id);
    await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: counter.id,
        version: 1,
        reason: 'Produit défectueux',
        lines: [{ saleLineId: saleLine, quantity: 1 }],
      },
      await adminActor(t.db),
    );

    expect(await saleMoney(t.db, counter.id)).toMatchObject({ paid: 6_000, remaining: 0, status: 'paid' });
    expect(await clientMoney(t.db, client)).toMatchObject({ balance: 5_000 });
    // Σ remaining of the client's sales − advance = balance: the refund does not count as owed back.
    await expectReceivablesConsistent(t.db, [client]);

    const report = (await admin.visit(`${ROUTES['reports.sales']}?from=${date}&to=${date}`)).body.props;
    const rows = report.tables[0].page.data as Array<{ number: string; remaining: number }>;
    expect(rows.map((r) => [r.number, r.remaining])).toEqual(
      expect.arrayContaining([
        [invoice.number, 5_000],
        [counter.number, 0],
      ]),
    );
    expect(report.tables[0].totals.remaining).toBe(rows.reduce((s, r) => s + r.remaining, 0));
    expect(report.tables[0].totals.remaining).toBe(5_000);
    const situation = (await admin.visit(`${ROUTES['reports.sales']}?view=etat-factures&from=${date}&to=${date}`)).body
      .props;
    expect(situation.tables[0].totals.remaining).toBe(5_000);

    const form = (await admin.visit(route('settlements.create', { client_id: client }))).body.props;
    expect(form.invoices.map((i: { number: string; remaining: number }) => [i.number, i.remaining])).toEqual([
      [invoice.number, 5_000],
    ]);
    const statement = await clientStatement(t.db, client, { from: '2025-01-01', to: '2026-12-31' });
    expect(statement.totals.closing).toBe(5_000);

    // Settling the whole invoice leaves the client owing nothing, the receivables still consistent.
    await settle(
      t.db,
      settlementInput({ clientId: client, amount: 5_000, allocations: [{ saleId: invoice.id, amount: 5_000 }] }),
    );
    expect(await clientMoney(t.db, client)).toMatchObject({ balance: 0, advance: 0 });
    await expectReceivablesConsistent(t.db, [client]);
  });
});
