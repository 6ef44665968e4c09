import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../../server/db/dialect.js';
import { paginate } from '../../../server/db/paginate.js';
import { withSearchName } from '../../../server/db/search.js';
import { listProductPrices, listProducts, productsQuery, type ProductListQuery } from '../../../server/services/products/products.js';
import { type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { makeProduct } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

/**
 * The products list pages its rows in two steps (paginateDeferred: the page's ids from the index in
 * the list's order, then their rows — issue 20, page 200 on PostgreSQL). Every page must be exactly
 * what a plain LIMIT/OFFSET of the same query gives, for every sort and direction, ties included
 * (same names, same prices: the id breaks them), with search, filters and archived products.
 */
describe.each(testDatabases())('products list pages read by ids first (%s)', (kind) => {
  let t: TestApp;
  let tag: string;
  let category: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    tag = uniqueTag('P');
    const now = nowIso();
    category = await insertReturningId(t.db, 'categories', withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: now, updated_at: now }));
    // 57 products: names and prices repeat (ties), a few archived, codes not in id order.
    for (let i = 0; i < 57; i++) {
      await makeProduct(t.db, {
        code: `${tag}-${String((i * 37) % 57).padStart(3, '0')}`,
        name: `Article ${tag} ${['Riz', 'Huile', 'Sucre'][i % 3]}`,
        category_id: category,
        retail_price: 100 * (i % 5),
        purchase_price: 50 * (i % 4),
        active: i % 11 !== 0,
      });
    }
  });
  afterAll(() => t.close());

  const sorts = ['code', 'name', 'category', 'retail_price', 'purchase_price', 'stock'] as const;
  const base = (sort: (typeof sorts)[number], dir: 'asc' | 'desc', page: number, extra: Partial<ProductListQuery> = {}): ProductListQuery => ({
    q: '',
    sort,
    dir,
    page,
    per_page: 10,
    filters: { category_id: String(category), status: 'active' },
    ...extra,
  });
  const ids = (rows: Array<{ id: number | string }>) => rows.map((r) => Number(r.id));

  it('every page of every sort equals the plain OFFSET page', async () => {
    for (const sort of sorts) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const status of ['active', 'all', 'archived'] as const) {
          for (const page of [1, 2, 3, 5, 6, 99]) {
            const params = base(sort, dir, page, { filters: { category_id: String(category), status } });
            const expected = await paginate(productsQuery(t.db, params), page, params.per_page);
            const got = await listProducts(t.db, params);
            expect({ sort, dir, status, page, ids: ids(got.data), total: got.total, current: got.page }).toEqual({ sort, dir, status, page, ids: ids(expected.data), total: expected.total, current: expected.page });
            expect(got.data.every((r) => typeof r.name === 'string' && r.category_name === `Catégorie ${tag}`)).toBe(true);
          }
        }
      }
    }
  });

  it('with a search, and in the price grid, the pages are the same too', async () => {
    for (const q of ['riz', `${tag}-01`, 'zzz-introuvable']) {
      for (const page of [1, 2]) {
        const params = base('name', 'asc', page, { q, per_page: 5 });
        const expected = await paginate(productsQuery(t.db, params), page, 5);
        expect(ids((await listProducts(t.db, params)).data)).toEqual(ids(expected.data));
        expect(ids((await listProductPrices(t.db, params)).data)).toEqual(ids(expected.data));
      }
    }
    const all = await listProducts(t.db, base('code', 'asc', 1, { per_page: 100 }));
    expect(all.total).toBe(57 - 6);
    expect(all.data.map((r) => r.code)).toEqual([...all.data.map((r) => r.code)].sort());
  });
});
