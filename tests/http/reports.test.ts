import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { rebuildReportSummaries, salesEventsSql } from '../../server/db/report-summaries.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';
import { postStockMovements } from '../../server/services/stock/ledger.js';
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import type { ReportRow, ReportTable } from '../../shared/reports.js';
import { ROUTES } from '../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { download } from '../support/master-data.js';
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
 * Éditions (issue 17): Situation des ventes, Chiffre d'affaires and État de stock on a hand-made
 * history whose expected figures are written here — a counter sale and a credit invoice in June
 * 2025, a counter sale cancelled in July, a settlement in July, a credit note today —; the 403s,
 * the cost columns absent without reports.view_costs, the stock at a past date equal to the sum of
 * the ledger's movements up to it, and the summary tables equal to the raw documents and ledger.
 */

const today = () => businessDate('Africa/Abidjan');
type Props = {
  tables: ReportTable[];
  figures: Array<{ id: string; figure: number }>;
  chart: { series: Array<{ label: string }> } | null;
};

describe.each(testDatabases())('Éditions (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let noCosts: Client;
  let noTurnover: Client;
  let tag: string;
  let product: number;
  let stocked: number;
  let shop: number;
  let depot: number;
  const numbers: Record<string, string> = {};

  const props = async (c: Client, url: string): Promise<Props> => {
    const res = await c.visit(url);
    expect(res.status, url).toBe(200);
    return res.body.props as Props;
  };
  const figure = (p: Props, id: string) => p.figures.find((f) => f.id === id)?.figure;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    tag = uniqueTag('R');
    depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    product = await makeProduct(t.db, {
      code: `${tag}P`,
      name: `Produit ${tag}`,
      category_id: category,
      retail_price: 1_000,
      unit: 'sac',
    });
    await giveStock(t.db, product, shop, 50, 600);
    await giveStock(t.db, product, depot, 50, 600);

    // June 2025: S1 counter sale 3 × 1 000 paid cash; S2 credit invoice 5 × 1 000; S3 counter sale 2 × 1 000 (cancelled in July).
    const walkIn = await walkInClient(t.db);
    const client = await makeClient(t.db, { name: `Client ${tag}`, credit_limit: 1_000_000 });
    const s1 = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: shop,
        saleDate: '2025-06-10',
        lines: [line(product, 3, { unitPrice: 1_000 })],
        payments: [cashPayment(3_000)],
      }),
    );
    const s2 = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: depot,
        saleDate: '2025-06-12',
        paymentMode: 'credit',
        dueDate: '2025-07-12',
        lines: [line(product, 5, { unitPrice: 1_000 })],
        payments: [],
      }),
      ALL_RIGHTS,
    );
    const s3 = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: shop,
        saleDate: '2025-06-15',
        lines: [line(product, 2, { unitPrice: 1_000 })],
        payments: [cashPayment(2_000)],
      }),
    );
    Object.assign(numbers, { s1: s1.number, s2: s2.number, s3: s3.number });
    // The cancellation of S3 on 2 July 2025, as Annulations › Factures records it on the sale.
    await t.db('sales').where({ id: s3.id }).update({
      status: 'cancelled',
      cancelled_on: '2025-07-02',
      cancelled_at: '2025-07-02T10:00:00.000Z',
      cancel_reason: 'Erreur',
    });
    // A settlement of 2 000 on S2 on 5 July 2025.
    const account = Number((await t.db('treasury_accounts').orderBy('id').first('id'))!.id);
    const settlement = await insertReturningId(t.db, 'settlements', {
      number: `REG-2025-${tag}`.slice(0, 30),
      client_id: client,
      source: 'payment',
      account_id: account,
      method: 'especes',
      settlement_date: '2025-07-05',
      amount: 2_000,
      allocated: 2_000,
      advance: 0,
      allocation_mode: 'oldest',
      status: 'validated',
      note: '',
      created_at: nowIso(),
      updated_at: nowIso(),
    });
    await t
      .db('settlement_allocations')
      .insert({ settlement_id: settlement, sale_id: s2.id, position: 1, amount: 2_000 });
    await t.db('sales').where({ id: s2.id }).update({ amount_paid: 2_000, payment_status: 'partial' });
    // Today: a credit note takes back 1 sac of S1.
    const s1Line = Number((await t.db('sale_lines').where({ sale_id: s1.id }).first('id'))!.id);
    await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        saleId: s1.id,
        reason: 'Sac percé',
        version: 1,
        lines: [{ saleLineId: s1Line, quantity: 1 }],
      },
      await adminActor(t.db),
    );

    // A stock history at the depot for another product: +100 (15/01), −30 (10/02), +20 (05/03), −5 (20/03).
    stocked = await makeProduct(t.db, { code: `${tag}S`, name: `Stocké ${tag}`, category_id: category, unit: 'seau' });
    for (const [date, quantity] of [
      ['2026-01-15', 100],
      ['2026-02-10', -30],
      ['2026-03-05', 20],
      ['2026-03-20', -5],
    ] as const) {
      await t.db.transaction((trx) =>
        postStockMovements(
          trx,
          { documentType: 'test', documentId: null, documentNumber: null, userId: null, businessDate: date },
          [
            {
              productId: stocked,
              locationId: depot,
              quantity,
              movementType: quantity > 0 ? 'entry' : 'readjustment',
              unitCost: 800,
              valuation: quantity > 0 ? 'receipt' : undefined,
            },
          ],
        ),
      );
    }

    const everything = ALL_PERMISSIONS.filter(
      (p) => p !== 'reports.view_costs' && p !== 'prices.update' && p !== 'menu.centraleprix',
    );
    const u1 = await userWithPermissions(t, `${tag.toLowerCase()}-nc@test.local`, everything);
    noCosts = new Client(t);
    await noCosts.login(u1.email, u1.password);
    const u2 = await userWithPermissions(
      t,
      `${tag.toLowerCase()}-nt@test.local`,
      ALL_PERMISSIONS.filter((p) => p !== 'menu.editions.ca'),
    );
    noTurnover = new Client(t);
    await noTurnover.login(u2.email, u2.password);
  });
  afterAll(() => t.close());

  it('Chiffre d’affaires, global: each event on its own date (sales in June, the cancellation in July, the credit note today)', async () => {
    const june = await props(admin, `${ROUTES['reports.turnover']}?from=2025-06-01&to=2025-06-30`);
    expect(june.tables[0].totals).toMatchObject({
      sold: 3,
      gross: 10_000,
      returns: 0,
      net: 10_000,
      cost: 6_000,
      margin: 4_000,
      rate: 4_000,
    });
    const byKind = Object.fromEntries(june.tables[0].page.data.map((r) => [String(r.kind), r]));
    expect(byKind['Factures (FAC-)']).toMatchObject({ sold: 1, net: 5_000, cost: 3_000 });
    expect(byKind['Ventes boutique (VB-)']).toMatchObject({ sold: 2, net: 5_000, cost: 3_000 });
    expect(figure(june, 'net')).toBe(10_000);
    const july = await props(admin, `${ROUTES['reports.turnover']}?from=2025-07-01&to=2025-07-31`);
    expect(july.tables[0].totals).toMatchObject({
      sold: 0,
      gross: 0,
      returns: 2_000,
      net: -2_000,
      cost: -1_200,
      margin: -800,
    });
    const now = await props(admin, `${ROUTES['reports.turnover']}?from=${today()}&to=${today()}`);
    expect(now.tables[0].totals).toMatchObject({ returns: 1_000, net: -1_000, cost: -600 });
    // Both months together: the sums of each.
    const both = await props(admin, `${ROUTES['reports.turnover']}?from=2025-06-01&to=2025-07-31`);
    expect(both.tables[0].totals).toMatchObject({ net: 8_000, cost: 4_800, margin: 3_200 });
  });

  it('Chiffre d’affaires: daily, by client and by product agree with the global figures', async () => {
    const days = await props(admin, `${ROUTES['reports.turnover']}?view=jours&from=2025-06-01&to=2025-07-31`);
    expect(days.tables[0].page.data.map((r) => [r.date, r.net])).toEqual([
      ['2025-06-10', 3_000],
      ['2025-06-12', 5_000],
      ['2025-06-15', 2_000],
      ['2025-07-02', -2_000],
    ]);
    expect(days.chart?.series.map((s) => s.label)).toEqual(['CA net', 'Marge']);
    const clients = await props(admin, `${ROUTES['reports.turnover']}?view=clients&from=2025-06-01&to=2025-07-31`);
    const named = clients.tables[0].page.data.find((r) => r.client === `Client ${tag}`);
    expect(named).toMatchObject({ sold: 1, net: 5_000, cost: 3_000, margin: 2_000 });
    expect(clients.tables[0].totals).toMatchObject({ net: 8_000 });
    // By product: the summaries, whole months and edge days alike.
    for (const [from, to, quantity, net, cost] of [
      ['2025-06-01', '2025-06-30', 10, 10_000, 6_000],
      ['2025-06-11', '2025-07-03', 5, 5_000, 3_000],
      ['2025-06-01', '2025-07-31', 8, 8_000, 4_800],
      [today(), today(), -1, -1_000, -600],
    ] as const) {
      const p = await props(admin, `${ROUTES['reports.turnover']}?view=produits&from=${from}&to=${to}`);
      const row = p.tables[0].page.data.find((r) => r.code === `${tag}P`);
      expect(row, `${from} → ${to}`).toMatchObject({ quantity, net, cost, margin: net - cost, unit: 'sac' });
      expect(p.tables[0].totals).toMatchObject({ net, cost });
    }
  });

  it('Situation des ventes: the invoices with paid and remaining, the situation by status, the payments, the picked products, the cumulative products', async () => {
    const list = await props(admin, `${ROUTES['reports.sales']}?from=2025-06-01&to=2025-06-30`);
    const rows = list.tables[0].page.data;
    expect(rows.map((r) => r.number)).toEqual([numbers.s1, numbers.s2, numbers.s3]);
    expect(rows.map((r) => [r.total, r.paid, r.credited, r.remaining, r.status])).toEqual([
      // s1, corrected by an avoir of 1 000, reads so (never « Payée » with its full amount alone).
      [3_000, 3_000, 1_000, 0, 'Partiellement remboursée'],
      [5_000, 2_000, 0, 3_000, 'Partiellement payée'],
      [2_000, 2_000, 0, 0, 'Annulée'],
    ]);
    // Reste à payer is the sum of the rows' (saleRemaining): s1, corrected and refunded, owes nothing and does not lower what s2 owes.
    expect(list.tables[0].totals).toMatchObject({ total: 8_000, paid: 5_000, credited: 1_000, remaining: 3_000 });
    const unpaid = await props(admin, `${ROUTES['reports.sales']}?from=2025-06-01&to=2025-06-30&status=partial`);
    expect(unpaid.tables[0].page.data.map((r) => r.number)).toEqual([numbers.s2]);

    const situation = await props(admin, `${ROUTES['reports.sales']}?view=etat-factures&from=2025-06-01&to=2025-06-30`);
    expect(situation.tables[0].totals).toMatchObject({ count: 2, total: 8_000, paid: 5_000, remaining: 3_000 });

    const june = await props(admin, `${ROUTES['reports.sales']}?view=paiements&from=2025-06-01&to=2025-06-30`);
    expect(june.tables[0].totals).toMatchObject({ at_sale: 3_000, settled: 0, paid: 3_000 });
    const july = await props(admin, `${ROUTES['reports.sales']}?view=paiements&from=2025-07-01&to=2025-07-31`);
    expect(july.tables[0].page.data).toEqual([
      expect.objectContaining({ method: 'Espèces', at_sale: 0, settled: 2_000, settlement_count: 1 }),
    ]);

    const picked = await props(
      admin,
      `${ROUTES['reports.sales']}?view=produits&from=2025-06-01&to=2025-06-30&products=${product}`,
    );
    const lines = picked.tables.find((x) => x.id === 'lines')!;
    expect(lines.page.data.map((r) => [r.number, r.quantity])).toEqual([
      [numbers.s1, 3],
      [numbers.s2, 5],
    ]);
    expect(lines.totals).toMatchObject({ quantity: 8, line_total: 8_000, cost: 4_800, margin: 3_200 });

    const cumul = await props(admin, `${ROUTES['reports.sales']}?view=cumul&from=2025-06-01&to=2025-07-31`);
    expect(cumul.tables[0].page.data.find((r) => r.code === `${tag}P`)).toMatchObject({
      quantity: 8,
      sales: 8_000,
      cost: 4_800,
      margin: 3_200,
    });
  });

  it('État de stock at a past date: the sum of the ledger movements up to that day, at every edge', async () => {
    for (const [date, expected] of [
      ['2026-01-14', null],
      ['2026-01-15', 100],
      ['2026-02-28', 70],
      ['2026-03-04', 70],
      ['2026-03-05', 90],
      ['2026-03-19', 90],
      ['2026-03-31', 85],
    ] as const) {
      const p = await props(admin, `${ROUTES['reports.stock']}?view=date&date=${date}&q=${tag}S`);
      const row = p.tables[0].page.data.find((r) => r.code === `${tag}S`);
      const ledger = await t
        .db('stock_movements')
        .where({ product_id: stocked, location_id: depot })
        .where('business_date', '<=', date)
        .sum({ q: 'quantity' })
        .first();
      expect(row?.quantity ?? null, date).toBe(expected);
      expect(Number(ledger?.q ?? 0), date).toBe(expected ?? 0);
      if (row) expect(row).toMatchObject({ location: 'Dépôt principal', value: (expected ?? 0) * Number(row.cmup) });
    }
    const now = await props(admin, `${ROUTES['reports.stock']}?q=${tag}S`);
    expect(now.tables[0].page.data.map((r) => r.quantity)).toEqual([85]);
  });

  it('answers 403 to a user without the report permission: screen, print and export', async () => {
    for (const url of [
      ROUTES['reports.turnover'],
      ROUTES['reports.turnover.print'],
      `${ROUTES['reports.turnover.export']}?format=xlsx`,
    ]) {
      expect((await noTurnover.visit(url)).status, url).toBe(403);
    }
    expect((await noTurnover.visit(ROUTES['reports.sales'])).status).toBe(200);
  });

  it('leaves cost and margin columns out — absent, not hidden — without reports.view_costs', async () => {
    const urls = [
      `${ROUTES['reports.turnover']}?from=2025-06-01&to=2025-06-30`,
      `${ROUTES['reports.turnover']}?view=jours&from=2025-06-01&to=2025-06-30`,
      `${ROUTES['reports.turnover']}?view=produits&from=2025-06-01&to=2025-06-30`,
      `${ROUTES['reports.sales']}?view=cumul&from=2025-06-01&to=2025-06-30`,
      `${ROUTES['reports.sales']}?view=produits&from=2025-06-01&to=2025-06-30&products=${product}`,
      `${ROUTES['reports.stock']}?q=${tag}`,
      `${ROUTES['reports.stock.print']}?view=date&date=2026-03-31&q=${tag}`,
    ];
    // A cost cell or total ("cost":600), or a cost column ("id":"margin").
    const costly = /"(cost|margin|rate|cmup|value)":-?\d|"id":"(cost|margin|rate|cmup|value)"/;
    // The page's own props: the company shared prop's VAT rate is no cost.
    const pageProps = async (c: Client, url: string) => {
      const { company: _settings, ...props } = (await c.visit(url)).body.props;
      return JSON.stringify(props);
    };
    for (const url of urls) {
      expect(await pageProps(noCosts, url), url).not.toMatch(costly);
      expect(await pageProps(admin, url), url).toMatch(costly);
    }
    const file = await download(
      noCosts,
      `${ROUTES['reports.turnover.export']}?from=2025-06-01&to=2025-06-30&format=csv`,
    );
    expect((file.body as Buffer).toString('utf8')).not.toMatch(/Coût|Marge/);
    const adminFile = await download(
      admin,
      `${ROUTES['reports.turnover.export']}?from=2025-06-01&to=2025-06-30&format=csv`,
    );
    expect((adminFile.body as Buffer).toString('utf8')).toMatch(/Coût;Marge/);
  });

  it('exports a view to XLSX that reads back with its total row', async () => {
    const res = await download(admin, `${ROUTES['reports.sales.export']}?from=2025-06-01&to=2025-06-30&format=xlsx`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(values[0]).toEqual(expect.arrayContaining(['N°', 'Montant TTC', 'Reste à payer']));
    expect(values.map((r) => r[0])).toEqual(['N°', numbers.s1, numbers.s2, numbers.s3, '2 validées']);
    expect(values[4][5]).toBe(8_000);
  });

  it('keeps the summary tables equal to the documents and the ledger, and the rebuild command changes nothing', async () => {
    const raw = async () => {
      const sold = (await t.db
        .from(t.db.raw(`(${salesEventsSql()}) e`))
        .select('e.d', 'e.location_id', 'e.product_id')
        .sum({ quantity: 'e.quantity', sales: 'e.sales', cost: 'e.cost' })
        .groupBy('e.d', 'e.location_id', 'e.product_id')) as ReportRow[];
      const moved = (await t
        .db('stock_movements')
        .select('business_date as d', 'location_id', 'product_id')
        .sum({ quantity: 'quantity' })
        .groupBy('business_date', 'location_id', 'product_id')) as ReportRow[];
      return { sold, moved };
    };
    const key = (r: ReportRow) => `${r.d}|${r.location_id}|${r.product_id}`;
    const norm = (rows: ReportRow[], fields: string[]) =>
      Object.fromEntries(
        rows
          .filter((r) => fields.some((f) => Number(r[f]) !== 0))
          .map((r) => [key(r), fields.map((f) => Number(r[f]))]),
      );
    const summaries = async () => ({
      days: norm(
        (await t
          .db('report_sales_days')
          .select('day as d', 'location_id', 'product_id', 'quantity', 'sales', 'cost')) as ReportRow[],
        ['quantity', 'sales', 'cost'],
      ),
      stock: norm(
        (await t.db('report_stock_days').select('day as d', 'location_id', 'product_id', 'quantity')) as ReportRow[],
        ['quantity'],
      ),
      // The last running totals of every pair add up to everything sold and moved.
      cum: Number(
        (
          await t
            .db('report_sales_days as r')
            .whereRaw(
              'r.day = (SELECT MAX(m.day) FROM report_sales_days m WHERE m.product_id = r.product_id AND m.location_id = r.location_id)',
            )
            .sum({ s: 'cum_sales' })
            .first()
        )?.s ?? 0,
      ),
      closing: Number(
        (
          await t
            .db('report_stock_days as r')
            .whereRaw(
              'r.day = (SELECT MAX(m.day) FROM report_stock_days m WHERE m.product_id = r.product_id AND m.location_id = r.location_id)',
            )
            .sum({ q: 'closing' })
            .first()
        )?.q ?? 0,
      ),
    });
    const { sold, moved } = await raw();
    const before = await summaries();
    expect(before.days).toEqual(norm(sold, ['quantity', 'sales', 'cost']));
    expect(before.stock).toEqual(norm(moved, ['quantity']));
    expect(before.cum).toBe(sold.reduce((a, r) => a + Number(r.sales), 0));
    expect(before.closing).toBe(moved.reduce((a, r) => a + Number(r.quantity), 0));
    await rebuildReportSummaries(t.db);
    expect(await summaries()).toEqual(before);
  });
});
