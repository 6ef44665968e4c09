import { describe, expect, it } from 'vitest';
import { formatDocumentNumber } from '../../../server/db/counters.js';
import { businessDate } from '../../../server/domain/dates.js';
import { route } from '../../../shared/routes.js';
import { testDatabases } from '../../support/databases.js';
import { walkInClient } from '../../support/sales.js';
import {
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { listeningSuite, loggedInClients } from '../../support/stock-http.js';
import { balanceOf, deskAccount, expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');
const COUNTER = route('counter.index');

/**
 * The counter under parallel load, through the real HTTP stack on a real port with many logged-in
 * sessions (as many tills): the stock guard never oversells, the VB numbers stay gap-free, the
 * desk receives exactly what was sold, and the ledgers agree with the balances afterwards.
 */
describe.each(testDatabases())('vente boutique under parallel load (%s)', (kind) => {
  const suite = listeningSuite(kind, async (t) => ({ f: await stockFixtures(t.db), walkIn: await walkInClient(t.db) }));

  it(
    '50 parallel counter sales of 1 unit against a stock of 10: exactly 10, the others refused by name, 10 VB numbers without gap, the desk holds 10 × the price',
    { timeout: 180_000 },
    async () => {
      const {
        t,
        server,
        fixtures: { f, walkIn },
      } = suite;
      const tag = uniqueTag();
      const price = 1_750;
      const milk = await makeProduct(t.db, {
        code: `${tag}LAIT`,
        name: 'Lait en poudre 400 g',
        category_id: f.category,
        unit: 'boîte',
        purchase_price: 1_100,
        retail_price: price,
      });
      await giveStock(t.db, milk, f.shop, 10, 1_100);
      const year = today().slice(0, 4);
      const vbBefore = await lastNumber(t.db, 'VB', year);
      const desk = await deskAccount(t.db, 'CAI02');
      const deskBefore = await balanceOf(t.db, desk);

      const clients = await loggedInClients(server, 50);
      const formLoadedAt = new Date(Date.now() - 60_000).toISOString();
      const results = await Promise.all(
        clients.map((c) =>
          c.post(COUNTER, {
            idempotency_key: idempotencyKey(),
            form_loaded_at: formLoadedAt,
            location_id: f.shop,
            client_id: walkIn,
            lines: [{ product_id: milk, quantity: 1 }],
            payments: [
              { method: 'especes', amount: 2_000 },
              { method: 'mobile_money', amount: 0 },
            ],
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(303));
      const succeeded = results.map((r) => /^\/operations\/sortiestock\/boutique\?vente=\d+$/.test(r.headers.location));
      expect(succeeded.filter(Boolean)).toHaveLength(10);
      expect(results.filter((r, i) => !succeeded[i]).every((r) => r.headers.location === COUNTER)).toBe(true);

      const messages = await Promise.all(
        clients.map(async (c, i) =>
          succeeded[i] ? null : (await c.visit(COUNTER)).body.props.errors?.['lines.0.quantity'],
        ),
      );
      const refused = messages.filter((m) => m !== null);
      expect(refused).toHaveLength(40);
      for (const m of refused)
        expect(m).toBe(
          `Stock insuffisant pour « Lait en poudre 400 g » (${tag}LAIT) à Boutique 1 : il manque 1\u00a0boîte (disponible 0, demandé 1).`,
        );

      expect(await levelOf(t.db, milk, f.shop)).toBe(0);
      const sold = await t
        .db('sales')
        .join('sale_lines', 'sale_lines.sale_id', 'sales.id')
        .where('sale_lines.product_id', milk)
        .orderBy('sales.number')
        .select('sales.number', 'sales.kind', 'sales.change_given');
      expect(sold.map((s) => s.kind)).toEqual(Array(10).fill('counter'));
      expect(sold.map((s) => Number(s.change_given))).toEqual(Array(10).fill(2_000 - price));
      // Refused sales consumed no number: VB goes on without a gap.
      expect(sold.map((s) => s.number)).toEqual(
        Array.from({ length: 10 }, (_, i) => formatDocumentNumber('VB', Number(year), vbBefore + i + 1)),
      );
      expect(await lastNumber(t.db, 'VB', year)).toBe(vbBefore + 10);
      expect(await balanceOf(t.db, desk)).toBe(deskBefore + 10 * price);

      // check:stock and check:cash: every level and every balance agree with their ledgers.
      await expectStockConsistent(t.db);
      await expectCashConsistent(t.db);
    },
  );
});
