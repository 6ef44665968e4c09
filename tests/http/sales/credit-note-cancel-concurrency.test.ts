import { describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { route } from '../../../shared/routes.js';
import { testDatabases } from '../../support/databases.js';
import { cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import {
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { listeningSuite, loggedInClients } from '../../support/stock-http.js';
import { expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');
const ROUNDS = 25;

/**
 * A credit note and a cancellation of the same counter sale at the same time, over a real port:
 * both take their locks in the project's order (products → clients → sales → treasury accounts,
 * `lockSaleInOrder`), so one waits for the other — never a deadlock (which PostgreSQL would turn
 * into a 500 for one of them). Each round ends with exactly one of the two done and the other
 * refused in French: the sale cancelled with no credit note, or the credit note recorded and the
 * sale still validated; stock and cash agree with their ledgers.
 */
describe.each(testDatabases())('credit note against cancellation of the same counter sale (%s)', (kind) => {
  const suite = listeningSuite(kind, async (t) => ({ f: await stockFixtures(t.db), walkIn: await walkInClient(t.db) }));

  it(
    `${ROUNDS} rounds of a credit note and a cancellation in parallel: one wins, the other is refused, no 500`,
    { timeout: 240_000 },
    async () => {
      const {
        t,
        server,
        fixtures: { f, walkIn },
      } = suite;
      const [noter, canceller] = await loggedInClients(server, 2);
      const errorsBefore = Number((await t.db('error_log').count({ n: '*' }).first())!.n);
      const outcomes = { cancelled: 0, credited: 0 };
      for (let round = 0; round < ROUNDS; round += 1) {
        const tag = uniqueTag();
        const products = [];
        for (const name of ['Savon', 'Huile', 'Riz']) {
          const p = await makeProduct(t.db, {
            code: `${tag}${name.toUpperCase()}`,
            name: `${name} ${tag}`,
            category_id: f.category,
            unit: 'pièce',
          });
          await giveStock(t.db, p, f.shop, 10, 500);
          products.push(p);
        }
        const sale = await sell(
          t.db,
          saleInput({
            clientId: walkIn,
            locationId: f.shop,
            saleDate: today(),
            lines: products.map((p) => line(p, 2, { unitPrice: 1_000 })),
            payments: [cashPayment(6_000)],
          }),
        );
        const lines = await t.db('sale_lines').where({ sale_id: sale.id }).orderBy('position').select('id');
        const [note, cancel] = await Promise.all([
          noter.post(route('creditNotes.index'), {
            idempotency_key: idempotencyKey(),
            sale_id: sale.id,
            version: 1,
            reason: 'Produit défectueux',
            lines: lines.map((l) => ({ sale_line_id: Number(l.id), quantity: 1 })),
          }),
          canceller.post(route('sales.cancel', { id: sale.id }), { reason: 'Vente saisie en double', version: 1 }),
        ]);
        expect([note.status, cancel.status], `round ${round}`).toEqual([303, 303]);
        const status = (await t.db('sales').where({ id: sale.id }).first('status'))!.status;
        const notes = Number((await t.db('credit_notes').where({ sale_id: sale.id }).count({ n: '*' }).first())!.n);
        if (status === 'cancelled') {
          expect(notes, `round ${round}`).toBe(0);
          for (const p of products) expect(await levelOf(t.db, p, f.shop)).toBe(10);
          const refused = (await noter.visit(route('creditNotes.create', { vente: sale.number }))).body.props
            .errors as Record<string, string>;
          expect(Object.values(refused).join(' ')).toMatch(
            new RegExp(`La vente ${sale.number} (est annulée|a été corrigée)`),
          );
          outcomes.cancelled += 1;
        } else {
          expect(status).toBe('validated');
          expect(notes, `round ${round}`).toBe(1);
          for (const p of products) expect(await levelOf(t.db, p, f.shop)).toBe(9);
          const refused = (await canceller.visit(route('sales.cancellations'))).body.props.errors as Record<
            string,
            string
          >;
          expect(Object.values(refused).join(' ')).toMatch(new RegExp(`La vente ${sale.number} a été modifiée`));
          outcomes.credited += 1;
        }
      }
      expect(outcomes.cancelled + outcomes.credited).toBe(ROUNDS);
      expect(Number((await t.db('error_log').count({ n: '*' }).first())!.n)).toBe(errorsBefore);
      await expectStockConsistent(t.db);
      await expectCashConsistent(t.db);
    },
  );
});
