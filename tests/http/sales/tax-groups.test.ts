/**
 * Tax groups on sales: each line taxed at its product's group's rate (its own, else the company's
 * default), the group and rate kept on the line, the VAT computed per rate on its share of the
 * document discount and shared over its lines; the sale's page, its invoice and its ticket show
 * the breakdown per rate; a credit note refunds each line's VAT share; a basket on hold and the
 * product picker take the same rates.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import type { TaxGroup } from '../../../shared/tax-groups.js';
import { createCreditNote } from '../../../server/services/sales/credit-notes.js';
import { Client, type TestApp, createTestApp } from '../../support/app.js';
import { makeShop } from '../../support/cash-closings.js';
import { testDatabases } from '../../support/databases.js';
import { adminActor, cashPayment, line, makeClient, saleInput, sell, walkInClient } from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

describe.each(testDatabases())('tax groups: per-line VAT rates on sales (%s)', (kind) => {
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
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const company = (pricesIncludeVat: boolean, defaultTaxGroup: TaxGroup = 'normal') =>
    t.db('company_settings').where({ id: 1 }).update({
      vat_enabled: true,
      vat_rate_bp: 1_800,
      prices_include_vat: pricesIncludeVat,
      default_tax_group: defaultTaxGroup,
    });
  const product = async (location: number, price: number, taxGroup: string | null) => {
    const id = await makeProduct(t.db, {
      code: `${uniqueTag()}T`,
      category_id: f.category,
      retail_price: price,
      wholesale_price: price,
      tax_group: taxGroup,
    });
    await giveStock(t.db, id, location, 30, 100);
    return id;
  };
  const linesOf = async (saleId: number) =>
    (await t.db('sale_lines').where({ sale_id: saleId }).orderBy('position')).map((l) => ({
      id: Number(l.id),
      tax_group: l.tax_group,
      vat_rate_bp: Number(l.vat_rate_bp),
      allocated_discount: Number(l.allocated_discount),
      vat_amount: Number(l.vat_amount),
    }));
  const totalsOf = async (saleId: number) => {
    const s = (await t.db('sales').where({ id: saleId }).first())!;
    return [Number(s.total_ht), Number(s.vat_amount), Number(s.total_ttc)];
  };

  it('an invoice priced HT mixing a taxed and an exempt product: the discount spread, the VAT per rate, the breakdown on its page and its print', async () => {
    await company(false);
    const shop = await makeShop(t.db, admin);
    const taxed = await product(shop.location, 10_000, null);
    const exempt = await product(shop.location, 5_000, 'exempt');
    const client = await makeClient(t.db);
    // 1 000 of discount: 667 on the taxed line, 333 on the exempt one; 18 % of 9 333 = 1 679,94 → 1 680.
    const sale = await sell(
      t.db,
      saleInput({
        kind: 'invoice',
        clientId: client,
        locationId: shop.location,
        lines: [line(taxed, 1), line(exempt, 1)],
        discount: 1_000,
        payments: [cashPayment(15_680)],
      }),
    );
    expect(await totalsOf(sale.id)).toEqual([14_000, 1_680, 15_680]);
    expect((await linesOf(sale.id)).map(({ id: _id, ...l }) => l)).toEqual([
      { tax_group: 'normal', vat_rate_bp: 1_800, allocated_discount: 667, vat_amount: 1_680 },
      { tax_group: 'exempt', vat_rate_bp: 0, allocated_discount: 333, vat_amount: 0 },
    ]);
    const breakdown = [
      { rate: 1_800, ht: 9_333, vat: 1_680, ttc: 11_013 },
      { rate: 0, ht: 4_667, vat: 0, ttc: 4_667 },
    ];
    expect((await admin.visit(route('sales.show', { id: sale.id }))).body.props.sale.vat_rates).toEqual(breakdown);
    const print = (await admin.visit(route('sales.print', { id: sale.id }))).body.props.sale;
    expect(print).toMatchObject({ total_ht: 14_000, vat: 1_680, total_ttc: 15_680, vat_rates: breakdown });
  });

  it('a counter sale priced TTC: the product’s own group, the company’s default for one without, each rate’s VAT out of its TTC; the ticket shows the breakdown', async () => {
    await company(true, 'reduced');
    const shop = await makeShop(t.db, admin);
    const normal = await product(shop.location, 5_900, 'normal');
    const byDefault = await product(shop.location, 1_090, null);
    const legal = await product(shop.location, 1_000, 'exempt_legal');
    const res = await admin.post(route('counter.store'), {
      idempotency_key: idempotencyKey(),
      form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
      location_id: shop.location,
      client_id: walkIn,
      lines: [
        { product_id: normal, quantity: 2 },
        { product_id: byDefault, quantity: 1 },
        { product_id: legal, quantity: 3, discount: 500 },
      ],
      payments: [{ method: 'especes', amount: 15_390 }],
    });
    expect(res.status).toBe(303);
    const id = Number(new URL(res.headers.location, 'http://x').searchParams.get('vente'));
    expect(id, JSON.stringify((await admin.visit(res.headers.location)).body.props.errors)).toBeGreaterThan(0);
    // 11 800 at 18 % → 10 000 + 1 800; 1 090 at 9 % → 1 000 + 90; 2 500 exempt.
    expect(await totalsOf(id)).toEqual([13_500, 1_890, 15_390]);
    expect((await linesOf(id)).map((l) => [l.tax_group, l.vat_rate_bp, l.vat_amount])).toEqual([
      ['normal', 1_800, 1_800],
      ['reduced', 900, 90],
      ['exempt_legal', 0, 0],
    ]);
    const ticket = (await admin.visit(route('sales.ticket', { id }))).body.props.ticket;
    expect(ticket.vat_rates).toEqual([
      { rate: 1_800, ht: 10_000, vat: 1_800, ttc: 11_800 },
      { rate: 900, ht: 1_000, vat: 90, ttc: 1_090 },
      { rate: 0, ht: 2_500, vat: 0, ttc: 2_500 },
    ]);
  });

  it('a credit note on a mixed sale refunds each line with its own VAT share, in proportion', async () => {
    await company(false);
    const shop = await makeShop(t.db, admin);
    const taxed = await product(shop.location, 1_000, 'normal');
    const exempt = await product(shop.location, 700, 'export');
    // 3 000 at 18 % → 540 of VAT; 1 400 exempt: 4 940 TTC.
    const sale = await sell(
      t.db,
      saleInput({
        clientId: walkIn,
        locationId: shop.location,
        lines: [line(taxed, 3), line(exempt, 2)],
        payments: [cashPayment(4_940)],
      }),
    );
    const [taxedLine, exemptLine] = await linesOf(sale.id);
    expect([taxedLine.vat_amount, exemptLine.vat_amount]).toEqual([540, 0]);
    const version = Number((await t.db('sales').where({ id: sale.id }).first('version'))!.version);
    const note = await createCreditNote(
      t.db,
      {
        idempotencyKey: idempotencyKey(),
        reason: 'Retour client',
        saleId: sale.id,
        version,
        lines: [
          { saleLineId: taxedLine.id, quantity: 1 },
          { saleLineId: exemptLine.id, quantity: 1 },
        ],
      },
      await adminActor(t.db),
    );
    // 1 180 (its third of 3 540) + 700 exempt; the VAT only on the taxed line.
    expect(note.total).toBe(1_880);
    const cn = (await t.db('credit_notes').where({ id: note.id }).first())!;
    expect([Number(cn.total), Number(cn.vat_amount)]).toEqual([1_880, 180]);
    const cnLines = await t.db('credit_note_lines').where({ credit_note_id: note.id }).orderBy('id');
    expect(cnLines.map((l) => [Number(l.amount), Number(l.vat_amount)])).toEqual([
      [1_180, 180],
      [700, 0],
    ]);
  });

  it('a basket on hold is totalled at its products’ rates; the picker carries each product’s group as a sale takes it', async () => {
    await company(false, 'exempt');
    const shop = await makeShop(t.db, admin);
    const taxed = await product(shop.location, 10_000, 'normal');
    const byDefault = await product(shop.location, 5_000, null);
    const res = await admin.post(route('counter.park'), {
      location_id: shop.location,
      client_id: walkIn,
      discount: { kind: 'amount', value: 0 },
      lines: [
        { product_id: taxed, quantity: 1, unit_price: '', discount: { kind: 'amount', value: 0 } },
        { product_id: byDefault, quantity: 1, unit_price: '', discount: { kind: 'amount', value: 0 } },
      ],
    });
    expect(res.status).toBe(303);
    const parked = (await t.db('parked_sales').orderBy('id', 'desc').first('total'))!;
    expect(Number(parked.total)).toBe(11_800 + 5_000);
    const code = (await t.db('products').where({ id: byDefault }).first('code'))!.code;
    const picked = await admin.agent
      .get(`/pickers/products?q=${encodeURIComponent(code)}`)
      .set('Accept', 'application/json');
    expect(picked.status).toBe(200);
    expect(picked.body.exact).toMatchObject({ id: byDefault, tax_group: 'exempt' });
  });
});
