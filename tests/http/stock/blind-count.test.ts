import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';
import { businessDate } from '../../../server/domain/dates.js';
import { route } from '../../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { giveStock, idempotencyKey, makeProduct } from '../../support/stock.js';
import { uniqueTag } from '../../support/unique.js';

const today = () => businessDate('Africa/Abidjan');

/**
 * Security issue 13, finding 5: while a user counts blind in a location (an open blind count there
 * that they may not reveal), nothing they can open shows that location's stock: not the product
 * picker, not the product stock page, not the product list or record (whose totals include it).
 */
describe.each(testDatabases())('a blind count stays blind (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let counter: Client;
  let depot: number;
  let shop: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    // Counts (inventory.count) and works on the product, entry and transfer screens; does not validate counts.
    const user = await userWithPermissions(t, `${uniqueTag('B').toLowerCase()}@test.local`, [
      'menu.fichiers',
      'menu.produits',
      'menu.operations',
      'menu.entreestock',
      'menu.sortiestock',
      'menu.inventaire',
      'inventory.count',
    ]);
    counter = new Client(t);
    await counter.login(user.email, user.password);
  });
  afterAll(() => t.close());

  /** What each screen tells a user of the product's stock at the depot (undefined: not said). */
  const depotStock = async (c: Client, product: number, code: string) => {
    const picker = await c.agent
      .get(route('pickers.products', { q: code, location_id: depot }))
      .set('Accept', 'application/json');
    expect(picker.status).toBe(200);
    const shopPicker = await c.agent
      .get(route('pickers.products', { q: code, location_id: shop }))
      .set('Accept', 'application/json');
    const stockPage = (await c.visit(route('products.stock', { id: product }))).body.props;
    const record = (await c.visit(route('products.show', { id: product }))).body.props;
    const list = (await c.visit(route('products.index', { q: code }))).body.props;
    return {
      picker: picker.body.exact.stock,
      pickerAtShop: shopPicker.body.exact.stock,
      stockPage: stockPage.locations.find((l: { id: number }) => l.id === depot).quantity,
      stockPageAtShop: stockPage.locations.find((l: { id: number }) => l.id === shop).quantity,
      stockPageTotal: stockPage.total_quantity,
      depotMovements: stockPage.movements.filter(
        (m: { location_name: string }) => m.location_name === 'Dépôt principal',
      ).length,
      record: record.stock.find((s: { location_id: number }) => s.location_id === depot).quantity,
      recordTotal: record.product.stock_total,
      listTotal: list.products.data.find((p: { id: number }) => p.id === product).stock_total,
    };
  };

  it('hides the counted location’s quantities from a blind counter until the count closes, never from a validator', async () => {
    const tag = uniqueTag('B');
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    const code = `${tag}P`;
    const product = await makeProduct(t.db, { code, name: `Produit ${tag}`, category_id: category });
    await giveStock(t.db, product, depot, 40, 100);
    await giveStock(t.db, product, shop, 7, 100);

    const visible = {
      picker: 40,
      pickerAtShop: 7,
      stockPage: 40,
      stockPageAtShop: 7,
      stockPageTotal: 47,
      depotMovements: 1,
      record: 40,
      recordTotal: 47,
      listTotal: 47,
    };
    expect(await depotStock(counter, product, code)).toEqual(visible);

    const res = await admin.post(route('inventory.index'), {
      idempotency_key: idempotencyKey(),
      location_id: depot,
      count_date: today(),
      blind: true,
      category_ids: [category],
      note: '',
    });
    expect(res.headers.location).toMatch(/\/\d+$/);
    const count = Number(res.headers.location.split('/').pop());
    // The count page itself was already blind for them.
    expect((await counter.visit(route('inventory.show', { id: count }))).body.props.reveal).toBe(false);

    // The depot's stock is said nowhere; the shop's still is.
    expect(await depotStock(counter, product, code)).toEqual({
      picker: null,
      pickerAtShop: 7,
      stockPage: null,
      stockPageAtShop: 7,
      stockPageTotal: null,
      depotMovements: 0,
      record: null,
      recordTotal: null,
      listTotal: null,
    });
    // The list filtered on a location: the blind one says nothing — no alert there either —, the
    // other its stock and its alert; no sort by stock; « sous le seuil » only over the shop.
    await t.db('products').where({ id: product }).update({ alert_threshold: 100 });
    const listAt = async (c: Client, query: Record<string, string | number>) =>
      (await c.visit(route('products.index', { q: code, ...query }))).body.props;
    const atDepot = await listAt(counter, { location_id: depot });
    expect(atDepot.products.data[0]).toMatchObject({
      id: product,
      stock_location: null,
      stock_total: null,
      below_threshold: false,
      alert_locations: 0,
    });
    expect((await listAt(counter, { location_id: shop })).products.data[0]).toMatchObject({
      stock_location: 7,
      stock_total: null,
      below_threshold: true,
      alert_locations: 1,
    });
    expect((await listAt(counter, { location_id: depot, stock: 'low' })).products.data).toEqual([]);
    const sorted = await listAt(counter, { sort: 'stock', dir: 'desc', stock: 'low' });
    expect(sorted.params).toMatchObject({ sort: 'code', filters: { stock: 'low' } });
    expect(sorted.products.data.map((p: { id: number; alert_locations: number }) => [p.id, p.alert_locations])).toEqual(
      [[product, 1]],
    );
    expect(await listAt(admin, { location_id: depot, sort: 'stock', stock: 'low' })).toMatchObject({
      params: { sort: 'stock', filters: { stock: 'low' } },
      products: { data: [{ stock_location: 40, stock_total: 47, below_threshold: true }] },
    });
    await t.db('products').where({ id: product }).update({ alert_threshold: 0 });
    // A validator (who may reveal the count) sees everything.
    expect(await depotStock(admin, product, code)).toEqual(visible);

    expect(
      (await admin.post(route('inventory.abandon', { id: count }), { reason: 'Comptage reporté', version: 1 })).status,
    ).toBe(303);
    expect(await depotStock(counter, product, code)).toEqual(visible);
  });
});
