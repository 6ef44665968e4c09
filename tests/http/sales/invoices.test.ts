import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { businessDate } from '../../../server/domain/dates.js';
import { nowIso } from '../../../server/db/dialect.js';
import { formatMoney } from '../../../shared/money.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { makeClient, walkInClient } from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');

/**
 * The invoice screens of « Sortie de stock » through their real routes: the lists of invoices
 * (FAC-) and counter sales (VB-) with their filters, totals and export; the « Vente détaillée »
 * form posting to createSale (each refusal on its field, nothing written); the sale's page; the
 * client's page with its sales; the permissions of each screen.
 */
describe.each(testDatabases())('invoices: screens and the Vente détaillée form (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
    await makeTreasuryAccount(t.db, 'banque');
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const product = async (over: Partial<Parameters<typeof makeProduct>[1]> = {}, stock = 50, cost = 600) => {
    const tag = uniqueTag();
    const id = await makeProduct(t.db, {
      code: `${tag}P`,
      name: `Produit ${tag}`,
      category_id: f.category,
      retail_price: 1_000,
      wholesale_price: 900,
      ...over,
    });
    if (stock) await giveStock(t.db, id, f.depot, stock, cost);
    return id;
  };
  const body = (over: Record<string, unknown> = {}) => ({
    idempotency_key: idempotencyKey(),
    client_id: walkIn,
    location_id: f.depot,
    sale_date: today(),
    payment_mode: 'cash',
    due_date: '',
    discount: 0,
    note: '',
    form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
    lines: [],
    payments: [],
    ...over,
  });
  const saleCount = async () => Number((await t.db('sales').count({ n: '*' }).first())!.n);
  const idFrom = (res: { headers: Record<string, string> }) =>
    Number(res.headers.location.split('?')[0].split('/').pop());
  /** Posts the form; expects a refusal, nothing written, and returns the errors the form shows. */
  const refused = async (payload: object, c = admin) => {
    const [before, fac] = [await saleCount(), await lastNumber(t.db, 'FAC', today().slice(0, 4))];
    const res = await c.post(route('sales.invoices'), payload);
    expect(res.status).toBe(303);
    expect(res.headers.location).not.toMatch(/ventes\/\d+$/);
    expect(await saleCount()).toBe(before);
    expect(await lastNumber(t.db, 'FAC', today().slice(0, 4))).toBe(fac);
    return (await c.visit(route('sales.invoices.create'))).body.props.errors as Record<string, string>;
  };
  const cash = (amount: number) => ({
    method: 'especes',
    amount,
    account_id: '',
    operator: '',
    phone: '',
    reference: '',
  });

  it('a cash invoice through the form: FAC number, stock out, cash into the location desk, the sale page with a toast', async () => {
    const p = await product({}, 10, 600);
    const desk = await deskAccount(t.db, 'CAI01');
    const [deskBefore, facBefore] = [await balanceOf(t.db, desk), await lastNumber(t.db, 'FAC', today().slice(0, 4))];
    // The body says counter: the route makes an invoice all the same.
    const res = await admin.post(
      route('sales.invoices'),
      body({
        kind: 'counter',
        lines: [{ product_id: p, unit: 'unit', quantity: 3, unit_price: '', discount: 0 }],
        payments: [cash(5_000)],
      }),
    );
    expect(res.status).toBe(303);
    const id = idFrom(res);
    expect(res.headers.location).toBe(route('sales.show', { id }));
    const page = await admin.follow(res);
    expect(page.body.component).toBe('sales/Show');
    expect(page.body.props.flash.success).toMatch(/^Facture FAC-\d{4}-\d{6} validée\.$/);
    const sale = page.body.props.sale;
    expect(sale).toMatchObject({
      kind: 'invoice',
      number: `FAC-${today().slice(0, 4)}-${String(facBefore + 1).padStart(6, '0')}`,
      status: 'paid',
      status_label: 'Payée',
      total_ttc: 3_000,
      paid: 3_000,
      due: 0,
      cash_tendered: 5_000,
      change_given: 2_000,
      in_words: 'trois mille francs CFA',
    });
    expect(sale.payments).toEqual([
      expect.objectContaining({
        method: 'especes',
        method_label: 'Espèces',
        paid: 3_000,
        account_name: expect.any(String),
      }),
    ]);
    // The admin sees costs and margins.
    expect(sale.lines[0]).toMatchObject({ quantity: 3, unit_price: 1_000, unit_cost: 600, margin: 1_200 });
    expect(sale.cost_total).toBe(1_800);
    expect(page.body.props.history.length).toBeGreaterThan(0);
    expect(page.body.props.print).toEqual({ duplicata: false, allowed: true });
    expect(await levelOf(t.db, p, f.depot)).toBe(7);
    expect(await balanceOf(t.db, desk)).toBe(deskBefore + 3_000);
  });

  it('a credit invoice: the client balance grows, status Impayée; a credit sale needs its due date', async () => {
    const p = await product();
    const client = await makeClient(t.db, { credit_limit: 100_000, price_level: 'gros' });
    const due = new Date(`${today()}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    const dueDate = due.toISOString().slice(0, 10);
    const errors = await refused(
      body({
        client_id: client,
        payment_mode: 'credit',
        due_date: '',
        lines: [{ product_id: p, unit: 'unit', quantity: 10, unit_price: '', discount: 500 }],
      }),
    );
    expect(errors.due_date).toBe('Indiquez la date d’échéance de la vente à crédit.');
    const res = await admin.post(
      route('sales.invoices'),
      body({
        client_id: client,
        payment_mode: 'credit',
        due_date: dueDate,
        lines: [{ product_id: p, unit: 'unit', quantity: 10, unit_price: '', discount: 500 }],
      }),
    );
    const id = idFrom(res);
    const row = (await t.db('sales').where({ id }).first())!;
    expect([row.kind, row.payment_mode, row.payment_status, row.due_date, Number(row.total_ttc)]).toEqual([
      'invoice',
      'credit',
      'unpaid',
      dueDate,
      8_500,
    ]);
    expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(8_500);
    const sale = (await admin.visit(route('sales.show', { id }))).body.props.sale;
    expect(sale).toMatchObject({
      status: 'unpaid',
      status_label: 'Impayée',
      due: 8_500,
      price_level: 'gros',
      payments: [],
    });
    expect(sale.lines[0]).toMatchObject({ list_price: 900, unit_price: 900, discount: 500, net: 8_500 });
  });

  it('the form screen: locations, VAT setting, rights and the preselected client', async () => {
    const client = await makeClient(t.db, { credit_limit: 50_000, balance: 1_000 });
    const page = await admin.visit(route('sales.invoices.create', { client_id: client }));
    expect(page.status).toBe(200);
    expect(page.body.component).toBe('sales/Create');
    const props = page.body.props;
    expect(props.locations.map((l: { code: string }) => l.code)).toEqual(expect.arrayContaining(['DEP01', 'BTQ01']));
    expect(props.client).toMatchObject({ id: client, credit_limit: 50_000, balance: 1_000, price_level: 'detail' });
    expect(props.rights).toEqual({ below_min_price: true, beyond_credit_limit: true });
    expect(props.credit_days).toBe(30);
    expect(Date.parse(props.form_loaded_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(props.accounts.map((a: { kind: string }) => a.kind).sort()).toEqual(['banque', 'mobile_money']);
  });

  describe('refusals on their field, nothing written', () => {
    it('quantities: zero, fractional, negative', async () => {
      const p = await product();
      for (const quantity of [0, 1.5, -2]) {
        const errors = await refused(
          body({
            lines: [{ product_id: p, unit: 'unit', quantity, unit_price: '', discount: 0 }],
            payments: [cash(10_000)],
          }),
        );
        expect(errors['lines.0.quantity'], String(quantity)).toBeTruthy();
      }
    });

    it('prices: negative or fractional', async () => {
      const p = await product();
      for (const unit_price of [-100, 12.5]) {
        const errors = await refused(
          body({
            lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price, discount: 0 }],
            payments: [cash(10_000)],
          }),
        );
        expect(errors['lines.0.unit_price'], String(unit_price)).toBeTruthy();
      }
    });

    it('a line discount above the line, a document discount above the lines', async () => {
      const p = await product();
      const line = await refused(
        body({
          lines: [{ product_id: p, unit: 'unit', quantity: 2, unit_price: '', discount: 2_500 }],
          payments: [cash(10_000)],
        }),
      );
      expect(line['lines.0.discount']).toBe(
        'Ligne 1 : la remise (2 500 FCFA) dépasse le montant de la ligne (2 000 FCFA).'
          .replace(/ (?=\d{3} )/g, '\u202f')
          .replace(/ FCFA/g, '\u00a0FCFA'),
      );
      const doc = await refused(
        body({
          discount: 5_000,
          lines: [{ product_id: p, unit: 'unit', quantity: 2, unit_price: '', discount: 0 }],
          payments: [cash(10_000)],
        }),
      );
      expect(doc.discount).toMatch(/^La remise globale .* dépasse le montant des lignes/);
    });

    it('an unknown product, an archived product', async () => {
      const archived = await product({ active: false }, 0);
      const unknown = await refused(
        body({
          lines: [{ product_id: 999_999, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
          payments: [cash(10_000)],
        }),
      );
      expect(unknown['lines.0.product_id']).toBeTruthy();
      const gone = await refused(
        body({
          lines: [{ product_id: archived, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
          payments: [cash(10_000)],
        }),
      );
      expect(gone['lines.0.product_id']).toMatch(/archivé/);
    });

    it('a client over its credit limit (without the right), naming the balances', async () => {
      const p = await product();
      const client = await makeClient(t.db, {
        name: `Quincaillerie ${uniqueTag()}`,
        credit_limit: 5_000,
        balance: 4_000,
      });
      const seller = await userWithPermissions(t, `${uniqueTag('S').toLowerCase()}@test.local`, [
        'menu.sortiestock',
        'sales.create',
      ]);
      const c = new Client(t);
      await c.login(seller.email, seller.password);
      const errors = await refused(
        body({
          client_id: client,
          payment_mode: 'credit',
          due_date: today(),
          lines: [{ product_id: p, unit: 'unit', quantity: 2, unit_price: '', discount: 0 }],
        }),
        c,
      );
      expect(errors.payment_mode).toMatch(/au-delà de son plafond de crédit/);
      expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(4_000);
    });

    it('a price below the minimum without sales.below_min_price, on the price field', async () => {
      const p = await product({ min_price: 800 });
      const seller = await userWithPermissions(t, `${uniqueTag('M').toLowerCase()}@test.local`, [
        'menu.sortiestock',
        'sales.create',
      ]);
      const c = new Client(t);
      await c.login(seller.email, seller.password);
      const errors = await refused(
        body({
          lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: 700, discount: 0 }],
          payments: [cash(10_000)],
        }),
        c,
      );
      expect(errors['lines.0.unit_price']).toMatch(/ne peut pas être vendu sous son prix minimum de 800/);
      // The form tells this seller the rule applies to them.
      expect((await c.visit(route('sales.invoices.create'))).body.props.rights.below_min_price).toBe(false);
    });

    it('a document discount that takes a line below its minimum (cash or credit), on the discount field naming the product; allowed with sales.below_min_price', async () => {
      // The attack: unit 1 000, minimum 900, document discount 999 → sold for 1 FCFA.
      const name = `Ciment ${uniqueTag()}`;
      const p = await product({ name, min_price: 900 });
      const client = await makeClient(t.db, { credit_limit: 1_000_000 });
      const seller = await userWithPermissions(t, `${uniqueTag('D').toLowerCase()}@test.local`, [
        'menu.sortiestock',
        'sales.create',
      ]);
      const c = new Client(t);
      await c.login(seller.email, seller.password);
      const lines = [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }];
      const cashSale = await refused(body({ discount: 999, lines, payments: [cash(1)] }), c);
      expect(cashSale.discount).toBe(
        `La remise globale (${formatMoney(999, 'XOF')}) ferait vendre « ${name} » (ligne 1, minimum ${formatMoney(900, 'XOF')} l’unité) sous son prix minimum : réduisez-la.`,
      );
      const creditSale = await refused(
        body({ client_id: client, payment_mode: 'credit', due_date: today(), discount: 999, lines }),
        c,
      );
      expect(creditSale.discount).toMatch(
        /ferait vendre « .+ » \(ligne 1, minimum 900\sFCFA l’unité\) sous son prix minimum/,
      );
      expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(0);
      // A discount that keeps the line at its minimum goes through; the share is stored with the line.
      const ok = await c.post(
        route('sales.invoices'),
        body({ client_id: client, payment_mode: 'credit', due_date: today(), discount: 100, lines }),
      );
      const row = (await t
        .db('sale_lines')
        .where({ sale_id: idFrom(ok) })
        .first('net', 'allocated_discount'))!;
      expect([Number(row.net), Number(row.allocated_discount)]).toEqual([1_000, 100]);
      // The right to sell below the minimum lets the administrator do it.
      const allowed = await admin.post(route('sales.invoices'), body({ discount: 999, lines, payments: [cash(1)] }));
      expect(
        Number(
          (await t
            .db('sales')
            .where({ id: idFrom(allowed) })
            .first('total_ttc'))!.total_ttc,
        ),
      ).toBe(1);
    });

    it('a payment that does not cover a cash sale; a mobile-money payment without its transaction id', async () => {
      const p = await product();
      const short = await refused(
        body({
          lines: [{ product_id: p, unit: 'unit', quantity: 3, unit_price: '', discount: 0 }],
          payments: [cash(2_000)],
        }),
      );
      expect(short['payments.0.amount']).toMatch(/^Le paiement ne couvre pas la vente : il manque 1/);
      const mm = await refused(
        body({
          lines: [{ product_id: p, unit: 'unit', quantity: 3, unit_price: '', discount: 0 }],
          payments: [
            {
              method: 'mobile_money',
              amount: 3_000,
              account_id: '',
              operator: 'orange_money',
              phone: '0707070707',
              reference: '',
            },
          ],
        }),
      );
      expect(mm['payments.0.reference']).toBe('Indiquez l’identifiant de la transaction mobile money.');
    });

    it('a stale form: a price changed after the form was opened', async () => {
      const p = await product();
      const opened = new Date(Date.now() - 60_000).toISOString();
      await t.db('price_history').insert({
        product_id: p,
        field: 'retail_price',
        old_value: 900,
        new_value: 1_000,
        user_id: null,
        source: 'manual',
        changed_at: nowIso(),
      });
      const errors = await refused(
        body({
          form_loaded_at: opened,
          lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
          payments: [cash(10_000)],
        }),
      );
      expect(errors['lines.0.unit_price']).toMatch(/a changé depuis l’ouverture du formulaire/);
      const missing = await refused(
        body({
          form_loaded_at: '',
          lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
          payments: [cash(10_000)],
        }),
      );
      expect(missing.form_loaded_at).toBe('Le formulaire a expiré : rechargez la page.');
    });
  });

  it('the same idempotency key replayed makes one invoice and says so', async () => {
    const p = await product();
    const payload = body({
      lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
      payments: [cash(1_000)],
    });
    const first = await admin.post(route('sales.invoices'), payload);
    const before = await saleCount();
    const again = await admin.post(route('sales.invoices'), payload);
    expect(idFrom(again)).toBe(idFrom(first));
    expect(await saleCount()).toBe(before);
    expect((await admin.follow(again)).body.props.flash.success).toMatch(
      /était déjà enregistrée : elle n’a pas été créée une seconde fois\.$/,
    );
    expect(await levelOf(t.db, p, f.depot)).toBe(49);
  });

  it('the lists: one component for both kinds, filters, search by number, totals of the filtered set', async () => {
    const p = await product({}, 100);
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const mk = async (over: Record<string, unknown>) =>
      idFrom(
        await admin.post(
          route('sales.invoices'),
          body({ lines: [{ product_id: p, unit: 'unit', quantity: 2, unit_price: '', discount: 0 }], ...over }),
        ),
      );
    const paidCash = await mk({ client_id: client, payments: [cash(2_000)] });
    const onCredit = await mk({ client_id: client, payment_mode: 'credit', due_date: today() });
    const byMobile = await mk({
      client_id: client,
      payments: [
        {
          method: 'mobile_money',
          amount: 2_000,
          account_id: '',
          operator: 'orange_money',
          phone: '',
          reference: `TX${uniqueTag()}`,
        },
      ],
    });
    const ids = (res: { body: { props: { sales: { data: Array<{ id: number }> } } } }) =>
      res.body.props.sales.data.map((s) => s.id).sort((a, b) => a - b);

    const all = await admin.visit(route('sales.invoices', { client_id: client }));
    expect(all.body.component).toBe('sales/Index');
    expect(all.body.props.kind).toBe('invoice');
    expect(ids(all)).toEqual([paidCash, onCredit, byMobile]);
    expect(all.body.props.totals).toEqual({ count: 3, total: 6_000, paid: 4_000, due: 2_000, cancelled: 0 });
    expect(all.body.props.client).toMatchObject({ id: client });
    expect(all.body.props.sales.data.find((s: { id: number }) => s.id === onCredit)).toMatchObject({
      status: 'unpaid',
      status_label: 'Impayée',
      due: 2_000,
      payment_mode: 'credit',
    });

    expect(ids(await admin.visit(route('sales.invoices', { client_id: client, status: 'unpaid' })))).toEqual([
      onCredit,
    ]);
    expect(ids(await admin.visit(route('sales.invoices', { client_id: client, status: 'paid' })))).toEqual([
      paidCash,
      byMobile,
    ]);
    expect(ids(await admin.visit(route('sales.invoices', { client_id: client, mode: 'credit' })))).toEqual([onCredit]);
    expect(ids(await admin.visit(route('sales.invoices', { client_id: client, method: 'mobile_money' })))).toEqual([
      byMobile,
    ]);
    expect(ids(await admin.visit(route('sales.invoices', { client_id: client, location_id: f.shop })))).toEqual([]);
    const number = (await t.db('sales').where({ id: onCredit }).first('number'))!.number as string;
    const searched = await admin.visit(route('sales.invoices', { q: number.toLowerCase() }));
    expect(ids(searched)).toEqual([onCredit]);
    // « FAC-2026-12 » reads as that number in full.
    const short = number.replace(/-0+(\d+)$/, '-$1');
    expect(ids(await admin.visit(route('sales.invoices', { q: short })))).toEqual([onCredit]);
    // The counter-sales list never shows an invoice.
    const counter = await admin.visit(route('sales.counterSales', { client_id: client }));
    expect(counter.body.props.kind).toBe('counter');
    expect(counter.body.props.sales.total).toBe(0);
    // Bad filters are read as no filter, never a 500.
    expect(
      (await admin.visit(route('sales.invoices', { status: 'nimporte', mode: 'x', method: 'y', from: 'hier' }))).status,
    ).toBe(200);
  });

  it('the export: CSV and XLSX of the filtered list', async () => {
    const p = await product();
    const client = await makeClient(t.db, { name: `Export ${uniqueTag()}`, credit_limit: 100_000 });
    await admin.post(
      route('sales.invoices'),
      body({
        client_id: client,
        payment_mode: 'credit',
        due_date: today(),
        lines: [{ product_id: p, unit: 'unit', quantity: 4, unit_price: '', discount: 0 }],
      }),
    );
    const csv = await admin.agent.get(route('sales.invoices.export', { client_id: client, format: 'csv' }));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const text = csv.text ?? csv.body.toString();
    const rows = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'N°;Date;Client;Emplacement;Mode;Échéance;Lignes;Remise;Total HT;TVA;Total TTC;Payé;Reste à payer;Statut;Remboursé (avoirs)',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Crédit');
    expect(rows[1]).toContain(';4000;0;4000;Impayée');
    const xlsx = await admin.agent
      .get(route('sales.invoices.export', { client_id: client, format: 'xlsx' }))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(2).getCell(13).value).toBe(4_000);
  });

  it('the client’s page lists its sales with their status and the totals', async () => {
    const p = await product();
    const client = await makeClient(t.db, { credit_limit: 100_000 });
    const id = idFrom(
      await admin.post(
        route('sales.invoices'),
        body({
          client_id: client,
          payment_mode: 'credit',
          due_date: today(),
          lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
        }),
      ),
    );
    const page = await admin.visit(route('clients.show', { id: client }));
    expect(page.body.props.sales.sales.data.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [id, 'unpaid'],
    ]);
    expect(page.body.props.sales.totals).toMatchObject({ count: 1, total: 1_000, due: 1_000 });
    // Without the sales screens, the client's page shows no sales.
    const clerk = await userWithPermissions(t, `${uniqueTag('CL').toLowerCase()}@test.local`, ['menu.clients']);
    const c = new Client(t);
    await c.login(clerk.email, clerk.password);
    expect((await c.visit(route('clients.show', { id: client }))).body.props.sales).toBeNull();
  });

  it('the header search finds FAC numbers', async () => {
    const p = await product();
    const id = idFrom(
      await admin.post(
        route('sales.invoices'),
        body({
          lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
          payments: [cash(1_000)],
        }),
      ),
    );
    const number = (await t.db('sales').where({ id }).first('number'))!.number as string;
    const res = await admin.agent.get(route('search', { q: number })).set('Accept', 'application/json');
    const docs = res.body.groups.find((g: { key: string }) => g.key === 'documents');
    expect(docs.items[0]).toMatchObject({
      title: number,
      url: route('sales.show', { id }),
      meta: 'Facture',
      status: { kind: 'sale', value: 'paid' },
    });
  });

  it('guards every screen: menu.sortiestock to see, sales.create to make an invoice', async () => {
    const p = await product();
    const id = idFrom(
      await admin.post(
        route('sales.invoices'),
        body({
          lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
          payments: [cash(1_000)],
        }),
      ),
    );
    const outsider = await userWithPermissions(t, `${uniqueTag('O').toLowerCase()}@test.local`, ['menu.clients']);
    const viewer = await userWithPermissions(t, `${uniqueTag('V').toLowerCase()}@test.local`, ['menu.sortiestock']);
    const [o, v] = [new Client(t), new Client(t)];
    await o.login(outsider.email, outsider.password);
    await v.login(viewer.email, viewer.password);
    for (const url of [
      route('sales.invoices'),
      route('sales.counterSales'),
      route('sales.invoices.create'),
      route('sales.show', { id }),
      route('sales.print', { id }),
      route('sales.invoices.export', { format: 'csv' }),
    ]) {
      expect((await o.visit(url)).status, url).toBe(403);
    }
    expect((await o.post(route('sales.invoices'), body())).status).toBe(403);
    for (const url of [route('sales.invoices'), route('sales.counterSales'), route('sales.show', { id })])
      expect((await v.visit(url)).status, url).toBe(200);
    expect((await v.visit(route('sales.invoices'))).body.props.can.create).toBe(false);
    expect((await v.visit(route('sales.invoices.create'))).status).toBe(403);
    const before = await saleCount();
    expect(
      (
        await v.post(
          route('sales.invoices'),
          body({
            lines: [{ product_id: p, unit: 'unit', quantity: 1, unit_price: '', discount: 0 }],
            payments: [cash(1_000)],
          }),
        )
      ).status,
    ).toBe(403);
    expect(await saleCount()).toBe(before);
    // An unknown sale is a 404, a malformed id too.
    expect((await admin.visit(route('sales.show', { id: 99_999_999 }))).status).toBe(404);
    expect((await admin.visit(route('sales.show', { id: 'abc' }))).status).toBe(404);
  });
});
