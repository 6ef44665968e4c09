import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { companyToday } from '../../../server/services/company/get-company.js';
import { clientStatement } from '../../../server/services/receivables/statement.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download } from '../../support/master-data.js';
import {
  ALL_RIGHTS,
  adminActor,
  cashPayment,
  line,
  makeClient,
  mobilePayment,
  saleInput,
  sell,
  walkInClient,
} from '../../support/sales.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../../support/stock.js';
import { makeTreasuryAccount } from '../../support/treasury.js';
import { creditInvoice, orangeMoney, settle, settlementInput } from '../../support/settlements.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * The statement of account on the client's page (issue 15): every document of the client in date
 * order with the running balance, the opening balance of the period, the closing balance equal to
 * clients.balance; the A4 printout (a state report: no copy) and the CSV/XLSX export.
 */
describe.each(testDatabases())('client statement of account (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let today: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money' });
    admin = new Client(t);
    await admin.login();
    today = await companyToday(t.db);
  });
  afterAll(() => t.close());

  const product = async (price: number, quantity = 50) => {
    const id = await makeProduct(t.db, { category_id: f.category, retail_price: price });
    await giveStock(t.db, id, f.depot, quantity, Math.floor(price / 2));
    await giveStock(t.db, id, f.shop, quantity, Math.floor(price / 2));
    return id;
  };
  const balanceOf = async (client: number) =>
    Number((await t.db('clients').where({ id: client }).first('balance'))!.balance);

  /** A client with a credit invoice (Feb), a cash invoice paid in cash and mobile money (Mar), a counter sale (Mar) corrected by an avoir (today). */
  async function history() {
    const client = await makeClient(t.db, { credit_limit: 10_000_000, name: `Client relevé ${uniqueTag()}` });
    const p = await product(10_000);
    const credit = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.depot,
        saleDate: '2026-02-10',
        paymentMode: 'credit',
        dueDate: '2026-03-10',
        lines: [line(p, 7)],
      }),
      ALL_RIGHTS,
    );
    const cash = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.depot,
        saleDate: '2026-03-10',
        lines: [line(p, 3)],
        payments: [cashPayment(10_000), mobilePayment(20_000, `OM${uniqueTag()}`)],
      }),
      ALL_RIGHTS,
    );
    const counter = await sell(
      t.db,
      saleInput({
        kind: 'counter',
        clientId: client,
        locationId: f.shop,
        saleDate: '2026-03-12',
        lines: [line(p, 2)],
        payments: [cashPayment(20_000)],
      }),
      ALL_RIGHTS,
    );
    const saleLine = (await t.db('sale_lines').where({ sale_id: counter.id }).first('id'))!;
    const avoir = await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: counter.id,
        reason: 'Article abîmé',
        version: 1,
        lines: [{ saleLineId: Number(saleLine.id), quantity: 1 }],
      },
      await adminActor(t.db),
    );
    return { client, credit, cash, counter, avoir };
  }

  it('lists every document in date order with the running balance, and closes on the client balance', async () => {
    const h = await history();
    const page = await admin.visit(route('clients.show', { id: h.client }, { from: '2026-03-01', to: today }));
    expect(page.status).toBe(200);
    const s = page.body.props.statement;
    expect(s).toMatchObject({ from: '2026-03-01', to: today, ends_today: true, truncated: false, count: 7 });
    // Opening: the credit invoice of February, still owed.
    expect(s.totals).toEqual({
      opening: 70_000,
      debit: 30_000 + 20_000 + 10_000,
      credit: 30_000 + 20_000 + 10_000,
      closing: 70_000,
    });
    expect(s.lines.data.map((l: any) => [l.date, l.kind, l.number, l.debit, l.credit, l.balance])).toEqual([
      ['2026-03-10', 'invoice', h.cash.number, 30_000, 0, 100_000],
      ['2026-03-10', 'sale_payment', h.cash.number, 0, 10_000, 90_000],
      ['2026-03-10', 'sale_payment', h.cash.number, 0, 20_000, 70_000],
      ['2026-03-12', 'counter_sale', h.counter.number, 20_000, 0, 90_000],
      ['2026-03-12', 'sale_payment', h.counter.number, 0, 20_000, 70_000],
      [today, 'credit_note', h.avoir.number, 0, 10_000, 60_000],
      [today, 'credit_note_refund', h.avoir.number, 10_000, 0, 70_000],
    ]);
    expect(s.lines.data[2].label).toMatch(/^Paiement à la vente · Orange Money \(réf\. OM\w+\)$/);
    expect(s.lines.data[1].label).toBe('Paiement à la vente · Espèces');
    expect(s.lines.data.find((l: any) => l.kind === 'credit_note').label).toBe(`Avoir sur ${h.counter.number}`);
    expect(s.totals.closing).toBe(await balanceOf(h.client));
    expect(page.body.props.client).toMatchObject({ balance: 70_000, advance: 0 });
  });

  it('shows the settlements: part of several invoices by Orange Money, the rest in cash, an advance and the advance spent', async () => {
    const client = await makeClient(t.db, { credit_limit: 100_000_000, name: `Client règlements ${uniqueTag()}` });
    const a = await creditInvoice(t.db, f, client, 50_000, { saleDate: '2026-04-01' });
    const b = await creditInvoice(t.db, f, client, 30_000, { saleDate: '2026-04-02' });
    const c = await creditInvoice(t.db, f, client, 20_000, { saleDate: '2026-04-20' });
    const reference = `OM${uniqueTag()}`;
    const mobile = await settle(
      t.db,
      settlementInput({
        clientId: client,
        settlementDate: '2026-04-05',
        amount: 60_000,
        ...orangeMoney(reference),
        allocationMode: 'chosen',
        allocations: [
          { saleId: a.id, amount: 40_000 },
          { saleId: b.id, amount: 20_000 },
        ],
      }),
    );
    const cash = await settle(
      t.db,
      settlementInput({
        clientId: client,
        settlementDate: '2026-04-06',
        amount: 25_000,
        allocationMode: 'chosen',
        allocations: [
          { saleId: a.id, amount: 10_000 },
          { saleId: b.id, amount: 10_000 },
        ],
      }),
    );
    const spent = await settle(
      t.db,
      settlementInput({
        clientId: client,
        settlementDate: '2026-04-21',
        amount: 5_000,
        source: 'advance',
        method: null,
        allocationMode: 'chosen',
        allocations: [{ saleId: c.id, amount: 5_000 }],
      }),
    );
    expect([cash.advance, spent.allocated]).toEqual([5_000, 5_000]);
    const page = await admin.visit(route('clients.show', { id: client }, { from: '2026-04-01', to: '2026-04-30' }));
    const s = page.body.props.statement;
    expect(s.lines.data.map((l: any) => [l.date, l.kind, l.number, l.debit, l.credit, l.amount, l.balance])).toEqual([
      ['2026-04-01', 'invoice', a.number, 50_000, 0, 0, 50_000],
      ['2026-04-02', 'invoice', b.number, 30_000, 0, 0, 80_000],
      ['2026-04-05', 'settlement', mobile.number, 0, 60_000, 0, 20_000],
      ['2026-04-06', 'settlement', cash.number, 0, 25_000, 0, -5_000],
      ['2026-04-20', 'invoice', c.number, 20_000, 0, 0, 15_000],
      ['2026-04-21', 'advance_use', spent.number, 0, 0, 5_000, 15_000],
    ]);
    expect(s.lines.data[2].label).toBe(`Règlement · Orange Money (réf. ${reference})`);
    expect(s.lines.data[3].label).toBe('Règlement · Espèces');
    expect(s.totals).toEqual({ opening: 0, debit: 100_000, credit: 85_000, closing: 15_000 });
    // The balance: 15 000 still owed on C (20 000 − the 5 000 of advance), the advance all spent.
    expect(page.body.props.client).toMatchObject({ balance: 15_000, advance: 0 });
    expect(await balanceOf(client)).toBe(15_000);
    // Before the advance was spent, the client page showed it.
    const before = await clientStatement(t.db, client, { from: '2026-04-01', to: '2026-04-06' });
    expect(before.totals.closing).toBe(-5_000);
  });

  it('a period starts from the balance of everything before it; an empty period closes where it opened', async () => {
    const h = await history();
    const before = await clientStatement(t.db, h.client, { from: '2026-01-01', to: '2026-01-31' });
    expect(before.totals).toEqual({ opening: 0, debit: 0, credit: 0, closing: 0 });
    expect(before.lines).toEqual([]);
    const feb = await clientStatement(t.db, h.client, { from: '2026-02-01', to: '2026-02-28' });
    expect(feb.lines.map((l) => [l.kind, l.number, l.balance])).toEqual([['invoice', h.credit.number, 70_000]]);
    expect(feb.totals).toEqual({ opening: 0, debit: 70_000, credit: 0, closing: 70_000 });
    const april = await clientStatement(t.db, h.client, { from: '2026-04-01', to: '2026-04-30' });
    expect(april.totals).toEqual({ opening: 70_000, debit: 0, credit: 0, closing: 70_000 });
    // Reversed dates are put back in order; no date: from the first of the year to today.
    const reversed = await admin.visit(
      route('clients.show', { id: h.client }, { from: '2026-02-28', to: '2026-02-01' }),
    );
    expect(reversed.body.props.statement).toMatchObject({ from: '2026-02-01', to: '2026-02-28', ends_today: false });
    const plain = await admin.visit(route('clients.show', { id: h.client }));
    expect(plain.body.props.statement).toMatchObject({ from: `${today.slice(0, 4)}-01-01`, to: today });
  });

  it('the running balance carries over from page to page', async () => {
    const client = await makeClient(t.db, { credit_limit: 100_000_000 });
    const p = await product(1_000, 60);
    for (let i = 0; i < 55; i++)
      await sell(
        t.db,
        saleInput({
          kind: 'invoice',
          clientId: client,
          locationId: f.depot,
          saleDate: '2026-05-04',
          paymentMode: 'credit',
          dueDate: '2026-06-04',
          lines: [line(p, 1)],
        }),
        ALL_RIGHTS,
      );
    const second = await admin.visit(
      route('clients.show', { id: client }, { from: '2026-05-01', to: '2026-05-31', releve: 2 }),
    );
    const s = second.body.props.statement;
    expect(s.lines).toMatchObject({ page: 2, total: 55, last_page: 2 });
    expect(s.lines.data.map((l: any) => l.balance)).toEqual([51_000, 52_000, 53_000, 54_000, 55_000]);
    expect(s.lines.data[0].position).toBe(51);
  });

  it('prints the statement on A4 as a state report: no original, no copy, nothing recorded', async () => {
    const h = await history();
    const before = Number((await t.db('document_prints').count({ n: '*' }).first())!.n);
    const url = route('clients.statementPrint', { id: h.client }, { from: '2026-03-01', to: today });
    for (let i = 0; i < 2; i++) {
      const page = await admin.visit(url);
      expect(page.status).toBe(200);
      expect(page.body.component).toBe('clients/Statement');
      expect(page.body.props.copy).toBeNull();
      expect(page.body.props.settings.format).toBe('A4');
      expect(page.body.props.totals).toEqual({ opening: 70_000, debit: 60_000, credit: 60_000, closing: 70_000 });
      expect(page.body.props.lines).toHaveLength(7);
      expect(page.body.props.client).toMatchObject({ balance: 70_000, advance: 0 });
      expect(page.body.props.back_url).toBe(route('clients.show', { id: h.client }, { from: '2026-03-01', to: today }));
    }
    expect(Number((await t.db('document_prints').count({ n: '*' }).first())!.n)).toBe(before);
  });

  it('exports the statement as CSV and XLSX, opening and closing lines included', async () => {
    const h = await history();
    const csv = await admin.agent.get(
      route('clients.statementExport', { id: h.client }, { from: '2026-03-01', to: today, format: 'csv' }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const text = csv.text.replace(/^\ufeff/, '');
    const rows = text
      .trim()
      .split('\r\n')
      .map((r) => r.split(';'));
    expect(rows[0]).toEqual(['Date', 'N°', 'Libellé', 'Débit', 'Crédit', 'Solde']);
    expect(rows[1]).toEqual(['2026-03-01', '', 'Solde d’ouverture', '', '', '70000']);
    expect(rows[2]).toEqual(['2026-03-10', h.cash.number, 'Facture', '30000', '', '100000']);
    expect(rows.at(-1)).toEqual([today, '', 'Solde de clôture', '60000', '60000', '70000']);
    expect(rows).toHaveLength(1 + 1 + 7 + 1);
    const xlsx = await admin.agent.get(route('clients.statementExport', { id: h.client }, { format: 'xlsx' }));
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('export needs clients.export; the page and the printout need the Clients screen', async () => {
    const h = await history();
    const tag = uniqueTag().toLowerCase();
    const reader = await userWithPermissions(t, `lecteur-${tag}@test.local`, ['menu.clients']);
    const c = new Client(t);
    await c.login(reader.email, reader.password);
    expect((await c.visit(route('clients.show', { id: h.client }))).body.props.statement.totals.closing).toBe(70_000);
    expect((await c.visit(route('clients.statementPrint', { id: h.client }))).status).toBe(200);
    expect((await c.agent.get(route('clients.statementExport', { id: h.client }))).status).toBe(403);
    const stranger = await userWithPermissions(t, `autre-${tag}@test.local`, ['menu.produits']);
    const s = new Client(t);
    await s.login(stranger.email, stranger.password);
    expect((await s.visit(route('clients.statementPrint', { id: h.client }))).status).toBe(403);
    expect((await s.visit(route('clients.show', { id: h.client }))).status).toBe(403);
    expect((await admin.visit(route('clients.statementPrint', { id: 99_999_999 }))).status).toBe(404);
  });

  it("the walk-in client has no statement; a user restricted to some places gets the client's whole statement (receivables belong to the client)", async () => {
    const walkIn = await walkInClient(t.db);
    const page = await admin.visit(route('clients.show', { id: walkIn }));
    expect(page.body.props.statement).toBeNull();
    expect(page.body.props.statement_note).toMatch(/client comptant n’a pas de compte/);
    const refused = await admin.visit(route('clients.statementPrint', { id: walkIn }));
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe(
      route('clients.show', { id: walkIn }, { from: `${today.slice(0, 4)}-01-01`, to: today }),
    );

    const h = await history();
    const tag = uniqueTag().toLowerCase();
    const user = await userWithPermissions(t, `restreint-${tag}@test.local`, ['menu.clients', 'clients.export']);
    // Restricted to the shop: the depot's invoices are still the client's debts, on their statement.
    await t.db('users').where({ id: user.id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: user.id, location_id: f.shop });
    const c = new Client(t);
    await c.login(user.email, user.password);
    const period = { from: '2026-01-01', to: today };
    const everything = (await admin.visit(route('clients.show', { id: h.client }, period))).body.props.statement;
    const restricted = await c.visit(route('clients.show', { id: h.client }, period));
    expect(restricted.body.props.statement_note).toBeNull();
    expect(restricted.body.props.statement).toEqual(everything);
    expect(restricted.body.props.statement.lines.data.map((l: any) => l.number)).toEqual(
      expect.arrayContaining([h.credit.number, h.cash.number, h.counter.number, h.avoir.number]),
    );
    const print = await c.visit(route('clients.statementPrint', { id: h.client }, period));
    expect(print.status).toBe(200);
    expect(JSON.stringify(print.body.props)).toContain(h.credit.number);
    const exported = await download(c, route('clients.statementExport', { id: h.client }, period));
    expect(exported.status).toBe(200);
    expect((exported.body as Buffer).toString('utf8')).toContain(h.credit.number);
  });
});
