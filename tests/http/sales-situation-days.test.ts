import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSalesSituationDays, salesSituationDaysDifferences } from '../../server/db/sales-situation-days.js';
import { saleRemainingSql } from '../../server/services/sales/remaining.js';
import { cancelSale } from '../../server/services/sales/cancel-sale.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import { cancelSettlement } from '../../server/services/settlements/cancel-settlement.js';
import { cancelTransfer, createTransfer, receiveTransfer } from '../../server/services/stock/transfers.js';
import { ROUTES } from '../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import {
  ALL_RIGHTS,
  adminActor,
  cashPayment,
  line,
  mobilePayment,
  saleInput,
  sell,
  walkInClient,
} from '../support/sales.js';
import { creditClient, settle, settlementInput } from '../support/settlements.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../support/stock.js';
import { deskAccount, makeTreasuryAccount } from '../support/treasury.js';

/**
 * Situation des ventes' day summaries (migration 202611282000_sales_situation_days:
 * report_sale_days, report_payment_days), kept by triggers in the documents' own transactions,
 * equal the documents after random histories — counter sales paid in cash or by mobile money,
 * credit invoices, settlements of some of them (cash or mobile money), settlements cancelled,
 * sales cancelled, credit notes, transfers both ways received in full or short or cancelled — and
 * the « situation des factures », « situation des paiements » and « produits transférés » of a
 * random period equal the same aggregates taken on the documents themselves;
 * `npm run reports:rebuild` (rebuildSalesSituationDays) changes nothing.
 */

const DAYS = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10));
type Row = Record<string, unknown>;

describe.each(testDatabases())('Situation des ventes day summaries on random histories (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let products: number[];
  let client: number;
  let walkIn: number;
  let desk: number;
  let wallet: number;
  const mine: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    admin = new Client(t);
    await admin.login();
    products = [];
    for (let i = 0; i < 2; i++) {
      const p = await makeProduct(t.db, { category_id: f.category, retail_price: 1_000 + i * 500 });
      await giveStock(t.db, p, f.shop, 10_000, 400);
      await giveStock(t.db, p, f.depot, 10_000, 400);
      products.push(p);
    }
    client = await creditClient(t.db);
    walkIn = await walkInClient(t.db);
    desk = await deskAccount(t.db, 'CAI02');
    wallet = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
  });
  afterAll(() => t.close());

  const op = fc.oneof(
    fc.record({
      kind: fc.constant('counter' as const),
      day: fc.nat(DAYS.length - 1),
      p: fc.nat(1),
      q: fc.integer({ min: 1, max: 5 }),
      mobile: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('invoice' as const),
      day: fc.nat(DAYS.length - 1),
      p: fc.nat(1),
      q: fc.integer({ min: 1, max: 5 }),
    }),
    fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      part: fc.integer({ min: 1, max: 100 }),
      after: fc.nat(5),
      mobile: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('cancelSettlement' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('cancelSale' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('credit' as const), pick: fc.nat() }),
    fc.record({
      kind: fc.constant('transfer' as const),
      day: fc.nat(DAYS.length - 1),
      toShop: fc.boolean(),
      lines: fc.uniqueArray(fc.record({ p: fc.nat(1), q: fc.integer({ min: 1, max: 9 }) }), {
        minLength: 1,
        maxLength: 2,
        selector: (l) => l.p,
      }),
    }),
    fc.record({ kind: fc.constant('receive' as const), pick: fc.nat(), short: fc.boolean() }),
    fc.record({ kind: fc.constant('cancelTransfer' as const), pick: fc.nat() }),
  );

  const pick = <T>(rows: T[], n: number): T | undefined => (rows.length ? rows[n % rows.length] : undefined);

  const apply = async (o: Row) => {
    const actor = await adminActor(t.db);
    if (o.kind === 'counter') {
      const l = line(products[o.p as number], o.q as number);
      const total = (o.q as number) * (1_000 + (o.p as number) * 500);
      const sale = await sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          saleDate: DAYS[o.day as number],
          lines: [l],
          payments: [o.mobile ? { ...mobilePayment(total), accountId: wallet } : cashPayment(total)],
        }),
      );
      mine.push(sale.id);
    } else if (o.kind === 'invoice') {
      const sale = await sell(
        t.db,
        saleInput({
          kind: 'invoice',
          clientId: client,
          locationId: f.shop,
          saleDate: DAYS[o.day as number],
          paymentMode: 'credit',
          dueDate: DAYS[DAYS.length - 1],
          lines: [line(products[o.p as number], o.q as number)],
          payments: [],
        }),
        ALL_RIGHTS,
      );
      mine.push(sale.id);
    } else if (o.kind === 'settle') {
      const open = (await t
        .db('sales as s')
        .whereIn('s.id', mine)
        .where({ 's.status': 'validated', 's.kind': 'invoice' })
        .whereRaw(`${saleRemainingSql('s')} > 0`)
        .orderBy('s.id')
        .select('s.id', 's.sale_date', 's.total_ttc', 's.amount_paid', 's.amount_credited')) as Row[];
      const s = pick(open, o.pick as number);
      if (!s) return;
      const remaining = Number(s.total_ttc) - Number(s.amount_paid) - Number(s.amount_credited);
      const amount = Math.max(1, Math.floor((remaining * (o.part as number)) / 100));
      const day = DAYS[Math.min(DAYS.length - 1, DAYS.indexOf(String(s.sale_date)) + (o.after as number))];
      const money = o.mobile
        ? {
            method: 'mobile_money' as const,
            operator: 'orange_money' as const,
            phone: '07 08 09 10 11',
            reference: `OM${idempotencyKey().slice(0, 12)}`,
            accountId: wallet,
          }
        : { accountId: desk };
      await settle(
        t.db,
        settlementInput({
          clientId: client,
          amount,
          settlementDate: day,
          ...money,
          allocations: [{ saleId: Number(s.id), amount }],
        }),
      );
    } else if (o.kind === 'cancelSettlement') {
      const live = (await t
        .db('settlements')
        .where({ client_id: client, status: 'validated' })
        .orderBy('id')
        .select('id', 'version')) as Row[];
      const s = pick(live, o.pick as number);
      if (s)
        await cancelSettlement(
          t.db,
          Number(s.id),
          { reason: 'Erreur de saisie', version: Number(s.version) },
          actor,
        ).catch(() => undefined);
    } else if (o.kind === 'cancelSale') {
      const live = (await t
        .db('sales')
        .whereIn('id', mine)
        .where({ status: 'validated' })
        .orderBy('id')
        .select('id', 'version')) as Row[];
      const s = pick(live, o.pick as number);
      // Refused when a settlement still pays the invoice: the history goes on without it.
      if (s)
        await cancelSale(t.db, Number(s.id), { reason: 'Erreur de saisie', version: Number(s.version) }, actor).catch(
          () => undefined,
        );
    } else if (o.kind === 'transfer') {
      const [from, to] = o.toShop ? [f.depot, f.shop] : [f.shop, f.depot];
      const lines = (o.lines as Array<{ p: number; q: number }>).map((l) => ({
        productId: products[l.p],
        quantity: l.q,
      }));
      await createTransfer(
        t.db,
        {
          idempotencyKey: idempotencyKey(),
          fromLocationId: from,
          toLocationId: to,
          transferDate: DAYS[o.day as number],
          note: '',
          lines,
        },
        actor,
      );
    } else if (o.kind === 'receive' || o.kind === 'cancelTransfer') {
      const open = (await t
        .db('transfers')
        .where({ status: 'sent' })
        .orderBy('id')
        .select('id', 'version', 'transfer_date')) as Row[];
      const tr = pick(open, o.pick as number);
      if (!tr) return;
      if (o.kind === 'cancelTransfer')
        await cancelTransfer(t.db, Number(tr.id), { reason: 'Erreur de saisie', version: Number(tr.version) }, actor);
      else {
        const lines = (await t
          .db('transfer_lines')
          .where({ transfer_id: Number(tr.id) })
          .orderBy('position')
          .select('product_id', 'quantity_sent')) as Row[];
        await receiveTransfer(
          t.db,
          Number(tr.id),
          {
            idempotencyKey: idempotencyKey(),
            version: Number(tr.version),
            receivedDate: String(tr.transfer_date),
            note: '',
            lines: lines.map((l, i) =>
              o.short && i === 0
                ? { productId: Number(l.product_id), quantityReceived: Number(l.quantity_sent) - 1, reason: 'Casse' }
                : { productId: Number(l.product_id), quantityReceived: Number(l.quantity_sent), reason: null },
            ),
          },
          actor,
        );
      }
    } else {
      const open = (await t
        .db('sale_lines as sl')
        .join('sales as s', 's.id', 'sl.sale_id')
        .whereIn('s.id', mine)
        .where({ 's.kind': 'counter', 's.status': 'validated' })
        .whereRaw('sl.returned_quantity < sl.quantity')
        // Refunded from the desk the sale was paid into: a sale paid in cash.
        .whereExists((q) =>
          q
            .select(t.db.raw('1'))
            .from('sale_payments as sp')
            .whereRaw('sp.sale_id = s.id')
            .where('sp.method', 'especes'),
        )
        .orderBy('sl.id')
        .select('sl.id', 'sl.sale_id', 's.version')) as Row[];
      const l = pick(open, o.pick as number);
      if (l)
        await createCreditNote(
          t.db,
          {
            idempotencyKey: idempotencyKey(),
            saleId: Number(l.sale_id),
            reason: 'Retour',
            version: Number(l.version),
            lines: [{ saleLineId: Number(l.id), quantity: 1 }],
          },
          actor,
        );
    }
  };

  /** The two views of [from, to] through HTTP. */
  const views = async (from: string, to: string) => {
    const situation = await admin.visit(`${ROUTES['reports.sales']}?view=etat-factures&from=${from}&to=${to}`);
    const payments = await admin.visit(`${ROUTES['reports.sales']}?view=paiements&from=${from}&to=${to}`);
    const transfers = await admin.visit(`${ROUTES['reports.sales']}?view=transferts&from=${from}&to=${to}`);
    return { situation: situation.body.props, payments: payments.body.props, transfers: transfers.body.props };
  };

  /** The same figures taken on the documents (the queries the views ran before the summaries). */
  const fromDocuments = async (from: string, to: string) => {
    const groups = (await t
      .db('sales as s')
      .whereBetween('s.sale_date', [from, to])
      .groupBy('s.status', 's.payment_status', 's.payment_mode')
      .select('s.status', 's.payment_status', 's.payment_mode')
      .count({ n: '*' })
      .sum({
        total: 's.total_ttc',
        paid: 's.amount_paid',
        credited: 's.amount_credited',
        remaining: t.db.raw(saleRemainingSql('s')),
      })) as Row[];
    const atSale = (await t
      .db('sales as s')
      .join('sale_payments as sp', 'sp.sale_id', 's.id')
      .whereBetween('s.sale_date', [from, to])
      .where('s.status', 'validated')
      .first()
      .count({ n: '*' })
      .sum({ paid: 'sp.amount' })) as Row;
    const settled = (await t
      .db('settlements as st')
      .whereBetween('st.settlement_date', [from, to])
      .where({ 'st.status': 'validated', 'st.source': 'payment' })
      .first()
      .count({ n: '*' })
      .sum({ paid: 'st.amount' })) as Row;
    const transferred = (await t
      .db('transfers as t')
      .join('transfer_lines as tl', 'tl.transfer_id', 't.id')
      .join('products as p', 'p.id', 'tl.product_id')
      .join('locations as lf', 'lf.id', 't.from_location_id')
      .join('locations as lt', 'lt.id', 't.to_location_id')
      .whereNot('t.status', 'cancelled')
      .whereBetween('t.transfer_date', [from, to])
      .groupBy('lf.name', 'lt.name', 'p.id', 'p.code', 'p.name')
      .select('lf.name as source', 'lt.name as destination', 'p.code', 'p.name')
      .count({ n: '*' })
      .sum({
        sent: 'tl.quantity_sent',
        received: 'tl.quantity_received',
        value: t.db.raw('tl.quantity_sent * tl.unit_cost'),
      })
      .orderBy([{ column: 'lf.name' }, { column: 'lt.name' }, { column: 'p.name' }, { column: 'p.id' }])) as Row[];
    const live = groups.filter((g) => g.status === 'validated');
    const sum = (k: string) => live.reduce((a, g) => a + Number(g[k] ?? 0), 0);
    return {
      groups: groups.length,
      figures: { count: sum('n'), total: sum('total'), paid: sum('paid'), remaining: sum('remaining') },
      transfers: transferred.map((r) => ({
        source: r.source,
        destination: r.destination,
        product: `${r.code} — ${r.name}`,
        transfers: Number(r.n),
        sent: Number(r.sent),
        received: r.received === null ? null : Number(r.received),
        value: Number(r.value),
      })),
      payments: {
        sale_count: Number(atSale.n),
        at_sale: Number(atSale.paid ?? 0),
        settlement_count: Number(settled.n),
        settled: Number(settled.paid ?? 0),
      },
    };
  };

  it('equal the documents after every random history, and the views of a random period read the same figures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 8 }),
        fc.nat(DAYS.length - 1),
        fc.nat(DAYS.length - 1),
        async (ops, a, b) => {
          for (const o of ops) await apply(o as Row);
          expect(await salesSituationDaysDifferences(t.db)).toEqual([]);
          const [from, to] = a <= b ? [DAYS[a], DAYS[b]] : [DAYS[b], DAYS[a]];
          const expected = await fromDocuments(from, to);
          const got = await views(from, to);
          const figure = (props: Row, id: string) => (props.figures as Row[]).find((x) => x.id === id)?.figure;
          expect({
            count: figure(got.situation, 'count'),
            total: figure(got.situation, 'total'),
            paid: figure(got.situation, 'paid'),
            remaining: figure(got.situation, 'remaining'),
          }).toEqual(expected.figures);
          expect((got.situation.tables as Array<{ page: { data: Row[] } }>)[0].page.data).toHaveLength(expected.groups);
          const totals = (got.payments.tables as Array<{ totals: Row }>)[0].totals;
          expect({
            sale_count: totals.sale_count,
            at_sale: totals.at_sale,
            settlement_count: totals.settlement_count,
            settled: totals.settled,
          }).toEqual(expected.payments);
          const transferRows = (got.transfers.tables as Array<{ page: { data: Row[] } }>)[0].page.data.map(
            ({ unit: _unit, ...r }) => r,
          );
          expect(transferRows).toEqual(expected.transfers);
        },
      ),
      { numRuns: 8 },
    );
    const before = (await t
      .db('report_sale_days')
      .where('sale_count', '<>', 0)
      .orderBy(['day', 'location_id', 'kind', 'status', 'payment_status', 'payment_mode'])) as Row[];
    await t.db.transaction((trx) => rebuildSalesSituationDays(trx));
    expect(await salesSituationDaysDifferences(t.db)).toEqual([]);
    const after = (await t
      .db('report_sale_days')
      .orderBy(['day', 'location_id', 'kind', 'status', 'payment_status', 'payment_mode'])) as Row[];
    expect(after.map((r) => JSON.stringify(r))).toEqual(before.map((r) => JSON.stringify(r)));
  }, 180_000);

  it('a transfer in transit has no received quantity, its reception short gives one, a cancelled transfer leaves its group', async () => {
    const actor = await adminActor(t.db);
    const group = async () =>
      (await t
        .db('report_transfer_days')
        .where({ day: '2026-03-25', from_location_id: f.depot, to_location_id: f.shop, product_id: products[1] })
        .first('line_count', 'sent', 'received', 'received_lines')) as Row | undefined;
    const numbers = (r: Row | undefined) =>
      ['line_count', 'sent', 'received', 'received_lines'].map((k) => Number(r?.[k] ?? 0));
    const before = numbers(await group());
    const a = await createTransfer(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        fromLocationId: f.depot,
        toLocationId: f.shop,
        transferDate: '2026-03-25',
        note: '',
        lines: [{ productId: products[1], quantity: 5 }],
      },
      actor,
    );
    expect(numbers(await group())).toEqual([before[0] + 1, before[1] + 5, before[2], before[3]]);
    const version = Number((await t.db('transfers').where({ id: a.id }).first('version'))!.version);
    await receiveTransfer(
      t.db,
      a.id,
      {
        idempotencyKey: idempotencyKey(),
        version,
        receivedDate: '2026-03-25',
        note: '',
        lines: [{ productId: products[1], quantityReceived: 4, reason: 'Casse' }],
      },
      actor,
    );
    expect(numbers(await group())).toEqual([before[0] + 1, before[1] + 5, before[2] + 4, before[3] + 1]);
    const b = await createTransfer(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        fromLocationId: f.depot,
        toLocationId: f.shop,
        transferDate: '2026-03-25',
        note: '',
        lines: [{ productId: products[1], quantity: 3 }],
      },
      actor,
    );
    expect(numbers(await group())[1]).toBe(before[1] + 8);
    await cancelTransfer(
      t.db,
      b.id,
      {
        reason: 'Erreur de saisie',
        version: Number((await t.db('transfers').where({ id: b.id }).first('version'))!.version),
      },
      actor,
    );
    expect(numbers(await group())).toEqual([before[0] + 1, before[1] + 5, before[2] + 4, before[3] + 1]);
    expect(await salesSituationDaysDifferences(t.db)).toEqual([]);
  });

  it('a settlement moves its invoice between groups and its cancellation moves it back, in the same transaction', async () => {
    const sale = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.shop,
        saleDate: '2026-03-20',
        paymentMode: 'credit',
        dueDate: '2026-04-30',
        lines: [line(products[0], 2)],
        payments: [],
      }),
      ALL_RIGHTS,
    );
    const group = async (status: string) =>
      Number(
        (
          await t
            .db('report_sale_days')
            .where({
              day: '2026-03-20',
              location_id: f.shop,
              kind: 'invoice',
              status: 'validated',
              payment_status: status,
              payment_mode: 'credit',
            })
            .first('sale_count')
        )?.sale_count ?? 0,
      );
    const unpaid = await group('unpaid');
    const paid = await group('paid');
    const s = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 2_000,
        settlementDate: '2026-03-21',
        accountId: desk,
        allocations: [{ saleId: sale.id, amount: 2_000 }],
      }),
    );
    expect([await group('unpaid'), await group('paid')]).toEqual([unpaid - 1, paid + 1]);
    const settled = async () =>
      Number(
        (
          await t
            .db('report_payment_days')
            .where({ day: '2026-03-21', origin: 'settlement', account_id: desk, method: 'especes' })
            .first('amount')
        )?.amount ?? 0,
      );
    const before = await settled();
    const version = Number((await t.db('settlements').where({ id: s.id }).first('version'))!.version);
    await cancelSettlement(t.db, s.id, { reason: 'Erreur de saisie', version }, await adminActor(t.db));
    expect([await group('unpaid'), await group('paid')]).toEqual([unpaid, paid]);
    expect(await settled()).toBe(before - 2_000);
    expect(await salesSituationDaysDifferences(t.db)).toEqual([]);
  });
});
