import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { apiClient, tokenFor } from '../../support/api.js';
import { testDatabases } from '../../support/databases.js';
import { certificationRow } from '../../support/fiscal.js';
import { cashPayment, line, saleInput, sell, walkInClient } from '../../support/sales.js';
import { giveStock, makeProduct, stockFixtures } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * The REST API's sales carry their certification: `fiscal` { state, number, qr_content } on the
 * list and on one sale, null for a sale made while no provider was set; the OpenAPI document
 * declares it.
 */
describe.each(testDatabases())('fiscal facts in the REST API (%s)', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = Number((await t.db('users').orderBy('id').first('id'))!.id);
    ({ token } = await tokenFor(t, admin, ['menu.sortiestock']));
  });
  afterAll(() => t.close());

  it('gives each sale its fiscal state, number and QR content', async () => {
    const f = await stockFixtures(t.db);
    const walkIn = await walkInClient(t.db);
    const product = await makeProduct(t.db, { code: `${uniqueTag()}A`, category_id: f.category, retail_price: 900 });
    await giveStock(t.db, product, f.shop, 5, 300);
    const sale = (n: number) =>
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId: f.shop,
          lines: [line(product, n)],
          payments: [cashPayment(900 * n)],
        }),
      );
    const certified = await sale(1);
    const plain = await sale(2);
    await certificationRow(t.db, 'counterSale', certified.id, 'certified');
    const row = (await t.db('fiscal_certifications').where({ document_id: certified.id }).first())!;

    const api = apiClient(t, token);
    const one = await api.get(route('api.invoices.show', { id: certified.id }));
    expect(one.status).toBe(200);
    expect(one.body.fiscal).toEqual({ state: 'certified', number: row.fiscal_number, qr_content: row.qr_content });
    expect((await api.get(route('api.invoices.show', { id: plain.id }))).body.fiscal).toBeNull();

    const list = await api.get(`${route('api.invoices.index')}?kind=counter&limit=100`);
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((s: { id: number; fiscal: unknown }) => [s.id, s.fiscal]));
    expect(byId.get(certified.id)).toEqual({
      state: 'certified',
      number: row.fiscal_number,
      qr_content: row.qr_content,
    });
    expect(byId.get(plain.id)).toBeNull();
  });

  it('declares `fiscal` in the OpenAPI document', async () => {
    const doc = (await apiClient(t, token).get(route('api.openapi'))).body;
    const text = JSON.stringify(doc);
    expect(text).toContain('"fiscal"');
    expect(text).toContain('uncertain');
  });
});
