import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/domain/dates.js';
import { companyToday } from '../../../server/services/company/get-company.js';
import { clientStatement } from '../../../server/services/receivables/statement.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { cancelSale } from '../../../server/services/sales/cancel-sale.js';
import { cancelSettlement } from '../../../server/services/settlements/cancel-settlement.js';
import { Refusal } from '../../../server/domain/errors.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { ALL_RIGHTS, adminActor, cashPayment, line, saleInput, sell } from '../../support/sales.js';
import { clientMoney, creditClient, settle, settlementInput } from '../../support/settlements.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';

/**
 * The statement of account on random histories (issue 15): whatever a client buys on credit or in
 * cash, brings back (avoirs), pays (settlements, more than owed → an advance) or pays with their
 * advance, in whatever order and on whatever dates, the statement's closing balance is the
 * client's balance, which is invoices − settlements − avoirs (what was not refunded) −
 * cancellations (a settlement or a sale cancelled, dated the day of the cancellation), and a
 * statement cut in two at any date opens the second part where the first one closed.
 */

type Step =
  | { kind: 'credit'; day: number; amount: number }
  | { kind: 'cash'; day: number; amount: number }
  | { kind: 'counterReturn'; day: number; price: number; sold: number; returned: number }
  | { kind: 'payment'; day: number; amount: number; method: 'especes' | 'cheque' }
  | { kind: 'advance'; day: number; share: number }
  | { kind: 'cancelSettlement'; day: number; pick: number }
  | { kind: 'cancelSale'; day: number; pick: number };

const day = fc.integer({ min: 0, max: 300 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('credit' as const), day, amount: fc.integer({ min: 1, max: 500_000 }) }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('cash' as const), day, amount: fc.integer({ min: 1, max: 200_000 }) }),
    weight: 1,
  },
  {
    arbitrary: fc
      .record({
        kind: fc.constant('counterReturn' as const),
        day,
        price: fc.integer({ min: 1, max: 50_000 }),
        sold: fc.integer({ min: 1, max: 5 }),
        returned: fc.integer({ min: 1, max: 5 }),
      })
      .map((s) => ({ ...s, returned: Math.min(s.returned, s.sold) })),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('payment' as const),
      day,
      amount: fc.integer({ min: 1, max: 600_000 }),
      method: fc.constantFrom('especes' as const, 'cheque' as const),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('advance' as const), day, share: fc.integer({ min: 1, max: 100 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('cancelSettlement' as const), day, pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancelSale' as const), day, pick: fc.nat() }), weight: 1 },
);

describe.each(testDatabases())('statement of account on random histories (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let start: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    await makeTreasuryAccount(t.db, 'banque');
    const today = await companyToday(t.db);
    start = addDays(today, -300);
  });
  afterAll(() => t.close());

  it('closes on clients.balance = invoices − settlements − avoirs, and opens each period where the last one closed', async () => {
    const actor = await adminActor(t.db);
    const seen = { cancelledSales: 0, cancelledSettlements: 0, advancesSpent: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 300 }),
        async (steps, cut) => {
          const client = await creditClient(t.db);
          const product = await makeProduct(t.db, { category_id: f.category, retail_price: 1 });
          await giveStock(t.db, product, f.depot, 100, 1);
          await giveStock(t.db, product, f.shop, 100, 1);
          // In date order, as they would happen (a settlement is never dated before today's work is done).
          const ordered = [...steps].sort((a, b) => a.day - b.day);
          // The model: invoices − paid at the sale − settlements − avoirs − cancellations.
          let invoiced = 0;
          let paidAtSale = 0;
          let settled = 0;
          let avoirs = 0;
          let cancellations = 0;
          const sales: number[] = [];
          const settlements: number[] = [];
          const reason = 'Erreur de saisie';
          for (const s of ordered) {
            const date = addDays(start, s.day);
            if (s.kind === 'credit') {
              sales.push(
                (
                  await sell(
                    t.db,
                    saleInput({
                      kind: 'invoice',
                      clientId: client,
                      locationId: f.depot,
                      saleDate: date,
                      paymentMode: 'credit',
                      dueDate: date,
                      lines: [line(product, 1, { unitPrice: s.amount })],
                    }),
                    ALL_RIGHTS,
                  )
                ).id,
              );
              invoiced += s.amount;
            } else if (s.kind === 'cash') {
              sales.push(
                (
                  await sell(
                    t.db,
                    saleInput({
                      kind: 'invoice',
                      clientId: client,
                      locationId: f.depot,
                      saleDate: date,
                      lines: [line(product, 1, { unitPrice: s.amount })],
                      payments: [cashPayment(s.amount)],
                    }),
                    ALL_RIGHTS,
                  )
                ).id,
              );
              invoiced += s.amount;
              paidAtSale += s.amount;
            } else if (s.kind === 'counterReturn') {
              const sale = await sell(
                t.db,
                saleInput({
                  kind: 'counter',
                  clientId: client,
                  locationId: f.shop,
                  saleDate: date,
                  lines: [line(product, s.sold, { unitPrice: s.price })],
                  payments: [cashPayment(s.price * s.sold)],
                }),
                ALL_RIGHTS,
              );
              sales.push(sale.id);
              invoiced += s.price * s.sold;
              paidAtSale += s.price * s.sold;
              const saleLine = (await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!;
              const note = await createCreditNote(
                t.db,
                {
                  idempotencyKey: idempotencyKey(),
                  saleId: sale.id,
                  reason: 'Retour client',
                  version: 1,
                  lines: [{ saleLineId: Number(saleLine.id), quantity: s.returned }],
                },
                actor,
              );
              // Refunded in cash as it is credited: the avoir nets to nothing on what the client owes.
              avoirs += note.total - note.total;
            } else if (s.kind === 'payment') {
              // Oldest invoices first, computed under the client's lock; more than what is owed → an advance.
              settlements.push(
                (
                  await settle(
                    t.db,
                    settlementInput({
                      clientId: client,
                      settlementDate: date,
                      amount: s.amount,
                      method: s.method,
                      reference: s.method === 'cheque' ? `CHQ${s.day}-${settlements.length}` : '',
                      chequeDate: s.method === 'cheque' ? date : null,
                      allocationMode: 'oldest',
                      allocations: null,
                    }),
                  )
                ).id,
              );
              settled += s.amount;
            } else if (s.kind === 'cancelSettlement') {
              const id = settlements[s.pick % Math.max(1, settlements.length)];
              const row = id
                ? await t.db('settlements').where({ id }).first('status', 'version', 'source', 'amount')
                : null;
              if (!row || row.status !== 'validated') continue;
              // Refused when the advance it left was spent since: the history stays as it was.
              const done = await cancelSettlement(t.db, id, { reason, version: Number(row.version) }, actor).then(
                () => true,
                (e) => (e instanceof Refusal ? false : Promise.reject(e)),
              );
              if (done && row.source === 'payment') settled -= Number(row.amount);
              if (done) seen.cancelledSettlements++;
            } else if (s.kind === 'cancelSale') {
              const id = sales[s.pick % Math.max(1, sales.length)];
              const row = id
                ? await t
                    .db('sales')
                    .where({ id })
                    .first('status', 'version', 'total_ttc', 'amount_credited', 'payment_mode')
                : null;
              if (!row || row.status !== 'validated') continue;
              // Refused while settlements are allocated to it.
              const done = await cancelSale(t.db, id, { reason, version: Number(row.version) }, actor).then(
                () => true,
                (e) => (e instanceof Refusal ? false : Promise.reject(e)),
              );
              // What it still charged goes; a sale paid at the counter gives back what was paid less what was refunded.
              const charged = Number(row.total_ttc) - Number(row.amount_credited);
              if (done) cancellations += charged - (row.payment_mode === 'cash' ? charged : 0);
              if (done) seen.cancelledSales++;
            } else {
              const { advance } = await clientMoney(t.db, client);
              const owed = await t
                .db('sales')
                .where({ client_id: client, status: 'validated' })
                .sum({ n: t.db.raw('total_ttc - amount_paid - amount_credited') })
                .first();
              const amount = Math.min(
                advance,
                Math.max(0, Number(owed?.n ?? 0)),
                Math.max(1, Math.floor((advance * s.share) / 100)),
              );
              if (amount > 0) {
                settlements.push(
                  (
                    await settle(
                      t.db,
                      settlementInput({
                        clientId: client,
                        settlementDate: date,
                        amount,
                        source: 'advance',
                        method: null,
                        allocationMode: 'oldest',
                        allocations: null,
                      }),
                    )
                  ).id,
                );
                seen.advancesSpent++;
              }
            }
          }
          const { balance } = await clientMoney(t.db, client);
          const whole = await clientStatement(t.db, client, { from: start, to: addDays(start, 400) });
          expect(whole.totals.opening).toBe(0);
          expect(whole.totals.closing).toBe(balance);
          expect(balance).toBe(invoiced - paidAtSale - settled - avoirs - cancellations);
          expect(whole.lines.at(-1)?.balance ?? 0).toBe(balance);
          // Every line's running balance is the one before it plus its debit minus its credit.
          whole.lines.forEach((l, i) =>
            expect(l.balance).toBe((i ? whole.lines[i - 1].balance : 0) + l.debit - l.credit),
          );
          // Cut at any date: the second part opens where the first closed, and ends on the balance.
          const cutDate = addDays(start, cut);
          const first = await clientStatement(t.db, client, { from: start, to: addDays(cutDate, -1) });
          const second = await clientStatement(t.db, client, { from: cutDate, to: addDays(start, 400) });
          expect(second.totals.opening).toBe(first.totals.closing);
          expect(second.totals.closing).toBe(balance);
          expect(first.lines.length + second.lines.length).toBe(whole.lines.length);
          // …and the balance is Σ what remains on the client's sales − their advance (a sale paid and
          // then credited and refunded owes nothing: its remaining counts as zero, never below).
          const live = await t
            .db('sales')
            .where({ client_id: client, status: 'validated' })
            .select('total_ttc', 'amount_paid', 'amount_credited');
          const remaining = live.reduce(
            (sum, r) => sum + Math.max(0, Number(r.total_ttc) - Number(r.amount_paid) - Number(r.amount_credited)),
            0,
          );
          expect(balance).toBe(remaining - (await clientMoney(t.db, client)).advance);
        },
      ),
      {
        numRuns: kind === 'sqlite' ? 50 : 25,
        // Besides the random histories, one that surely holds an advance spent, a cancelled settlement and a cancelled sale.
        examples: [
          [
            [
              { kind: 'credit', day: 0, amount: 100_000 },
              { kind: 'payment', day: 5, amount: 150_000, method: 'especes' },
              { kind: 'credit', day: 10, amount: 40_000 },
              { kind: 'advance', day: 12, share: 100 },
              { kind: 'payment', day: 20, amount: 10_000, method: 'cheque' },
              { kind: 'cancelSettlement', day: 21, pick: 2 },
              { kind: 'credit', day: 25, amount: 30_000 },
              { kind: 'cancelSale', day: 26, pick: 2 },
              { kind: 'counterReturn', day: 27, price: 2_000, sold: 3, returned: 1 },
              { kind: 'cancelSale', day: 28, pick: 3 },
            ],
            150,
          ],
        ],
      },
    );
    // The histories did hold what the property speaks of.
    expect(Math.min(seen.cancelledSales, seen.cancelledSettlements, seen.advancesSpent)).toBeGreaterThan(0);
    await expectCashConsistent(t.db);
  }, 600_000);
});
