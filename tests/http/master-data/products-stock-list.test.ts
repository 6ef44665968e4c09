/**
 * The products list's stock: sorted by stock, filtered « sous le seuil d'alerte » (the threshold
 * is on the total stock, all locations together), the stock column at one location; and the
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
}

describe.each(testDatabases())('fichiers/produits : stock (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let depot: number;
  let shop: number;

  /** A category of the test's own, with products `<tag>-<n>` given their threshold and stock at the depot and the shop. */
  async function catalogue(tag: string, products: Array<{ n: string; threshold: number; depot?: number; shop?: number }>) {
    const now = nowIso();
    const category = await insertReturningId(t.db, 'categories', withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: now, updated_at: now }));
    for (const p of products) {
      const id = await makeProduct(t.db, { code: `${tag}-${p.n}`, name: `Produit ${tag} ${p.n}`, category_id: category });
      await t.db('products').where({ id }).update({ alert_threshold: p.threshold });
      if (p.depot) await giveStock(t.db, id, depot, p.depot);
      if (p.shop) await giveStock(t.db, id, shop, p.shop);
    }
    return category;
  }

  const rows = async (query: Record<string, string | number>) => {
    const res = await admin.visit(`${BASE}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
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

  it('« sous le seuil d\'alerte » keeps the products whose total stock is at or under their threshold', async () => {
    const tag = uniqueTag();
    const category = await catalogue(tag, [
      { n: 'UNDER', threshold: 10, depot: 4 },
      { n: 'EQUAL', threshold: 10, depot: 6, shop: 4 },
      // 3 at each location, each under 5, but 6 in all: the threshold is on the total.
      { n: 'SPLIT', threshold: 5, depot: 3, shop: 3 },
      { n: 'NONE', threshold: 10 },
      { n: 'NOALERT', threshold: 0 },
      { n: 'ABOVE', threshold: 10, depot: 11 },
    ]);
    const low = await rows({ category_id: category, stock: 'low', sort: 'code' });
    expect(low.map((r) => r.code)).toEqual([`${tag}-EQUAL`, `${tag}-NONE`, `${tag}-UNDER`]);
    expect(low.every((r) => r.below_threshold)).toBe(true);

    const all = await rows({ category_id: category, sort: 'code' });
    expect(all).toHaveLength(6);
    expect(Object.fromEntries(all.map((r) => [r.code.slice(tag.length + 1), [r.stock_total, r.below_threshold]]))).toEqual({
      ABOVE: [11, false],
      EQUAL: [10, true],
      NOALERT: [0, false],
      NONE: [0, true],
      SPLIT: [6, false],
      UNDER: [4, true],
    });

    // The location shown does not change what « sous le seuil » means.
    const lowAtShop = await rows({ category_id: category, stock: 'low', location_id: shop, sort: 'code' });
    expect(lowAtShop.map((r) => r.code)).toEqual(low.map((r) => r.code));
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

  it('the export follows the stock filter', async () => {
    const tag = uniqueTag();
    const category = await catalogue(tag, [
      { n: 'LOW', threshold: 10, depot: 1 },
      { n: 'OK', threshold: 10, depot: 100 },
    ]);
    const res = await download(admin, `${BASE}/export?format=csv&category_id=${category}&stock=low`);
    expect(res.status).toBe(200);
    const text = (res.body as Buffer).toString('utf8');
    expect(text).toContain(`${tag}-LOW`);
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
    for (const [i, name] of names.entries()) await insertReturningId(t.db, 'categories', withSearchName({ code: `${tag}${i}`, name, created_at: now, updated_at: now }));
    const res = await admin.visit(`${BASE}/create`);
    expect(res.body.component).toBe('products/Form');
    const mine = (res.body.props.categories as Array<{ label: string }>).map((c) => c.label).filter((l) => l.startsWith(`${tag} `));
    expect(mine.map((l) => l.slice(tag.length + 1))).toEqual(['eaux', 'Éclairage', 'Ecrous', 'Épicerie', 'Lot 2', 'Lot 10', 'Zinc']);
  });
});
