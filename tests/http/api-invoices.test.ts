import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDetailOut, invoiceOut, pageOf } from '../../server/http/api/schemas.js';
import { type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { apiClient, apiFixtures, rowCount as count, tokenFor } from '../support/api.js';
import { testDatabases } from '../support/databases.js';
import { makeClient, saleInput, line, sell } from '../support/sales.js';
import { expectStockConsistent, giveStock, levelOf, makeProduct } from '../support/stock.js';
import { expectCashConsistent } from '../support/treasury.js';
import { uniqueTag } from '../support/unique.js';
import { nowIso } from '../../server/db/dialect.js';

const READ = ['menu.sortiestock'];
const WRITE = ['menu.sortiestock', 'sales.create'];

describe.each(testDatabases())('REST API /api/v1/invoices (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;
  let category: number;
  let depot: number;
  let shop: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ adminId, category, depot, shop } = await apiFixtures(t, 'Catégorie API ventes'));
  });
  afterAll(() => t.close());

  async function stocked(quantity = 50, retail = 1500) {
    const id = await makeProduct(t.db, {
      code: `P${uniqueTag()}`,
      category_id: category,
      retail_price: retail,
      wholesale_price: 1200,
      min_price: 1000,
      purchase_price: 800,
    });
    await giveStock(t.db, id, depot, quantity, 800);
    return id;
  }

  const body = (clientId: number, productId: number, extra: object = {}) => ({
    client_id: clientId,
    location_id: depot,
    sale_date: nowIso().slice(0, 10),
    payment_mode: 'credit',
    due_date: nowIso().slice(0, 10),
    lines: [{ product_id: productId, quantity: 4 }],
    ...extra,
  });

  it('creates a credit invoice through the screen’s service: priced from the client’s level, stock out, balance up, 201 with Location', async () => {
    const product = await stocked();
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const { token } = await tokenFor(t, adminId, WRITE);
    const res = await apiClient(t, token).post('/api/v1/invoices', body(client, product));
    expect(res.status).toBe(201);
    const invoice = invoiceDetailOut.parse(res.body);
    expect(invoice.number).toMatch(/^FAC-\d{4}-\d{6}$/);
    expect(invoice.kind).toBe('invoice');
    expect(invoice.total_ttc).toBe(6000);
    expect(invoice.remaining).toBe(6000);
    expect(invoice.status).toBe('unpaid');
    expect(invoice.lines).toEqual([
      expect.objectContaining({ product_id: product, quantity: 4, unit_price: 1500, net: 6000 }),
    ]);
    expect(res.headers.location).toBe(`/api/v1/invoices/${invoice.id}`);
    expect(await levelOf(t.db, product, depot)).toBe(46);
    expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(6000);
    expect(
      await t
        .db('audit_log')
        .where({ action: 'sale.invoice_validated', subject_id: String(invoice.id) })
        .first('id'),
    ).toBeTruthy();
    // The answer carries no cost: the API does not show margins.
    expect(JSON.stringify(res.body)).not.toMatch(/cost|cmup/);
    await expectStockConsistent(t.db);
  });

  it('holds a program to the form rules: oversell, credit limit, minimum price, walk-in on credit answer 422 in French and write nothing', async () => {
    const product = await stocked(3);
    const client = await makeClient(t.db, { credit_limit: 100 });
    const user = await userWithPermissions(t, `${uniqueTag('V').toLowerCase()}@test.local`, WRITE);
    const { token } = await tokenFor(t, user.id, WRITE);
    const api = apiClient(t, token);
    const before = await count(t, 'sales');

    const oversell = await api.post(
      '/api/v1/invoices',
      body(client, product, { lines: [{ product_id: product, quantity: 4 }] }),
    );
    expect(oversell.status).toBe(422);
    expect(oversell.body.errors['lines.0.quantity']).toMatch(/stock/i);

    const beyond = await api.post(
      '/api/v1/invoices',
      body(client, product, { lines: [{ product_id: product, quantity: 1 }] }),
    );
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors.payment_mode).toMatch(/plafond de crédit/);

    const cheap = await api.post(
      '/api/v1/invoices',
      body(client, product, {
        payment_mode: 'cash',
        due_date: null,
        lines: [{ product_id: product, quantity: 1, unit_price: 500 }],
        payments: [{ method: 'especes', amount: 500 }],
      }),
    );
    expect(cheap.status).toBe(422);
    expect(cheap.body.errors['lines.0.unit_price']).toMatch(/prix minimum/);

    // A document discount cannot do what a low price may not: 1 500 − 600 leaves 900 < the minimum of 1 000.
    const discounted = await api.post(
      '/api/v1/invoices',
      body(client, product, {
        payment_mode: 'cash',
        due_date: null,
        discount: 600,
        lines: [{ product_id: product, quantity: 1 }],
        payments: [{ method: 'especes', amount: 900 }],
      }),
    );
    expect(discounted.status).toBe(422);
    expect(discounted.body.errors.discount).toMatch(
      /La remise globale \(600\sFCFA\) ferait vendre .+ sous son prix minimum/,
    );

    const noDue = await api.post('/api/v1/invoices', body(client, product, { due_date: null }));
    expect(noDue.status).toBe(422);
    expect(noDue.body.errors.due_date).toMatch(/échéance/);

    const missing = await api.post('/api/v1/invoices', { client_id: client });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.lines).toMatch(/Ajoutez au moins un produit/);

    expect(await count(t, 'sales')).toBe(before);
    expect(await levelOf(t.db, product, depot)).toBe(3);
  });

  it('takes a cash invoice with its payment into the desk of the location', async () => {
    const product = await stocked();
    const client = await makeClient(t.db);
    const { token } = await tokenFor(t, adminId, WRITE);
    const res = await apiClient(t, token).post(
      '/api/v1/invoices',
      body(client, product, {
        payment_mode: 'cash',
        due_date: null,
        lines: [{ product_id: product, quantity: 2 }],
        payments: [{ method: 'especes', amount: 3000 }],
      }),
    );
    expect(res.status).toBe(201);
    const invoice = invoiceDetailOut.parse(res.body);
    expect(invoice.status).toBe('paid');
    expect(invoice.payments).toEqual([expect.objectContaining({ method: 'especes', amount: 3000 })]);
    await expectCashConsistent(t.db);
  });

  it('honours Idempotency-Key: ten replays make one invoice; another body with the key is 409', async () => {
    const product = await stocked();
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const { token } = await tokenFor(t, adminId, WRITE);
    const api = apiClient(t, token);
    const key = `api-inv-${uniqueTag()}-${'k'.repeat(8)}`;
    const before = await count(t, 'sales');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post('/api/v1/invoices', body(client, product), { 'Idempotency-Key': key })),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(await count(t, 'sales')).toBe(before + 1);
    expect(await levelOf(t.db, product, depot)).toBe(46);
    const other = await api.post(
      '/api/v1/invoices',
      body(client, product, { lines: [{ product_id: product, quantity: 1 }] }),
      { 'Idempotency-Key': key },
    );
    expect(other.status).toBe(409);
    expect(await count(t, 'sales')).toBe(before + 1);
  });

  it('lists and reads sales with filters and an opaque cursor; another location of a restricted user is not found', async () => {
    const product = await stocked();
    await giveStock(t.db, product, shop, 20, 800);
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const mine = await sell(
      t.db,
      saleInput({
        clientId: client,
        locationId: depot,
        paymentMode: 'credit',
        dueDate: nowIso().slice(0, 10),
        lines: [line(product, 1)],
      }),
    );
    const theirs = await sell(
      t.db,
      saleInput({
        clientId: client,
        locationId: shop,
        paymentMode: 'credit',
        dueDate: nowIso().slice(0, 10),
        lines: [line(product, 2)],
      }),
    );

    const { token } = await tokenFor(t, adminId, READ);
    const api = apiClient(t, token);
    const first = await api.get(`/api/v1/invoices?client_id=${client}&limit=1`);
    expect(first.status).toBe(200);
    const page1 = pageOf(invoiceOut).parse(first.body);
    expect(page1.data.map((s) => s.id)).toEqual([mine.id]);
    expect(page1.next_cursor).toBeTruthy();
    const page2 = pageOf(invoiceOut).parse(
      (await api.get(`/api/v1/invoices?client_id=${client}&limit=1&cursor=${page1.next_cursor}`)).body,
    );
    expect(page2.data.map((s) => s.id)).toEqual([theirs.id]);
    expect(page2.next_cursor).toBeNull();
    const byNumber = pageOf(invoiceOut).parse(
      (await api.get(`/api/v1/invoices?q=${encodeURIComponent(mine.number)}`)).body,
    );
    expect(byNumber.data.map((s) => s.id)).toEqual([mine.id]);
    expect((await api.get('/api/v1/invoices?from=2026-13-01')).status).toBe(422);

    // A user of the depot only: the shop's sale is neither listed nor read, nor can they sell from the shop.
    const user = await userWithPermissions(t, `${uniqueTag('R').toLowerCase()}@test.local`, WRITE);
    await t.db('users').where({ id: user.id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: user.id, location_id: depot });
    const restricted = apiClient(t, (await tokenFor(t, user.id, WRITE)).token);
    const listed = pageOf(invoiceOut).parse((await restricted.get(`/api/v1/invoices?client_id=${client}`)).body);
    expect(listed.data.map((s) => s.id)).toEqual([mine.id]);
    expect((await restricted.get(`/api/v1/invoices/${theirs.id}`)).status).toBe(404);
    expect((await restricted.get(`/api/v1/invoices/${mine.id}`)).status).toBe(200);
    const before = await count(t, 'sales');
    const refused = await restricted.post('/api/v1/invoices', body(client, product, { location_id: shop }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.location_id).toMatch(/emplacement/);
    expect(await count(t, 'sales')).toBe(before);
  });

  it('needs the abilities: a read-only token cannot create (403), a token without the sales screen cannot list (403)', async () => {
    const product = await stocked();
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const before = await count(t, 'sales');
    const readOnly = apiClient(t, (await tokenFor(t, adminId, READ)).token);
    expect((await readOnly.post('/api/v1/invoices', body(client, product))).status).toBe(403);
    const other = apiClient(t, (await tokenFor(t, adminId, ['menu.clients'])).token);
    expect((await other.get('/api/v1/invoices')).status).toBe(403);
    expect(await count(t, 'sales')).toBe(before);
  });
});
