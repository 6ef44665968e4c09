import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { settlementsState } from '../../server/services/reports/settlements-state.js';
import { cancelSettlement } from '../../server/services/settlements/cancel-settlement.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import type { ReportRow, ReportTable } from '../../shared/reports.js';
import { ROUTES } from '../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { download } from '../support/master-data.js';
import { ALL_RIGHTS, adminActor, cashPayment, line, saleInput, sell, walkInClient } from '../support/sales.js';
import { creditClient, creditInvoice, orangeMoney, settle, settlementInput } from '../support/settlements.js';
import { type StockFixtures, giveStock, idempotencyKey, makeProduct, stockFixtures } from '../support/stock.js';
import { makeTreasuryAccount } from '../support/treasury.js';
import { uniqueTag } from '../support/unique.js';

/**
 * Éditions › Finances (issue 17): État des règlements and État des créances on a hand-made
 * history whose expected figures are written here — settlements in March and April 2025 (cash,
 * Orange Money leaving an advance, the advance spent, one cancelled in May), a credit note today,
 * a sale cancelled in April —, the ageing buckets at their boundaries (30/31, 60/61, 90/91 days,
 * by due date and by invoice date), the 403s and the places of a restricted user.
 */

const today = () => businessDate('Africa/Abidjan');
type Props = {
  tables: ReportTable[];
  figures: Array<{ id: string; figure: number }>;
  chart: { labels: string[]; series: Array<{ data: number[] }> } | null;
  query: Record<string, string>;
};

describe.each(testDatabases())('Éditions › Finances (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let f: StockFixtures;
  let tag: string;
  let clientName: string;
  let orange: number;
  const numbers: Record<string, string> = {};

  const props = async (c: Client, url: string): Promise<Props> => {
    const res = await c.visit(url);
    expect(res.status, url).toBe(200);
    return res.body.props as Props;
  };
  const figure = (p: Props, id: string) => p.figures.find((x) => x.id === id)?.figure;
  const rowOf = (p: Props, key: string, value: string): ReportRow | undefined =>
    p.tables[0].page.data.find((r) => r[key] === value);
  const pick = (r: ReportRow | undefined | null, ids: string[]) => Object.fromEntries(ids.map((id) => [id, r?.[id]]));
  const BUCKETS = ['due', 'not_due', 'b30', 'b60', 'b90', 'over90', 'overdue'];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    f = await stockFixtures(t.db);
    tag = uniqueTag('F');
    clientName = `Client Créances ${tag}`;
    const client = await creditClient(t.db, clientName);
    orange = await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money', name: `Orange ${tag}` });

    // I1 10 000 (1 March 2025, due 31 March); I2 4 × 5 000 sold at the counter on credit (15 March, due 14 April); I3 5 000 (20 March, due 20 March) cancelled on 20 April.
    const i1 = await creditInvoice(t.db, f, client, 10_000, { saleDate: '2025-03-01', dueDate: '2025-03-31' });
    const product = await makeProduct(t.db, { category_id: f.category, retail_price: 5_000 });
    await giveStock(t.db, product, f.shop, 4, 1);
    const i2 = await sell(
      t.db,
      saleInput({
        kind: 'counter',
        clientId: client,
        locationId: f.shop,
        saleDate: '2025-03-15',
        paymentMode: 'credit',
        dueDate: '2025-04-14',
        lines: [line(product, 4)],
      }),
      ALL_RIGHTS,
    );
    const i3 = await creditInvoice(t.db, f, client, 5_000, { saleDate: '2025-03-20', dueDate: '2025-03-20' });
    await t.db('sales').where({ id: i3.id }).update({
      status: 'cancelled',
      cancelled_on: '2025-04-20',
      cancelled_at: '2025-04-20T10:00:00.000Z',
      cancel_reason: 'Erreur',
    });
    Object.assign(numbers, { i1: i1.number, i2: i2.number, i3: i3.number });

    // R1 cash 4 000 on I1 (10 March); R2 cash 3 000 on I1 (5 April) cancelled on 10 May; R3 Orange Money 15 000 (10 April): 12 000 on I2, 3 000 advance; R4 the advance spent: 2 000 on I1 (20 April).
    const r1 = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 4_000,
        settlementDate: '2025-03-10',
        allocations: [{ saleId: i1.id, amount: 4_000 }],
      }),
    );
    const r2 = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 3_000,
        settlementDate: '2025-04-05',
        allocations: [{ saleId: i1.id, amount: 3_000 }],
      }),
    );
    const version = Number((await t.db('settlements').where({ id: r2.id }).first('version'))!.version);
    await cancelSettlement(t.db, r2.id, { reason: 'Règlement saisi deux fois', version }, await adminActor(t.db));
    await t.db('settlements').where({ id: r2.id }).update({ cancelled_on: '2025-05-10' });
    const r3 = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 15_000,
        settlementDate: '2025-04-10',
        ...orangeMoney(`PP250410.${tag}`),
        accountId: orange,
        allocations: [{ saleId: i2.id, amount: 12_000 }],
      }),
    );
    const r4 = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 2_000,
        settlementDate: '2025-04-20',
        source: 'advance',
        method: null,
        allocations: [{ saleId: i1.id, amount: 2_000 }],
      } as never),
    );
    Object.assign(numbers, { r1: r1.number, r2: r2.number, r3: r3.number, r4: r4.number });
    // Today: a credit note takes back 1 × 5 000 of I2 (refunded from the shop's desk, filled by a cash sale).
    await giveStock(t.db, product, f.shop, 1, 1);
    await sell(
      t.db,
      saleInput({
        clientId: await walkInClient(t.db),
        locationId: f.shop,
        saleDate: today(),
        lines: [line(product, 1)],
        payments: [cashPayment(5_000)],
      }),
    );
    const i2Line = Number((await t.db('sale_lines').where({ sale_id: i2.id }).first('id'))!.id);
    const i2Version = Number((await t.db('sales').where({ id: i2.id }).first('version'))!.version);
    await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: i2.id,
        reason: 'Article abîmé',
        version: i2Version,
        lines: [{ saleLineId: i2Line, quantity: 1 }],
      },
      await adminActor(t.db),
    );
  });
  afterAll(() => t.close());

  const REG = (q: string) => `${ROUTES['reports.settlements']}?${q}`;
  const CRE = (q: string) => `${ROUTES['reports.receivables']}?${q}`;

  it('État des règlements: totals by method, client, user and account; a cancelled settlement out of every total but listed as such', async () => {
    const april = 'from=2025-03-01&to=2025-04-30';
    const modes = await props(admin, REG(`view=modes&${april}`));
    expect([
      figure(modes, 'amount'),
      figure(modes, 'count'),
      figure(modes, 'allocated'),
      figure(modes, 'advance'),
      figure(modes, 'cancelled'),
    ]).toEqual([21_000, 3, 18_000, 3_000, 3_000]);
    expect(modes.tables[0].page.data.map((r) => [r.group, r.count, r.amount, r.allocated, r.advance])).toEqual([
      ['Orange Money', 1, 15_000, 12_000, 3_000],
      ['Espèces', 1, 4_000, 4_000, 0],
      ['Acompte', 1, 2_000, 2_000, 0],
    ]);
    expect(pick(modes.tables[0].totals, ['group', 'count', 'amount', 'allocated', 'advance'])).toEqual({
      group: 'Total',
      count: 3,
      amount: 21_000,
      allocated: 18_000,
      advance: 3_000,
    });

    const clients = await props(admin, REG(`view=clients&${april}`));
    expect(pick(rowOf(clients, 'group', clientName), ['count', 'amount'])).toEqual({ count: 3, amount: 21_000 });
    const users = await props(admin, REG(`view=utilisateurs&${april}`));
    expect(users.tables[0].totals?.amount).toBe(21_000);
    expect(users.tables[0].page.data.reduce((s, r) => s + Number(r.amount), 0)).toBe(21_000);
    const accounts = await props(admin, REG(`view=comptes&${april}`));
    expect(pick(rowOf(accounts, 'group', `Orange ${tag}`), ['count', 'amount'])).toEqual({ count: 1, amount: 15_000 });
    expect(pick(rowOf(accounts, 'group', 'Acompte (aucun compte)'), ['count', 'amount'])).toEqual({
      count: 1,
      amount: 2_000,
    });
    // A grouped view's page carries the count of every group (a window beside the rows), and a page past the end still knows it.
    const grouped = { view: 'utilisateurs' as const, from: '2025-03-01', to: '2025-04-30', account_id: '' };
    const whole = (await settlementsState(t.db, grouped, EVERY_PLACE, { page: 1, perPage: 50 })).tables[0].page;
    const first = (await settlementsState(t.db, grouped, EVERY_PLACE, { page: 1, perPage: 1 })).tables[0].page;
    const past = (await settlementsState(t.db, grouped, EVERY_PLACE, { page: 99, perPage: 1 })).tables[0].page;
    expect([first.data.length, first.total, past.data.length, past.total]).toEqual([
      1,
      whole.data.length,
      0,
      whole.data.length,
    ]);
    expect(first.data[0]).toEqual(whole.data[0]);

    // The list: every settlement, R2 cancelled (muted), the total without it.
    const list = await props(admin, REG(`view=encaissements&${april}`));
    expect(list.tables[0].page.data.map((r) => [r.number, r.status, r.muted])).toEqual([
      [numbers.r1, 'Validé', false],
      [numbers.r2, 'Annulé', true],
      [numbers.r3, 'Validé', false],
      [numbers.r4, 'Validé', false],
    ]);
    expect(pick(list.tables[0].totals, ['amount'])).toEqual({ amount: 21_000 });

    // Across periods: March alone, April alone; one account; the filters kept in the URL.
    expect(figure(await props(admin, REG('view=modes&from=2025-03-01&to=2025-03-31')), 'amount')).toBe(4_000);
    const aprilOnly = await props(admin, REG('view=modes&from=2025-04-01&to=2025-04-30'));
    expect([figure(aprilOnly, 'amount'), figure(aprilOnly, 'cancelled')]).toEqual([17_000, 3_000]);
    const orangeOnly = await props(admin, REG(`view=encaissements&${april}&account_id=${orange}`));
    expect(orangeOnly.tables[0].page.data.map((r) => r.number)).toEqual([numbers.r3]);
    expect(orangeOnly.query).toMatchObject({
      view: 'encaissements',
      from: '2025-03-01',
      to: '2025-04-30',
      account_id: String(orange),
    });
    const advanceOnly = await props(admin, REG(`view=modes&${april}&account_id=advance`));
    expect(figure(advanceOnly, 'amount')).toBe(2_000);

    // Empty state: nothing in the period.
    const empty = await props(admin, REG('view=modes&from=2020-01-01&to=2020-01-31'));
    expect([empty.tables[0].page.total, figure(empty, 'amount')]).toEqual([0, 0]);
  });

  it('État des créances: remaining per client now and at past dates (settlements, their cancellation, the credit note and the cancelled sale each on its date)', async () => {
    const now = await props(admin, CRE('view=clients'));
    // Now: I1 10 000 − 4 000 − 2 000 = 4 000; I2 20 000 − 12 000 − 5 000 (credit note) = 3 000; I3 cancelled. Both due more than 90 days ago; the advance left: 3 000 − 2 000.
    expect(pick(rowOf(now, 'client', clientName), ['invoices', ...BUCKETS, 'advance'])).toEqual({
      invoices: 2,
      due: 7_000,
      not_due: 0,
      b30: 0,
      b60: 0,
      b90: 0,
      over90: 7_000,
      overdue: 7_000,
      advance: 1_000,
    });
    expect(rowOf(now, 'client', clientName)?.url).toMatch(/^\/fichiers\/clients\/\d+#client-statement-title$/);

    // 15 April 2025: I1 10 000 − 4 000 − 3 000 (R2 still live) = 3 000; I2 8 000; I3 5 000 (cancelled later). All due within 30 days.
    const mid = await props(admin, CRE('view=clients&date=2025-04-15'));
    expect(pick(rowOf(mid, 'client', clientName), ['invoices', ...BUCKETS])).toEqual({
      invoices: 3,
      due: 16_000,
      not_due: 0,
      b30: 16_000,
      b60: 0,
      b90: 0,
      over90: 0,
      overdue: 16_000,
    });
    // By invoice date: I1 sold 45 days before, I2 31 days (31–60), I3 26 days.
    const midInvoice = await props(admin, CRE('view=clients&date=2025-04-15&basis=invoice'));
    expect(pick(rowOf(midInvoice, 'client', clientName), ['due', 'b30', 'b60', 'b90', 'over90', 'overdue'])).toEqual({
      due: 16_000,
      b30: 5_000,
      b60: 11_000,
      b90: 0,
      over90: 0,
      overdue: 16_000,
    });
    // 30 April: R4 spent the advance on I1 (1 000 left), I3 cancelled; I1 due 30 days before (0–30), I2 16 days.
    const endApril = await props(admin, CRE('view=clients&date=2025-04-30'));
    expect(pick(rowOf(endApril, 'client', clientName), ['invoices', 'due', 'b30', 'b60', 'overdue'])).toEqual({
      invoices: 2,
      due: 9_000,
      b30: 9_000,
      b60: 0,
      overdue: 9_000,
    });
    // 31 May: R2 cancelled on 10 May (I1 back to 4 000, due 61 days before: 61–90), I2 8 000 (47 days: 31–60).
    const may = await props(admin, CRE('view=factures&date=2025-05-31'));
    const mine = may.tables[0].page.data
      .filter((r) => r.client === clientName)
      .map((r) => [r.number, r.due, r.late, r.bucket]);
    expect(mine).toEqual([
      [numbers.i1, 4_000, 61, '61–90 j'],
      [numbers.i2, 8_000, 47, '31–60 j'],
    ]);
    expect(may.query.date).toBe('2025-05-31');
  });

  it('État des créances: ageing buckets at their boundaries (30/31, 60/61, 90/91 days), by due date and by invoice date, with the chart of the buckets', async () => {
    const d = today();
    const now = nowIso();
    const place = await insertReturningId(t.db, 'locations', {
      code: `AG${tag}`.slice(0, 20),
      name: `Dépôt Âges ${tag}`,
      kind: 'depot',
      created_at: now,
      updated_at: now,
    });
    const invoiceAt = async (clientId: number, total: number, saleDate: string, dueDate: string) => {
      const product = await makeProduct(t.db, { category_id: f.category, retail_price: total });
      await giveStock(t.db, product, place, 1, 1);
      await sell(
        t.db,
        saleInput({
          kind: 'invoice',
          clientId,
          locationId: place,
          saleDate,
          paymentMode: 'credit',
          dueDate,
          lines: [line(product, 1)],
        }),
        ALL_RIGHTS,
      );
    };
    const byDue = await creditClient(t.db, `Échéances ${tag}`);
    const byInvoice = await creditClient(t.db, `Factures ${tag}`);
    const amounts = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];
    const ages = [30, 31, 60, 61, 90, 91];
    for (let i = 0; i < ages.length; i++) {
      await invoiceAt(byDue, amounts[i], addDays(d, -120), addDays(d, -ages[i]));
      await invoiceAt(byInvoice, amounts[i], addDays(d, -ages[i]), addDays(d, 10));
    }
    await invoiceAt(byDue, 64_000, addDays(d, -120), addDays(d, 5));
    await invoiceAt(byInvoice, 64_000, d, addDays(d, 10));

    const due = await props(admin, CRE(`view=clients&basis=due&location_id=${place}`));
    expect(pick(rowOf(due, 'client', `Échéances ${tag}`), BUCKETS)).toEqual({
      due: 127_000,
      not_due: 64_000,
      b30: 1_000,
      b60: 6_000,
      b90: 24_000,
      over90: 32_000,
      overdue: 63_000,
    });
    expect(pick(rowOf(due, 'client', `Factures ${tag}`), BUCKETS)).toEqual({
      due: 127_000,
      not_due: 127_000,
      b30: 0,
      b60: 0,
      b90: 0,
      over90: 0,
      overdue: 0,
    });
    const invoice = await props(admin, CRE(`view=clients&basis=invoice&location_id=${place}`));
    expect(
      pick(rowOf(invoice, 'client', `Factures ${tag}`), ['due', 'b30', 'b60', 'b90', 'over90', 'overdue']),
    ).toEqual({ due: 127_000, b30: 65_000, b60: 6_000, b90: 24_000, over90: 32_000, overdue: 0 });
    expect(pick(rowOf(invoice, 'client', `Échéances ${tag}`), ['b30', 'over90', 'overdue'])).toEqual({
      b30: 0,
      over90: 127_000,
      overdue: 63_000,
    });
    expect(invoice.tables[0].columns.map((c) => c.id)).not.toContain('not_due');

    // Totals and chart of the location: the two clients.
    expect([figure(due, 'due'), figure(due, 'overdue'), figure(due, 'over90'), figure(due, 'clients')]).toEqual([
      254_000, 63_000, 32_000, 2,
    ]);
    expect(pick(due.tables[0].totals, BUCKETS)).toEqual({
      due: 254_000,
      not_due: 191_000,
      b30: 1_000,
      b60: 6_000,
      b90: 24_000,
      over90: 32_000,
      overdue: 63_000,
    });
    expect(due.chart?.labels).toEqual(['Non échu', '0–30 j', '31–60 j', '61–90 j', '> 90 j']);
    expect(due.chart?.series[0].data).toEqual([191_000, 1_000, 6_000, 24_000, 32_000]);
    expect(invoice.chart?.series[0].data).toEqual([65_000, 6_000, 24_000, 159_000]);
  });

  it('export (CSV, XLSX with its total row) and A4 printout of both reports', async () => {
    const csv = await download(
      admin,
      `${ROUTES['reports.settlements.export']}?view=encaissements&from=2025-03-01&to=2025-04-30&format=csv`,
    );
    expect(csv.status).toBe(200);
    const text = (csv.body as Buffer).toString('utf8');
    for (const n of [numbers.r1, numbers.r2, numbers.r3, numbers.r4, 'Annulé', 'Total (hors annulés)'])
      expect(text).toContain(n);
    const xlsx = await download(
      admin,
      `${ROUTES['reports.receivables.export']}?view=clients&date=2025-04-15&format=xlsx`,
    );
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toContain('Total dû');
    expect(values.find((r) => r[0] === clientName)).toBeTruthy();
    expect(values.at(-1)?.[0]).toBe('Total');
    for (const url of [
      `${ROUTES['reports.settlements.print']}?view=encaissements&from=2025-03-01&to=2025-04-30`,
      `${ROUTES['reports.receivables.print']}?view=clients`,
    ]) {
      const res = await admin.visit(url);
      expect(res.status, url).toBe(200);
      expect(res.body.component).toBe('reports/Print');
      expect(res.body.props.settings.format).toBe('A4');
      expect(res.body.props.tables[0].page.data.length).toBeGreaterThan(0);
    }
  });

  it('403 for a user without the report permission (screen, export, printout)', async () => {
    const u = await userWithPermissions(t, `ca-seul-${tag.toLowerCase()}@test.local`, [
      'menu.editions.finances',
      'menu.editions.ca',
    ]);
    const c = new Client(t);
    await c.login(u.email, u.password);
    for (const name of [
      'reports.settlements',
      'reports.settlements.export',
      'reports.settlements.print',
      'reports.receivables',
      'reports.receivables.export',
      'reports.receivables.print',
    ] as const) {
      expect((await c.visit(ROUTES[name])).status, name).toBe(403);
    }
    const reg = await userWithPermissions(t, `reg-seul-${tag.toLowerCase()}@test.local`, ['menu.editions.reglement']);
    const r = new Client(t);
    await r.login(reg.email, reg.password);
    expect((await r.visit(ROUTES['reports.settlements'])).status).toBe(200);
    expect((await r.visit(ROUTES['reports.receivables'])).status).toBe(403);
  });

  it('places: a user restricted to the shop and their bank sees only those settlements and invoices', async () => {
    const client = await creditClient(t.db, `Client Lieux ${tag}`);
    const shopInvoice = await creditInvoice(t.db, f, client, 7_000, { saleDate: today() });
    const product = await makeProduct(t.db, { category_id: f.category, retail_price: 9_000 });
    await giveStock(t.db, product, f.depot, 1, 1);
    const depotInvoice = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: f.depot,
        saleDate: today(),
        paymentMode: 'credit',
        dueDate: today(),
        lines: [line(product, 1)],
      }),
      ALL_RIGHTS,
    );
    const bankMine = await makeTreasuryAccount(t.db, 'banque', { name: `Banque Une ${tag}` });
    const bankTheirs = await makeTreasuryAccount(t.db, 'banque', { name: `Banque Deux ${tag}` });
    const mine = await settle(
      t.db,
      settlementInput({
        clientId: client,
        settlementDate: today(),
        amount: 1_000,
        method: 'virement',
        reference: `VIR-A-${tag}`,
        accountId: bankMine,
      }),
    );
    const theirs = await settle(
      t.db,
      settlementInput({
        clientId: client,
        settlementDate: today(),
        amount: 2_000,
        method: 'virement',
        reference: `VIR-B-${tag}`,
        accountId: bankTheirs,
      }),
    );
    const u = await userWithPermissions(t, `lieux-${tag.toLowerCase()}@test.local`, [
      'menu.editions.reglement',
      'menu.editions.creance',
    ]);
    await t.db('users').where({ id: u.id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: u.id, location_id: f.shop });
    await t.db('user_treasury_accounts').insert({ user_id: u.id, account_id: bankMine });
    const c = new Client(t);
    await c.login(u.email, u.password);

    const reg = await props(c, REG(`view=encaissements&from=${today()}&to=${today()}`));
    expect(reg.tables[0].page.data.map((r) => r.number)).toEqual([mine.number]);
    expect(JSON.stringify(reg)).not.toContain(`Banque Deux ${tag}`);
    // Asking for the other bank reads as « all » of theirs.
    const asked = await props(c, REG(`view=encaissements&from=${today()}&to=${today()}&account_id=${bankTheirs}`));
    expect(asked.tables[0].page.data.map((r) => r.number)).toEqual([mine.number]);
    const regCsv = (
      (
        await download(
          c,
          `${ROUTES['reports.settlements.export']}?view=encaissements&from=${today()}&to=${today()}&format=csv`,
        )
      ).body as Buffer
    ).toString('utf8');
    expect(regCsv).toContain(mine.number);
    expect(regCsv).not.toContain(theirs.number);

    const cre = await props(c, CRE('view=factures'));
    const numbersSeen = cre.tables[0].page.data.map((r) => r.number);
    expect(numbersSeen).toContain(shopInvoice.number);
    expect(numbersSeen).not.toContain(depotInvoice.number);
    expect(cre.tables[0].columns.map((col) => col.id)).not.toContain('advance');
    const byClient = await props(c, CRE('view=clients'));
    expect(pick(rowOf(byClient, 'client', `Client Lieux ${tag}`), ['due'])).toEqual({ due: 7_000 });
    // The administrator sees both.
    const all = await props(admin, CRE('view=clients'));
    expect(pick(rowOf(all, 'client', `Client Lieux ${tag}`), ['due'])).toEqual({ due: 16_000 });
  });
});
