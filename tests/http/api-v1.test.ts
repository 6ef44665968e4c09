import request from 'supertest';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_LIMITS, apiTokenRules } from '../../server/services/accounts/throttle.js';
import { productOut, clientOut, pageOf, productStockOut, stockLevelOut } from '../../server/http/api/schemas.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { apiClient, apiFixtures, rowCount as count, tokenFor } from '../support/api.js';
import { testDatabases } from '../support/databases.js';
import { giveStock, makeProduct } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { postMoneyMovements } from '../../server/services/treasury/ledger.js';
import { makeTreasuryAccount } from '../support/treasury.js';
import { moneyMovementOut, treasuryAccountOut } from '../../server/http/api/schemas.js';

const READ_PRODUCTS = ['menu.produits'];
const WRITE_PRODUCTS = ['menu.produits', 'products.create', 'products.update', 'prices.update'];
const CLIENTS = ['menu.clients', 'clients.create'];

describe.each(testDatabases())('REST API /api/v1 (%s)', (kind) => {
  let t: TestApp;
  let adminId: number;
  let category: number;
  let depot: number;
  let shop: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ adminId, category, depot, shop } = await apiFixtures(t, 'Catégorie API'));
  });
  afterAll(() => t.close());

  const productBody = (code: string, extra: object = {}) => ({
    code,
    name: `Produit ${code}`,
    category_id: category,
    unit: 'sac',
    purchase_price: 800,
    retail_price: '1 500',
    wholesale_price: 1200,
    min_price: 1000,
    ...extra,
  });

  describe('authentication', () => {
    it('refuses a request without a token, with a JSON 401 and WWW-Authenticate', async () => {
      const res = await request(t.app).get('/api/v1/products');
      expect(res.status).toBe(401);
      expect(res.type).toBe('application/json');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body.message).toMatch(/Authorization: Bearer/);
    });

    it('never accepts the session cookie: a signed-in browser gets 401 and writes nothing (no CSRF hole)', async () => {
      const c = new Client(t);
      await c.login();
      expect((await c.agent.get('/api/v1/products')).status).toBe(401);
      const before = await count(t, 'products');
      const res = await c.agent
        .post('/api/v1/products')
        .set('X-XSRF-TOKEN', c.xsrf)
        .send(productBody(`S${uniqueTag()}`));
      expect(res.status).toBe(401);
      expect(res.type).toBe('application/json');
      expect(await count(t, 'products')).toBe(before);
    });

    it('refuses an unknown, an expired and a revoked token, and the token of a deactivated user', async () => {
      expect((await apiClient(t, 'sdk_inconnu').get('/api/v1/products')).status).toBe(401);
      const old = await tokenFor(t, adminId, READ_PRODUCTS, { days: 30, now: new Date(Date.now() - 31 * 86_400_000) });
      const expired = await apiClient(t, old.token).get('/api/v1/products');
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/expiré/);

      const revoked = await tokenFor(t, adminId, READ_PRODUCTS);
      expect((await apiClient(t, revoked.token).get('/api/v1/products')).status).toBe(200);
      await t.db('api_tokens').where({ id: revoked.id }).update({ revoked_at: nowIso() });
      expect((await apiClient(t, revoked.token).get('/api/v1/products')).body.message).toMatch(/révoqué/);

      const user = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, READ_PRODUCTS);
      const theirs = await tokenFor(t, user.id, READ_PRODUCTS);
      expect((await apiClient(t, theirs.token).get('/api/v1/products')).status).toBe(200);
      await t.db('users').where({ id: user.id }).update({ active: false });
      const res = await apiClient(t, theirs.token).get('/api/v1/products');
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/désactivé/);
    });

    it('records the last use of a token', async () => {
      const { id, token } = await tokenFor(t, adminId, READ_PRODUCTS);
      expect((await t.db('api_tokens').where({ id }).first())!.last_used_at).toBeNull();
      await apiClient(t, token).get('/api/v1/products');
      const row = (await t.db('api_tokens').where({ id }).first())!;
      expect(row.last_used_at).not.toBeNull();
      expect(row.last_used_ip).toBeTruthy();
    });
  });

  describe('abilities', () => {
    it('needs the ability: a read-only token cannot create (403, nothing written)', async () => {
      const { token } = await tokenFor(t, adminId, READ_PRODUCTS);
      const before = await count(t, 'products');
      const res = await apiClient(t, token).post('/api/v1/products', productBody(`A${uniqueTag()}`));
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/products\.create/);
      expect(await count(t, 'products')).toBe(before);
      expect((await apiClient(t, token).get('/api/v1/clients')).status).toBe(403);
    });

    it('needs the owner to still hold the permission: taken from the role, the token loses it at once', async () => {
      const user = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, [
        ...READ_PRODUCTS,
        'menu.clients',
      ]);
      const { token } = await tokenFor(t, user.id, [...READ_PRODUCTS, 'menu.clients']);
      expect((await apiClient(t, token).get('/api/v1/clients')).status).toBe(200);
      const role = (await t.db('user_roles').where({ user_id: user.id }).first('role_id'))!;
      await t.db('role_permissions').where({ role_id: role.role_id, permission_name: 'menu.clients' }).delete();
      expect((await apiClient(t, token).get('/api/v1/clients')).status).toBe(403);
      expect((await apiClient(t, token).get('/api/v1/products')).status).toBe(200);
    });

    it('hides costs from a token without a cost permission, even when its owner sees them', async () => {
      const id = await makeProduct(t.db, { code: `C${uniqueTag()}`, category_id: category, purchase_price: 777 });
      const reader = await tokenFor(t, adminId, READ_PRODUCTS);
      const plain = await apiClient(t, reader.token).get(`/api/v1/products/${id}`);
      expect(plain.status).toBe(200);
      expect(plain.body).not.toHaveProperty('purchase_price');
      expect(plain.body).not.toHaveProperty('cmup');
      const pricer = await tokenFor(t, adminId, [...READ_PRODUCTS, 'reports.view_costs']);
      expect((await apiClient(t, pricer.token).get(`/api/v1/products/${id}`)).body.purchase_price).toBe(777);
    });
  });

  describe('products', () => {
    it('lists with the search of the screens and an opaque cursor, id order, no row twice', async () => {
      const tag = uniqueTag('L');
      const ids = [];
      for (let i = 0; i < 5; i++)
        ids.push(await makeProduct(t.db, { code: `${tag}X${i}`, name: `Ciment ${tag} ${i}`, category_id: category }));
      const api = apiClient(t, (await tokenFor(t, adminId, READ_PRODUCTS)).token);
      const seen: number[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const res = await api.get(
          `/api/v1/products?q=${tag}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(pageOf(productOut).safeParse(res.body).success).toBe(true);
        expect(res.body.data.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.data.map((p: { id: number }) => p.id));
        cursor = res.body.next_cursor;
        if (cursor) expect(cursor).not.toMatch(/^\d+$/);
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(ids);
      const bad = await api.get('/api/v1/products?cursor=nimporte');
      expect(bad.status).toBe(422);
      expect(bad.body.errors.cursor).toMatch(/curseur/);
      const limit = await api.get('/api/v1/products?limit=1000');
      expect(limit.status).toBe(422);
      expect(limit.body.errors.limit).toBeTruthy();
    });

    it('reads one product; an unknown or malformed id is a JSON 404', async () => {
      const id = await makeProduct(t.db, { code: `G${uniqueTag()}`, category_id: category });
      const api = apiClient(t, (await tokenFor(t, adminId, READ_PRODUCTS)).token);
      const res = await api.get(`/api/v1/products/${id}`);
      expect(res.status).toBe(200);
      expect(productOut.parse(res.body).id).toBe(id);
      for (const url of ['/api/v1/products/99999999', '/api/v1/products/abc']) {
        const missing = await api.get(url);
        expect(missing.status).toBe(404);
        expect(missing.type).toBe('application/json');
        expect(missing.body.message).toBeTruthy();
      }
    });

    it('creates through the screen service: 201, Location, audit entry; the form rules answer 422 with French field errors', async () => {
      const api = apiClient(t, (await tokenFor(t, adminId, WRITE_PRODUCTS)).token);
      const code = `N${uniqueTag()}`;
      const res = await api.post('/api/v1/products', productBody(code.toLowerCase()));
      expect(res.status).toBe(201);
      const created = productOut.parse(res.body);
      expect(created.code).toBe(code);
      expect(created.retail_price).toBe(1500);
      expect(res.headers.location).toBe(`/api/v1/products/${created.id}`);
      const audit = await t
        .db('audit_log')
        .where({ action: 'product.created', subject_id: String(created.id) })
        .first();
      expect(audit).toBeTruthy();

      const before = await count(t, 'products');
      const invalid = await api.post('/api/v1/products', { code: 'é!', retail_price: 'abc', category_id: category });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toMatchObject({
        name: expect.stringMatching(/obligatoire/),
        unit: expect.any(String),
        code: expect.any(String),
        retail_price: expect.any(String),
      });
      const duplicate = await api.post('/api/v1/products', productBody(code));
      expect(duplicate.status).toBe(422);
      expect(duplicate.body.errors.code).toMatch(/déjà utilisé/);
      const prices = await api.post('/api/v1/products', productBody(`M${uniqueTag()}`, { min_price: 5000 }));
      expect(prices.status).toBe(422);
      expect(await count(t, 'products')).toBe(before);
    });

    it('honours Idempotency-Key: a replay answers the first product, another body with the key is 409', async () => {
      const api = apiClient(t, (await tokenFor(t, adminId, WRITE_PRODUCTS)).token);
      const key = `cle-${uniqueTag()}-0123456789`;
      const body = productBody(`I${uniqueTag()}`);
      const first = await api.post('/api/v1/products', body, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      const before = await count(t, 'products');
      const replay = await api.post('/api/v1/products', body, { 'Idempotency-Key': key });
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.id).toBe(first.body.id);
      expect(await count(t, 'products')).toBe(before);
      const other = await api.post('/api/v1/products', productBody(`J${uniqueTag()}`), { 'Idempotency-Key': key });
      expect(other.status).toBe(409);
      expect(other.body.message).toMatch(/idempotence/);
      expect(await count(t, 'products')).toBe(before);
      const badKey = await api.post('/api/v1/products', body, { 'Idempotency-Key': 'court' });
      expect(badKey.status).toBe(422);
      expect(badKey.body.errors['Idempotency-Key']).toBeTruthy();
    });

    it('updates only the fields sent, with the form rules and the price permission', async () => {
      const id = await makeProduct(t.db, {
        code: `U${uniqueTag()}`,
        name: 'Avant',
        category_id: category,
        retail_price: 2000,
      });
      const writer = apiClient(t, (await tokenFor(t, adminId, WRITE_PRODUCTS)).token);
      const res = await writer.patch(`/api/v1/products/${id}`, { name: 'Après' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, name: 'Après', retail_price: 2000 });
      expect(
        await t
          .db('audit_log')
          .where({ action: 'product.updated', subject_id: String(id) })
          .first(),
      ).toBeTruthy();
      expect((await writer.patch(`/api/v1/products/${id}`, { colour: 'bleu' })).body.errors.colour).toBeTruthy();
      expect((await writer.patch(`/api/v1/products/${id}`, { name: '' })).status).toBe(422);
      expect((await writer.patch('/api/v1/products/99999999', { name: 'x' })).status).toBe(404);

      const noPrices = apiClient(t, (await tokenFor(t, adminId, ['menu.produits', 'products.update'])).token);
      const refused = await noPrices.patch(`/api/v1/products/${id}`, { retail_price: 2500 });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.retail_price).toMatch(/permission/);
      expect(Number((await t.db('products').where({ id }).first())!.retail_price)).toBe(2000);
    });
  });

  describe('alert thresholds per location', () => {
    it("sets a location's own threshold (null: the product's again) and reads each location's threshold in force with its alert", async () => {
      const id = await makeProduct(t.db, { code: `T${uniqueTag()}`, name: 'Seuils API', category_id: category });
      await t.db('products').where({ id }).update({ alert_threshold: 10 });
      await giveStock(t.db, id, depot, 50);
      await giveStock(t.db, id, shop, 4);
      const writer = apiClient(t, (await tokenFor(t, adminId, WRITE_PRODUCTS)).token);
      const levels = async () =>
        Object.fromEntries(
          productStockOut
            .parse((await writer.get(`/api/v1/products/${id}/stock`)).body)
            .levels.filter((l) => [depot, shop].includes(l.location_id))
            .map((l) => [l.location_id, [l.own_threshold, l.threshold, l.below_threshold]]),
        );
      expect(await levels()).toEqual({ [depot]: [null, 10, false], [shop]: [null, 10, true] });
      const set = await writer.patch(`/api/v1/products/${id}`, { location_thresholds: { [shop]: 3 } });
      expect(set.status).toBe(200);
      expect(set.body.below_threshold).toBe(false);
      expect(await levels()).toEqual({ [depot]: [null, 10, false], [shop]: [3, 3, false] });
      expect(
        (await writer.patch(`/api/v1/products/${id}`, { location_thresholds: { [depot]: 60, [shop]: null } })).body
          .below_threshold,
      ).toBe(true);
      expect(await levels()).toEqual({ [depot]: [60, 60, true], [shop]: [null, 10, true] });
      const bad = await writer.patch(`/api/v1/products/${id}`, { location_thresholds: { [shop]: -1 } });
      expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, [`location_thresholds.${shop}`]]);
    });
  });

  describe('stock levels', () => {
    it('gives a product’s stock per location and a location’s stock per product', async () => {
      const tag = uniqueTag('K');
      const id = await makeProduct(t.db, { code: `${tag}A`, name: `Stock ${tag}`, category_id: category });
      const other = await makeProduct(t.db, { code: `${tag}B`, name: `Stock ${tag} bis`, category_id: category });
      await giveStock(t.db, id, depot, 40);
      await giveStock(t.db, id, shop, 2);
      const api = apiClient(t, (await tokenFor(t, adminId, READ_PRODUCTS)).token);
      const res = await api.get(`/api/v1/products/${id}/stock`);
      expect(res.status).toBe(200);
      const stock = productStockOut.parse(res.body);
      expect(stock.total).toBe(42);
      expect(stock.levels.find((l) => l.location_id === depot)?.quantity).toBe(40);
      expect(stock.levels.find((l) => l.location_id === shop)?.quantity).toBe(2);

      const locations = await api.get('/api/v1/locations');
      expect(locations.body.data.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([depot, shop]));
      const atShop = await api.get(`/api/v1/stock-levels?location_id=${shop}&q=${tag}`);
      expect(atShop.status).toBe(200);
      expect(pageOf(stockLevelOut).parse(atShop.body).data).toEqual([
        expect.objectContaining({ product_id: id, quantity: 2 }),
        expect.objectContaining({ product_id: other, quantity: 0 }),
      ]);
      expect((await api.get('/api/v1/stock-levels')).body.errors.location_id).toBeTruthy();
      expect((await api.get('/api/v1/stock-levels?location_id=99999')).status).toBe(404);
      expect((await api.get('/api/v1/products/99999999/stock')).status).toBe(404);
    });

    it('hides the quantities of a location counted blind from a token that may not see them', async () => {
      const id = await makeProduct(t.db, { code: `B${uniqueTag()}`, category_id: category });
      await giveStock(t.db, id, depot, 9);
      const counter = await userWithPermissions(t, `${uniqueTag('U').toLowerCase()}@test.local`, [
        ...READ_PRODUCTS,
        'menu.inventaire',
        'inventory.count',
      ]);
      const api = apiClient(t, (await tokenFor(t, counter.id, READ_PRODUCTS)).token);
      const countId = await insertReturningId(t.db, 'inventory_counts', await blindCountRow(t, depot, counter.id));
      try {
        const res = await api.get(`/api/v1/products/${id}/stock`);
        expect(res.body.total).toBeNull();
        expect(res.body.levels.find((l: { location_id: number }) => l.location_id === depot).quantity).toBeNull();
        expect((await api.get(`/api/v1/products/${id}`)).body.stock_total).toBeNull();
        const levels = await api.get(`/api/v1/stock-levels?location_id=${depot}`);
        expect(levels.body.data.every((l: { quantity: number | null }) => l.quantity === null)).toBe(true);
      } finally {
        await t.db('inventory_counts').where({ id: countId }).update({ status: 'cancelled' });
      }
    });
  });

  describe('clients', () => {
    it('lists, reads and creates clients through the screen service', async () => {
      const api = apiClient(t, (await tokenFor(t, adminId, CLIENTS)).token);
      const code = `CL${uniqueTag()}`;
      const created = await api.post(
        '/api/v1/clients',
        { code, name: `Client ${code}`, phone: '+225 07 00 00 00', credit_limit: '50 000', price_level: 'gros' },
        { 'Idempotency-Key': `client-${code}-abcdefgh` },
      );
      expect(created.status).toBe(201);
      expect(clientOut.parse(created.body)).toMatchObject({ code, credit_limit: 50000, price_level: 'gros' });
      expect(
        await t
          .db('audit_log')
          .where({ action: 'client.created', subject_id: String(created.body.id) })
          .first(),
      ).toBeTruthy();
      const one = await api.get(`/api/v1/clients/${created.body.id}`);
      expect(one.body.name).toBe(`Client ${code}`);
      const list = await api.get(`/api/v1/clients?q=${code}`);
      expect(
        pageOf(clientOut)
          .parse(list.body)
          .data.map((c) => c.id),
      ).toEqual([created.body.id]);
      const invalid = await api.post('/api/v1/clients', { code, email: 'pas-un-email', price_level: 'vip' });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toMatchObject({
        name: expect.any(String),
        email: expect.any(String),
        price_level: expect.any(String),
      });
      expect((await api.get('/api/v1/clients/99999999')).status).toBe(404);
    });
  });

  describe('treasury', () => {
    it('lists the accounts and the movements of the money ledger, by account and period, by cursor', async () => {
      const bank = await makeTreasuryAccount(t.db, 'banque');
      const post = (amount: number, businessDate: string, movementType: string) =>
        t.db.transaction((trx) =>
          postMoneyMovements(
            trx,
            [{ accountId: bank, amount, movementType, paymentMethod: 'virement', label: `Test ${movementType}` }],
            { documentType: null, documentId: null, documentNumber: null, userId: adminId, businessDate },
          ),
        );
      await post(100_000, '2026-01-10', 'cash_in');
      await post(-30_000, '2026-02-10', 'cash_out');
      await post(5_000, '2026-03-10', 'cash_in');
      const api = apiClient(t, (await tokenFor(t, adminId, ['menu.tresorerie'])).token);

      const accounts = await api.get('/api/v1/treasury/accounts');
      expect(accounts.status).toBe(200);
      expect(
        z
          .array(treasuryAccountOut)
          .parse(accounts.body.data)
          .find((a) => a.id === bank),
      ).toMatchObject({ kind: 'banque', balance: 75_000 });

      const first = await api.get(`/api/v1/treasury/movements?account_id=${bank}&limit=2`);
      expect(first.status).toBe(200);
      const rows = pageOf(moneyMovementOut).parse(first.body);
      expect(rows.data.map((m) => [m.amount, m.balance_after, m.movement_label])).toEqual([
        [100_000, 100_000, 'Apport'],
        [-30_000, 70_000, 'Décaissement'],
      ]);
      const second = await api.get(
        `/api/v1/treasury/movements?account_id=${bank}&limit=2&cursor=${first.body.next_cursor}`,
      );
      expect(second.body.data.map((m: { amount: number }) => m.amount)).toEqual([5_000]);
      expect(second.body.next_cursor).toBeNull();

      const february = await api.get(`/api/v1/treasury/movements?account_id=${bank}&from=2026-02-01&to=2026-02-28`);
      expect(february.body.data.map((m: { amount: number }) => m.amount)).toEqual([-30_000]);
      const badDates = await api.get('/api/v1/treasury/movements?from=2026-02-30&to=2026-01-01');
      expect(badDates.status).toBe(422);
      expect(badDates.body.errors.from).toMatch(/AAAA-MM-JJ/);
      expect((await api.get('/api/v1/treasury/movements?account_id=999999')).status).toBe(404);
      // The ability is needed.
      expect(
        (await apiClient(t, (await tokenFor(t, adminId, READ_PRODUCTS)).token).get('/api/v1/treasury/movements'))
          .status,
      ).toBe(403);
    });
  });

  describe('errors', () => {
    it('answers JSON for an unknown route, a wrong method, a malformed body and a non-object body', async () => {
      const api = apiClient(t, (await tokenFor(t, adminId, [...WRITE_PRODUCTS])).token);
      const unknown = await api.get('/api/v1/inconnu');
      expect(unknown.status).toBe(404);
      expect(unknown.type).toBe('application/json');
      const method = await apiClient(t, (await tokenFor(t, adminId, WRITE_PRODUCTS)).token).patch(
        '/api/v1/products',
        {},
      );
      expect(method.status).toBe(405);
      expect(method.headers.allow).toBe('GET, POST');
      const malformed = await request(t.app)
        .post('/api/v1/products')
        .set('Authorization', `Bearer ${(await tokenFor(t, adminId, WRITE_PRODUCTS)).token}`)
        .set('Content-Type', 'application/json')
        .send('{"code": ');
      expect(malformed.status).toBe(400);
      expect(malformed.type).toBe('application/json');
      expect(malformed.body.message).toMatch(/JSON/);
      const array = await request(t.app)
        .post('/api/v1/products')
        .set('Authorization', `Bearer ${(await tokenFor(t, adminId, WRITE_PRODUCTS)).token}`)
        .send([1, 2]);
      expect(array.status).toBe(422);
      expect(array.body.errors._body).toBeTruthy();
      const text = await request(t.app)
        .post('/api/v1/products')
        .set('Authorization', `Bearer ${(await tokenFor(t, adminId, WRITE_PRODUCTS)).token}`)
        .set('Content-Type', 'text/plain')
        .send('code=ABC');
      expect(text.status).toBe(415);
      expect(text.type).toBe('application/json');
      const huge = await request(t.app)
        .post('/api/v1/products')
        .set('Authorization', `Bearer ${(await tokenFor(t, adminId, WRITE_PRODUCTS)).token}`)
        .send({ name: 'x'.repeat(1_100_000) });
      expect(huge.status).toBe(413);
      expect(huge.type).toBe('application/json');
    });

    it('answers 429 with Retry-After once a token has used its budget', async () => {
      const { id, token } = await tokenFor(t, adminId, READ_PRODUCTS);
      const [rule] = apiTokenRules(id);
      const now = Date.now();
      await t
        .db('throttle_hits')
        .insert(Array.from({ length: API_TOKEN_LIMITS.token.limit }, () => ({ bucket: rule.bucket, hit_at: now })));
      const res = await apiClient(t, token).get('/api/v1/products');
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body.message).toMatch(/Trop de requêtes/);
      // Another token of the same user has its own budget.
      expect(
        (await apiClient(t, (await tokenFor(t, adminId, READ_PRODUCTS)).token).get('/api/v1/products')).status,
      ).toBe(200);
    });
  });
});

/** An open blind count at a location, as the inventory screen writes one (its lines do not matter here). */
async function blindCountRow(_t: TestApp, locationId: number, userId: number): Promise<Record<string, unknown>> {
  const now = nowIso();
  return {
    number: `INV-T-${uniqueTag()}`,
    location_id: locationId,
    count_date: now.slice(0, 10),
    blind: true,
    status: 'open',
    snapshot_at: now,
    line_count: 0,
    created_by: userId,
    created_at: now,
    updated_at: now,
  };
}
