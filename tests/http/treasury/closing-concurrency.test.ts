import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/domain/dates.js';
import { companyToday } from '../../../server/services/company/get-company.js';
import { closingDraft } from '../../../server/services/cash-closings/cash-closings.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { makeShop } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { walkInClient } from '../../support/sales.js';
import { giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { type ListeningApp, listen, loggedInClients } from '../../support/stock-http.js';
import { countsFor, expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * A closing racing counter sales, through the real HTTP stack on a real port: each sale is either
 * inside the closed day's expected amount, or recorded on the desk's next open day — never lost
 * between them. The closing, counted on what the cashier saw, is refused when a sale slipped in
 * before it (the expected amount moved): then every sale is on the day, which stays open.
 */
describe.each(testDatabases())('closing racing counter sales (%s)', (kind) => {
  let t: TestApp;
  let server: ListeningApp;
  let admin: Client;
  let category: number;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    server = await listen(t);
    admin = new Client(t);
    await admin.login();
    category = (await stockFixtures(t.db)).category;
    walkIn = await walkInClient(t.db);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it(
    '8 rounds of a closing against 4 parallel counter sales: every sale is in the closed day or on the next one, the figures agree',
    { timeout: 240_000 },
    async () => {
      const today = await companyToday(t.db);
      const clients = await loggedInClients(server, 5);
      const outcomes = { closedFirst: 0, refused: 0 };
      for (let round = 0; round < 8; round += 1) {
        const shop = await makeShop(t.db, admin);
        const tag = uniqueTag();
        const price = 2_500;
        const product = await makeProduct(t.db, {
          code: `RC${tag}`.slice(0, 30),
          name: `Savon ${tag}`,
          category_id: category,
          retail_price: price,
        });
        await giveStock(t.db, product, shop.location, 10);
        const seen = await closingDraft(t.db, shop.desk, today);
        const formLoadedAt = new Date(Date.now() - 60_000).toISOString();
        const closing = clients[0].post(ROUTES['cash.closings.index'], {
          idempotency_key: idempotencyKey(),
          account_id: shop.desk,
          day: today,
          counts: countsFor(seen.expected),
          reason: '',
          expected_seen: seen.expected,
        });
        const sales = clients.slice(1).map((c) =>
          c.post(ROUTES['counter.store'], {
            idempotency_key: idempotencyKey(),
            form_loaded_at: formLoadedAt,
            location_id: shop.location,
            client_id: walkIn,
            lines: [{ product_id: product, quantity: 1 }],
            payments: [{ method: 'especes', amount: price }],
          }),
        );
        const [closed, ...sold] = await Promise.all([closing, ...sales]);
        // Every sale went through.
        for (const s of sold) expect(s.headers.location).toMatch(/\?vente=\d+$/);
        const movements = await t
          .db('money_movements')
          .where({ account_id: shop.desk, movement_type: 'sale' })
          .select('business_date', 'amount');
        expect(movements).toHaveLength(4);
        const onDay = movements.filter((m) => m.business_date === today).length;
        const nextDay = movements.filter((m) => m.business_date === addDays(today, 1)).length;
        expect(onDay + nextDay).toBe(4);
        const row = await t
          .db('cash_closings')
          .where({ account_id: shop.desk, closing_date: today, status: 'closed' })
          .first();
        if (row) {
          expect(closed.headers.location).toBe(route('cash.closings.show', { id: Number(row.id) }));
          // Counted on what was seen: only sales after it, all on the next day.
          expect(Number(row.expected)).toBe(seen.expected + onDay * price);
          expect(onDay).toBe(0);
          expect((await closingDraft(t.db, shop.desk, addDays(today, 1))).expected).toBe(
            Number(row.counted) + nextDay * price,
          );
          outcomes.closedFirst += 1;
        } else {
          // A sale came first: the closing was refused (the expected amount moved), the day stays open with every sale on it.
          const errors = (await clients[0].visit(route('cash.closings.create'))).body.props.errors;
          expect(errors.counts).toMatch(/^De nouveaux mouvements ont été enregistrés pendant le comptage/);
          expect(onDay).toBe(4);
          expect((await closingDraft(t.db, shop.desk, today)).expected).toBe(seen.expected + 4 * price);
          outcomes.refused += 1;
        }
      }
      expect(outcomes.closedFirst + outcomes.refused).toBe(8);
      await expectCashConsistent(t.db);
    },
  );
});
