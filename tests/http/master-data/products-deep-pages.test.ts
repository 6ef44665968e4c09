import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../../server/db/dialect.js';
import { paginate } from '../../../server/db/paginate.js';
import { withSearchName } from '../../../server/db/search.js';
import {
  listProductPrices,
  listProducts,
  productsQuery,
  type ProductListQuery,
} from '../../../server/services/products/products.js';
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
    category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: now, updated_at: now }),
    );
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
  const base = (
    sort: (typeof sorts)[number],
    dir: 'asc' | 'desc',
    page: number,
    extra: Partial<ProductListQuery> = {},
  ): ProductListQuery => ({
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
            expect({ sort, dir, status, page, ids: ids(got.data), total: got.total, current: got.page }).toEqual({
              sort,
              dir,
              status,
              page,
              ids: ids(expected.data),
              total: expected.total,
              current: expected.page,
            });
            expect(got.data.every((r) => typeof r.name === 'string' && r.category_name === `Catégorie ${tag}`)).toBe(
              true,
            );
          }
        }
      }
    }
  });

  it('a page past the end answers the last page (the count and the page asked for are read together)', async () => {
    for (const [perPage, page] of [
      [10, 99],
      [10, 6],
      [7, 8],
      [51, 2],
    ] as const) {
      const params = base('code', 'asc', page, { per_page: perPage });
      const every = ids(await productsQuery(t.db, params));
      const last = Math.max(1, Math.ceil(every.length / perPage));
      const expected = every.slice((Math.min(page, last) - 1) * perPage, Math.min(page, last) * perPage);
      for (const got of [
        await listProducts(t.db, params),
        await paginate(productsQuery(t.db, params), page, perPage),
      ]) {
        expect({ perPage, page, shown: got.page, last: got.last_page, total: got.total, ids: ids(got.data) }).toEqual({
          perPage,
          page,
          shown: Math.min(page, last),
          last,
          total: every.length,
          ids: expected,
        });
      }
    }
    // Nothing matches: page 1 of 1, empty.
    const none = await listProducts(t.db, base('code', 'asc', 3, { q: 'zzz-introuvable' }));
    expect(none).toMatchObject({ page: 1, last_page: 1, total: 0, data: [] });
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

  it('reads a page in one statement beside its count: the category names and stocks are columns of the page', async () => {
    const location = Number((await t.db('locations').orderBy('id').first('id'))!.id);
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    t.db.on('query', listen);
    try {
      const got = await listProducts(
        t.db,
        base('name', 'asc', 2, {
          filters: { category_id: String(category), status: 'active', location_id: String(location) },
        }),
      );
      expect(got.data).toHaveLength(10);
      expect(
        got.data.every(
          (r) =>
            r.category_name === `Catégorie ${tag}` && Number(r.stock_total) === 0 && Number(r.stock_location) === 0,
        ),
      ).toBe(true);
    } finally {
      t.db.off('query', listen);
    }
    expect(sent).toHaveLength(2);
    expect(sent.filter((sql) => /count\(\*\)/i.test(sql))).toHaveLength(1);
  });
});
