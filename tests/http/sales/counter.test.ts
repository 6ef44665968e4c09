import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money.js';
import { route } from '../../../shared/routes.js';
import { businessDate } from '../../../server/domain/dates.js';
import { insertReturningId } from '../../../server/db/dialect.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { makeClient, walkInClient } from '../../support/sales.js';
import {
  type StockFixtures,
  expectStockConsistent,
  giveStock,
  idempotencyKey,
  lastNumber,
  levelOf,
  makeProduct,
  stockFixtures,
} from '../../support/stock.js';
import { balanceOf, deskAccount, expectCashConsistent, makeTreasuryAccount } from '../../support/treasury.js';
import { uniqueTag } from '../../support/unique.js';
import { printOut } from '../../support/print.js';

const today = () => businessDate('Africa/Abidjan');
const COUNTER = route('counter.index');

/**
 * Vente boutique through the real routes: the counter screen's props, its guards, the refusals on
 * their fields (nothing written), the counter's own terms (kind counter, paid now, today) whatever
 * the body says, the idempotency replay, and the cash ticket.
 */
describe.each(testDatabases())('vente boutique: the counter (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let walkIn: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await stockFixtures(t.db);
    walkIn = await walkInClient(t.db);
    await makeTreasuryAccount(t.db, 'mobile_money', { operator: 'orange_money', name: 'Orange Money Boutique' });
    admin = new Client(t);
    await admin.login();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await expectStockConsistent(t.db);
    await expectCashConsistent(t.db);
  });

  const product = async (over: { retail_price?: number; wholesale_price?: number; name?: string } = {}, stock = 20) => {
    const tag = uniqueTag();
    const id = await makeProduct(t.db, {
      code: `${tag}P`,
      barcode: `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-13),
      name: over.name ?? `Lait concentré ${tag}`,
      category_id: f.category,
      unit: 'boîte',
      purchase_price: 400,
      retail_price: over.retail_price ?? 1_000,
      wholesale_price: over.wholesale_price ?? 0,
    });
    if (stock) await giveStock(t.db, id, f.shop, stock, 400);
    return id;
  };
  const body = (over: Record<string, unknown> & { lines: unknown[] }) => ({
    idempotency_key: idempotencyKey(),
    form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
    location_id: f.shop,
    client_id: walkIn,
    payments: [],
    ...over,
  });
  const cash = (amount: number | string) => ({ method: 'especes', amount });
  const mobile = (amount: number, reference = 'MP260310.1234.A1', operator = 'orange_money') => ({
    method: 'mobile_money',
    amount,
    operator,
    phone: '07 07 07 07 07',
    reference,
  });
  const count = async (table: string) => Number((await t.db(table).count({ n: '*' }).first())!.n);
  const saleIdOf = (location: string) => Number(new URL(location, 'http://x').searchParams.get('vente'));
  /** Posts a sale that must be refused: 303 back with errors, nothing written. */
  const refused = async (c: Client, payload: object) => {
    const before = await Promise.all(
      ['sales', 'sale_lines', 'sale_payments', 'stock_movements', 'money_movements'].map(count),
    );
    const res = await c.post(COUNTER, payload);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(COUNTER);
    const page = await c.visit(res.headers.location);
    expect(
      await Promise.all(['sales', 'sale_lines', 'sale_payments', 'stock_movements', 'money_movements'].map(count)),
    ).toEqual(before);
    return page.body.props.errors as Record<string, string>;
  };

  it('opens the counter: shops with their desk, CLIENT COMPTANT, mobile-money operators, a fresh form time, no cost', async () => {
    const before = Date.now();
    const res = await admin.visit(COUNTER);
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('sales/counter/Index');
    const p = res.body.props;
    // The currency, business date and VAT come with the shared `company` prop, not the page's own.
    expect(p.company).toMatchObject({ currency: 'XOF', today: today() });
    expect(p).not.toHaveProperty('currency');
    expect(p).not.toHaveProperty('vat');
    expect(Date.parse(p.form_loaded_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(p.locations).toContainEqual({ id: f.shop, code: 'BTQ01', name: 'Boutique 1', desk: expect.any(String) });
    // A depot is not a shop: the counter does not sell from it.
    expect(p.locations.map((l: { id: number }) => l.id)).not.toContain(f.depot);
    expect(p.walk_in).toMatchObject({ id: walkIn, is_walk_in: true, price_level: 'detail' });
    expect(p.operators).toContainEqual({ value: 'orange_money', label: 'Orange Money' });
    expect(p.last_sale).toBeNull();
    expect(p.ticket_width).toBe('80mm');
    expect(p.can).toEqual({ create: true, reprint: true, below_min_price: true });
    expect(JSON.stringify(p)).not.toMatch(/cmup|purchase_price|unit_cost|cost_total/);
  });

  it('403 without menu.sortiestock to open it; 403 without sales.create to validate (nothing written)', async () => {
    const p = await product();
    const outsider = await userWithPermissions(t, `outsider-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.dashboard',
      'sales.create',
    ]);
    const o = new Client(t);
    await o.login(outsider.email, outsider.password);
    expect((await o.visit(COUNTER)).status).toBe(403);
    expect(
      (await o.post(COUNTER, body({ lines: [{ product_id: p, quantity: 1 }], payments: [cash(1_000)] }))).status,
    ).toBe(403);

    const viewer = await userWithPermissions(t, `viewer-${uniqueTag().toLowerCase()}@test.local`, ['menu.sortiestock']);
    const v = new Client(t);
    await v.login(viewer.email, viewer.password);
    const page = await v.visit(COUNTER);
    expect(page.status).toBe(200);
    expect(page.body.props.can).toEqual({ create: false, reprint: false, below_min_price: false });
    const salesBefore = await count('sales');
    expect(
      (await v.post(COUNTER, body({ lines: [{ product_id: p, quantity: 1 }], payments: [cash(1_000)] }))).status,
    ).toBe(403);
    expect(await count('sales')).toBe(salesBefore);
    expect(await levelOf(t.db, p, f.shop)).toBe(20);
  });

  it('a cash sale: VB number, kind counter, stock out of the shop, cash into its desk, change, last sale shown', async () => {
    const p = await product({ retail_price: 1_250 });
    const desk = await deskAccount(t.db, 'CAI02');
    const deskBefore = await balanceOf(t.db, desk);
    const vbBefore = await lastNumber(t.db, 'VB', today().slice(0, 4));
    const res = await admin.post(
      COUNTER,
      body({ lines: [{ product_id: p, quantity: 3 }], payments: [cash(5_000), mobile(0, '')] }),
    );
    expect(res.status).toBe(303);
    const id = saleIdOf(res.headers.location);
    expect(res.headers.location).toBe(route('counter.index', { vente: id }));
    const sale = (await t.db('sales').where({ id }).first())!;
    expect(sale.number).toBe(`VB-${today().slice(0, 4)}-${String(vbBefore + 1).padStart(6, '0')}`);
    expect([
      sale.kind,
      sale.payment_mode,
      sale.sale_date,
      Number(sale.total_ttc),
      Number(sale.cash_tendered),
      Number(sale.change_given),
    ]).toEqual(['counter', 'cash', today(), 3_750, 5_000, 1_250]);
    expect(await levelOf(t.db, p, f.shop)).toBe(17);
    expect(await balanceOf(t.db, desk)).toBe(deskBefore + 3_750);

    const page = await admin.visit(res.headers.location);
    expect(page.body.flash.success).toBe(
      `Vente ${sale.number} validée : ${formatMoney(3_750)}. Monnaie à rendre : ${formatMoney(1_250)}.`,
    );
    expect(page.body.props.last_sale).toEqual({
      id,
      number: sale.number,
      total: 3_750,
      cash_tendered: 5_000,
      change: 1_250,
      mobile: 0,
      created_at: sale.created_at,
      ticket_url: route('sales.ticket', { id }),
    });
    // A new form each time: the next sale starts with a fresh form time.
    expect(Date.parse(page.body.props.form_loaded_at)).toBeGreaterThanOrEqual(Date.parse(sale.created_at) - 1000);
  });

  it('the last sale corner shows only a counter sale of this seller', async () => {
    const p = await product();
    const res = await admin.post(COUNTER, body({ lines: [{ product_id: p, quantity: 1 }], payments: [cash(1_000)] }));
    const id = saleIdOf(res.headers.location);
    const other = await userWithPermissions(t, `seller-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.sortiestock',
      'sales.create',
    ]);
    const o = new Client(t);
    await o.login(other.email, other.password);
    expect((await o.visit(route('counter.index', { vente: id }))).body.props.last_sale).toBeNull();
    expect((await admin.visit(route('counter.index', { vente: id }))).body.props.last_sale.id).toBe(id);
  });

  it('sets kind counter, cash payment mode and today whatever the body says', async () => {
    const p = await product();
    const client = await makeClient(t.db, { credit_limit: 1_000_000 });
    const fac = await lastNumber(t.db, 'FAC', today().slice(0, 4));
    const res = await admin.post(
      COUNTER,
      body({
        kind: 'invoice',
        payment_mode: 'credit',
        due_date: '2099-01-01',
        sale_date: '2020-01-01',
        client_id: client,
        lines: [{ product_id: p, quantity: 2 }],
        payments: [cash(2_000)],
      }),
    );
    expect(res.status).toBe(303);
    const sale = (await t
      .db('sales')
      .where({ id: saleIdOf(res.headers.location) })
      .first())!;
    expect([sale.kind, sale.payment_mode, sale.due_date, sale.sale_date, sale.number.slice(0, 3)]).toEqual([
      'counter',
      'cash',
      null,
      today(),
      'VB-',
    ]);
    expect(await lastNumber(t.db, 'FAC', today().slice(0, 4))).toBe(fac);
    // Paid now: the client's balance does not move.
    expect(Number((await t.db('clients').where({ id: client }).first('balance'))!.balance)).toBe(0);
  });

  it('another client’s price level applies (gros)', async () => {
    const p = await product({ retail_price: 1_000, wholesale_price: 800 });
    const pro = await makeClient(t.db, { price_level: 'gros' });
    const res = await admin.post(
      COUNTER,
      body({ client_id: pro, lines: [{ product_id: p, quantity: 5 }], payments: [cash(4_000)] }),
    );
    const sale = (await t
      .db('sales')
      .where({ id: saleIdOf(res.headers.location) })
      .first())!;
    expect([Number(sale.total_ttc), sale.price_level, Number(sale.client_id)]).toEqual([4_000, 'gros', pro]);
  });

  it('a split payment: mobile money with its reference into the wallet, the rest in cash with change', async () => {
    const p = await product({ retail_price: 2_500 });
    const res = await admin.post(
      COUNTER,
      body({ lines: [{ product_id: p, quantity: 2 }], payments: [cash(3_000), mobile(2_000, 'OM.2611.XY789')] }),
    );
    const id = saleIdOf(res.headers.location);
    const payments = await t.db('sale_payments').where({ sale_id: id }).orderBy('id');
    expect(payments.map((x) => [x.method, Number(x.amount), x.operator, x.reference])).toEqual([
      ['especes', 3_000, null, null],
      ['mobile_money', 2_000, 'orange_money', 'OM.2611.XY789'],
    ]);
    expect((await admin.visit(res.headers.location)).body.props.last_sale).toMatchObject({
      total: 5_000,
      cash_tendered: 3_000,
      change: 0,
      mobile: 2_000,
    });
  });

  it('refuses on the fields, writing nothing: payment short, mobile money without transaction id, stock shortage, bad quantities', async () => {
    const p = await product({ retail_price: 1_000, name: 'Tomate concentrée 400 g' }, 2);
    const code = (await t.db('products').where({ id: p }).first('code'))!.code;
    expect(
      (await refused(admin, body({ lines: [{ product_id: p, quantity: 2 }], payments: [cash(1_500)] })))[
        'payments.0.amount'
      ],
    ).toBe(`Le paiement ne couvre pas la vente : il manque ${formatMoney(500)} sur ${formatMoney(2_000)}.`);
    expect(
      (await refused(admin, body({ lines: [{ product_id: p, quantity: 2 }], payments: [cash(0), mobile(2_000, '')] })))[
        'payments.1.reference'
      ],
    ).toBe('Indiquez l’identifiant de la transaction mobile money.');
    expect(
      (
        await refused(
          admin,
          body({ lines: [{ product_id: p, quantity: 2 }], payments: [cash(0), mobile(2_000, 'X1', '')] }),
        )
      )['payments.1.operator'],
    ).toBe('Choisissez l’opérateur mobile money.');
    expect(
      (await refused(admin, body({ lines: [{ product_id: p, quantity: 3 }], payments: [cash(3_000)] })))[
        'lines.0.quantity'
      ],
    ).toBe(
      `Stock insuffisant pour « Tomate concentrée 400 g » (${code}) à Boutique 1 : il manque 1\u00a0boîte (disponible 2, demandé 3).`,
    );
    for (const quantity of [0, -1, 1.5, 'abc', '']) {
      expect(
        (await refused(admin, body({ lines: [{ product_id: p, quantity }], payments: [cash(1_000)] })))[
          'lines.0.quantity'
        ],
        `quantité ${quantity}`,
      ).toMatch(/quantité/i);
    }
    expect((await refused(admin, body({ lines: [], payments: [cash(1_000)] }))).lines).toBe(
      'Ajoutez au moins un produit.',
    );
    expect(
      (await refused(admin, body({ lines: [{ product_id: p, quantity: 1 }], payments: [cash('douze')] })))[
        'payments.0.amount'
      ],
    ).toBeTruthy();
    expect(
      (
        await refused(
          admin,
          body({ location_id: f.depot, lines: [{ product_id: p, quantity: 1 }], payments: [cash(1_000)] }),
        )
      ).location_id,
    ).toBe('La vente boutique se fait depuis une boutique : « Dépôt principal » n’en est pas une.');
    // A shop without a cash desk cannot take cash.
    const now = new Date().toISOString();
    const bare = await insertReturningId(t.db, 'locations', {
      code: `B${uniqueTag()}`.slice(0, 20),
      name: 'Kiosque du marché',
      kind: 'boutique',
      active: true,
      created_at: now,
      updated_at: now,
    });
    await giveStock(t.db, p, bare, 1, 400);
    expect(
      (
        await refused(
          admin,
          body({ location_id: bare, lines: [{ product_id: p, quantity: 1 }], payments: [cash(1_000)] }),
        )
      )['payments.0.account_id'],
    ).toMatch(/^Aucune caisse active à cet emplacement/);
    expect((await admin.visit(COUNTER)).body.props.locations).toContainEqual({
      id: bare,
      code: expect.any(String),
      name: 'Kiosque du marché',
      desk: null,
    });
    expect(await levelOf(t.db, p, f.shop)).toBe(2);
  });

  it('the seller’s rights come from their permissions: below the minimum price only with sales.below_min_price', async () => {
    const p = await product({ retail_price: 1_000 });
    await t.db('products').where({ id: p }).update({ min_price: 900 });
    const seller = await userWithPermissions(t, `cashier-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.sortiestock',
      'sales.create',
    ]);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    const cheap = () => body({ lines: [{ product_id: p, quantity: 1, unit_price: 800 }], payments: [cash(800)] });
    expect((await refused(c, cheap()))['lines.0.unit_price']).toMatch(/ne peut pas être vendu sous son prix minimum/);
    const allowed = await admin.post(COUNTER, cheap());
    expect(
      Number(
        (await t
          .db('sales')
          .where({ id: saleIdOf(allowed.headers.location) })
          .first('total_ttc'))!.total_ttc,
      ),
    ).toBe(800);
  });

  it('a seller may change a price and give discounts at the counter, per line and on the sale, within the minimum price', async () => {
    const p = await product({ retail_price: 1_000 });
    await t.db('products').where({ id: p }).update({ min_price: 800 });
    const seller = await userWithPermissions(t, `cashier-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.sortiestock',
      'sales.create',
    ]);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    // 3 × 950 = 2 850, less 150 on the line, less 100 on the sale: 2 600 ≥ 3 × 800.
    const res = await c.post(
      COUNTER,
      body({
        discount: 100,
        lines: [{ product_id: p, quantity: 3, unit_price: 950, discount: 150 }],
        payments: [cash(3_000)],
      }),
    );
    const sale = (await t
      .db('sales')
      .where({ id: saleIdOf(res.headers.location) })
      .first('id', 'total_ttc', 'discount', 'change_given'))!;
    expect([Number(sale.total_ttc), Number(sale.discount), Number(sale.change_given)]).toEqual([2_600, 100, 400]);
    const row = (await t
      .db('sale_lines')
      .where({ sale_id: sale.id })
      .first('unit_price', 'list_price', 'discount', 'net', 'allocated_discount'))!;
    expect([row.unit_price, row.list_price, row.discount, row.net, row.allocated_discount].map(Number)).toEqual([
      950, 1_000, 150, 2_700, 100,
    ]);
    // One FCFA more off the sale and the line is paid 2 399 < 2 400: refused on the sale's discount.
    expect(
      (
        await refused(
          c,
          body({
            discount: 301,
            lines: [{ product_id: p, quantity: 3, unit_price: 950, discount: 150 }],
            payments: [cash(3_000)],
          }),
        )
      ).discount,
    ).toMatch(/ferait vendre .+ sous son prix minimum/);
  });

  it('a document discount that takes a line below its minimum is refused on the discount field without sales.below_min_price', async () => {
    const name = `Ciment ${uniqueTag()}`;
    const p = await product({ retail_price: 1_000, name });
    await t.db('products').where({ id: p }).update({ min_price: 900 });
    const seller = await userWithPermissions(t, `cashier-${uniqueTag().toLowerCase()}@test.local`, [
      'menu.sortiestock',
      'sales.create',
    ]);
    const c = new Client(t);
    await c.login(seller.email, seller.password);
    const errors = await refused(
      c,
      body({ discount: 999, lines: [{ product_id: p, quantity: 1 }], payments: [cash(1)] }),
    );
    expect(errors.discount).toMatch(
      new RegExp(`ferait vendre « ${name} » \\(ligne 1, minimum 900\\sFCFA l’unité\\) sous son prix minimum`),
    );
    const allowed = await admin.post(
      COUNTER,
      body({ discount: 999, lines: [{ product_id: p, quantity: 1 }], payments: [cash(1)] }),
    );
    expect(
      Number(
        (await t
          .db('sales')
          .where({ id: saleIdOf(allowed.headers.location) })
          .first('total_ttc'))!.total_ttc,
      ),
    ).toBe(1);
  });

  it('the same idempotency key twice makes one sale; the replay says so', async () => {
    const p = await product();
    const payload = body({ lines: [{ product_id: p, quantity: 1 }], payments: [cash(1_000)] });
    const first = await admin.post(COUNTER, payload);
    const salesAfterFirst = await count('sales');
    const second = await admin.post(COUNTER, payload);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await count('sales')).toBe(salesAfterFirst);
    expect(await levelOf(t.db, p, f.shop)).toBe(19);
    const number = (await t
      .db('sales')
      .where({ id: saleIdOf(first.headers.location) })
      .first('number'))!.number;
    expect((await admin.visit(second.headers.location)).body.flash.success).toBe(
      `La vente ${number} était déjà enregistrée : elle n’a pas été créée une seconde fois.`,
    );
  });

  it('the ticket: lines, total, payments with change and reference, the amount in words, seller, width 80 mm or ?width=58', async () => {
    const p = await product({ retail_price: 1_250, name: 'Savon Omo 500 g' });
    const res = await admin.post(
      COUNTER,
      body({ lines: [{ product_id: p, quantity: 17 }], payments: [cash(20_000), mobile(1_250, 'MP.77.ABC')] }),
    );
    const id = saleIdOf(res.headers.location);
    const sale = (await t.db('sales').where({ id }).first())!;
    const ticket = await printOut(admin, route('sales.ticket', { id }, { print: 1 }));
    expect(ticket.status).toBe(200);
    expect(ticket.body.component).toBe('sales/counter/Ticket');
    const p1 = ticket.body.props;
    expect(p1.width).toBe('80mm');
    expect(p1.auto_print).toBe(true);
    expect(p1.copy).toMatchObject({ duplicata: false });
    expect(p1.ticket).toMatchObject({
      number: sale.number,
      location: 'Boutique 1',
      client: { is_walk_in: true },
      total: 21_250,
      cash_tendered: 20_000,
      change: 0,
      lines: [
        {
          position: 1,
          name: 'Savon Omo 500 g',
          unit: 'boîte',
          quantity: 17,
          unit_price: 1_250,
          discount: 0,
          net: 21_250,
        },
      ],
    });
    expect(p1.ticket.seller).toBeTruthy();
    expect(p1.ticket.payments).toEqual([
      { method: 'especes', label: 'Espèces', amount: 20_000, operator: null, phone: null, reference: null },
      {
        method: 'mobile_money',
        label: 'Mobile money',
        amount: 1_250,
        operator: 'Orange Money',
        phone: '07 07 07 07 07',
        reference: 'MP.77.ABC',
      },
    ]);
    expect(JSON.stringify(p1)).not.toMatch(/cmup|purchase_price|unit_cost|cost_total/);
    // A reprint is the same page with the DUPLICATA mark; ?width=58 for a 58 mm roll.
    const again = await printOut(admin, route('sales.ticket', { id }, { width: 58 }));
    expect(again.body.props.width).toBe('58mm');
    expect(again.body.props.copy).toMatchObject({ duplicata: true, reprint: 1 });
    expect(again.body.props.ticket).toEqual(p1.ticket);
    // Not a counter sale, or unknown: 404.
    expect((await admin.visit(route('sales.ticket', { id: 99_999_999 }))).status).toBe(404);
  });
});
