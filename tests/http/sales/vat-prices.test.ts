/**
 * Sale prices typed VAT included (TTC) or excluded (HT), a company setting (Paramètres › Société),
 * and every margin on the amount VAT excluded (issue 34): the sale's totals and its lines' share of
 * the VAT, a correction's refund VAT included, Chiffre d'affaires (global and by product), the
 * dashboard's margin, and the summaries kept by the triggers equal to their rebuild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, route } from '../../../shared/routes.js';
import { rebuildReportSummaries } from '../../../server/db/report-summaries.js';
import { TURNOVER_CLIENT_DAYS, rebuildTurnoverClientDays } from '../../../server/db/turnover-client-days.js';
import { cancelSale } from '../../../server/services/sales/cancel-sale.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { makeShop } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { adminActor, cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { expectCashConsistent } from '../../support/treasury.js';
import { businessDate } from '../../../server/domain/dates.js';

const today = () => businessDate('Africa/Abidjan');

describe.each(testDatabases())('sale prices TTC or HT, margins VAT excluded (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let walkIn: number;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());

  const vat = (pricesIncludeVat: boolean) =>
    t
      .db('company_settings')
      .where({ id: 1 })
      .update({ vat_enabled: true, vat_rate_bp: 1_800, prices_include_vat: pricesIncludeVat });
  /** A shop of the test's own (its figures apart) with a product priced `price`, 30 in stock at a cost of 600. */
  const shopWith = async (price: number) => {
    const shop = await makeShop(t.db, admin);
    const p = await makeProduct(t.db, {
      category_id: f.category,
      retail_price: price,
      wholesale_price: price,
      min_price: 0,
    });
    await giveStock(t.db, p, shop.location, 30, 600);
    return { shop, p };
  };
  const linesOf = async (saleId: number) => t.db('sale_lines').where({ sale_id: saleId }).orderBy('position');
  /** Chiffre d'affaires from the sales' day (saleInput's 2026-03-10) to today (the credit notes and cancellations). */
  const turnover = async (q: Record<string, string>) =>
    (
      await admin.visit(
        `${ROUTES['reports.turnover']}?${new URLSearchParams({ from: '2026-03-10', to: today(), ...q })}`,
      )
    ).body.props;

  it('prices typed HT: the VAT is added on top, the customer pays the TTC, the lines share the VAT to the franc', async () => {
    await vat(false);
    const { shop, p } = await shopWith(1_000);
    const other = await makeProduct(t.db, {
      category_id: f.category,
      retail_price: 333,
      wholesale_price: 333,
      min_price: 0,
    });
    await giveStock(t.db, other, shop.location, 30, 100);
    // 3 × 1 000 + 7 × 333 = 5 331 HT, VAT round(5 331 × 18 %) = 960, 6 291 TTC.
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: shop.location,
        lines: [line(p, 3), line(other, 7)],
        payments: [cashPayment(6_291)],
      }),
    );
    const row = (await t.db('sales').where({ id: sale.id }).first())!;
    expect([
      Number(row.total_ht),
      Number(row.vat_amount),
      Number(row.total_ttc),
      Boolean(Number(row.prices_include_vat) || row.prices_include_vat === true),
    ]).toEqual([5_331, 960, 6_291, false]);
    const lines = await linesOf(sale.id);
    expect(lines.map((l) => Number(l.vat_amount)).reduce((a, b) => a + b, 0)).toBe(960);
    expect(lines.map((l) => Number(l.vat_amount))).toEqual([540, 420]);
    // Paying the HT is not enough.
    await expect(
      sell(
        t.db,
        saleInput({ clientId: walkIn, locationId: shop.location, lines: [line(p, 1)], payments: [cashPayment(1_000)] }),
      ),
    ).rejects.toMatchObject({
      errors: { 'payments.0.amount': expect.stringMatching(/il manque 180\sFCFA sur 1\s180\sFCFA/u) },
    });
    // The sale's page: HT / TVA / TTC, the prices said HT, the margin on the HT (5 331 − 3 × 600 − 7 × 100).
    const show = (await admin.visit(route('sales.show', { id: sale.id }))).body.props.sale;
    expect(show).toMatchObject({
      prices_include_vat: false,
      total_ht: 5_331,
      vat: 960,
      total_ttc: 6_291,
      margin: 2_831,
    });
    expect(show.lines.map((l: { margin: number }) => l.margin)).toEqual([3_000 - 1_800, 2_331 - 700]);
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  it('a correction of a sale priced HT refunds VAT included, its VAT in proportion', async () => {
    await vat(false);
    const { shop, p } = await shopWith(1_000);
    const sale = await sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: shop.location, lines: [line(p, 3)], payments: [cashPayment(3_540)] }),
    );
    const [l] = await linesOf(sale.id);
    const version = Number((await t.db('sales').where({ id: sale.id }).first('version'))!.version);
    const note = await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        reason: 'Produit défectueux',
        saleId: sale.id,
        version,
        lines: [{ saleLineId: Number(l.id), quantity: 1 }],
      },
      await adminActor(t.db),
    );
    expect(note.total).toBe(1_180);
    const cn = (await t.db('credit_notes').where({ id: note.id }).first())!;
    expect([Number(cn.total), Number(cn.vat_amount)]).toEqual([1_180, 180]);
    expect(Number((await t.db('credit_note_lines').where({ credit_note_id: note.id }).first())!.vat_amount)).toBe(180);
    // The correction screen offers the same refund (its basis VAT included).
    const screen = (await admin.visit(`${route('creditNotes.create')}?vente=${sale.number}`)).body.props;
    expect(screen.sale.lines[0].refund_basis).toBe(3_540);
    // CA of the shop today: 3 540 − 1 180 = 2 360 TTC, of which 360 VAT; margin 2 000 − 2 × 600 = 800.
    const ca = await turnover({ location_id: String(shop.location) });
    expect(ca.tables[0].totals).toMatchObject({ net: 2_360, vat: 360, cost: 1_200, margin: 800, rate: 4_000 });
    expect(ca.tables[0].columns.map((c: { id: string; label: string }) => `${c.id}:${c.label}`)).toEqual(
      expect.arrayContaining(['vat:dont TVA', 'margin:Marge HT']),
    );
    const byProduct = await turnover({ view: 'produits', location_id: String(shop.location) });
    expect(byProduct.tables[0].totals).toMatchObject({ net: 2_360, vat: 360, cost: 1_200, margin: 800 });
    await expectCashConsistent(t.db);
  });

  it("prices typed TTC: the VAT is taken out of them; margins (Chiffre d'affaires, dashboard) are on the HT, never the TTC", async () => {
    await vat(true);
    const { shop, p } = await shopWith(1_180);
    const before = (await admin.visit(route('dashboard'))).body.props.sales.today;
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: shop.location,
        saleDate: today(),
        lines: [line(p, 3)],
        payments: [cashPayment(3_540)],
      }),
    );
    const row = (await t.db('sales').where({ id: sale.id }).first())!;
    expect([Number(row.total_ht), Number(row.vat_amount), Number(row.total_ttc)]).toEqual([3_000, 540, 3_540]);
    expect(Number((await linesOf(sale.id))[0].vat_amount)).toBe(540);
    // 3 540 TTC at a cost of 1 800: margin 3 000 − 1 800 = 1 200 (not 1 740).
    const ca = await turnover({ location_id: String(shop.location) });
    expect(ca.tables[0].totals).toMatchObject({ gross: 3_540, net: 3_540, vat: 540, cost: 1_800, margin: 1_200 });
    expect(ca.figures.find((x: { id: string }) => x.id === 'margin')).toMatchObject({
      label: 'Marge HT',
      figure: 1_200,
    });
    const after = (await admin.visit(route('dashboard'))).body.props.sales.today;
    expect([after.net - before.net, after.margin - before.margin]).toEqual([3_540, 1_200]);
    // Cancelled today: everything back, the VAT too.
    await cancelSale(
      t.db,
      sale.id,
      { reason: 'Erreur de caisse', version: Number(row.version) },
      await adminActor(t.db),
    );
    expect((await turnover({ location_id: String(shop.location) })).tables[0].totals).toMatchObject({
      net: 0,
      vat: 0,
      cost: 0,
      margin: 0,
    });
    await expectStockConsistent(t.db);
  });

  it('the summaries kept by the triggers (VAT included) equal their rebuild from the documents', async () => {
    await vat(false);
    const { shop, p } = await shopWith(999);
    const a = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: shop.location,
        discount: 7,
        lines: [line(p, 5)],
        payments: [cashPayment(5_886)],
      }),
    );
    const [l] = await linesOf(a.id);
    const version = Number((await t.db('sales').where({ id: a.id }).first('version'))!.version);
    await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        reason: 'Retour client',
        saleId: a.id,
        version,
        lines: [{ saleLineId: Number(l.id), quantity: 2 }],
      },
      await adminActor(t.db),
    );
    await vat(true);
    const b = await sell(
      t.db,
      saleInput({ clientId: walkIn, locationId: shop.location, lines: [line(p, 4)], payments: [cashPayment(3_996)] }),
    );
    await cancelSale(
      t.db,
      b.id,
      { reason: 'Annulée', version: Number((await t.db('sales').where({ id: b.id }).first('version'))!.version) },
      await adminActor(t.db),
    );
    const snapshot = async () => ({
      days: await t
        .db('report_sales_days')
        .where({ location_id: shop.location })
        .orderBy(['day', 'product_id'])
        .select('day', 'product_id', 'quantity', 'sales', 'cost', 'vat', 'cum_sales', 'cum_vat'),
      months: await t
        .db('report_sales_months')
        .where({ location_id: shop.location })
        .orderBy(['month', 'product_id'])
        .select('month', 'product_id', 'sales', 'cost', 'vat'),
      turnover: await t
        .db(TURNOVER_CLIENT_DAYS)
        .where({ location_id: shop.location })
        .orderBy(['day', 'kind', 'client_id'])
        .select('day', 'kind', 'client_id', 'gross', 'returns', 'cost', 'vat'),
    });
    const kept = await snapshot();
    expect(kept.days.some((d) => Number(d.vat) !== 0)).toBe(true);
    await rebuildReportSummaries(t.db);
    await rebuildTurnoverClientDays(t.db);
    expect(await snapshot()).toEqual(kept);
  });

  it('Paramètres › Société says how sale prices are typed, audited; the sales form takes it', async () => {
    await t
      .db('company_settings')
      .where({ id: 1 })
      .update({ vat_enabled: true, vat_rate_bp: 1_800, prices_include_vat: true });
    const page = await admin.visit(route('company.settings'));
    expect(page.body.props.company).toMatchObject({ vat_enabled: true, prices_include_vat: 'ttc' });
    const res = await admin.send('put', route('company.settings'), {
      ...page.body.props.company,
      prices_include_vat: 'ht',
    });
    expect(res.status).toBe(303);
    expect(Boolean(Number((await t.db('company_settings').where({ id: 1 }).first())!.prices_include_vat))).toBe(false);
    const audit = (await t.db('audit_log').where({ subject_type: 'company' }).orderBy('id', 'desc').first())!;
    expect(JSON.parse(audit.details!)).toMatchObject({
      before: { prices_include_vat: true },
      after: { prices_include_vat: false },
    });
    expect((await admin.visit(route('sales.invoices.create'))).body.props.vat).toEqual({
      enabled: true,
      rate_bp: 1_800,
      prices_include_vat: false,
    });
    const bad = await admin.send('put', route('company.settings'), {
      ...page.body.props.company,
      prices_include_vat: 'parfois',
    });
    expect(bad.status).toBe(303);
    expect((await admin.visit(route('company.settings'))).body.props.errors.prices_include_vat).toMatch(
      /saisie des prix de vente/,
    );
  });

  it("the product’s page shows its prices' margin over the CMUP VAT excluded, to users who see costs", async () => {
    await vat(true);
    const p = await makeProduct(t.db, {
      category_id: f.category,
      retail_price: 1_180,
      wholesale_price: 1_062,
      min_price: 0,
    });
    await t.db('products').where({ id: p }).update({ cmup: 800 });
    const props = (await admin.visit(route('products.show', { id: p }))).body.props;
    expect(props.margins).toEqual({
      retail: { ht: 1_000, margin: 200, rate: 2_000 },
      wholesale: { ht: 900, margin: 100, rate: 1_111 },
      prices_include_vat: true,
    });
    await vat(false);
    expect((await admin.visit(route('products.show', { id: p }))).body.props.margins.retail).toEqual({
      ht: 1_180,
      margin: 380,
      rate: 3_220,
    });
  });
});
