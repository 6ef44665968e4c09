import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, addMonths, businessDate } from '../../server/domain/dates.js';
import { createUser } from '../../server/services/accounts/create-user.js';
import { cancelSale } from '../../server/services/sales/cancel-sale.js';
import { route } from '../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import {
  ALL_RIGHTS,
  adminActor,
  cashPayment,
  line,
  makeClient,
  saleInput,
  sell,
  walkInClient,
} from '../support/sales.js';
import { settle, settlementInput } from '../support/settlements.js';
import { type StockFixtures, giveStock, makeProduct, stockFixtures } from '../support/stock.js';
import { deskAccount } from '../support/treasury.js';
import { makeShop } from '../support/cash-closings.js';
import { uniqueTag } from '../support/unique.js';

/**
 * Tableau de bord (issue 17): the cards' figures on a hand-made history whose totals are written
 * here — today, earlier this month, before this month, a sale cancelled today, a settlement —, the
 * cards of a user restricted to one place, the margin absent without cost rights, and the cards
 * absent for a user who may not see what they show.
 *
 * The history (one product sold 5 000 F the unit, bought 3 000 F):
 *   A  today, Boutique 1, cash, 2 units        → 10 000 F (cost 6 000)
 *   D  today, Boutique 1, cash, 1 unit, cancelled today → 5 000 F in, 5 000 F back
 *   F  today, Dépôt, cash, 1 unit               →  5 000 F (cost 3 000)
 *   B  yesterday, Boutique 1, credit, 4 units, due yesterday  → 20 000 F owed, overdue
 *   C  40 days ago, Boutique 1, credit, 8 units, due in 30 days → 40 000 F, 15 000 F settled today
 */

const PRICE = 5_000;
const COST = 3_000;

describe.each(testDatabases())('Tableau de bord (%s)', (kind) => {
  let t: TestApp;
  let f: StockFixtures;
  let admin: Client;
  let today: string;
  let yesterday: string;
  let numbers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    f = await stockFixtures(t.db);
    today = businessDate((await t.db('company_settings').first('time_zone'))!.time_zone);
    yesterday = addDays(today, -1);
    const product = await makeProduct(t.db, {
      category_id: f.category,
      name: 'Ciment CPJ 45',
      unit: 'sac',
      retail_price: PRICE,
      purchase_price: COST,
    });
    await giveStock(t.db, product, f.shop, 100, COST);
    await giveStock(t.db, product, f.depot, 100, COST);
    const walkIn = await walkInClient(t.db);
    const client = await makeClient(t.db, { name: 'Quincaillerie du Plateau', credit_limit: 100_000_000 });
    const cash = (locationId: number, quantity: number) =>
      sell(
        t.db,
        saleInput({
          clientId: walkIn,
          locationId,
          saleDate: today,
          lines: [line(product, quantity)],
          payments: [cashPayment(quantity * PRICE)],
        }),
      );
    const credit = (saleDate: string, dueDate: string, quantity: number) =>
      sell(
        t.db,
        saleInput({
          kind: 'invoice',
          clientId: client,
          locationId: f.shop,
          saleDate,
          paymentMode: 'credit',
          dueDate,
          lines: [line(product, quantity)],
        }),
        ALL_RIGHTS,
      );
    const a = await cash(f.shop, 2);
    const d = await cash(f.shop, 1);
    await cancelSale(t.db, d.id, { reason: 'Erreur de saisie', version: 1 }, await adminActor(t.db));
    const fDepot = await cash(f.depot, 1);
    const b = await credit(yesterday, yesterday, 4);
    const c = await credit(addDays(today, -40), addDays(today, 30), 8);
    const s = await settle(
      t.db,
      settlementInput({
        clientId: client,
        amount: 15_000,
        settlementDate: today,
        accountId: await deskAccount(t.db, 'CAI02'),
        allocations: [{ saleId: c.id, amount: 15_000 }],
      }),
    );
    numbers = { a: a.number, d: d.number, f: fDepot.number, b: b.number, c: c.number, s: s.number };
  });
  afterAll(() => t.close());

  const dashboard = async (c: Client) => {
    const res = await c.visit(route('dashboard'));
    expect(res.status).toBe(200);
    expect(res.body.component).toBe('Dashboard');
    return res.body;
  };
  /** The deferred cards, as the client fetches them right after the page. */
  const deferred = async (c: Client, keys: string[]) => {
    const res = await c.agent.get(route('dashboard')).set({
      'X-Inertia': 'true',
      'X-Inertia-Version': 'test-assets-v1',
      'X-Inertia-Partial-Component': 'Dashboard',
      'X-Inertia-Partial-Data': keys.join(','),
    });
    expect(res.status).toBe(200);
    return res.body.props;
  };
  const login = async (permissions: string[], places?: { locations: number[]; accounts: number[] }) => {
    const email = `${uniqueTag('D').toLowerCase()}@test.local`;
    const u = await userWithPermissions(t, email, permissions);
    if (places) {
      await t.db('users').where({ id: u.id }).update({ places_restricted: true });
      for (const location_id of places.locations) await t.db('user_locations').insert({ user_id: u.id, location_id });
      for (const account_id of places.accounts)
        await t.db('user_treasury_accounts').insert({ user_id: u.id, account_id });
    }
    const c = new Client(t);
    await c.login(u.email, u.password);
    return c;
  };

  it('counts today’s and the month’s sales like Chiffre d’affaires, with the margin', async () => {
    const { props } = await dashboard(admin);
    // Today: A + D + F sold (20 000), D cancelled today (−5 000); cost 6 000 + 3 000 + 3 000 − 3 000.
    expect(props.sales.today).toMatchObject({
      count: 3,
      gross: 20_000,
      returns: 5_000,
      net: 15_000,
      cost_total: 9_000,
      margin: 6_000,
      href: route('reports.turnover', { from: today, to: today }),
    });
    // Compared with yesterday (B: 20 000 at a cost of 12 000) and the same day last month.
    expect(props.sales.today.comparisons[0]).toEqual({
      id: 'yesterday',
      label: 'Hier',
      from: yesterday,
      to: yesterday,
      net: 20_000,
      margin: 8_000,
      href: route('reports.turnover', { from: yesterday, to: yesterday }),
    });
    const lastMonthDay = addMonths(today, -1);
    expect(props.sales.today.comparisons[1]).toMatchObject({
      id: 'last_month_day',
      from: lastMonthDay,
      to: lastMonthDay,
    });
    expect(props.sales.today.comparisons[1].label).toMatch(
      new RegExp(`^(Même|Dernier) jour .*\\(${lastMonthDay.slice(8, 10)}/${lastMonthDay.slice(5, 7)}\\)$`),
    );
    expect(
      props.sales.month.comparisons.map((c: { id: string; from: string; to: string }) => [c.id, c.from, c.to]),
    ).toEqual([['last_month_to_date', `${lastMonthDay.slice(0, 8)}01`, lastMonthDay]]);
    // The month: today's, plus B yesterday when yesterday is in this month; never C (40 days ago).
    const withB = yesterday.slice(0, 7) === today.slice(0, 7);
    expect(props.sales.month).toMatchObject({
      count: withB ? 4 : 3,
      gross: withB ? 40_000 : 20_000,
      returns: 5_000,
      net: withB ? 35_000 : 15_000,
      cost_total: withB ? 21_000 : 9_000,
      margin: withB ? 14_000 : 6_000,
      href: route('reports.turnover', { from: `${today.slice(0, 8)}01`, to: today }),
    });
  });

  it('compares the day with the same day last month and the month with the same part of last month, margin too — never for a user who may not see costs', async () => {
    const lastMonthDay = addMonths(today, -1);
    const vs = async (c: Client) => {
      const { props } = await dashboard(c);
      return {
        day: props.sales.today.comparisons.find((x: { id: string }) => x.id === 'last_month_day'),
        month: props.sales.month.comparisons[0],
      };
    };
    const before = await vs(admin);
    // A sale of a shop of its own (the other cards' figures stay), on the same day last month: 3 × 5 000 at a cost of 3 000.
    const shop = await makeShop(t.db, admin);
    const p = await makeProduct(t.db, {
      category_id: f.category,
      name: `Fer ${uniqueTag()}`,
      unit: 'barre',
      retail_price: PRICE,
      purchase_price: COST,
    });
    await giveStock(t.db, p, shop.location, 10, COST);
    await sell(
      t.db,
      saleInput({
        clientId: await walkInClient(t.db),
        locationId: shop.location,
        saleDate: lastMonthDay,
        lines: [line(p, 3)],
        payments: [cashPayment(3 * PRICE)],
      }),
    );
    const after = await vs(admin);
    expect([after.day.net - before.day.net, after.day.margin - before.day.margin]).toEqual([15_000, 6_000]);
    expect([after.month.net - before.month.net, after.month.margin - before.month.margin]).toEqual([15_000, 6_000]);
    expect(after.day.href).toBe(route('reports.turnover', { from: lastMonthDay, to: lastMonthDay }));
    // Without cost rights: the comparisons' sales, never their margin.
    const seller = await login(['menu.dashboard', 'menu.sortiestock']);
    const theirs = (await dashboard(seller)).props.sales;
    expect(theirs.today.comparisons.map((c: Record<string, unknown>) => 'margin' in c)).toEqual([false, false]);
    expect(theirs.today.comparisons[1].net).toBe(after.day.net);
  });

  it('shows État de stock’s value at the CMUP of the places whose stock the user sees, to its users who see its values', async () => {
    const shop = await makeShop(t.db, admin);
    const p = await makeProduct(t.db, {
      category_id: f.category,
      name: `Tôle ${uniqueTag()}`,
      unit: 'pièce',
      retail_price: PRICE,
      purchase_price: COST,
    });
    await giveStock(t.db, p, shop.location, 7, 2_000);
    const value = async (c: Client) => (await deferred(c, ['stockValue'])).stockValue;
    // État de stock's own figures, for the user who reads both.
    const report = async (c: Client) => {
      const figures: Array<{ id: string; figure: number }> = (await c.visit(route('reports.stock'))).body.props.figures;
      return {
        value: figures.find((x) => x.id === 'value')!.figure,
        products: figures.find((x) => x.id === 'products')!.figure,
        href: route('reports.stock'),
      };
    };
    expect(await value(admin)).toEqual(await report(admin));
    // A user of that shop alone: its 7 × 2 000 only.
    const theirs = await login(['menu.dashboard', 'menu.editions.stock', 'reports.view_costs'], {
      locations: [shop.location],
      accounts: [],
    });
    expect(await value(theirs)).toEqual({ value: 14_000, products: 1, href: route('reports.stock') });
    expect(await report(theirs)).toEqual(await value(theirs));
    // Without État de stock's values (cost rights other than reports.view_costs included): no card, and no value by a partial reload.
    const noValues = await login([
      'menu.dashboard',
      'menu.editions.stock',
      'menu.produits',
      'prices.update',
      'stock_entries.create',
    ]);
    expect((await dashboard(noValues)).deferredProps?.cards ?? []).not.toContain('stockValue');
    expect(await value(noValues)).toBeUndefined();
  });

  it('totals what clients owe and what is overdue, after the settlement', async () => {
    const { props } = await dashboard(admin);
    // B 20 000 (due yesterday: overdue) + C 40 000 − 15 000 settled (due in 30 days). Cash sales owe nothing.
    expect(props.receivables).toMatchObject({ invoices: 2, remaining: 45_000, overdue_invoices: 1, overdue: 20_000 });
  });

  it('shows the balances of the treasury accounts and their total', async () => {
    const { props } = await dashboard(admin);
    const shopDesk = await deskAccount(t.db, 'CAI02');
    const depotDesk = await deskAccount(t.db, 'CAI01');
    const byId = new Map(props.treasury.accounts.map((a: { id: number; balance: number }) => [a.id, a.balance]));
    // Boutique 1: A 10 000 + D 5 000 − D 5 000 + settlement 15 000; Dépôt: F 5 000.
    expect(byId.get(shopDesk)).toBe(25_000);
    expect(byId.get(depotDesk)).toBe(5_000);
    expect(props.treasury.total).toBe(
      props.treasury.accounts.reduce((s: number, a: { balance: number }) => s + a.balance, 0),
    );
    expect(props.treasury.href).toBe(route('cash.index'));
  });

  it('lists the last documents the user may open, newest first', async () => {
    const { props } = await dashboard(admin);
    const shown = props.documents.map((d: { number: string }) => d.number);
    for (const n of [numbers.a, numbers.d, numbers.f, numbers.s]) expect(shown).toContain(n);
    const cancelled = props.documents.find((d: { number: string }) => d.number === numbers.d);
    expect(cancelled).toMatchObject({ kind: 'sale', cancelled: true, total: 5_000 });
    expect(props.documents.find((d: { number: string }) => d.number === numbers.s)).toMatchObject({
      kind: 'settlement',
      total: 15_000,
      label: 'Quincaillerie du Plateau',
    });
    const dates = props.documents.map((d: { date: string }) => d.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('sends the chart, the best sellers and the stock alerts as deferred props', async () => {
    const { props, deferredProps } = await dashboard(admin);
    expect(props.salesChart).toBeUndefined();
    expect(deferredProps).toEqual({ cards: ['salesChart', 'topProducts', 'lowStock', 'stockValue'] });
    const late = await deferred(admin, ['salesChart', 'topProducts', 'lowStock']);
    const chart = late.salesChart.chart;
    expect(chart.labels).toHaveLength(30);
    expect(chart.labels.at(-1)).toBe(today);
    expect(chart.labels[0]).toBe(addDays(today, -29));
    expect(chart.series.map((s: { label: string }) => s.label)).toEqual(['CA net', 'Marge']);
    expect(chart.series[0].data.at(-1)).toBe(15_000);
    expect(chart.series[0].data.at(-2)).toBe(20_000);
    expect(chart.series[1].data.at(-1)).toBe(6_000);
    // The month's best seller: the one product, its CA net of the month (as the month card).
    const month = (await dashboard(admin)).props.sales.month;
    expect(late.topProducts.rows).toEqual([
      expect.objectContaining({ name: 'Ciment CPJ 45', sales: month.net, margin: month.margin }),
    ]);
    expect(late.topProducts.href).toBe(
      route('reports.turnover', { view: 'produits', from: `${today.slice(0, 8)}01`, to: today }),
    );
    expect(late.lowStock.href).toBe(route('reports.stock', { view: 'alerte' }));
  });

  it("counts the products at or under the threshold in force at each place shown: the place's own, else the product's", async () => {
    const tag = uniqueTag('S');
    const under = await makeProduct(t.db, {
      category_id: f.category,
      code: `${tag}U`,
      name: `Tôle ondulée ${tag}`,
      unit: 'pièce',
    });
    const over = await makeProduct(t.db, {
      category_id: f.category,
      code: `${tag}O`,
      name: `Pointes ${tag}`,
      unit: 'paquet',
    });
    const shopOnly = await login(['menu.dashboard', 'menu.editions.stock'], { locations: [f.shop], accounts: [] });
    const depotOnly = await login(['menu.dashboard', 'menu.editions.stock'], { locations: [f.depot], accounts: [] });
    const low = async (c: Client) => (await deferred(c, ['lowStock'])).lowStock;
    const before = { shop: (await low(shopOnly)).count, depot: (await low(depotOnly)).count };
    await t.db('products').whereIn('id', [under, over]).update({ alert_threshold: 10 });
    await giveStock(t.db, under, f.shop, 4);
    await giveStock(t.db, over, f.shop, 11);
    // At the shop: Tôle (4 ≤ 10) joins the list, Pointes (11 > 10) does not; the furthest below come first.
    const atShop = await low(shopOnly);
    expect(atShop.count).toBe(before.shop + 1);
    expect(atShop.products.find((p: { id: number }) => p.id === under)).toMatchObject({
      name: `Tôle ondulée ${tag}`,
      location: 'Boutique 1',
      quantity: 4,
      threshold: 10,
      unit: 'pièce',
      href: null,
    });
    // At the depot (none of either there): both, at the product's threshold.
    expect((await low(depotOnly)).count).toBe(before.depot + 2);
    // At the threshold counts too.
    await t.db('products').where({ id: over }).update({ alert_threshold: 11 });
    expect((await low(shopOnly)).count).toBe(before.shop + 2);
    // The shop's own thresholds: lower than the product's (4 > 2: out), 0 (not followed there); the depot keeps the product's.
    await t.db('stock_levels').where({ product_id: under, location_id: f.shop }).update({ alert_threshold: 2 });
    await t.db('stock_levels').where({ product_id: over, location_id: f.shop }).update({ alert_threshold: 0 });
    expect((await low(shopOnly)).count).toBe(before.shop);
    expect((await low(depotOnly)).count).toBe(before.depot + 2);
    await t.db('products').whereIn('id', [under, over]).update({ alert_threshold: 0 });
  });

  it('reads the stock alerts as État de stock › Sous le seuil d’alerte does: same count, same order (furthest below, then name)', async () => {
    const tag = uniqueTag('A');
    const made: number[] = [];
    const make = async (suffix: string, name: string, threshold: number, stock: number) => {
      const id = await makeProduct(t.db, {
        category_id: f.category,
        code: `${tag}${suffix}`,
        name: `${name} ${tag}`,
        unit: 'pièce',
      });
      await t.db('products').where({ id }).update({ alert_threshold: threshold });
      if (stock) await giveStock(t.db, id, f.shop, stock);
      made.push(id);
      return id;
    };
    // The other tests' alerts stay as they were: these products leave the list at the end.
    onTestFinished(async () => {
      await t.db('products').whereIn('id', made).update({ alert_threshold: 0 });
    });
    await make('Z', 'Zinc', 10, 0); // 10 missing
    await make('A', 'Acier', 20, 10); // 10 missing: after the furthest below, by name before Zinc
    await make('F', 'Fer', 25, 10); // 15 missing: first
    await make('O', 'Or', 5, 6); // over its threshold: absent
    const archived = await make('X', 'Archivé', 50, 0);
    await t.db('products').where({ id: archived }).update({ active: false }); // archived: absent
    const report = async (query: string) =>
      (await admin.visit(`${route('reports.stock')}?view=alerte&${query}`)).body.props;
    const mine = await report(`q=${tag}&location_id=${f.shop}`);
    expect(
      mine.tables[0].page.data.map((r: { product: string; location: string; missing: number }) => [
        r.product,
        r.location,
        r.missing,
      ]),
    ).toEqual([
      [`Fer ${tag}`, 'Boutique 1', 15],
      [`Acier ${tag}`, 'Boutique 1', 10],
      [`Zinc ${tag}`, 'Boutique 1', 10],
    ]);
    expect(mine.figures[0].figure).toBe(3);
    // A page past the end still counts them.
    const past = await report(`q=${tag}&location_id=${f.shop}&page=9`);
    expect([past.tables[0].page.data.length, past.tables[0].page.total, past.figures[0].figure]).toEqual([0, 3, 3]);
    // Every place: one row per place under (the depot has none of them: each at its threshold, Or too).
    expect(
      (await report(`q=${tag}`)).tables[0].page.data.map(
        (r: { product: string; location: string }) => `${r.product.split(' ')[0]} ${r.location}`,
      ),
    ).toEqual(expect.arrayContaining(['Fer Dépôt principal', 'Fer Boutique 1', 'Or Dépôt principal']));
    // The card: the report's count and its first rows.
    const [card, all] = [(await deferred(admin, ['lowStock'])).lowStock, await report('')];
    expect(card.count).toBe(all.figures[0].figure);
    expect(card.products.map((p: { name: string; location: string }) => `${p.name} · ${p.location}`)).toEqual(
      all.tables[0].page.data
        .slice(0, card.products.length)
        .map((r: { product: string; location: string }) => `${r.product} · ${r.location}`),
    );
  });

  it('answers the deferred cards without running the queries of the cards already shown', async () => {
    const statements: string[] = [];
    const log = (q: { sql: string }) => statements.push(q.sql);
    t.db.on('query', log);
    try {
      await deferred(admin, ['salesChart', 'topProducts', 'lowStock']);
    } finally {
      t.db.off('query', log);
    }
    const text = statements.join('\n');
    // The chart (Chiffre d'affaires' day summary), the best sellers (the month summary) and the alerts
    // ran — not the events of every sale of the period…
    expect(text).toContain('report_turnover_client_days');
    expect(text).toContain('report_sales_months');
    expect(text).toContain('stock_levels');
    expect(text).not.toMatch(/from [`"]sales[`"] as [`"]s[`"]/);
    // …not the receivables (open sales), the treasury balances nor the last documents.
    expect(text).not.toContain('sales_open_receivables');
    // (The request's user context reads the user's allowed accounts and desks: not a card.)
    const cards = statements.filter((q) => !/\buser_roles\b/.test(q)).join('\n');
    expect(cards).not.toMatch(/amount_paid|\btreasury_accounts|cash_operations|stock_entries/);
  });

  it('keeps a restricted user’s cards to their places', async () => {
    const depotDesk = await deskAccount(t.db, 'CAI01');
    const user = await login(
      [
        'menu.dashboard',
        'menu.editions.ca',
        'menu.editions.creance',
        'menu.caisse',
        'menu.sortiestock',
        'menu.reglement',
      ],
      { locations: [f.depot], accounts: [] },
    );
    const { props } = await dashboard(user);
    // Only F (the depot's sale) is theirs; B and C are Boutique 1's invoices.
    expect(props.sales.today).toMatchObject({ count: 1, gross: 5_000, returns: 0, net: 5_000 });
    expect(props.receivables).toMatchObject({ invoices: 0, remaining: 0, overdue: 0 });
    expect(props.treasury.accounts.map((a: { id: number }) => a.id)).toEqual([depotDesk]);
    expect(props.treasury.total).toBe(5_000);
    const shown = props.documents.map((d: { number: string }) => d.number);
    expect(shown).toContain(numbers.f);
    for (const n of [numbers.a, numbers.b, numbers.c, numbers.d, numbers.s]) expect(shown).not.toContain(n);
    const late = await deferred(user, ['salesChart']);
    expect(late.salesChart.chart.series[0].data.at(-1)).toBe(5_000);
  });

  it('leaves the margin and the costs out for a user who may not see costs', async () => {
    const user = await login(['menu.dashboard', 'menu.editions.ca', 'menu.sortiestock']);
    const { props } = await dashboard(user);
    for (const figures of [props.sales.today, props.sales.month]) {
      expect(figures).not.toHaveProperty('margin');
      expect(figures).not.toHaveProperty('cost_total');
    }
    expect(props.sales.today.net).toBe(15_000);
    const late = await deferred(user, ['salesChart', 'topProducts']);
    expect(late.salesChart.chart.series.map((s: { label: string }) => s.label)).toEqual(['CA net']);
    for (const row of late.topProducts.rows) expect(row).not.toHaveProperty('margin');
  });

  it("shows the margin by Chiffre d’affaires' rule: cost rights without reports.view_costs → none, with it → present", async () => {
    const costKeys = ['margin', 'cost_total'];
    // Cost rights (CMUP, purchase prices) but not the reports' own: the report the card opens hides the margin, so does the card.
    const buyer = await login([
      'menu.dashboard',
      'menu.editions.ca',
      'menu.sortiestock',
      'prices.update',
      'stock_entries.create',
    ]);
    const hidden = await dashboard(buyer);
    for (const figures of [hidden.props.sales.today, hidden.props.sales.month])
      for (const key of costKeys) expect(figures).not.toHaveProperty(key);
    const hiddenLate = await deferred(buyer, ['salesChart', 'topProducts']);
    expect(hiddenLate.salesChart.chart.series.map((s: { label: string }) => s.label)).toEqual(['CA net']);
    expect(hiddenLate.topProducts.rows.length).toBeGreaterThan(0);
    for (const row of hiddenLate.topProducts.rows) expect(row).not.toHaveProperty('margin');
    const report = (await buyer.visit(hidden.props.sales.month.href)).body.props;
    expect(report.figures.map((f: { id: string }) => f.id)).not.toContain('margin');

    const analyst = await login(['menu.dashboard', 'menu.editions.ca', 'reports.view_costs']);
    const shown = await dashboard(analyst);
    for (const figures of [shown.props.sales.today, shown.props.sales.month])
      for (const key of costKeys) expect(figures).toHaveProperty(key);
    expect(shown.props.sales.today).toMatchObject({ net: 15_000, cost_total: 9_000, margin: 6_000 });
    const shownLate = await deferred(analyst, ['salesChart', 'topProducts']);
    expect(shownLate.salesChart.chart.series.map((s: { label: string }) => s.label)).toEqual(['CA net', 'Marge']);
    for (const row of shownLate.topProducts.rows) expect(row).toHaveProperty('margin');
    const shownReport = (await analyst.visit(shown.props.sales.month.href)).body.props;
    expect(shownReport.figures.map((f: { id: string }) => f.id)).toContain('margin');
  });

  it('shows no sales card, chart or best sellers to a user without a sales screen', async () => {
    const user = await login(['menu.dashboard', 'menu.caisse']);
    const { props, deferredProps } = await dashboard(user);
    for (const key of ['sales', 'salesChart', 'topProducts', 'receivables', 'lowStock'])
      expect(props).not.toHaveProperty(key);
    expect(deferredProps ?? {}).toEqual({});
    expect(props.treasury).toBeDefined();
    // The documents of their screens only: cash operations (none yet), no sale nor settlement.
    expect(props.documents).toEqual([]);
    // Asked anyway, the deferred cards are not there.
    const late = await deferred(user, ['salesChart', 'topProducts', 'lowStock']);
    for (const key of ['salesChart', 'topProducts', 'lowStock']) expect(late).not.toHaveProperty(key);
  });

  it('links each card to the screen the user may open', async () => {
    const seller = await login(['menu.dashboard', 'menu.sortiestock', 'menu.reglement', 'menu.produits']);
    const { props } = await dashboard(seller);
    expect(props.sales.today.href).toBe(route('stockExits'));
    expect(props.receivables.href).toBe(route('settlements.index'));
    expect((await deferred(seller, ['lowStock'])).lowStock.href).toBe(route('products.index', { stock: 'low' }));
    for (const href of [
      props.sales.today.href,
      props.receivables.href,
      ...props.documents.map((d: { href: string }) => d.href),
    ]) {
      expect((await seller.visit(href)).status, href).toBeLessThan(400);
    }
  });

  it('greets a brand-new account without any card', async () => {
    const email = `${uniqueTag('N').toLowerCase()}@test.local`;
    await createUser(t.db, { name: 'Nouveau Venu', email, password: 'Nouveau-12345', roleNames: [], verified: true });
    const user = new Client(t);
    await user.login(email, 'Nouveau-12345');
    const { props } = await dashboard(user);
    expect(props.awaitingRole).toBe(true);
    for (const key of ['sales', 'receivables', 'treasury', 'documents']) expect(props).not.toHaveProperty(key);
  });
});
