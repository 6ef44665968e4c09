import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedBase } from '../../../server/services/setup/first-start.js';
import { ean13, ean13CheckDigit, isValidEan13 } from '../../../database/seeds/demo/ean13.js';
import { DEMO_SCALES, generateDemoData } from '../../../database/seeds/demo/generate.js';
import { Random } from '../../../database/seeds/demo/random.js';
import { DemoDataExistsError, seedDemo } from '../../../database/seeds/demo/seed.js';
import { checkCash } from '../../../server/services/treasury/check-cash.js';
import { verifyMoneyChains } from '../../../server/services/treasury/ledger.js';
import { cmupAfterReceipt } from '../../../server/domain/stock/cmup.js';
import { businessDate } from '../../../server/domain/dates.js';
import { clientStatement } from '../../../server/services/receivables/statement.js';
import { checkStock } from '../../../server/services/stock/check-stock.js';
import { createStockEntry } from '../../../server/services/stock/entries.js';
import { type TestDatabase, freshDatabase, testDatabases } from '../../support/databases.js';
import { companyTimeZone } from '../../../server/services/company/get-company.js';
import { historyStart, shiftDate } from '../../../database/seeds/demo/stock-history.js';
import { countTotal } from '../../../shared/cash-closings.js';
import { EVERY_PLACE } from '../../../server/policies/places.js';
import { createCashOperation } from '../../../server/services/cash/operations.js';
import { checkJournals } from '../../../server/services/integrity/check-journals.js';
import { closingFigures } from '../../../server/services/cash-closings/cash-closings.js';
import { postMoneyMovements } from '../../../server/services/treasury/ledger.js';
import { Refusal } from '../../../server/domain/errors.js';
import { schemaObjects } from '../../../server/db/inspect.js';

describe('demo data generation', () => {
  it('computes EAN-13 check digits', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('978020137962')).toBe(4);
    expect(ean13('590123412345')).toBe('5901234123457');
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5901234123458')).toBe(false);
    expect(() => ean13CheckDigit('12345')).toThrow(RangeError);
  });

  it('draws the same numbers from the same seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('gives identical data for the same seed and different data for another', () => {
    const one = generateDemoData('small', 7);
    expect(generateDemoData('small', 7)).toEqual(one);
    expect(generateDemoData('small', 8)).not.toEqual(one);
  });

  it.each(Object.entries(DEMO_SCALES))(
    'has the counts of the %s scale, unique codes and barcodes, valid prices',
    (scale, size) => {
      const d = generateDemoData(scale as keyof typeof DEMO_SCALES);
      expect([d.categories.length, d.products.length, d.clients.length, d.suppliers.length]).toEqual([
        size.categories,
        size.products,
        size.clients,
        size.suppliers,
      ]);
      for (const list of [d.categories, d.products, d.clients, d.suppliers])
        expect(new Set(list.map((r) => r.code)).size).toBe(list.length);
      expect(new Set(d.categories.map((c) => c.name)).size).toBe(d.categories.length);
      const barcodes = d.products.flatMap((p) => (p.barcode ? [p.barcode] : []));
      expect(barcodes.length).toBeGreaterThan(d.products.length * 0.85);
      expect(new Set(barcodes).size).toBe(barcodes.length);
      expect(barcodes.every(isValidEan13)).toBe(true);
      for (const p of d.products) {
        for (const v of [p.purchase_price, p.retail_price, p.wholesale_price, p.min_price, p.pack_size])
          expect(Number.isSafeInteger(v) && v > 0).toBe(true);
        expect(p.min_price).toBeLessThanOrEqual(p.wholesale_price);
        expect(p.wholesale_price).toBeLessThanOrEqual(p.retail_price);
        expect(p.purchase_price).toBeLessThanOrEqual(p.wholesale_price);
        expect(p.name.length).toBeLessThanOrEqual(160);
      }
      // Every category is used and the names sound local.
      expect(new Set(d.products.map((p) => p.category)).size).toBe(size.categories);
      expect(d.clients.some((c) => /KONÉ|TRAORÉ|DIALLO|OUATTARA|COULIBALY/.test(c.name))).toBe(true);
      expect(d.clients.every((c) => /^\+22[1-9] [\d ]+$/.test(c.phone))).toBe(true);
    },
  );
});

const volatile = new Set(['created_at', 'updated_at', 'snapshot_at', 'validated_at']);
async function dump(db: TestDatabase['db']) {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of [
    ['categories', 'code'],
    ['products', 'code'],
    ['clients', 'code'],
    ['suppliers', 'code'],
    ['stock_levels', ['product_id', 'location_id']],
    ['stock_entries', 'number'],
    ['transfers', 'number'],
    ['inventory_counts', 'number'],
    ['stock_adjustments', 'number'],
  ] as const) {
    const rows = await db(table).orderBy(
      Array.isArray(order) ? order.map((c) => ({ column: c })) : [{ column: order }],
    );
    out[table] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !volatile.has(k))));
  }
  return out;
}

describe.each(testDatabases())('seed:demo into a database (%s)', (kind) => {
  let a: TestDatabase;
  let b: TestDatabase;
  let ra: Awaited<ReturnType<typeof seedDemo>>;
  let rb: Awaited<ReturnType<typeof seedDemo>>;
  // Two databases seeded the same way, which both tests look at (they run in any order).
  beforeAll(async () => {
    [a, b] = await Promise.all([freshDatabase(kind), freshDatabase(kind)]);
    for (const d of [a, b]) await seedBase(d.db, { email: 'admin@test.local', password: 'Admin-Secret-123' });
    ra = await seedDemo(a.db, { scale: 'small' });
    rb = await seedDemo(b.db, { scale: 'small' });
  }, 120_000);
  afterAll(async () => {
    await a.drop();
    await b.drop();
  });

  it(
    'writes the small scale with opening stock through real entries and a stock history, the same in two runs',
    { timeout: 60_000 },
    async () => {
      expect(ra).toEqual(rb);
      expect(ra).toMatchObject({ categories: 15, products: 300, clients: 50, suppliers: 20 });
      const count = async (table: string) => Number((await a.db(table).count({ n: '*' }).first())!.n);
      expect(await count('categories')).toBe(15);
      expect(await count('products')).toBe(300);
      expect(await count('clients')).toBe(51); // with the built-in CLIENT COMPTANT
      expect(await count('suppliers')).toBe(20);
      expect(await count('stock_movements')).toBe(ra.movements + ra.history.movements);
      expect(await count('stock_entries')).toBe(ra.entries + ra.history.entries);
      expect(ra.entries).toBeGreaterThanOrEqual(2); // one per location at least
      expect(ra.history).toMatchObject({ entries: expect.any(Number), transfers: expect.any(Number) });
      expect(
        Math.min(ra.history.entries, ra.history.transfers, ra.history.counts, ra.history.readjustments),
      ).toBeGreaterThan(0);
      expect(ra.history.movements).toBeGreaterThan(2000);
      // Both runs wrote the same rows (before anything else is added to a below).
      expect(await dump(b.db)).toEqual(await dump(a.db));

      // Each shop has its own alert thresholds (a fifth of the product's where it carries the product, none elsewhere).
      const shopIds = (await a.db('locations').where({ kind: 'boutique' }).pluck('id')).map(Number);
      const unset = await a
        .db('stock_levels as sl')
        .join('products as p', 'p.id', 'sl.product_id')
        .whereIn('sl.location_id', shopIds)
        .where('p.alert_threshold', '>', 0)
        .whereNull('sl.alert_threshold')
        .count({ n: '*' })
        .first();
      expect(Number(unset!.n)).toBe(0);
      expect(
        Number(
          (await a
            .db('stock_levels')
            .whereIn('location_id', shopIds)
            .where('alert_threshold', '>', 0)
            .count({ n: '*' })
            .first())!.n,
        ),
      ).toBeGreaterThan(50);

      // Ledger and levels agree, and no pair ever went below zero along the way.
      const report = await checkStock(a.db);
      expect(report.differences).toEqual([]);
      const dips = await a.db
        .from(
          a
            .db('stock_movements')
            .select(a.db.raw('SUM(quantity) OVER (PARTITION BY product_id, location_id ORDER BY id) AS running'))
            .as('r'),
        )
        .where('running', '<', 0)
        .count({ n: '*' })
        .first();
      expect(Number(dips!.n)).toBe(0);

      // Everything happened before today, in order: openings first, receptions after sendings.
      const today = businessDate(await companyTimeZone(a.db));
      const span = await a.db('stock_movements').min({ first: 'business_date' }).max({ last: 'business_date' }).first();
      expect(span!.last < today).toBe(true);
      const openings = await a
        .db('stock_entries')
        .where('supplier_ref', 'like', 'STOCK-INITIAL-%')
        .max({ d: 'entry_date' })
        .first();
      expect(openings!.d).toBe(span!.first);
      expect(await a.db('transfers').whereRaw('received_date < transfer_date').first('id')).toBeUndefined();
      expect((await a.db('transfers').select('status').groupBy('status')).map((r) => r.status).sort()).toEqual(
        expect.arrayContaining(['received', 'sent']),
      );

      // The CMUP history is one unbroken chain per product, each step computed by the domain rule,
      // ending at the product's CMUP.
      const steps = await a.db('cmup_history').orderBy('id');
      const last = new Map<number, number>();
      for (const h of steps) {
        const id = Number(h.product_id);
        if (last.has(id)) expect([id, Number(h.old_cmup)]).toEqual([id, last.get(id)]);
        expect(
          cmupAfterReceipt({
            quantityOnHand: Number(h.quantity_before),
            cmup: Number(h.old_cmup),
            quantity: Number(h.quantity),
            unitCost: Number(h.unit_cost),
          }),
        ).toBe(Number(h.new_cmup));
        last.set(id, Number(h.new_cmup));
      }
      expect(last.size).toBeGreaterThan(100);
      for (const p of await a
        .db('products')
        .whereIn('id', [...last.keys()])
        .select('id', 'cmup'))
        expect([p.id, Number(p.cmup)]).toEqual([p.id, last.get(Number(p.id))]);

      // Gap-free numbers: each counter equals the number of documents of its series and year.
      const numbers = [
        ...(await a.db('stock_entries').pluck('number')),
        ...(await a.db('transfers').pluck('number')),
        ...(await a.db('inventory_counts').whereNotNull('number').pluck('number')),
        ...(await a.db('stock_adjustments').pluck('number')),
        ...(await a.db('sales').pluck('number')),
        ...(await a.db('settlements').pluck('number')),
        ...(await a.db('cash_operations').pluck('number')),
      ] as string[];
      const perCounter = new Map<string, number[]>();
      for (const n of numbers) {
        const [series, year, seq] = n.split('-');
        perCounter.set(`${series}:${year}`, [...(perCounter.get(`${series}:${year}`) ?? []), Number(seq)]);
      }
      for (const c of await a.db('document_counters').select('series', 'year', 'last_number')) {
        const seqs = (perCounter.get(`${c.series}:${c.year}`) ?? []).sort((x, y) => x - y);
        expect([c.series, c.year, seqs]).toEqual([
          c.series,
          c.year,
          Array.from({ length: Number(c.last_number) }, (_, i) => i + 1),
        ]);
      }
      expect(perCounter.size).toBe(await count('document_counters'));

      // A real entry validated after the seed continues the series of its year.
      const admin = await a.db('users').orderBy('id').first('id', 'name');
      const year = Number(today.slice(0, 4));
      const lastEnt = Number(
        (await a.db('document_counters').where({ series: 'ENT', year }).first('last_number'))?.last_number ?? 0,
      );
      const product = await a.db('products').orderBy('id').first('id');
      const created = await createStockEntry(
        a.db,
        {
          idempotencyKey: 'after-seed',
          supplierId: Number((await a.db('suppliers').first('id'))!.id),
          locationId: 1,
          entryDate: today,
          supplierRef: '',
          note: '',
          lines: [{ productId: Number(product!.id), unit: 'unit', quantity: 3, unitCost: 100 }],
        },
        { id: Number(admin!.id), name: admin!.name, ip: null },
      );
      expect(created.number).toBe(`ENT-${year}-${String(lastEnt + 1).padStart(6, '0')}`);
      expect((await checkStock(a.db)).differences).toEqual([]);
      // Suppliers are owed their entries less what the cash life paid them (allocated to those entries).
      const owed = await a.db('suppliers').sum({ s: 'balance' }).first();
      const entered = await a.db('stock_entries').sum({ s: 'total_amount' }).first();
      const paid = await a.db('stock_entries').sum({ s: 'amount_paid' }).first();
      expect(Number(paid!.s)).toBeGreaterThan(0);
      expect(Number(owed!.s)).toBe(Number(entered!.s) - Number(paid!.s));

      // Somewhere for non-cash payments: the company's bank account, with its opening balance in the ledger, and a wallet per operator.
      expect(ra.treasuryAccounts).toBe(5);
      const accounts = await a
        .db('treasury_accounts')
        .whereIn('kind', ['banque', 'mobile_money'])
        .orderBy('code')
        .select('code', 'name', 'kind', 'operator', 'balance', 'active');
      expect(accounts.map((x) => [x.code, x.name, x.kind, x.operator])).toEqual([
        ['BQ01', 'SGBCI Compte courant', 'banque', null],
        ['MM01', 'Orange Money Boutique', 'mobile_money', 'orange_money'],
        ['MM02', 'Wave Boutique', 'mobile_money', 'wave'],
        ['MM03', 'MTN MoMo Boutique', 'mobile_money', 'mtn_momo'],
        ['MM04', 'Moov Money Boutique', 'mobile_money', 'moov_money'],
      ]);
      expect(
        Number(
          (await a
            .db('money_movements')
            .where({
              account_id: (await a.db('treasury_accounts').where({ code: 'BQ01' }).first('id'))!.id,
              movement_type: 'opening',
            })
            .first('amount'))!.amount,
        ),
      ).toBe(2_500_000);
      expect((await checkCash(a.db)).differences).toEqual([]);
      expect(await verifyMoneyChains(a.db)).toEqual([]);

      // A year (here three months) of sales: counter sales at the shop, invoices from the depot, some on credit.
      expect(ra.history.sales.counterSales).toBeGreaterThan(500);
      expect(ra.history.sales.invoices).toBeGreaterThan(100);
      expect(await count('sales')).toBe(ra.history.sales.counterSales + ra.history.sales.invoices);
      expect(await count('sale_lines')).toBe(ra.history.sales.lines);
      expect(
        Number((await a.db('stock_movements').where({ movement_type: 'sale' }).count({ n: '*' }).first())!.n),
      ).toBe(ra.history.sales.lines);
      // What each sale took out is what its lines say, and each paid sale's payments add up to its total.
      const mismatched = await a
        .db('sales as s')
        .join(a.db('sale_lines').groupBy('sale_id').select('sale_id').sum({ net: 'net' }).as('l'), 'l.sale_id', 's.id')
        .whereRaw('l.net <> s.total_ttc')
        .count({ n: '*' })
        .first();
      expect(Number(mismatched!.n)).toBe(0);
      const unpaid = await a
        .db('sales as s')
        .where('s.payment_mode', 'cash')
        .whereRaw('s.total_ttc <> (SELECT COALESCE(SUM(p.amount), 0) FROM sale_payments p WHERE p.sale_id = s.id)')
        .count({ n: '*' })
        .first();
      expect(Number(unpaid!.n)).toBe(0);
      // Clients owe exactly their credit invoices less what their settlements brought; counter sales are all cash.
      const owedByClients = await a.db('clients').sum({ s: 'balance' }).first();
      const onCredit = await a.db('sales').where({ payment_mode: 'credit' }).sum({ s: 'total_ttc' }).first();
      const received = await a.db('settlements').where({ source: 'payment' }).sum({ s: 'amount' }).first();
      expect(Number(owedByClients!.s)).toBe(Number(onCredit!.s) - Number(received!.s));
      expect(Number(onCredit!.s)).toBeGreaterThan(0);
      // Settlements (REG-): counted, each allocated what its allocations say, the rest an advance; each
      // invoice paid what was allocated to it; each client's balance = Σ remaining − advance, which is
      // also the closing balance of their statement of account.
      expect(ra.history.sales.settlements).toBeGreaterThan(100);
      expect(await count('settlements')).toBe(ra.history.sales.settlements);
      expect(await count('settlement_allocations')).toBe(ra.history.sales.allocations);
      expect(await a.db('settlements').where({ source: 'advance' }).first('id')).toBeTruthy();
      expect(Number((await a.db('clients').sum({ s: 'advance' }).first())!.s)).toBeGreaterThan(0);
      const allocations = a
        .db('settlement_allocations')
        .groupBy('settlement_id')
        .select('settlement_id')
        .sum({ a: 'amount' })
        .as('al');
      const badSettlements = await a
        .db('settlements as st')
        .leftJoin(allocations, 'al.settlement_id', 'st.id')
        .whereRaw('COALESCE(al.a, 0) <> st.allocated OR st.amount - st.allocated <> st.advance')
        .count({ n: '*' })
        .first();
      expect(Number(badSettlements!.n)).toBe(0);
      const byInvoice = a
        .db('settlement_allocations')
        .groupBy('sale_id')
        .select('sale_id')
        .sum({ a: 'amount' })
        .as('al');
      const badInvoices = await a
        .db('sales as s')
        .where('s.payment_mode', 'credit')
        .leftJoin(byInvoice, 'al.sale_id', 's.id')
        .whereRaw('COALESCE(al.a, 0) <> s.amount_paid OR s.amount_paid > s.total_ttc')
        .count({ n: '*' })
        .first();
      expect(Number(badInvoices!.n)).toBe(0);
      // Each invoice's last settlement date (État des créances at a past date) is its latest allocation's.
      const lastByInvoice = a
        .db('settlement_allocations as x')
        .join('settlements as y', 'y.id', 'x.settlement_id')
        .groupBy('x.sale_id')
        .select('x.sale_id')
        .max({ d: 'y.settlement_date' })
        .as('ld');
      const badLast = await a
        .db('sales as s')
        .leftJoin(lastByInvoice, 'ld.sale_id', 's.id')
        .whereRaw('COALESCE(ld.d, ?) <> COALESCE(s.last_settlement_date, ?)', ['-', '-'])
        .count({ n: '*' })
        .first();
      expect(Number(badLast!.n)).toBe(0);
      expect(await a.db('sales').whereNotNull('last_settlement_date').first('id')).toBeTruthy();
      const remaining = a
        .db('sales')
        .where({ status: 'validated' })
        .groupBy('client_id')
        .select('client_id')
        .sum({ r: a.db.raw('total_ttc - amount_paid - amount_credited') })
        .as('rem');
      const badClients = await a
        .db('clients as c')
        .leftJoin(remaining, 'rem.client_id', 'c.id')
        .whereRaw('COALESCE(rem.r, 0) - c.advance <> c.balance')
        .count({ n: '*' })
        .first();
      expect(Number(badClients!.n)).toBe(0);
      // A settlement comes after the invoices it pays (its date and time): so the running balance of a
      // client who never paid more than owed never goes below zero along their statement.
      const paidBefore = await a
        .db('settlement_allocations as x')
        .join('settlements as st', 'st.id', 'x.settlement_id')
        .join('sales as s', 's.id', 'x.sale_id')
        .whereRaw(
          'st.settlement_date < s.sale_date OR (st.settlement_date = s.sale_date AND st.created_at <= s.created_at)',
        )
        .count({ n: '*' })
        .first();
      expect(Number(paidBefore!.n)).toBe(0);
      const heldAdvance = new Set(
        (await a.db('settlements').where('advance', '>', 0).orWhere({ source: 'advance' }).distinct('client_id')).map(
          (r) => Number(r.client_id),
        ),
      );
      let followed = 0;
      for (const c of await a.db('clients').where({ is_walk_in: false }).select('id', 'balance')) {
        const statement = await clientStatement(a.db, Number(c.id), { from: '2000-01-01', to: '2099-12-31' });
        expect(statement.totals.closing).toBe(Number(c.balance));
        if (heldAdvance.has(Number(c.id)) || statement.lines.length === 0) continue;
        followed++;
        const below = statement.lines.find((l) => l.balance < 0);
        expect(below ? [c.id, below.date, below.number, below.balance] : null).toBeNull();
      }
      expect(followed).toBeGreaterThan(10);
      expect(
        await a.db('mobile_money_references').where({ document_type: 'settlement' }).first('reference'),
      ).toBeTruthy();
      expect(await a.db('sales').where({ kind: 'counter', payment_mode: 'credit' }).first('id')).toBeUndefined();
      expect(await a.db('sale_payments').where({ method: 'mobile_money' }).first('id')).toBeTruthy();
    },
  );

  it(
    'adds the cash life: CAI- operations of every kind, supplier payments oldest first, a closing of every desk every open day',
    { timeout: 60_000 },
    async () => {
      const cash = ra.history.cash;
      for (const n of [
        cash.expenses,
        cash.cashIns,
        cash.transfers,
        cash.deposits,
        cash.withdrawals,
        cash.supplierPayments,
        cash.mobileMoney,
        cash.differences,
      ])
        expect(n).toBeGreaterThan(0);
      const ops = await a.db('cash_operations').select('*');
      expect(ops.length).toBe(cash.operations);
      const kinds = new Set(ops.map((o) => o.kind));
      expect([...kinds].sort()).toEqual([
        'bank_deposit',
        'bank_withdrawal',
        'cash_in',
        'expense',
        'mobile_money',
        'supplier_payment',
        'transfer',
      ]);
      // Expenses spread over the managed categories; deposits and withdrawals carry their slip or cheque number.
      expect(
        new Set(ops.filter((o) => o.kind === 'expense').map((o) => o.expense_category_id)).size,
      ).toBeGreaterThanOrEqual(5);
      expect(
        ops
          .filter((o) => ['bank_deposit', 'bank_withdrawal', 'mobile_money'].includes(o.kind))
          .every((o) => o.reference !== ''),
      ).toBe(true);
      // Transfers: sent, received the next open day; the last day's one or two still in transit.
      const today = businessDate(await companyTimeZone(a.db));
      const transfers = ops.filter((o) => o.kind === 'transfer');
      const inTransit = transfers.filter((o) => o.status === 'in_transit');
      expect(inTransit.length).toBe(cash.inTransit);
      expect(inTransit.length).toBeGreaterThanOrEqual(1);
      expect(inTransit.length).toBeLessThanOrEqual(2);
      const lastDay = inTransit[0].operation_date;
      expect(lastDay < today).toBe(true);
      for (const t of transfers.filter((o) => o.status !== 'in_transit'))
        expect([t.status, t.received_on! > t.operation_date]).toEqual(['received', true]);
      // Each operation's movements: out of the paying account, into the receiving one (a transfer's once received).
      const moved = await a
        .db('money_movements')
        .where({ document_type: 'cash_operation' })
        .groupBy('document_id')
        .select<(string | Knex.Raw)[], { document_id: number; out_total: number; in_total: number }[]>(
          'document_id',
          a.db.raw('SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS out_total'),
          a.db.raw('SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS in_total'),
        );
      const byOp = new Map(
        moved.map((m) => [Number(m.document_id), { out: Number(m.out_total), in: Number(m.in_total) }]),
      );
      for (const o of ops) {
        const m = byOp.get(Number(o.id))!;
        const amount = Number(o.amount);
        expect([o.number, m.out]).toEqual([o.number, o.from_account_id ? amount : 0]);
        expect([o.number, m.in]).toEqual([o.number, o.to_account_id && o.status !== 'in_transit' ? amount : 0]);
      }

      // Supplier payments allocated to each supplier's entries oldest first: Σ allocations = amount_paid,
      // and no entry is paid while an older one of the same supplier is still owed.
      const payments = ops.filter((o) => o.kind === 'supplier_payment');
      const allocated = (await a
        .db('supplier_payment_allocations')
        .groupBy('cash_operation_id')
        .select('cash_operation_id')
        .sum({ s: 'amount' })) as unknown as Array<{ cash_operation_id: number; s: number | string }>;
      const allocatedBy = new Map(allocated.map((r) => [Number(r.cash_operation_id), Number(r.s)]));
      for (const p of payments)
        expect([p.number, allocatedBy.get(Number(p.id)), Number(p.allocated)]).toEqual([
          p.number,
          Number(p.amount),
          Number(p.amount),
        ]);
      const badEntries = await a
        .db('stock_entries as e')
        .whereRaw(
          'e.amount_paid <> (SELECT COALESCE(SUM(x.amount), 0) FROM supplier_payment_allocations x WHERE x.stock_entry_id = e.id AND x.cancelled_at IS NULL) OR e.amount_paid > e.total_amount',
        )
        .count({ n: '*' })
        .first();
      expect(Number(badEntries!.n)).toBe(0);
      const entries = await a
        .db('stock_entries')
        .where({ status: 'validated' })
        .orderBy(['supplier_id', 'entry_date', 'id'])
        .select('supplier_id', 'total_amount', 'amount_paid');
      const stillOwed = new Set<number>();
      for (const e of entries) {
        if (Number(e.amount_paid) > 0)
          expect([e.supplier_id, stillOwed.has(Number(e.supplier_id))]).toEqual([e.supplier_id, false]);
        if (Number(e.amount_paid) < Number(e.total_amount)) stillOwed.add(Number(e.supplier_id));
      }
      const badSuppliers = await a
        .db('suppliers as s')
        .whereRaw(
          "s.balance <> (SELECT COALESCE(SUM(e.total_amount - e.amount_paid), 0) FROM stock_entries e WHERE e.supplier_id = s.id AND e.status = 'validated')",
        )
        .count({ n: '*' })
        .first();
      expect(Number(badSuppliers!.n)).toBe(0);

      // A closing of every desk on every open day of the history (Sundays are closed), written after the
      // day's last movement: each one is exactly what the closing screen computes from the ledger
      // (its écart posted on the day, so the recomputed expected amount is what was counted).
      const desks = await a
        .db('treasury_accounts as t')
        .leftJoin('locations as l', 'l.id', 't.location_id')
        .where('t.kind', 'caisse')
        .select('t.id', 't.code', 't.name', 't.location_id', 'l.name as location_name');
      const openDays: string[] = [];
      for (let d = shiftDate(historyStart('small', today), 1); d < today; d = shiftDate(d, 1))
        if (new Date(`${d}T12:00:00Z`).getUTCDay() !== 0) openDays.push(d);
      const closings = await a.db('cash_closings').orderBy('id').select('*');
      expect(closings.length).toBe(cash.closings);
      for (const desk of desks)
        expect(
          closings
            .filter((c) => Number(c.account_id) === Number(desk.id))
            .map((c) => c.closing_date)
            .sort(),
        ).toEqual(openDays);
      let differences = 0;
      for (const c of closings) {
        const desk = desks.find((d) => Number(d.id) === Number(c.account_id))!;
        const figures = await closingFigures(
          a.db,
          {
            id: Number(desk.id),
            code: desk.code,
            name: desk.name,
            location_id: Number(desk.location_id),
            location_name: desk.location_name,
            active: true,
          },
          c.closing_date,
        );
        const difference = Number(c.difference);
        const summary = JSON.parse(c.summary);
        const label = `${desk.code} ${c.closing_date}`;
        expect([
          label,
          c.status,
          figures.opening_balance,
          figures.expected,
          Number(c.counted),
          Number(c.counted) - Number(c.expected),
        ]).toEqual([
          label,
          'closed',
          Number(c.opening_balance),
          Number(c.counted),
          countTotal(JSON.parse(c.denominations), 'XOF'),
          difference,
        ]);
        expect([label, figures.movement_count - (difference ? 1 : 0)]).toEqual([label, Number(c.movement_count)]);
        expect([label, figures.by_type.filter((t) => t.movement_type !== 'closing_difference')]).toEqual([
          label,
          summary.by_type,
        ]);
        const byKey = (list: Array<{ method: string; account_id: number }>) =>
          [...list].sort((x, y) => `${x.method}|${x.account_id}`.localeCompare(`${y.method}|${y.account_id}`));
        expect([label, byKey(figures.non_cash)]).toEqual([label, byKey(summary.non_cash)]);
        if (difference !== 0) {
          differences++;
          expect(c.reason).not.toBe('');
          const posted = (await a
            .db('money_movements')
            .where({ document_type: 'cash_closing', document_id: c.id })
            .first('amount', 'business_date', 'movement_type'))!;
          expect([Number(posted.amount), posted.business_date, posted.movement_type]).toEqual([
            difference,
            c.closing_date,
            'closing_difference',
          ]);
        }
      }
      expect(differences).toBe(cash.differences);
      // Not a desk or a wallet below zero at any point: every balance_after of theirs is ≥ 0.
      const negative = await a
        .db('money_movements as m')
        .join('treasury_accounts as t', 't.id', 'm.account_id')
        .whereNot('t.kind', 'banque')
        .where('m.balance_after', '<', 0)
        .count({ n: '*' })
        .first();
      expect(Number(negative!.n)).toBe(0);

      // Balances, chains and every journal intact (npm run check:cash, check:journal).
      expect((await checkCash(a.db)).differences).toEqual([]);
      expect(await verifyMoneyChains(a.db)).toEqual([]);
      expect((await checkJournals(a.db)).filter((j) => j.broken)).toEqual([]);

      // The closed days are locked for the services; today is open and the CAI- series goes on.
      const desk = Number(desks[0].id);
      await expect(
        a.db.transaction((trx) =>
          postMoneyMovements(
            trx,
            [{ accountId: desk, amount: 1_000, movementType: 'cash_in', paymentMethod: 'especes' }],
            { documentType: null, documentId: null, documentNumber: null, userId: null, businessDate: lastDay },
          ),
        ),
      ).rejects.toThrow(Refusal);
      const admin = await a.db('users').orderBy('id').first('id', 'name');
      const category = (await a.db('expense_categories').orderBy('id').first('id'))!;
      const year = Number(today.slice(0, 4));
      const lastCai = Number(
        (await a.db('document_counters').where({ series: 'CAI', year }).first('last_number'))?.last_number ?? 0,
      );
      const created = await createCashOperation(
        a.db,
        {
          idempotencyKey: 'cash-after-seed',
          kind: 'expense',
          amount: 1_000,
          fromAccountId: desk,
          toAccountId: null,
          expenseCategoryId: Number(category.id),
          supplierId: null,
          bankMethod: null,
          beneficiary: 'Taxi',
          reference: '',
          note: '',
          places: EVERY_PLACE,
        },
        { id: Number(admin!.id), name: admin!.name, ip: null },
      );
      expect(created.number).toBe(`CAI-${year}-${String(lastCai + 1).padStart(6, '0')}`);
      expect((await checkCash(a.db)).differences).toEqual([]);
      expect(await verifyMoneyChains(a.db)).toEqual([]);
    },
  );

  it('leaves every index, key and trigger as the migrations define them (set aside for the bulk load, then back)', async () => {
    const fresh = await freshDatabase(kind);
    try {
      const migrated = await schemaObjects(fresh.db);
      expect(migrated.some((l) => /^index /.test(l)) && migrated.some((l) => /^trigger /.test(l))).toBe(true);
      if (kind === 'pg') expect(migrated.some((l) => / FOREIGN KEY /.test(l))).toBe(true);
      expect(await schemaObjects(a.db)).toEqual(migrated);
    } finally {
      await fresh.drop();
    }
  });

  it('gives the connection its settings back after the bulk load (SQLite: WAL, durable commits, usual cache, temp store and threads)', async () => {
    if (kind !== 'sqlite') return;
    const fresh = await freshDatabase(kind);
    try {
      const settings = async (db: TestDatabase['db']) => {
        const out: Record<string, unknown> = {};
        for (const name of ['journal_mode', 'synchronous', 'cache_size', 'temp_store', 'threads', 'foreign_keys'])
          out[name] = Object.values(((await db.raw(`PRAGMA ${name}`)) as Array<Record<string, unknown>>)[0])[0];
        return out;
      };
      const expected = await settings(fresh.db);
      expect(expected).toMatchObject({ journal_mode: 'wal', synchronous: 2 });
      expect(await settings(a.db)).toEqual(expected);
    } finally {
      await fresh.drop();
    }
  });

  it('refuses to run twice and writes nothing', async () => {
    const before = await dump(a.db);
    await expect(seedDemo(a.db, { scale: 'small' })).rejects.toThrow(DemoDataExistsError);
    await expect(seedDemo(a.db, { scale: 'small' })).rejects.toThrow(
      /La base contient déjà des données \(catégories, produits, fournisseurs, clients\)/,
    );
    expect(await dump(a.db)).toEqual(before);
  });
});

describe('seed:demo whatever the weekday it runs on', () => {
  // On a Saturday the small history (90 days) starts on a Sunday: counted in calendar days, its weekly
  // readjustments all fell on closed Sundays and the history had none.
  afterAll(() => vi.useRealTimers());

  it('has monthly counts and readjustments when the history starts on a Sunday', { timeout: 60_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const d = await freshDatabase('sqlite');
    try {
      await seedBase(d.db, { email: 'admin@test.local', password: 'Admin-Secret-123' });
      const today = businessDate(await companyTimeZone(d.db));
      expect(new Date(`${historyStart('small', today)}T12:00:00Z`).getUTCDay()).toBe(0);
      const r = await seedDemo(d.db, { scale: 'small' });
      expect(r.history.counts).toBeGreaterThan(0);
      expect(r.history.readjustments).toBeGreaterThan(0);
      expect(Number((await d.db('stock_adjustments').count({ n: '*' }).first())!.n)).toBe(r.history.readjustments);
    } finally {
      vi.useRealTimers();
      await d.drop();
    }
  });
});
