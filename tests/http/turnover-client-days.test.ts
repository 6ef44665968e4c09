import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import type { CreditNotesRow, SalesRow } from '../../server/db/tables.generated.js';
import {
  TURNOVER_CLIENT_DAYS,
  rebuildTurnoverClientDays,
  turnoverClientDaysFromDocumentsSql,
  turnoverEventsSql,
} from '../../server/db/turnover-client-days.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { turnover } from '../../server/services/reports/turnover.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import { type TestApp, createTestApp } from '../support/app.js';
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
 * Chiffre d'affaires per day, location, kind and client (report_turnover_client_days, migration
 * 202611282330), kept by triggers on sales and credit_notes, equals the report's raw events
 * (turnoverEventsSql) grouped the same way after random histories — sales of both kinds on random
 * dates, credit notes, cancellations on a later date, and documents changed afterwards (a sale moved
 * to another day, client, location or kind, a credit note moved or cancelled: keys left without
 * events are deleted) —; the report's views over a random period equal the raw events of that
 * period, and `rebuildTurnoverClientDays` changes nothing.
 */

const DAYS = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2025, 2, 1 + i)).toISOString().slice(0, 10));
type Row = Record<string, unknown>;

describe.each(testDatabases())("Chiffre d'affaires summary per day and client on random histories (%s)", (kind) => {
  let t: TestApp;
  let products: number[];
  let shop: number;
  let depot: number;
  let clients: number[];
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const tag = uniqueTag('TC');
    depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    products = [];
    for (let i = 0; i < 2; i++) {
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
    clients = [
      await makeClient(t.db, { credit_limit: 100_000_000 }),
      await makeClient(t.db, { credit_limit: 100_000_000 }),
    ];
    walkIn = await walkInClient(t.db);
  });
  afterAll(() => t.close());

  const op = fc.oneof(
    fc.record({
      kind: fc.constant('sale' as const),
      counter: fc.boolean(),
      who: fc.nat(1),
      day: fc.nat(DAYS.length - 1),
      lines: fc.uniqueArray(fc.record({ p: fc.nat(1), q: fc.integer({ min: 1, max: 9 }) }), {
        minLength: 1,
        maxLength: 2,
        selector: (l) => l.p,
      }),
    }),
    fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), q: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), after: fc.nat(30) }),
    fc.record({
      kind: fc.constant('moveSale' as const),
      pick: fc.nat(),
      day: fc.option(fc.nat(DAYS.length - 1)),
      who: fc.option(fc.nat(1)),
      otherPlace: fc.boolean(),
      otherKind: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('moveCredit' as const),
      pick: fc.nat(),
      day: fc.option(fc.nat(DAYS.length - 1)),
      cancel: fc.boolean(),
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
            clientId: clients[o.who as number],
            locationId: depot,
            saleDate: DAYS[o.day as number],
            paymentMode: 'credit',
            dueDate: '2025-12-31',
            lines,
            payments: [],
          }),
          ALL_RIGHTS,
        );
      return;
    }
    if (o.kind === 'credit') {
      // A counter sale still validated, with a line not wholly returned — one paid at the shop and still
      // there: the refund leaves the shop's desk, which its payment filled (a sale moved by hand to the
      // depot, or an unpaid invoice turned counter sale, would refund cash that desk never received).
      const open = (await t
        .db('sale_lines as sl')
        .join('sales as s', 's.id', 'sl.sale_id')
        .where({ 's.kind': 'counter', 's.status': 'validated', 's.location_id': shop })
        .whereExists((q) => q.select(t.db.raw('1')).from('sale_payments as sp').whereRaw('sp.sale_id = s.id'))
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
      return;
    }
    const sales = (await t
      .db('sales')
      .whereIn('id', t.db('sale_lines').whereIn('product_id', products).select('sale_id'))
      .orderBy('id')
      .select('id', 'sale_date', 'status', 'kind', 'location_id')) as Row[];
    if (o.kind === 'cancel') {
      const live = sales.filter((s) => s.status === 'validated');
      if (!live.length) return;
      const s = live[(o.pick as number) % live.length];
      const on = new Date(Date.parse(`${s.sale_date}T00:00:00Z`) + (o.after as number) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      await t
        .db('sales')
        .where({ id: Number(s.id) })
        .update({ status: 'cancelled', cancelled_on: on, cancelled_at: `${on}T12:00:00.000Z`, cancel_reason: 'Test' });
    } else if (o.kind === 'moveSale') {
      // A document changed afterwards (by hand, a repair): its events leave their old keys.
      if (!sales.length) return;
      const s = sales[(o.pick as number) % sales.length];
      const change: Partial<SalesRow> = {};
      if (o.day !== null) change.sale_date = DAYS[o.day as number];
      if (o.who !== null) change.client_id = clients[o.who as number];
      if (o.otherPlace) change.location_id = Number(s.location_id) === shop ? depot : shop;
      if (o.otherKind) change.kind = s.kind === 'counter' ? 'invoice' : 'counter';
      if (Object.keys(change).length)
        await t
          .db('sales')
          .where({ id: Number(s.id) })
          .update(change);
    } else {
      const notes = (await t
        .db('credit_notes')
        .whereIn(
          'sale_id',
          sales.map((s) => s.id as number),
        )
        .orderBy('id')
        .select('id')) as Row[];
      if (!notes.length) return;
      const n = notes[(o.pick as number) % notes.length];
      const change: Partial<CreditNotesRow> = {
        ...(o.day !== null ? { credit_date: DAYS[o.day as number] } : {}),
        ...(o.cancel ? { status: 'cancelled' } : {}),
      };
      if (Object.keys(change).length)
        await t
          .db('credit_notes')
          .where({ id: Number(n.id) })
          .update(change);
    }
  };

  const FIELDS = ['events', 'sold', 'gross', 'returns', 'cost'];
  const keyed = (rows: Row[]) =>
    Object.fromEntries(
      rows.map((r) => [`${r.day}|${r.location_id}|${r.kind}|${r.client_id}`, FIELDS.map((f) => Number(r[f]))]),
    );
  const stored = async () =>
    keyed((await t.db(TURNOVER_CLIENT_DAYS).select('day', 'location_id', 'kind', 'client_id', ...FIELDS)) as Row[]);
  const fromDocuments = async () =>
    keyed((await t.db.from(t.db.raw(`(${turnoverClientDaysFromDocumentsSql()}) g`)).select('g.*')) as Row[]);

  it('equals the raw events after every random history, and the views over a random period read the same figures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 6 }),
        fc.nat(DAYS.length - 1),
        fc.nat(DAYS.length - 1),
        async (ops, a, b) => {
          for (const o of ops) await apply(o as Row);
          expect(await stored()).toEqual(await fromDocuments());
          const [from, to] = a <= b ? [DAYS[a], DAYS[b]] : [DAYS[b], DAYS[a]];
          const events = () => t.db.from(t.db.raw(`(${turnoverEventsSql()}) e`)).whereBetween('e.d', [from, to]);
          const all = (await events()
            .sum({ sold: 'e.sold', gross: 'e.gross', returns: 'e.returns', cost: 'e.cost' })
            .first()) as Row;
          const f = { from, to, location_id: '' };
          const global = await turnover(t.db, { ...f, view: 'global' }, EVERY_PLACE, { all: true, limit: 10_000 });
          const net = Number(all.gross ?? 0) - Number(all.returns ?? 0);
          expect(global.tables[0].totals).toMatchObject({
            sold: Number(all.sold ?? 0),
            gross: Number(all.gross ?? 0),
            returns: Number(all.returns ?? 0),
            net,
            cost: Number(all.cost ?? 0),
          });
          // Par client: one row per client with an event in the period, its own figures.
          const perClient = (await events()
            .groupBy('e.client_id')
            .select('e.client_id')
            .sum({ gross: 'e.gross', returns: 'e.returns' })) as Row[];
          const byClient = await turnover(t.db, { ...f, view: 'clients' }, EVERY_PLACE, { all: true, limit: 10_000 });
          const shown = Object.fromEntries(
            byClient.tables[0].page.data.map((r) => [String(r.url).split('/').pop(), Number(r.net)]),
          );
          expect(shown).toEqual(
            Object.fromEntries(perClient.map((r) => [String(r.client_id), Number(r.gross) - Number(r.returns)])),
          );
          // Journalier: one row per day with an event.
          const days = (await events().distinct('e.d').orderBy('e.d')) as Row[];
          const daily = await turnover(t.db, { ...f, view: 'jours' }, EVERY_PLACE, { all: true, limit: 10_000 });
          expect(daily.tables[0].page.data.map((r) => r.date)).toEqual(days.map((r) => r.d));
        },
      ),
      { numRuns: 10 },
    );
    const before = await stored();
    await rebuildTurnoverClientDays(t.db);
    expect(await stored()).toEqual(before);
  }, 120_000);
});
