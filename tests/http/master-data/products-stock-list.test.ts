/**
 * The products list's stock: sorted by stock, filtered « sous le seuil d'alerte » (per location:
 * the location's own threshold, else the product's), the stock column at one location; and the
 * category select of the product form in French order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { download } from '../../support/master-data.js';
import { giveStock, makeProduct } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';
import { insertReturningId, nowIso } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';

const BASE = '/fichiers/produits';

interface Row {
  code: string;
  stock_total: number;
  stock_location: number | null;
  below_threshold: boolean;
  alert_locations: number;
  threshold_location: number | null;
}

describe.each(testDatabases())('fichiers/produits : stock (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let depot: number;
  let shop: number;

  /** A category of the test's own, with products `<tag>-<n>` given their threshold and stock at the depot and the shop. */
  async function catalogue(
    tag: string,
    products: Array<{ n: string; threshold: number; depot?: number; shop?: number }>,
  ) {
    const now = nowIso();
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: now, updated_at: now }),
    );
    for (const p of products) {
      const id = await makeProduct(t.db, {
        code: `${tag}-${p.n}`,
        name: `Produit ${tag} ${p.n}`,
        category_id: category,
      });
      await t.db('products').where({ id }).update({ alert_threshold: p.threshold });
      if (p.depot) await giveStock(t.db, id, depot, p.depot);
      if (p.shop) await giveStock(t.db, id, shop, p.shop);
    }
    return category;
  }

  const rows = async (query: Record<string, string | number>) => {
    const res = await admin.visit(
      `${BASE}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('products/Index');
    return res.body.props.products.data as Row[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  });
  afterAll(() => t.close());

  it("« sous le seuil d'alerte » keeps the products under the threshold in force at a location: its own, else the product's", async () => {
    const tag = uniqueTag();
    const category = await catalogue(tag, [
      { n: 'UNDER', threshold: 10, depot: 4 },
      { n: 'EQUAL', threshold: 10, depot: 6, shop: 4 },
      // 3 at each location, each under 5: under at both (the threshold is per location, not on the total of 6).
      { n: 'SPLIT', threshold: 5, depot: 3, shop: 3 },
      { n: 'NONE', threshold: 10 },
      { n: 'NOALERT', threshold: 0 },
      // Above at the depot, but the shop has none: under there (the product's threshold applies).
      { n: 'ABOVE', threshold: 10, depot: 11 },
      // The shop's own threshold (2) is lower than the product's (10): 3 there is fine.
      { n: 'OWN', threshold: 10, depot: 50, shop: 3 },
      // No default, but the shop follows it with its own: 1 under 5.
      { n: 'SHOPONLY', threshold: 0, shop: 1 },
      // The shop does not follow it (0), the depot is above.
      { n: 'OFF', threshold: 10, depot: 50 },
    ]);
    const own = async (n: string, threshold: number) => {
      const id = Number(
        (await t
          .db('products')
          .where({ code: `${tag}-${n}` })
          .first('id'))!.id,
      );
      await t
        .db('stock_levels')
        .insert({ product_id: id, location_id: shop, quantity: 0, alert_threshold: threshold })
        .onConflict(['product_id', 'location_id'])
        .merge(['alert_threshold']);
    };
    await own('OWN', 2);
    await own('SHOPONLY', 5);
    await own('OFF', 0);
    const codes = (list: Row[]) => list.map((r) => r.code.slice(tag.length + 1));

    const low = await rows({ category_id: category, stock: 'low', sort: 'code' });
    expect(codes(low)).toEqual(['ABOVE', 'EQUAL', 'NONE', 'SHOPONLY', 'SPLIT', 'UNDER']);
    expect(low.every((r) => r.below_threshold)).toBe(true);

    const all = await rows({ category_id: category, sort: 'code' });
    expect(all).toHaveLength(9);
    expect(
      Object.fromEntries(
        all.map((r) => [r.code.slice(tag.length + 1), [r.stock_total, r.below_threshold, r.alert_locations]]),
      ),
    ).toEqual({
      ABOVE: [11, true, 1],
      EQUAL: [10, true, 2],
      NOALERT: [0, false, 0],
      NONE: [0, true, 2],
      OFF: [50, false, 0],
      OWN: [53, false, 0],
      SHOPONLY: [1, true, 1],
      SPLIT: [6, true, 2],
      UNDER: [4, true, 2],
    });

    // At one location: its own threshold, else the product's, there only.
    expect(codes(await rows({ category_id: category, stock: 'low', location_id: depot, sort: 'code' }))).toEqual([
      'EQUAL',
      'NONE',
      'SPLIT',
      'UNDER',
    ]);
    const atShop = await rows({ category_id: category, stock: 'low', location_id: shop, sort: 'code' });
    expect(codes(atShop)).toEqual(['ABOVE', 'EQUAL', 'NONE', 'SHOPONLY', 'SPLIT', 'UNDER']);
    expect(
      Object.fromEntries(
        (await rows({ category_id: category, location_id: shop, sort: 'code' })).map((r) => [
          r.code.slice(tag.length + 1),
          r.threshold_location,
        ]),
      ),
    ).toMatchObject({ OWN: 2, SHOPONLY: 5, OFF: 0, ABOVE: 10 });
  });

  it("a user of the shop alone counts « sous le seuil » at the shop: the depot's stock and thresholds say nothing to them", async () => {
    const tag = uniqueTag();
    const category = await catalogue(tag, [
      { n: 'DEPOTLOW', threshold: 10, depot: 1, shop: 50 },
      { n: 'SHOPLOW', threshold: 10, depot: 100, shop: 2 },
    ]);
    const user = await userWithPermissions(t, `${tag.toLowerCase()}@test.local`, [
      'menu.dashboard',
      'menu.fichiers',
      'menu.produits',
    ]);
    await t.db('user_locations').insert({ user_id: user.id, location_id: shop });
    await t.db('users').where({ id: user.id }).update({ places_restricted: true });
    const c = new Client(t);
    await c.login(user.email, user.password);
    const res = await c.visit(`${BASE}?category_id=${category}&stock=low&sort=code`);
    expect(res.body.props.params.filters.stock).toBe('low');
    expect(
      (res.body.props.products.data as Row[]).map((r) => [r.code.slice(tag.length + 1), r.alert_locations]),
    ).toEqual([['SHOPLOW', 1]]);
  });

  it('sorts by total stock, or by the stock of the location the list shows, which each row then carries', async () => {
    const tag = uniqueTag();
    const category = await catalogue(tag, [
      { n: 'A', threshold: 0, depot: 50, shop: 1 },
      { n: 'B', threshold: 0, depot: 5, shop: 30 },
      { n: 'C', threshold: 0, depot: 20 },
    ]);
    const codes = (list: Row[]) => list.map((r) => r.code.slice(tag.length + 1));

    expect(codes(await rows({ category_id: category, sort: 'stock', dir: 'asc' }))).toEqual(['C', 'B', 'A']);
    expect(codes(await rows({ category_id: category, sort: 'stock', dir: 'desc' }))).toEqual(['A', 'B', 'C']);

    const atShop = await rows({ category_id: category, location_id: shop, sort: 'stock', dir: 'desc' });
    expect(codes(atShop)).toEqual(['B', 'A', 'C']);
    expect(atShop.map((r) => [r.stock_location, r.stock_total])).toEqual([
      [30, 35],
      [1, 51],
      [0, 20],
    ]);
    // Without a location the rows carry no location stock.
    expect((await rows({ category_id: category })).every((r) => r.stock_location === null)).toBe(true);
  });

  it('reads unknown filter values as no filter, and offers the active locations', async () => {
    const tag = uniqueTag();
    const category = await catalogue(tag, [
      { n: 'A', threshold: 10, depot: 1 },
      { n: 'B', threshold: 10, depot: 100 },
    ]);
    const res = await admin.visit(`${BASE}?category_id=${category}&stock=nimporte&location_id=abc&sort=stock`);
    expect(res.status).toBe(200);
    expect(res.body.props.params.filters).toMatchObject({ stock: '', location_id: '' });
    expect(res.body.props.params.sort).toBe('stock');
    expect(res.body.props.products.data).toHaveLength(2);
    const labels = (res.body.props.locations as Array<{ value: string; label: string }>).map((l) => l.value);
    expect(labels).toEqual(expect.arrayContaining([String(depot), String(shop)]));
  });

  it("the export follows the stock filter, with each product's thresholds per location", async () => {
    const tag = uniqueTag();
    const category = await catalogue(tag, [
      { n: 'LOW', threshold: 10, depot: 1, shop: 100 },
      { n: 'OK', threshold: 10, depot: 100, shop: 100 },
    ]);
    const low = Number(
      (await t
        .db('products')
        .where({ code: `${tag}-LOW` })
        .first('id'))!.id,
    );
    await t.db('stock_levels').where({ product_id: low, location_id: shop }).update({ alert_threshold: 3 });
    const res = await download(admin, `${BASE}/export?format=csv&category_id=${category}&stock=low`);
    expect(res.status).toBe(200);
    const text = (res.body as Buffer).toString('utf8');
    expect(text.split(/\r?\n/)[0]).toContain('Seuil d’alerte;Seuils par emplacement;Groupe de taxe;Actif');
    expect(text).toMatch(new RegExp(`${tag}-LOW;.*;10;BTQ01=3;`));
    expect(text).not.toContain(`${tag}-OK`);
  });

  it('a user without the products menu cannot read the list', async () => {
    const user = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, ['menu.dashboard']);
    const client = new Client(t);
    await client.login(user.email, user.password);
    const res = await client.visit(`${BASE}?stock=low`);
    expect(res.status).toBe(403);
  });

  it('offers the categories of the product form in French order, accents and case aside', async () => {
    const tag = uniqueTag();
    const now = nowIso();
    const names = ['Zinc', 'Éclairage', 'eaux', 'Épicerie', 'Ecrous', 'Lot 10', 'Lot 2'].map((n) => `${tag} ${n}`);
    for (const [i, name] of names.entries())
      await insertReturningId(
        t.db,
        'categories',
        withSearchName({ code: `${tag}${i}`, name, created_at: now, updated_at: now }),
      );
    const res = await admin.visit(`${BASE}/create`);
    expect(res.body.component).toBe('products/Form');
    const mine = (res.body.props.categories as Array<{ label: string }>)
      .map((c) => c.label)
      .filter((l) => l.startsWith(`${tag} `));
    expect(mine.map((l) => l.slice(tag.length + 1))).toEqual([
      'eaux',
      'Éclairage',
      'Ecrous',
      'Épicerie',
      'Lot 2',
      'Lot 10',
      'Zinc',
    ]);
  });
});
