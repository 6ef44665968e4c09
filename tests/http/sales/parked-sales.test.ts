import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money.js';
import { route } from '../../../shared/routes.js';
import { MAX_PARKED_SALES } from '../../../server/services/sales/parked-sales.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { makeClient, walkInClient } from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { expectCashConsistent } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';

const COUNTER = route('counter.index');
const PARK = route('counter.park');

/**
 * Ventes en attente (« mettre en attente ») through the real routes, on both databases: a basket
 * parked with its typed prices and discounts (amounts and percentages) is kept per user, survives
 * any reload, moves no stock and no money and takes no number; it is listed with its time, line
 * count and total at the current prices; parked again it is replaced, not doubled; validated, it
 * leaves the list in the sale's own transaction (a refused sale keeps it); discarded, it is gone —
 * another cashier neither sees nor discards it; the refusals land on their fields, nothing written.
 */
describe.each(testDatabases())('vente boutique: sales on hold (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const product = async (retail = 1_000, over: { min_price?: number; wholesale_price?: number } = {}) => {
    const tag = uniqueTag();
    const id = await makeProduct(t.db, {
      code: `${tag}H`,
      name: `Sucre ${tag}`,
      category_id: f.category,
      unit: 'paquet',
      retail_price: retail,
      ...over,
    });
    await giveStock(t.db, id, f.shop, 20, 400);
    return id;
  };
  const cashier = async (permissions = ['menu.sortiestock', 'sales.create']) => {
    const user = await userWithPermissions(t, `attente-${uniqueTag().toLowerCase()}@test.local`, permissions);
    const c = new Client(t);
    await c.login(user.email, user.password);
    return c;
  };
  const count = async (table: string) => Number((await t.db(table).count({ n: '*' }).first())!.n);
  const EFFECTS = ['sales', 'stock_movements', 'money_movements', 'document_counters', 'audit_log'];
  const effects = async () =>
    Object.fromEntries(
      await Promise.all(
        EFFECTS.map(async (table) => [
          table,
          table === 'document_counters'
            ? JSON.stringify(await t.db(table).orderBy(['series', 'year']).select('series', 'year', 'last_number'))
            : await count(table),
        ]),
      ),
    );
  const parkedOf = async (c: Client) => (await c.visit(COUNTER)).body.props.parked as Array<Record<string, any>>;
  const amount = (value: number) => ({ kind: 'amount', value });
  const percent = (value: number) => ({ kind: 'percent', value });
  const basket = (lines: unknown[], over: Record<string, unknown> = {}) => ({
    location_id: f.shop,
    client_id: walkIn,
    discount: amount(0),
    lines,
    ...over,
  });

  it('parks a basket with its typed prices and discounts: kept for this cashier, listed with its time, line count and total, no stock, money or number', async () => {
    const [sugar, milk] = [await product(1_000), await product(2_500)];
    const c = await cashier();
    const before = await effects();
    const started = Date.now();
    // 3 × 1 000 − 10 % = 2 700; 2 × 2 400 (price changed) − 300 = 4 500; the sale − 200: 7 000.
    const res = await c.post(
      PARK,
      basket(
        [
          { product_id: sugar, quantity: 3, unit_price: '', discount: percent(1_000) },
          { product_id: milk, quantity: 2, unit_price: 2_400, discount: amount(300) },
        ],
        { discount: amount(200) },
      ),
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(COUNTER);
    const page = await c.follow(res);
    expect(page.body.props.flash.success).toBe(`Vente mise en attente : 2 lignes, ${formatMoney(7_000, 'XOF')}.`);
    expect(await effects()).toEqual(before);
    expect([await levelOf(t.db, sugar, f.shop), await levelOf(t.db, milk, f.shop)]).toEqual([20, 20]);
    const [held] = page.body.props.parked;
    expect(held).toMatchObject({
      location_id: f.shop,
      line_count: 2,
      total: 7_000,
      client: { id: walkIn, is_walk_in: true },
      discount: amount(200),
    });
    expect(Date.parse(held.parked_at)).toBeGreaterThanOrEqual(started - 1_000);
    expect(
      held.lines.map((l: Record<string, unknown>) => [
        l.product_id,
        l.quantity,
        l.unit_price,
        l.discount,
        l.retail_price,
      ]),
    ).toEqual([
      [sugar, 3, null, percent(1_000), 1_000],
      [milk, 2, 2_400, amount(300), 2_500],
    ]);
    // A reload shows it again; another cashier does not see it.
    expect((await parkedOf(c)).map((p) => p.id)).toEqual([held.id]);
    expect((await parkedOf(await cashier())).map((p) => p.id)).not.toContain(held.id);
    // When resumed, the lines carry the products as they are now.
    await t.db('products').where({ id: sugar }).update({ retail_price: 1_100 });
    expect((await parkedOf(c))[0].lines[0].retail_price).toBe(1_100);
  });

  it('several at once; parked again it is replaced; discarded it is gone — not by another cashier (404)', async () => {
    const p = await product();
    const c = await cashier();
    await c.post(PARK, basket([{ product_id: p, quantity: 1 }]));
    await c.post(PARK, basket([{ product_id: p, quantity: 2 }]));
    const [first, second] = await parkedOf(c);
    expect([first.total, second.total]).toEqual([1_000, 2_000]);
    await c.post(PARK, basket([{ product_id: p, quantity: 5 }], { parked_id: first.id }));
    expect((await parkedOf(c)).map((x) => [x.id, x.total])).toEqual([
      [first.id, 5_000],
      [second.id, 2_000],
    ]);
    // Another cashier's basket id is not theirs to replace: a new basket of their own instead.
    const other = await cashier();
    await other.post(PARK, basket([{ product_id: p, quantity: 7 }], { parked_id: first.id }));
    expect((await parkedOf(c)).find((x) => x.id === first.id)?.total).toBe(5_000);
    expect((await other.send('delete', route('counter.parked', { id: first.id }))).status).toBe(404);
    expect(await t.db('parked_sales').where({ id: first.id }).first('id')).toBeTruthy();
    const gone = await c.send('delete', route('counter.parked', { id: first.id }));
    expect(gone.status).toBe(303);
    expect((await c.follow(gone)).body.props.flash.success).toBe('Vente en attente supprimée.');
    expect((await parkedOf(c)).map((x) => x.id)).toEqual([second.id]);
    expect((await c.send('delete', route('counter.parked', { id: first.id }))).status).toBe(404);
  });

  it('validated, the basket leaves the list in the sale’s own transaction; a refused sale keeps it', async () => {
    const p = await product(1_000, { min_price: 900 });
    const c = await cashier();
    await c.post(PARK, basket([{ product_id: p, quantity: 2, unit_price: '', discount: percent(500) }]));
    const [held] = await parkedOf(c);
    expect(held.total).toBe(1_900);
    const sale = (over: Record<string, unknown>) => ({
      idempotency_key: idempotencyKey(),
      form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
      location_id: f.shop,
      client_id: walkIn,
      parked_id: held.id,
      lines: [{ product_id: p, quantity: 2, discount: 100 }],
      payments: [{ method: 'especes', amount: 1_900 }],
      ...over,
    });
    // Refused (20 % off goes below the minimum): nothing written, the basket still on hold.
    const sales = await count('sales');
    const refused = await c.post(
      COUNTER,
      sale({
        lines: [{ product_id: p, quantity: 2, discount: 400 }],
        payments: [{ method: 'especes', amount: 1_600 }],
      }),
    );
    expect((await c.follow(refused)).body.props.errors['lines.0.discount']).toMatch(/prix minimum de 900/);
    expect(await count('sales')).toBe(sales);
    expect((await parkedOf(c)).map((x) => x.id)).toEqual([held.id]);
    const done = await c.post(COUNTER, sale({}));
    expect(done.headers.location).toMatch(/\?vente=\d+$/);
    expect(await count('sales')).toBe(sales + 1);
    expect(await parkedOf(c)).toEqual([]);
  });

  it('refuses on the fields and writes nothing: no line, not a shop, a percentage above 100 %, a discount above the line, beyond the number on hold; 403 without sales.create', async () => {
    const p = await product();
    const c = await cashier();
    const refused = async (body: object) => {
      const before = await count('parked_sales');
      const res = await c.post(PARK, body);
      expect(res.status).toBe(303);
      expect(await count('parked_sales')).toBe(before);
      return (await c.visit(COUNTER)).body.props.errors as Record<string, string>;
    };
    expect((await refused(basket([]))).lines).toBe('Ajoutez au moins un produit avant de mettre la vente en attente.');
    expect((await refused(basket([{ product_id: p, quantity: 1 }], { location_id: f.depot }))).location_id).toMatch(
      /Choisissez une boutique active/,
    );
    expect(
      (await refused(basket([{ product_id: p, quantity: 1, discount: percent(10_001) }])))['lines.0.discount.value'],
    ).toBe('La remise ne peut dépasser 100 %.');
    expect((await refused(basket([{ product_id: p, quantity: 1, discount: amount(1_001) }])))['lines.0.discount']).toBe(
      'Ligne 1 : la remise dépasse le montant de la ligne.',
    );
    expect((await refused(basket([{ product_id: p, quantity: 1 }], { discount: percent(-5) })))['discount.value']).toBe(
      'La remise sur la vente ne peut pas être négative.',
    );
    const archived = await product();
    await t.db('products').where({ id: archived }).update({ active: false });
    expect((await refused(basket([{ product_id: archived, quantity: 1 }])))['lines.0.product_id']).toMatch(
      /est archivé/,
    );
    const client = await makeClient(t.db);
    await t.db('clients').where({ id: client }).update({ active: false });
    expect((await refused(basket([{ product_id: p, quantity: 1 }], { client_id: client }))).client_id).toMatch(
      /est archivé/,
    );

    for (let i = 0; i < MAX_PARKED_SALES; i++) await c.post(PARK, basket([{ product_id: p, quantity: 1 }]));
    const full = await c.post(PARK, basket([{ product_id: p, quantity: 1 }]));
    expect((await c.follow(full)).body.props.flash.error).toBe(
      `Vous avez déjà ${MAX_PARKED_SALES} ventes en attente : reprenez-en ou supprimez-en une d’abord.`,
    );

    const viewer = await cashier(['menu.sortiestock']);
    expect((await viewer.post(PARK, basket([{ product_id: p, quantity: 1 }]))).status).toBe(403);
    const [held] = await parkedOf(c);
    expect((await viewer.send('delete', route('counter.parked', { id: held.id }))).status).toBe(403);
  });

  it('a cashier restricted to places parks only in their shops and sees only the baskets of their shops', async () => {
    const p = await product();
    const now = new Date().toISOString();
    const [other] = await t
      .db('locations')
      .insert({
        code: `B${uniqueTag()}`.slice(0, 20),
        name: `Boutique ${uniqueTag()}`,
        kind: 'boutique',
        active: true,
        created_at: now,
        updated_at: now,
      })
      .returning('id');
    const otherShop = Number(typeof other === 'object' ? other.id : other);
    const user = await userWithPermissions(t, `attente-lieu-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.sortiestock',
      'sales.create',
    ]);
    const c = new Client(t);
    await c.login(user.email, user.password);
    await c.post(PARK, basket([{ product_id: p, quantity: 1 }], { location_id: otherShop }));
    expect((await parkedOf(c)).map((x) => x.location_id)).toEqual([otherShop]);
    await t.db('user_locations').insert({ user_id: user.id, location_id: f.shop });
    await t.db('users').where({ id: user.id }).update({ places_restricted: true });
    expect(await parkedOf(c)).toEqual([]);
    const res = await c.post(PARK, basket([{ product_id: p, quantity: 1 }], { location_id: otherShop }));
    expect(res.status).toBe(303);
    expect((await c.visit(COUNTER)).body.props.errors.location_id).toMatch(
      /Vous ne travaillez pas dans cet emplacement/,
    );
  });
});
