import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { formatDocumentNumber } from '../../../server/db/counters.js';
import { route } from '../../../shared/routes.js';
import { type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { makeClient } from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { type ListeningApp, listen, loggedInClients } from '../../support/stock-http.js';
import { balanceOf, deskAccount, expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');
const STORE = route('sales.invoices');
const SHOW = /^\/operations\/sortiestock\/ventes\/\d+$/;

/**
 * Invoices under parallel load, through the real HTTP stack on a real port with several sessions:
 * gap-free FAC numbers, one invoice per idempotency key, the credit limit held under contention;
 * stock and cash always agree with their ledgers (check:stock, check:cash).
 */
describe.each(testDatabases())('invoices under parallel load (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let server: ListeningApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    server = await listen(t);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const product = async (stock: number) => {
    const tag = uniqueTag();
    const id = await makeProduct(t.db, {
      code: `${tag}P`,
      name: `Produit ${tag}`,
      category_id: f.category,
      retail_price: 1_000,
    });
    await giveStock(t.db, id, f.depot, stock, 600);
    return id;
  };
  const invoice = (over: Record<string, unknown>) => ({
    idempotency_key: idempotencyKey(),
    location_id: f.depot,
    sale_date: today(),
    payment_mode: 'cash',
    due_date: '',
    discount: 0,
    note: '',
    form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
    payments: [],
    ...over,
  });

  it(
    '100 parallel invoices: FAC numbers 1 to 100 of their year, without a gap; stock and cash follow',
    { timeout: 240_000 },
    async () => {
      const p = await product(200);
      const client = await makeClient(t.db);
      // A year of its own: its counter starts at 1.
      const year = 2011;
      const desk = await deskAccount(t.db, 'CAI01');
      const deskBefore = await balanceOf(t.db, desk);
      const sessions = await loggedInClients(server, 20);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          sessions[i % sessions.length].post(
            STORE,
            invoice({
              client_id: client,
              sale_date: `${year}-06-15`,
              lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
              payments: [{ method: 'especes', amount: 1_000, account_id: '', operator: '', phone: '', reference: '' }],
            }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 303 && SHOW.test(r.headers.location))).toHaveLength(100);
      const numbers = (
        await t.db('sales').where({ kind: 'invoice' }).where('number', 'like', `FAC-${year}-%`).pluck('number')
      ).sort();
      expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => formatDocumentNumber('FAC', year, i + 1)));
      expect(await levelOf(t.db, p, f.depot)).toBe(100);
      expect(await balanceOf(t.db, desk)).toBe(deskBefore + 100_000);
    },
  );

  it('the same idempotency key sent 10 times at once makes one invoice', { timeout: 120_000 }, async () => {
    const p = await product(50);
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const sessions = await loggedInClients(server, 10);
    const body = invoice({
      client_id: client,
      payment_mode: 'credit',
      due_date: today(),
      lines: [{ product_id: p, unit: 'unit', quantity: 3, unit_price: '', discount: 0 }],
    });
    const results = await Promise.all(sessions.map((c) => c.post(STORE, body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(303));
    const made = await t.db('sales').where({ client_id: client });
    expect(made).toHaveLength(1);
    expect(new Set(results.map((r) => r.headers.location))).toEqual(
      new Set([route('sales.show', { id: Number(made[0].id) })]),
    );
    expect(await levelOf(t.db, p, f.depot)).toBe(47);
    expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(3_000);
  });

  it(
    '20 parallel credit invoices against a credit limit that allows 5: exactly 5, the others refused on the payment mode',
    { timeout: 180_000 },
    async () => {
      const p = await product(50);
      const client = await makeClient(t.db, { name: `Boutique ${uniqueTag()}`, credit_limit: 5_000 });
      const seller = await userWithPermissions(t, `${uniqueTag('S').toLowerCase()}@test.local`, [
        'menu.sortiestock',
        'sales.create',
      ]);
      // One session per request: a refusal travels in the session, as in a browser tab.
      const sessions = await loggedInClients(server, 20, seller.email, seller.password);
      const results = await Promise.all(
        sessions.map((c) =>
          c.post(
            STORE,
            invoice({
              client_id: client,
              payment_mode: 'credit',
              due_date: today(),
              lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
            }),
          ),
        ),
      );
      const made = results.map((r) => SHOW.test(r.headers.location));
      expect(made.filter(Boolean)).toHaveLength(5);
      expect(await t.db('sales').where({ client_id: client })).toHaveLength(5);
      expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(5_000);
      expect(await levelOf(t.db, p, f.depot)).toBe(45);
      const refusals = await Promise.all(
        sessions
          .filter((_, i) => !made[i])
          .map(async (c) => (await c.visit(route('sales.invoices.create'))).body.props.errors?.payment_mode),
      );
      expect(refusals).toHaveLength(15);
      for (const m of refusals) expect(m).toMatch(/au-delà de son plafond de crédit de 5.000.FCFA/);
    },
  );
});
