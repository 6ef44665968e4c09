import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { Refusal } from '../../server/domain/errors.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { openSales } from '../../server/services/reports/receivables-state.js';
import { cancelSale } from '../../server/services/sales/cancel-sale.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import { cancelSettlement } from '../../server/services/settlements/cancel-settlement.js';
import type { Allocation } from '../../shared/settlements.js';
import type { ReportRow, ReportTable } from '../../shared/reports.js';
import { ROUTES } from '../../shared/routes.js';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { ALL_RIGHTS, adminActor, cashPayment, line, saleInput, sell, walkInClient } from '../support/sales.js';
import { clientMoney, creditClient, saleMoney, settle, settlementInput } from '../support/settlements.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';

/**
 * État des créances at a past date (issue 17): what a sale owed at d is read as what it owes now
 * (total − amount_paid − amount_credited) plus the events after d (services/reports/receivables-state.ts).
 * Here that identity is checked where it could break — a sale cancelled after d that had a
 * settlement (cancelled in between), a settlement dated before d and cancelled after it, one
 * cancelled before d, a settlement spread over invoices of two months, an advance left then spent
 * after d, a credit note after d, a sale paid at the counter — with the figures written here; then
 * on random histories built through the services, against a recomputation from the documents
 * themselves at every day of the period.
 */

const today = () => businessDate('Africa/Abidjan');
type Props = { tables: ReportTable[] };

describe.each(testDatabases())('État des créances à une date passée (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let f: StockFixtures;

  /** A credit invoice (FAC-) or a counter sale on credit (VB-, `quantity` × unit price) of the client, from the shop. */
  const creditSale = async (
    clientId: number,
    unitPrice: number,
    saleDate: string,
    o: { kind?: 'invoice' | 'counter'; quantity?: number; dueDate?: string } = {},
  ) => {
    const quantity = o.quantity ?? 1;
    const product = await makeProduct(t.db, { category_id: f.category, retail_price: unitPrice });
    await giveStock(t.db, product, f.shop, quantity, 1);
    return sell(
      t.db,
      saleInput({
        kind: o.kind ?? 'invoice',
        clientId,
        locationId: f.shop,
        saleDate,
        paymentMode: 'credit',
        dueDate: o.dueDate ?? saleDate,
        lines: [line(product, quantity)],
      }),
      ALL_RIGHTS,
    );
  };
  const versionOf = async (table: string, id: number) =>
    Number((await t.db(table).where({ id }).first('version')).version);
  /** Cancels a settlement through the service, then dates its cancellation `on` (the service dates it today). */
  const cancelSettlementOn = async (id: number, on: string) => {
    await cancelSettlement(
      t.db,
      id,
      { reason: 'Règlement saisi par erreur', version: await versionOf('settlements', id) },
      await adminActor(t.db),
    );
    await t
      .db('settlements')
      .where({ id })
      .update({ cancelled_on: on, cancelled_at: `${on}T12:00:00.000Z` });
  };
  const cancelSaleOn = async (id: number, on: string) => {
    await cancelSale(
      t.db,
      id,
      { reason: 'Facture saisie par erreur', version: await versionOf('sales', id) },
      await adminActor(t.db),
    );
    await t
      .db('sales')
      .where({ id })
      .update({ cancelled_on: on, cancelled_at: `${on}T12:00:00.000Z` });
  };
  /** A credit note taking back `quantity` of the counter sale's first line, then dated `on`. */
  const creditNoteOn = async (saleId: number, quantity: number, on: string) => {
    const saleLine = Number((await t.db('sale_lines').where({ sale_id: saleId }).first('id'))!.id);
    const note = await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId,
        reason: 'Article rendu',
        version: await versionOf('sales', saleId),
        lines: [{ saleLineId: saleLine, quantity }],
      },
      await adminActor(t.db),
    );
    await t.db('credit_notes').where({ id: note.id }).update({ credit_date: on });
    return note;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    f = await stockFixtures(t.db);
    // The shop's desk holds cash for the credit notes' refunds.
    const product = await makeProduct(t.db, { category_id: f.category, retail_price: 500_000 });
    await giveStock(t.db, product, f.shop, 1, 1);
    await sell(
      t.db,
      saleInput({
        clientId: await walkInClient(t.db),
        locationId: f.shop,
        saleDate: today(),
        lines: [line(product, 1)],
        payments: [cashPayment(500_000)],
      }),
    );
  });
  afterAll(() => t.close());

  it('a hand-made history read at eight dates: each event counts from its own date, whatever happened after', async () => {
    const tag = uniqueTag('H');
    const name = `Client Historique ${tag}`;
    const client = await creditClient(t.db, name);
    // S1 10 000 (10 Jan); R1 6 000 on it (20 Jan), R1 cancelled on 15 Feb, then S1 cancelled on 1 Mar.
    const s1 = await creditSale(client, 10_000, '2025-01-10');
    const r1 = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 6_000,
        settlementDate: '2025-01-20',
        allocations: [{ saleId: s1.id, amount: 6_000 }],
      }),
    );
    await cancelSettlementOn(r1.id, '2025-02-15');
    await cancelSaleOn(s1.id, '2025-03-01');
    // S2 8 000 (15 Jan), S3 7 000 (5 Feb); R2 10 000 (10 Feb) spread over both: 5 000 each.
    const s2 = await creditSale(client, 8_000, '2025-01-15');
    const s3 = await creditSale(client, 7_000, '2025-02-05');
    await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 10_000,
        settlementDate: '2025-02-10',
        allocations: [
          { saleId: s2.id, amount: 5_000 },
          { saleId: s3.id, amount: 5_000 },
        ],
      }),
    );
    // R3 4 000 (12 Feb) left whole as an advance; R4 spends 3 000 of it on S2 (10 Mar).
    await settle(
      t.db,
      settlementInput({ clientId: client, amount: 4_000, settlementDate: '2025-02-12', allocations: [] }),
    );
    await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 3_000,
        settlementDate: '2025-03-10',
        source: 'advance',
        method: null,
        allocations: [{ saleId: s2.id, amount: 3_000 }],
      }),
    );
    // R5 1 000 on S3 (20 Feb) cancelled on 25 Feb; R6 500 on S3 (21 Feb) cancelled on the same day.
    const r5 = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 1_000,
        settlementDate: '2025-02-20',
        allocations: [{ saleId: s3.id, amount: 1_000 }],
      }),
    );
    await cancelSettlementOn(r5.id, '2025-02-25');
    const r6 = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 500,
        settlementDate: '2025-02-21',
        allocations: [{ saleId: s3.id, amount: 500 }],
      }),
    );
    await cancelSettlementOn(r6.id, '2025-02-21');
    // S4 4 × 2 500 at the counter on credit (1 Mar, due 31 Mar); a credit note takes back one (1 Apr).
    const s4 = await creditSale(client, 2_500, '2025-03-01', { kind: 'counter', quantity: 4, dueDate: '2025-03-31' });
    await creditNoteOn(s4.id, 1, '2025-04-01');
    // S5 paid at the counter (1 Mar), a credit note on it (1 Apr): never owed.
    const product = await makeProduct(t.db, { category_id: f.category, retail_price: 5_000 });
    await giveStock(t.db, product, f.shop, 2, 1);
    const s5 = await sell(
      t.db,
      saleInput({
        clientId: client,
        locationId: f.shop,
        saleDate: '2025-03-01',
        lines: [line(product, 2)],
        payments: [cashPayment(10_000)],
      }),
    );
    await creditNoteOn(s5.id, 1, '2025-04-01');
    expect((await clientMoney(t.db, client)).advance).toBe(1_000);

    const owed = async (date: string | null) => {
      const p = (await admin.visit(`${ROUTES['reports.receivables']}?view=factures${date ? `&date=${date}` : ''}`)).body
        .props as Props;
      return p.tables[0].page.data.filter((r: ReportRow) => r.client === name).map((r) => [r.number, r.due]);
    };
    const [n1, n2, n3, n4] = [s1.number, s2.number, s3.number, s4.number];
    // 31 Jan: S1 4 000 (R1 still live), S2 8 000.
    expect(await owed('2025-01-31')).toEqual([
      [n1, 4_000],
      [n2, 8_000],
    ]);
    // 10 Feb: R2 on S2 and S3.
    expect(await owed('2025-02-10')).toEqual([
      [n1, 4_000],
      [n2, 3_000],
      [n3, 2_000],
    ]);
    // 22 Feb: R1 cancelled (S1 back to 10 000), R5 live on S3, R6 already cancelled.
    expect(await owed('2025-02-22')).toEqual([
      [n1, 10_000],
      [n2, 3_000],
      [n3, 1_000],
    ]);
    // 28 Feb: R5 cancelled.
    expect(await owed('2025-02-28')).toEqual([
      [n1, 10_000],
      [n2, 3_000],
      [n3, 2_000],
    ]);
    // 5 Mar: S1 cancelled, S4 sold (due 31 Mar, listed by due date after the others).
    expect(await owed('2025-03-05')).toEqual([
      [n2, 3_000],
      [n3, 2_000],
      [n4, 10_000],
    ]);
    // 20 Mar: the advance paid S2 off.
    expect(await owed('2025-03-20')).toEqual([
      [n3, 2_000],
      [n4, 10_000],
    ]);
    // 5 Apr and today: the credit note on S4.
    const end = [
      [n3, 2_000],
      [n4, 7_500],
    ];
    expect(await owed('2025-04-05')).toEqual(end);
    expect(await owed(null)).toEqual(end);
    expect(await owed(addDays(today(), -1))).toEqual(end);
  });

  it('random histories: the open sales at every day equal a recomputation from the documents', async () => {
    for (const seed of [20251, 20252]) {
      const random = mulberry32(seed);
      const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
      const clients = [await creditClient(t.db), await creditClient(t.db), await creditClient(t.db)];
      const sales: Array<{ id: number; client: number; date: string; counter: boolean }> = [];
      const settlements: Array<{ id: number; date: string }> = [];
      const done = { settlements: 0, advances: 0, settlementCancels: 0, saleCancels: 0, creditNotes: 0, spread: 0 };
      const attempt = async (fn: () => Promise<unknown>) => {
        try {
          await fn();
          return true;
        } catch (err) {
          if (err instanceof Refusal) return false;
          throw err;
        }
      };
      const start = '2025-01-01';
      for (let day = start; day <= '2025-04-30'; day = addDays(day, 1 + Math.floor(random() * 3))) {
        const r = random();
        if (r < 0.35 || sales.length < 3) {
          const counter = random() < 0.3;
          const client = pick(clients);
          const s = await creditSale(
            client,
            500 * (1 + Math.floor(random() * 20)),
            day,
            counter ? { kind: 'counter', quantity: 2 + Math.floor(random() * 3) } : {},
          );
          sales.push({ id: s.id, client, date: day, counter });
        } else if (r < 0.7) {
          // A settlement dated up to 10 days back, on one or two of the client's open invoices.
          // A client with an advance first, at times (to spend it).
          const withAdvance: number[] = [];
          for (const c of clients) if ((await clientMoney(t.db, c)).advance > 0) withAdvance.push(c);
          const client = withAdvance.length && random() < 0.6 ? pick(withAdvance) : pick(clients);
          const date = maxDate(start, addDays(day, -Math.floor(random() * 10)));
          const open: Array<{ id: number; remaining: number }> = [];
          for (const s of sales.filter((x) => x.client === client && x.date <= date)) {
            const m = await saleMoney(t.db, s.id);
            const status = (await t.db('sales').where({ id: s.id }).first('status'))!.status;
            if (status === 'validated' && m.remaining > 0) open.push({ id: s.id, remaining: m.remaining });
          }
          if (!open.length) continue;
          const chosen = random() < 0.3 && open.length > 1 ? [open[0], open[open.length - 1]] : [pick(open)];
          // Spending the advance when the client has one (at most what is left of it), else money, leaving an advance at times.
          const advance = (await clientMoney(t.db, client)).advance;
          const fromAdvance = advance > 0 && random() < 0.6;
          const allocations: Allocation[] = fromAdvance
            ? [{ saleId: chosen[0].id, amount: Math.min(chosen[0].remaining, advance) }]
            : chosen.map((o) => ({
                saleId: o.id,
                amount: Math.max(1, Math.min(o.remaining, 100 * (1 + Math.floor(random() * (o.remaining / 50))))),
              }));
          const allocated = allocations.reduce((s, a) => s + a.amount, 0);
          const input = fromAdvance
            ? settlementInput({
                clientId: client,
                amount: allocated,
                settlementDate: date,
                source: 'advance',
                method: null,
                allocations,
              } as never)
            : settlementInput({
                clientId: client,
                amount: allocated + (random() < 0.4 ? 500 * (1 + Math.floor(random() * 6)) : 0),
                settlementDate: date,
                allocations,
              });
          let id = 0;
          if (
            await attempt(async () => {
              id = (await settle(t.db, input)).id;
            })
          ) {
            settlements.push({ id, date });
            done.settlements++;
            if (fromAdvance) done.advances++;
            if (allocations.length > 1) done.spread++;
          }
        } else if (r < 0.82) {
          const live: typeof settlements = [];
          for (const s of settlements)
            if ((await t.db('settlements').where({ id: s.id }).first('status'))!.status === 'validated') live.push(s);
          if (live.length && (await attempt(() => cancelSettlementOn(pick(live).id, day)))) done.settlementCancels++;
        } else if (r < 0.9) {
          const s = pick(sales);
          if (
            (await t.db('sales').where({ id: s.id }).first('status'))!.status === 'validated' &&
            (await attempt(() => cancelSaleOn(s.id, day)))
          )
            done.saleCancels++;
        } else {
          const counters = sales.filter((s) => s.counter);
          if (!counters.length) continue;
          const s = pick(counters);
          const l = (await t.db('sale_lines').where({ sale_id: s.id }).first('quantity', 'returned_quantity'))!;
          const status = (await t.db('sales').where({ id: s.id }).first('status'))!.status;
          if (
            status === 'validated' &&
            Number(l.quantity) > Number(l.returned_quantity) &&
            (await attempt(() => creditNoteOn(s.id, 1, day)))
          )
            done.creditNotes++;
        }
      }
      // Each kind of event happened (else the comparison below would prove less than it says).
      for (const [what, n] of Object.entries(done))
        expect(n, `${what} (seed ${seed}: ${JSON.stringify(done)})`).toBeGreaterThan(0);

      const ids = sales.map((s) => s.id);
      const expected = await recompute(t.db, ids);
      let seen = 0;
      for (let d = '2024-12-31'; d <= '2025-05-02'; d = addDays(d, 1)) {
        const rows = await t.db
          .from(openSales(t.db, { date: d, location_id: '' }, EVERY_PLACE, today()).as('o'))
          .whereIn('o.client_id', clients)
          .orderBy('o.id')
          .select('o.id', 'o.rem');
        const got = rows.map((x: Record<string, unknown>) => [Number(x.id), Number(x.rem)]);
        expect(got, `seed ${seed}, ${d}`).toEqual(expected(d));
        seen += got.length;
      }
      expect(seen).toBeGreaterThan(50);
      // Today: the sales' own figures.
      const now = await t.db
        .from(openSales(t.db, { date: today(), location_id: '' }, EVERY_PLACE, today()).as('o'))
        .whereIn('o.client_id', clients)
        .orderBy('o.id')
        .select('o.id', 'o.rem');
      expect(now.map((x: Record<string, unknown>) => [Number(x.id), Number(x.rem)])).toEqual(expected(today()));
    }
  });
});

/**
 * What each sale owed at a date, straight from the documents: its total, less the payments at the
 * sale, the allocations of the settlements dated up to the date and not cancelled by then, the
 * credit notes dated up to it — for a sale dated up to it and not cancelled by then. Returns
 * d → [id, remaining] of the sales owing something, by id.
 */
async function recompute(db: Knex, ids: number[]): Promise<(d: string) => Array<[number, number]>> {
  const on = (r: Record<string, any>) =>
    (r.cancelled_on ?? (r.cancelled_at ? String(r.cancelled_at).slice(0, 10) : null)) as string | null;
  const sales = await db('sales')
    .whereIn('id', ids)
    .orderBy('id')
    .select('id', 'sale_date', 'status', 'total_ttc', 'cancelled_on', 'cancelled_at');
  const payments = await db('sale_payments').whereIn('sale_id', ids).select('sale_id', 'amount');
  const allocations = await db('settlement_allocations as a')
    .join('settlements as st', 'st.id', 'a.settlement_id')
    .whereIn('a.sale_id', ids)
    .select('a.sale_id', 'a.amount', 'st.settlement_date', 'st.status', 'st.cancelled_on', 'st.cancelled_at');
  const notes = await db('credit_notes').whereIn('sale_id', ids).select('sale_id', 'total', 'credit_date', 'status');
  return (d) => {
    const out: Array<[number, number]> = [];
    for (const s of sales) {
      if (s.sale_date > d) continue;
      if (s.status === 'cancelled' && !((on(s) ?? '') > d)) continue;
      let rem = Number(s.total_ttc);
      for (const p of payments) if (Number(p.sale_id) === Number(s.id)) rem -= Number(p.amount);
      for (const a of allocations)
        if (
          Number(a.sale_id) === Number(s.id) &&
          a.settlement_date <= d &&
          (a.status === 'validated' || (on(a) ?? '') > d)
        )
          rem -= Number(a.amount);
      for (const n of notes)
        if (Number(n.sale_id) === Number(s.id) && n.status === 'validated' && n.credit_date <= d)
          rem -= Number(n.total);
      if (rem > 0) out.push([Number(s.id), rem]);
    }
    return out;
  };
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

/** A small seeded generator: the same history on every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
