import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSearch, withSearchName } from '../../../server/db/search.js';
import { searchClients, searchProducts } from '../../../server/services/pickers/pickers.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { uniqueTag } from '../../support/unique.js';
import { orderByFrench } from '../../../server/db/french-order.js';

/** Products, stock and clients every picker test searches; returns the depot id. */
async function insertFixtures(t: TestApp): Promise<number> {
  const now = new Date().toISOString();
  const [cat] = await t
    .db('categories')
    .insert(withSearchName({ code: 'BOI', name: 'Boissons', created_at: now, updated_at: now }))
    .returning('id');
  const category_id = Number(typeof cat === 'object' ? cat.id : cat);
  const product = (code: string, name: string, barcode: string | null, extra: object = {}) =>
    withSearchName({
      code,
      name,
      barcode,
      category_id,
      unit: 'bouteille',
      pack_size: 12,
      purchase_price: 250,
      cmup: 260,
      retail_price: 400,
      wholesale_price: 350,
      min_price: 300,
      active: true,
      created_at: now,
      updated_at: now,
      ...extra,
    });
  await t
    .db('products')
    .insert([
      product('P000001', 'Eau minérale Awa 1,5 L', '6191234567890'),
      product('P000002', 'Jus de bissap 1 L', '6191234567891'),
      product('P000003', 'Coca-Cola 33 cl', '5449000000996'),
      product('P619123', 'Article au code numérique', null),
      product('P000005', 'Eau gazeuse archivée', '6190000000005', { active: false }),
      ...Array.from({ length: 30 }, (_, i) =>
        product(`EAU${String(i).padStart(3, '0')}`, `Eau de source lot ${i}`, null),
      ),
    ]);
  const depotId = Number((await t.db('locations').orderBy('id').first('id'))!.id);
  const p1 = Number((await t.db('products').where({ code: 'P000001' }).first('id'))!.id);
  await t.db('stock_levels').insert({ product_id: p1, location_id: depotId, quantity: 48 });
  await t.db('clients').insert(
    [
      {
        code: 'CL00010',
        name: 'Awa Koné',
        phone: '07 12 34 56 78',
        price_level: 'gros' as const,
        credit_limit: 100_000,
        active: true,
        created_at: now,
        updated_at: now,
      },
      {
        code: 'CL00011',
        name: 'Moussa Diallo',
        phone: '77 000 11 22',
        price_level: 'detail' as const,
        credit_limit: 0,
        active: true,
        created_at: now,
        updated_at: now,
      },
      {
        code: 'CL00012',
        name: 'Ancien client Koné',
        phone: '',
        price_level: 'detail' as const,
        credit_limit: 0,
        active: false,
        created_at: now,
        updated_at: now,
      },
    ].map(withSearchName),
  );
  return depotId;
}

describe.each(testDatabases())('pickers (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let depotId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    depotId = await insertFixtures(t);
  });
  afterAll(() => t.close());

  const products = async (c: Client, qs: string) => {
    const res = await c.agent.get(`/pickers/products?${qs}`).set('Accept', 'application/json');
    return res;
  };

  it('flags an exact barcode so Enter picks it, with the stock at the asked location', async () => {
    const res = await products(admin, `q=6191234567890&location_id=${depotId}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.exact).toEqual({
      id: expect.any(Number),
      code: 'P000001',
      barcode: '6191234567890',
      name: 'Eau minérale Awa 1,5 L',
      unit: 'bouteille',
      pack_size: 12,
      purchase_price: 250,
      cmup: 260,
      retail_price: 400,
      wholesale_price: 350,
      min_price: 300,
      tax_group: 'normal',
      category: 'Boissons',
      stock: 48,
    });
    expect(res.body.items[0].code).toBe('P000001');
    // a code typed in full is an exact match too, lower case accepted
    expect((await products(admin, 'q=p000003')).body.exact.name).toBe('Coca-Cola 33 cl');
    // no location → stock null
    expect((await products(admin, 'q=6191234567890')).body.exact.stock).toBeNull();
  });

  it('searches prefixes of code and barcode and fragments of the name, active products only, 20 at most', async () => {
    const prefix = await products(admin, 'q=619123');
    expect(prefix.body.exact).toBeNull();
    expect(prefix.body.items.map((i: { code: string }) => i.code)).toEqual(['P000001', 'P000002']);
    const name = await products(admin, 'q=BISSAP');
    expect(name.body.items.map((i: { code: string }) => i.code)).toEqual(['P000002']);
    const many = await products(admin, 'q=eau');
    expect(many.body.items).toHaveLength(20);
    expect(many.body.items.some((i: { name: string }) => i.name.includes('archivée'))).toBe(false);
    expect((await products(admin, 'q=6190000000005')).body).toEqual({ items: [], exact: null });
    expect((await products(admin, 'q=%25_')).body.items).toEqual([]);
    expect((await products(admin, '')).body.items).toHaveLength(20);
  });

  it('tolerates a typo in the name when nothing matches as typed, never in a code or barcode', async () => {
    const now = new Date().toISOString();
    const category_id = Number((await t.db('categories').where({ code: 'BOI' }).first('id'))!.id);
    const code = `CIM${uniqueTag()}`;
    await t.db('products').insert(
      withSearchName({
        code,
        name: 'Ciment CPJ 45 sac',
        barcode: null,
        category_id,
        unit: 'sac',
        pack_size: 1,
        purchase_price: 4000,
        cmup: 4000,
        retail_price: 5000,
        wholesale_price: 4800,
        min_price: 4500,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    );
    const codes = async (q: string) =>
      (await products(admin, `q=${encodeURIComponent(q)}`)).body.items.map((i: { code: string }) => i.code);
    // a doubled letter, a swap, a wrong letter, a missing one
    for (const q of ['cimment', 'CIMNET', 'cimant', 'cment cpj']) expect([q, await codes(q)]).toEqual([q, [code]]);
    // too far, or a number: nothing is made up
    expect(await codes('cxmxnt')).toEqual([]);
    expect(await codes('6191234567899')).toEqual([]);
    // clients too
    const clients = (await admin.agent.get('/pickers/clients?q=mousa%20dialo')).body.items.map(
      (c: { code: string }) => c.code,
    );
    expect(clients).toEqual(['CL00011']);
  });

  it('hides costs from a seller and refuses users without a picking screen (JSON 401/403)', async () => {
    const seller = await userWithPermissions(t, 'vendeur-picker@test.local', ['menu.sortiestock', 'menu.clients']);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    const item = (await products(c, 'q=P000001')).body.exact;
    expect(item).toMatchObject({ retail_price: 400 });
    expect(item).not.toHaveProperty('purchase_price');
    expect(item).not.toHaveProperty('cmup');
    const nobody = await userWithPermissions(t, 'sans-picker@test.local', ['menu.dashboard']);
    const n = new Client(t);
    await n.login(nobody.email, nobody.password);
    const forbidden = await products(n, 'q=P');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Vous n’avez pas la permission de rechercher ces fiches.');
    expect((await n.agent.get('/pickers/clients?q=a')).status).toBe(403);
    const guest = new Client(t);
    const anon = await guest.agent.get('/pickers/products?q=P');
    expect(anon.status).toBe(401);
    expect(anon.body.message).toMatch(/reconnecter/);
  });

  it('finds clients by code, phone prefix and name, walk-in first when empty, active only', async () => {
    const get = async (q: string) => (await admin.agent.get(`/pickers/clients?q=${encodeURIComponent(q)}`)).body.items;
    const first = await get('');
    expect(first[0]).toMatchObject({ code: 'CL00000', name: 'CLIENT COMPTANT', is_walk_in: true });
    expect((await get('cl00010'))[0]).toEqual({
      id: expect.any(Number),
      code: 'CL00010',
      name: 'Awa Koné',
      phone: '07 12 34 56 78',
      price_level: 'gros',
      credit_limit: 100_000,
      balance: 0,
      is_walk_in: false,
    });
    expect((await get('77 000')).map((c: { code: string }) => c.code)).toEqual(['CL00011']);
    expect((await get('koné')).map((c: { code: string }) => c.code)).toEqual(['CL00010']);
    // accents and case do not matter, either way round
    for (const q of ['KONÉ', 'kone', 'KONE', 'awa kone'])
      expect([q, (await get(q)).map((c: { code: string }) => c.code)]).toEqual([q, ['CL00010']]);
    for (const q of ['MINÉRALE', 'minerale', 'Minérale awa'])
      expect([
        q,
        (await products(admin, `q=${encodeURIComponent(q)}`)).body.items.map((i: { code: string }) => i.code),
      ]).toEqual([q, ['P000001']]);
    const list = await admin.visit('/fichiers/clients?q=kone&status=all');
    expect(list.body.props.clients.data.map((c: { code: string }) => c.code)).toEqual(['CL00010', 'CL00012']);
  });

  it('finds the first matches of a word in name order, wherever they sort (PostgreSQL reads them from the trigram indexes first)', async () => {
    const now = new Date().toISOString();
    const category_id = Number((await t.db('categories').where({ code: 'BOI' }).first('id'))!.id);
    const tag = uniqueTag('PAL');
    const row = (code: string, name: string) =>
      withSearchName({
        code,
        name,
        barcode: null,
        category_id,
        unit: 'bouteille',
        pack_size: 1,
        purchase_price: 100,
        cmup: 100,
        retail_price: 150,
        wholesale_price: 140,
        min_price: 120,
        active: true,
        created_at: now,
        updated_at: now,
      });
    // 40 names before the matches in name order, then 7 matches (one archived), two of them with the same name.
    await t
      .db('products')
      .insert([
        ...Array.from({ length: 40 }, (_, i) => row(`${tag}A${i}`, `Aaa ${tag} ${String(i).padStart(2, '0')}`)),
        ...['Zébu', 'Zèbre', 'Zone', 'Zone', 'Zut', 'Zyva'].map((w, i) =>
          row(`${tag}Z${i}`, `${w} huile de palmeraie ${tag}`),
        ),
        { ...row(`${tag}ZX`, `Zaa huile de palmeraie ${tag} archivée`), active: false },
      ]);
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    t.db.on('query', listen);
    let found: Array<{ name: string; code: string }>;
    try {
      found = (await searchProducts(t.db, { q: `palmeraie ${tag}`, locationId: null, limit: 5 })).rows;
    } finally {
      t.db.off('query', listen);
    }
    // The plain walk in French name order (ties by id): what the search must answer.
    const expected = (
      await orderByFrench(
        t
          .db('products')
          .where('active', true)
          .where('search_name', 'like', `%${foldSearch(`palmeraie ${tag}`)}%`),
        t.db,
        { folded: 'search_name' },
      )
        .orderBy('id')
        .limit(5)
        .select('code')
    ).map((r) => r.code);
    expect(found.map((r) => r.code)).toEqual(expected);
    expect(expected).toHaveLength(5);
    const named = sent.filter((sql) => /search_name/.test(sql));
    expect(named).toHaveLength(1);
    expect(/as materialized/i.test(named[0])).toBe(kind === 'pg');
    // Without a trigram to read (2 characters, or "zzzq" whose squeezed form is "zq"), the walk in name order stays.
    sent.length = 0;
    t.db.on('query', listen);
    try {
      await searchProducts(t.db, { q: 'xq', locationId: null, limit: 5 });
      await searchProducts(t.db, { q: 'zzzq', locationId: null, limit: 5 });
    } finally {
      t.db.off('query', listen);
    }
    const short = sent.filter((sql) => /search_name/.test(sql));
    expect(short.length).toBeGreaterThanOrEqual(2);
    expect(short.filter((sql) => /as materialized/i.test(sql))).toEqual([]);
  });
});

// The query plan is SQLite's; PostgreSQL's planner depends on table statistics and is measured by npm run bench instead.
describe('pickers query plans (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await insertFixtures(t);
  });
  afterAll(() => t.close());

  it('answers from indexes: no picker query scans a whole table', async () => {
    const statements: Array<{ sql: string; bindings: unknown[] }> = [];
    const listener = (q: { sql: string; bindings: unknown[] }) => statements.push({ sql: q.sql, bindings: q.bindings });
    t.db.on('query', listener);
    try {
      for (const q of ['6191234567890', 'P0000', '619', 'bissap']) await searchProducts(t.db, { q, locationId: 1 });
      for (const q of ['CL000', '07 12', 'kon']) await searchClients(t.db, { q });
    } finally {
      t.db.removeListener('query', listener);
    }
    expect(statements.length).toBeGreaterThan(10);
    let prefixSearches = 0;
    let exactSearches = 0;
    for (const { sql, bindings } of statements) {
      const plan: Array<{ detail: string }> = await t.db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as any[]);
      const details = plan.map((p) => p.detail).join(' | ');
      // never a plain scan of a table
      expect([sql, /(^|\| )SCAN (products|clients|categories|stock_levels)\b/.test(details)]).toEqual([sql, false]);
      // a prefix search walks the prefix index of its column; an exact code/barcode uses the unique index
      const prefix = /\b(code|barcode|phone)[`"]? LIKE/.exec(sql);
      if (prefix) {
        prefixSearches++;
        expect([sql, details]).toEqual([sql, expect.stringContaining(`_${prefix[1]}_prefix`)]);
      }
      const exact = /\b(code|barcode)[`"]? = \?/.exec(sql);
      if (exact) {
        exactSearches++;
        // (or, for an active product's code, the list-order index (active, code, id): the same
        // one-row equality search, migration 202611241400_products_list_order)
        const index =
          exact[1] === 'code' && /USING INDEX products_active_code_id \(active=\? AND code=\?\)/.test(details)
            ? 'products_active_code_id'
            : `_${exact[1]}_unique`;
        expect([sql, details]).toEqual([sql, expect.stringContaining(index)]);
      }
    }
    // the searches above do use both kinds: the index checks were not skipped
    expect(prefixSearches).toBeGreaterThan(0);
    expect(exactSearches).toBeGreaterThan(0);
  });
});
