import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '../../../server/domain/dates.js';
import { cmupAfterReceipt } from '../../../server/domain/stock/cmup.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { formatDocumentNumber } from '../../../server/db/counters.js';
import { insertReturningId, nowIso } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  makeSupplier,
  stockFixtures,
} from '../../support/stock.js';
import { type ListeningApp, listen, loggedInClients } from '../../support/stock-http.js';
import { uniqueTag } from '../../support/unique.js';
import { verifyStockChain } from '../../../server/services/integrity/check-journals.js';
import { verifyAuditChain } from '../../../server/services/audit/record-audit.js';

const today = () => businessDate('Africa/Abidjan');
const year = () => today().slice(0, 4);
/** The numbers a series gives after `last`: n of them, without a gap. */
const numbersAfter = (series: string, last: number, n: number) =>
  Array.from({ length: n }, (_, i) => formatDocumentNumber(series, Number(year()), last + i + 1));
const TRANSFERS = '/operations/sortiestock/transferts';
const ENTRIES = '/operations/entreestock';
const READJUST = '/operations/gestionstock/reajustement';
const COUNTS = '/operations/gestionstock';

/**
 * Stock under parallel load, through the real HTTP stack on a real port with many logged-in
 * sessions: the guarded decrement must never oversell, and gap-free numbers must stay gap-free.
 */
describe.each(testDatabases())('stock concurrency (%s)', (kind) => {
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
  afterEach(() => expectStockConsistent(t.db));

  it(
    '50 parallel exits of 1 unit against a stock of 10: exactly 10 succeed, the others are refused by name',
    { timeout: 120_000 },
    async () => {
      const tag = uniqueTag();
      const rice = await makeProduct(t.db, {
        code: `${tag}RIZ`,
        name: 'Riz parfumé 25 kg',
        category_id: f.category,
        unit: 'sac',
        purchase_price: 12000,
      });
      await giveStock(t.db, rice, f.depot, 10, 12000);
      const [trfBefore, invBefore] = [await lastNumber(t.db, 'TRF', year()), await lastNumber(t.db, 'INV', year())];
      const [transfersBefore, readjustmentsBefore] = [
        new Set(await t.db('transfers').pluck('number')),
        new Set(await t.db('stock_adjustments').pluck('number')),
      ];
      // One session per request: a refusal travels in the session, as for a browser tab. Two kinds of
      // exit (transfers and breakage readjustments) so that the TRF and INV counters do not serialise
      // the requests by themselves: only the stock guard stands between them and an oversell.
      const clients = await loggedInClients(server, 50);
      const exit = (i: number) =>
        i % 2 === 0
          ? {
              url: TRANSFERS,
              landing: `${TRANSFERS}/create`,
              done: /^\/operations\/sortiestock\/transferts\/\d+$/,
              body: {
                idempotency_key: idempotencyKey(),
                from_location_id: f.depot,
                to_location_id: f.shop,
                transfer_date: today(),
                note: '',
                lines: [{ product_id: rice, quantity: 1 }],
              },
            }
          : {
              url: READJUST,
              landing: READJUST,
              done: /^\/operations\/gestionstock\?tab=readjustments$/,
              body: {
                idempotency_key: idempotencyKey(),
                location_id: f.depot,
                adjustment_date: today(),
                reason: 'casse',
                note: '',
                lines: [{ product_id: rice, direction: 'out', quantity: 1 }],
              },
            };
      const exits = clients.map((_, i) => exit(i));
      const results = await Promise.all(clients.map((c, i) => c.post(exits[i].url, exits[i].body)));
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(303));
      const succeeded = results.map((r, i) => exits[i].done.test(r.headers.location));
      expect(succeeded.filter(Boolean)).toHaveLength(10);

      const messages = await Promise.all(
        clients.map(async (c, i) =>
          succeeded[i] ? null : (await c.visit(exits[i].landing)).body.props.errors?.['lines.0.quantity'],
        ),
      );
      for (const m of messages.filter((x) => x !== null))
        expect(m).toBe(
          `Stock insuffisant pour « Riz parfumé 25 kg » (${tag}RIZ) à Dépôt principal : il manque 1\u00a0sac (disponible 0, demandé 1).`,
        );
      expect(messages.filter((x) => x !== null)).toHaveLength(40);

      expect(await levelOf(t.db, rice, f.depot)).toBe(0);
      const ledger = await t
        .db('stock_movements')
        .where({ product_id: rice, location_id: f.depot })
        .sum({ q: 'quantity' })
        .first();
      expect(Number(ledger!.q)).toBe(0);
      const outs = await t
        .db('stock_movements')
        .where({ product_id: rice, location_id: f.depot })
        .where('quantity', '<', 0)
        .count({ n: '*' })
        .first();
      expect(Number(outs!.n)).toBe(10);
      // Refused exits consumed no number: each series goes on from where it was, without a gap.
      const transfers = ((await t.db('transfers').orderBy('number').pluck('number')) as string[]).filter(
        (n) => !transfersBefore.has(n),
      );
      const readjustments = ((await t.db('stock_adjustments').orderBy('number').pluck('number')) as string[]).filter(
        (n) => !readjustmentsBefore.has(n),
      );
      expect(transfers.length + readjustments.length).toBe(10);
      expect(transfers).toEqual(numbersAfter('TRF', trfBefore, transfers.length));
      expect(readjustments).toEqual(numbersAfter('INV', invBefore, readjustments.length));
      expect(await lastNumber(t.db, 'TRF', year())).toBe(trfBefore + transfers.length);
      expect(await lastNumber(t.db, 'INV', year())).toBe(invBefore + readjustments.length);
    },
  );

  it(
    'a transfer received by several sessions at once is received once; a racing cancellation loses or wins cleanly',
    { timeout: 120_000 },
    async () => {
      await giveStock(t.db, f.products.oil, f.depot, 50, 1100);
      const [sender, ...others] = await loggedInClients(server, 9);
      const send = await sender.post(TRANSFERS, {
        idempotency_key: idempotencyKey(),
        from_location_id: f.depot,
        to_location_id: f.shop,
        transfer_date: today(),
        note: '',
        lines: [{ product_id: f.products.oil, quantity: 12 }],
      });
      const id = Number(send.headers.location.split('/').pop());
      const shopBefore = await levelOf(t.db, f.products.oil, f.shop);
      const depotBefore = await levelOf(t.db, f.products.oil, f.depot);

      // Six receptions and two cancellations of the same version, all at once.
      const results = await Promise.all(
        others.map((c, i) =>
          i < 6
            ? c.post(`${TRANSFERS}/${id}/receive`, {
                idempotency_key: idempotencyKey(),
                version: 1,
                received_date: today(),
                note: '',
                lines: [{ product_id: f.products.oil, quantity_received: 12 }],
              })
            : c.post(`${TRANSFERS}/${id}/cancel`, { reason: 'Erreur de destination', version: 1 }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(303));
      const row = (await t.db('transfers').where({ id }).first('status', 'version'))!;
      expect(['received', 'cancelled']).toContain(row.status);
      expect(Number(row.version)).toBe(2); // exactly one change went through
      if (row.status === 'received') {
        expect(await levelOf(t.db, f.products.oil, f.shop)).toBe(shopBefore + 12);
        expect(await levelOf(t.db, f.products.oil, f.depot)).toBe(depotBefore);
      } else {
        expect(await levelOf(t.db, f.products.oil, f.shop)).toBe(shopBefore);
        expect(await levelOf(t.db, f.products.oil, f.depot)).toBe(depotBefore + 12);
      }
      expect(await t.db('stock_movements').where({ document_type: 'transfer', document_id: id })).toHaveLength(2);
      // Every loser was told in French, on its own session.
      const losers = await Promise.all(
        others.map(async (c) => (await c.visit(`${TRANSFERS}/${id}`)).body.props.errors ?? {}),
      );
      const refused = losers.filter((e) => Object.keys(e).length > 0);
      expect(refused).toHaveLength(7);
      for (const e of refused) expect(Object.values(e).join(' ')).toMatch(/modifié entre-temps|déjà|annulé|reçu/);
    },
  );

  it(
    'parallel scans of one count add up, and a count validated twice at once is adjusted once',
    { timeout: 120_000 },
    async () => {
      const tag = uniqueTag();
      const categoryId = await insertReturningId(
        t.db,
        'categories',
        withSearchName({ code: `${tag}HYG`, name: `Hygiène ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
      );
      const soap = await makeProduct(t.db, {
        code: `${tag}SAV`,
        name: 'Savon de Marseille',
        category_id: categoryId,
        purchase_price: 250,
      });
      await giveStock(t.db, soap, f.shop, 30, 250);
      const invBefore = await lastNumber(t.db, 'INV', year());
      const clients = await loggedInClients(server, 10);
      const opened = await clients[0].post(COUNTS, {
        idempotency_key: idempotencyKey(),
        location_id: f.shop,
        count_date: today(),
        blind: false,
        category_ids: [categoryId],
        note: '',
      });
      const id = Number(opened.headers.location.split('/').pop());
      // 40 scans of the soap from 10 sessions: no scan may be lost.
      const scans = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          clients[i % clients.length].post(`${COUNTS}/${id}/scan`, { code: `${tag}SAV` }),
        ),
      );
      expect(scans.map((r) => r.status)).toEqual(Array(40).fill(303));
      const line = (await t
        .db('inventory_count_lines')
        .where({ count_id: id, product_id: soap })
        .first('counted_quantity'))!;
      expect(Number(line.counted_quantity)).toBe(40);

      const version = Number((await t.db('inventory_counts').where({ id }).first('version'))!.version);
      const validations = await Promise.all(
        clients.slice(0, 4).map((c) => c.post(`${COUNTS}/${id}/validate`, { version, moved_policy: 'snapshot' })),
      );
      expect(validations.map((r) => r.status)).toEqual(Array(4).fill(303));
      const row = (await t.db('inventory_counts').where({ id }).first('status', 'number'))!;
      expect(row.status).toBe('validated');
      const movements = await t.db('stock_movements').where({ document_type: 'inventory_count', document_id: id });
      expect(movements.map((m) => Number(m.quantity))).toEqual([10]);
      expect(await levelOf(t.db, soap, f.shop)).toBe(40);
      // validated once: one number taken, the next of the series
      expect(row.number).toBe(numbersAfter('INV', invBefore, 1)[0]);
      expect(await lastNumber(t.db, 'INV', year())).toBe(invBefore + 1);
    },
  );

  it(
    'entries, transfers, readjustments and bare postings of different products at once keep one unbroken stock chain and audit chain',
    { timeout: 120_000 },
    async () => {
      // Different products and three number series: neither a product lock nor one counter serialises
      // these writers — only the chain heads' locks (lockChainHead) keep each journal one chain.
      const tag = uniqueTag();
      const product = (i: number, what: string) =>
        makeProduct(t.db, {
          code: `${tag}${what}${i}`,
          name: `Article ${what} ${i}`,
          category_id: f.category,
          unit: 'pièce',
          purchase_price: 500,
        });
      const N = 8;
      const received = await Promise.all(Array.from({ length: N }, (_, i) => product(i, 'E')));
      const sent = await Promise.all(Array.from({ length: N }, (_, i) => product(i, 'T')));
      const broken = await Promise.all(Array.from({ length: N }, (_, i) => product(i, 'R')));
      const posted = await Promise.all(Array.from({ length: N }, (_, i) => product(i, 'P')));
      for (const p of [...sent, ...broken]) await giveStock(t.db, p, f.depot, 10, 500);
      const [entBefore, trfBefore, invBefore] = [
        await lastNumber(t.db, 'ENT', year()),
        await lastNumber(t.db, 'TRF', year()),
        await lastNumber(t.db, 'INV', year()),
      ];
      const movementsBefore = Number((await t.db('stock_movements').max({ id: 'id' }).first())!.id ?? 0);
      const clients = await loggedInClients(server, 3 * N);
      const requests = [
        ...received.map((p, i) => ({
          url: ENTRIES,
          done: /^\/operations\/entreestock\/\d+$/,
          body: {
            idempotency_key: idempotencyKey(),
            supplier_id: f.supplier,
            location_id: f.depot,
            entry_date: today(),
            supplier_ref: `BL-${tag}-${i}`,
            note: '',
            lines: [{ product_id: p, unit: 'unit', quantity: 3, unit_cost: 500 }],
          },
        })),
        ...sent.map((p) => ({
          url: TRANSFERS,
          done: /^\/operations\/sortiestock\/transferts\/\d+$/,
          body: {
            idempotency_key: idempotencyKey(),
            from_location_id: f.depot,
            to_location_id: f.shop,
            transfer_date: today(),
            note: '',
            lines: [{ product_id: p, quantity: 4 }],
          },
        })),
        ...broken.map((p) => ({
          url: READJUST,
          done: /^\/operations\/gestionstock\?tab=readjustments$/,
          body: {
            idempotency_key: idempotencyKey(),
            location_id: f.depot,
            adjustment_date: today(),
            reason: 'casse',
            note: '',
            lines: [{ product_id: p, direction: 'out', quantity: 2 }],
          },
        })),
      ];
      const [results] = await Promise.all([
        Promise.all(requests.map((r, i) => clients[i].post(r.url, r.body))),
        // Postings without a document number: nothing but the chain's lock orders them.
        Promise.all(posted.map((p) => giveStock(t.db, p, f.shop, 7, 500))),
      ]);
      expect(results.map((r, i) => r.status === 303 && requests[i].done.test(r.headers.location))).toEqual(
        Array(3 * N).fill(true),
      );

      expect(
        Number((await t.db('stock_movements').where('id', '>', movementsBefore).count({ n: '*' }).first())!.n),
      ).toBe(4 * N);
      // One chain: each row's hash follows the row before it by id (two writers on the same head fork it).
      expect(await verifyStockChain(t.db)).toBeNull();
      expect(await verifyAuditChain(t.db)).toBeNull();
      // Every series went on without a gap.
      expect(await lastNumber(t.db, 'ENT', year())).toBe(entBefore + N);
      expect(await lastNumber(t.db, 'TRF', year())).toBe(trfBefore + N);
      expect(await lastNumber(t.db, 'INV', year())).toBe(invBefore + N);
      expect((await t.db('stock_entries').where('supplier_ref', 'like', `BL-${tag}-%`).pluck('number')).sort()).toEqual(
        numbersAfter('ENT', entBefore, N),
      );
      for (const p of received) expect(await levelOf(t.db, p, f.depot)).toBe(3);
      for (const p of sent) expect(await levelOf(t.db, p, f.depot)).toBe(6);
      for (const p of broken) expect(await levelOf(t.db, p, f.depot)).toBe(8);
      for (const p of posted) expect(await levelOf(t.db, p, f.shop)).toBe(7);
    },
  );

  it(
    'parallel entries of one product from different suppliers value it one after the other: each CMUP starts from the one before',
    { timeout: 120_000 },
    async () => {
      // Different suppliers: only the product's lock (taken with its first read, handed to the ledger) orders them.
      const tag = uniqueTag();
      const flour = await makeProduct(t.db, {
        code: `${tag}FAR`,
        name: 'Farine de blé 50 kg',
        category_id: f.category,
        unit: 'sac',
        purchase_price: 1000,
      });
      await giveStock(t.db, flour, f.depot, 10, 1000);
      const N = 12;
      const suppliers = await Promise.all(
        Array.from({ length: N }, (_, i) => makeSupplier(t.db, { code: `${tag}F${i}`, name: `Minoterie ${tag} ${i}` })),
      );
      const clients = await loggedInClients(server, N);
      const results = await Promise.all(
        clients.map((c, i) =>
          c.post(ENTRIES, {
            idempotency_key: idempotencyKey(),
            supplier_id: suppliers[i],
            location_id: f.depot,
            entry_date: today(),
            supplier_ref: `BL-${tag}-${i}`,
            note: '',
            lines: [{ product_id: flour, unit: 'unit', quantity: 5 + i, unit_cost: 1100 + 250 * i }],
          }),
        ),
      );
      expect(
        results.map((r) => r.status === 303 && /^\/operations\/entreestock\/\d+$/.test(r.headers.location)),
      ).toEqual(Array(N).fill(true));
      const history = (
        await t
          .db('cmup_history')
          .where({ product_id: flour })
          .orderBy('id')
          .select('old_cmup', 'new_cmup', 'quantity_before', 'quantity')
      ).map((h) => ({
        old_cmup: Number(h.old_cmup),
        new_cmup: Number(h.new_cmup),
        quantity_before: Number(h.quantity_before),
        quantity: Number(h.quantity),
      }));
      // Replayed one after the other in the order the entries took the product's lock (their
      // movements' ids), from the opening stock: the same CMUP changes, each from the one before. (An
      // entry whose cost rounds back to the current CMUP changes nothing and writes no history row.)
      const receipts = await t
        .db('stock_movements')
        .where({ product_id: flour, document_type: 'stock_entry' })
        .orderBy('id')
        .select('quantity', 'unit_cost');
      expect(receipts).toHaveLength(N);
      let [onHand, cmup] = [10, history[0].new_cmup];
      const replayed: typeof history = [];
      for (const r of receipts) {
        const [quantity, unitCost] = [Number(r.quantity), Number(r.unit_cost)];
        const after = cmupAfterReceipt({ quantityOnHand: onHand, cmup, quantity, unitCost });
        if (after !== cmup) replayed.push({ old_cmup: cmup, new_cmup: after, quantity_before: onHand, quantity });
        [onHand, cmup] = [onHand + quantity, after];
      }
      expect(replayed.length).toBeGreaterThanOrEqual(N - 2);
      expect(history.slice(1)).toEqual(replayed);
      expect(Number((await t.db('products').where({ id: flour }).first('cmup'))!.cmup)).toBe(cmup);
      expect(await levelOf(t.db, flour, f.depot)).toBe(
        10 + Array.from({ length: N }, (_, i) => 5 + i).reduce((a, b) => a + b, 0),
      );
    },
  );

  it('100 parallel validations get the next 100 numbers, without gap or duplicate', { timeout: 120_000 }, async () => {
    const tag = uniqueTag();
    const sugar = await makeProduct(t.db, {
      code: `${tag}SUC`,
      name: 'Sucre en poudre 1 kg',
      category_id: f.category,
      unit: 'paquet',
      pack_size: 20,
      purchase_price: 650,
    });
    const entBefore = await lastNumber(t.db, 'ENT', year());
    const clients = await loggedInClients(server, 10);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        clients[i % clients.length].post(ENTRIES, {
          idempotency_key: idempotencyKey(),
          supplier_id: f.supplier,
          location_id: f.depot,
          entry_date: today(),
          supplier_ref: `BL-${tag}-${i + 1}`,
          note: '',
          lines: [{ product_id: sugar, unit: 'unit', quantity: 5, unit_cost: 650 }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(303));
    expect(results.every((r) => /^\/operations\/entreestock\/\d+$/.test(r.headers.location))).toBe(true);
    const rows = await t
      .db('stock_entries')
      .where('supplier_ref', 'like', `BL-${tag}-%`)
      .select('id', 'number', 'supplier_ref');
    expect(rows).toHaveLength(100);
    const numbers = rows.map((r) => r.number as string).sort();
    expect(numbers).toEqual(numbersAfter('ENT', entBefore, 100));
    expect(new Set(rows.map((r) => r.supplier_ref)).size).toBe(100);
    expect(await lastNumber(t.db, 'ENT', year())).toBe(entBefore + 100);
    expect(await levelOf(t.db, sugar, f.depot)).toBe(500);
    expect(Number((await t.db('products').where({ id: sugar }).first('cmup'))!.cmup)).toBe(650);
  });
});
