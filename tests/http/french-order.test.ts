import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { createUser } from '../../server/services/accounts/create-user.js';
import { productsQuery } from '../../server/services/products/products.js';
import { Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { makeProduct, makeSupplier } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';

/**
 * Lists sorted by a name follow French order on both databases (server/db/french-order.ts):
 * accents and case are ignored — « Câbles » before « Ciment », « Établissements » before
 * « Société », a lower-case « zinc » last — where ORDER BY name put every accented or lower-case
 * initial after « Z ».
 */
describe.each(testDatabases())('French order of names (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let category: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    category = Number(
      (await t.db('categories').orderBy('id').first('id'))?.id ??
        (await insertReturningId(
          t.db,
          'categories',
          withSearchName({ code: `C${uniqueTag()}`, name: 'Divers', created_at: nowIso(), updated_at: nowIso() }),
        )),
    );
  });
  afterAll(() => t.close());

  /** The names in the order the test expects, each carrying the test's tag (the list is searched on it). */
  const namesOf = (tag: string) => [
    `Câbles ${tag}`,
    `Ciment ${tag}`,
    `éponge ${tag}`,
    `Établissements ${tag}`,
    `Société ${tag}`,
    `zinc ${tag}`,
  ];
  /** Created in an order of their own, neither the expected one nor its reverse. */
  const shuffled = (names: string[]) => [names[4], names[1], names[5], names[0], names[3], names[2]];
  const listed = async (url: string, prop: string) =>
    ((await admin.visit(url)).body.props[prop].data as Array<{ name: string }>).map((r) => r.name);

  it('clients, suppliers, categories and products lists', async () => {
    const tag = uniqueTag();
    const names = namesOf(tag);
    const now = nowIso();
    for (const name of shuffled(names)) {
      await insertReturningId(
        t.db,
        'clients',
        withSearchName({
          code: `CL${uniqueTag()}`,
          name,
          phone: '',
          kind: 'particulier',
          price_level: 'detail',
          credit_limit: 0,
          active: true,
          created_at: now,
          updated_at: now,
        }),
      );
      await makeSupplier(t.db, { name });
      await insertReturningId(
        t.db,
        'categories',
        withSearchName({ code: `K${uniqueTag()}`, name, created_at: now, updated_at: now }),
      );
      await makeProduct(t.db, { code: `P${uniqueTag()}`, name, category_id: category });
    }
    for (const [path, prop] of [
      ['/fichiers/clients', 'clients'],
      ['/fichiers/fournisseurs', 'suppliers'],
      ['/fichiers/categories', 'categories'],
      ['/fichiers/produits', 'products'],
    ] as const) {
      expect([path, await listed(`${path}?q=${tag}&sort=name&dir=asc`, prop)]).toEqual([path, names]);
      expect([path, await listed(`${path}?q=${tag}&sort=name&dir=desc`, prop)]).toEqual([path, [...names].reverse()]);
    }
  });

  it('the products list sorted by category, and the pickers', async () => {
    const tag = uniqueTag();
    const names = namesOf(tag);
    const now = nowIso();
    const categories = new Map<string, number>();
    for (const name of shuffled(names))
      categories.set(
        name,
        await insertReturningId(
          t.db,
          'categories',
          withSearchName({ code: `K${uniqueTag()}`, name, created_at: now, updated_at: now }),
        ),
      );
    for (const name of shuffled(names))
      await makeProduct(t.db, {
        code: `P${uniqueTag()}`,
        name: `Article ${tag} ${name.split(' ')[0]}`,
        category_id: categories.get(name)!,
      });
    const rows = (await admin.visit(`/fichiers/produits?q=${tag}&sort=category&dir=asc`)).body.props.products
      .data as Array<{ category_name: string }>;
    expect(rows.map((r) => r.category_name)).toEqual(names);
    // The product picker lists a name search in French order too.
    const picked = await admin.agent
      .get(`/pickers/products?q=${encodeURIComponent(`article ${tag}`)}`)
      .set('Accept', 'application/json');
    expect(picked.status).toBe(200);
    expect((picked.body.items as Array<{ name: string }>).map((p) => p.name)).toEqual(
      names.map((n) => `Article ${tag} ${n.split(' ')[0]}`),
    );
  });

  it('users and locations (small tables, folded in SQL)', async () => {
    const tag = uniqueTag();
    const names = namesOf(tag);
    for (const name of shuffled(names))
      await createUser(t.db, {
        name,
        email: `${uniqueTag('u').toLowerCase()}@test.local`,
        password: 'Secret-123456',
        roleNames: [],
        verified: true,
      });
    expect(await listed(`/parametres/utilisateurs?q=${tag}&sort=name&dir=asc`, 'users')).toEqual(names);
    const now = nowIso();
    for (const name of shuffled(names))
      await insertReturningId(t.db, 'locations', {
        code: `L${uniqueTag()}`.slice(0, 10),
        name,
        kind: 'boutique',
        active: true,
        created_at: now,
        updated_at: now,
      });
    expect(await listed(`/parametres/societe/emplacements?q=${tag}&sort=name&dir=asc`, 'locations')).toEqual(names);
  });

  it('a page of products in name order is read from the sort key index, not sorted whole', async () => {
    const query = productsQuery(t.db, {
      q: '',
      sort: 'name',
      dir: 'asc',
      filters: { category_id: '', status: 'active' },
    }).limit(25);
    const { sql, bindings } = query.toSQL().toNative();
    if (kind === 'sqlite') {
      const plan = ((await t.db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as never)) as Array<{ detail: string }>).map(
        (p) => p.detail,
      );
      expect(plan.some((d) => /USING (COVERING )?INDEX products_active_french_order/.test(d))).toBe(true);
      expect(plan.filter((d) => /TEMP B-TREE FOR ORDER BY/.test(d))).toEqual([]);
    } else {
      // The planner picks by the table's statistics: on a nearly empty table any plan costs the
      // same. Products of the test's own, active and inactive, and fresh statistics make the
      // question the real one — a page of active products among many; it may then read either
      // name-order index (filtering `active` on the way), never sort the table.
      const now = nowIso();
      const tag = uniqueTag();
      await t.db('products').insert(
        Array.from({ length: 1000 }, (_, i) =>
          withSearchName({
            code: `PI${tag}${i}`,
            name: `Plan ${tag} ${i}`,
            category_id: category,
            unit: 'pièce',
            pack_size: 1,
            purchase_price: 0,
            cmup: 0,
            retail_price: 0,
            wholesale_price: 0,
            min_price: 0,
            active: i % 2 === 0,
            created_at: now,
            updated_at: now,
          }),
        ),
      );
      await t.db.raw('ANALYZE products');
      const plan = await t.db.transaction(async (trx) => {
        await trx.raw('SET LOCAL enable_seqscan = off');
        return (
          (await trx.raw(`EXPLAIN ${sql.replace(/\$(\d+)/g, '?')}`, bindings as never)).rows as Array<{
            'QUERY PLAN': string;
          }>
        )
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).toMatch(/Index Scan using products_(active_)?french_order/);
      expect(plan).not.toMatch(/\bSort\b/);
    }
  });
});
