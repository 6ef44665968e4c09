import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { COST_PERMISSIONS } from '../../server/policies/index.js';
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import { type Query, type RouteName, route } from '../../shared/routes.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { giveStock, idempotencyKey, makeProduct, makeSupplier } from '../support/stock.js';
import { uniqueTag } from '../support/unique.js';
import { adminActor, cashPayment, line, saleInput, sell, walkInClient } from '../support/sales.js';
import { createCreditNote } from '../../server/services/sales/credit-notes.js';

/**
 * Security issue 13, finding 4: every page and printout that can carry a cost (purchase price,
 * CMUP, unit cost, amount or value at cost) leaves it out — absent, not null — for a user who may
 * not see costs, and keeps it for one who may. Table-driven: each row is a page; the props are
 * scanned deeply for cost-like keys.
 */

const COST_KEY = /cost|cmup|value|amount|purchase/i;

/** The paths of cost-like keys holding a number, an object or null (a boolean flag such as show_costs, or an option's string value, is not a cost). */
function costKeys(props: unknown, path = ''): string[] {
  if (Array.isArray(props)) return props.flatMap((v, i) => costKeys(v, `${path}[${i}]`));
  if (props === null || typeof props !== 'object') return [];
  const out: string[] = [];
  for (const [key, v] of Object.entries(props)) {
    const here = path ? `${path}.${key}` : key;
    if (COST_KEY.test(key) && (typeof v === 'number' || v === null || typeof v === 'object')) out.push(here);
    out.push(...costKeys(v, here));
  }
  return out;
}

const today = () => businessDate('Africa/Abidjan');

describe.each(testDatabases())('cost props follow the cost policy on every page that can carry one (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let noCosts: Client;
  let pages: Array<{ name: string; url: string; json?: boolean; never?: boolean }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    const user = await userWithPermissions(
      t,
      `${uniqueTag('C').toLowerCase()}@test.local`,
      ALL_PERMISSIONS.filter((p) => !(COST_PERMISSIONS as readonly string[]).includes(p)),
    );
    noCosts = new Client(t);
    await noCosts.login(user.email, user.password);

    const tag = uniqueTag('K');
    const depot = Number((await t.db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const shop = Number((await t.db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
    const category = await insertReturningId(
      t.db,
      'categories',
      withSearchName({ code: tag, name: `Catégorie ${tag}`, created_at: nowIso(), updated_at: nowIso() }),
    );
    const product = await makeProduct(t.db, {
      code: `${tag}P`,
      name: `Produit ${tag}`,
      category_id: category,
      purchase_price: 900,
    });
    await giveStock(t.db, product, depot, 100, 900);
    const supplier = await makeSupplier(t.db);
    const idOf = async (res: { status: number; headers: Record<string, string> }) => {
      expect(res.status).toBe(303);
      if (!/\/\d+$/.test(res.headers.location))
        throw new Error(JSON.stringify((await admin.visit(route('dashboard'))).body.props.errors));
      return Number(res.headers.location.split('/').pop());
    };

    const entry = await idOf(
      await admin.post(route('entries.index'), {
        idempotency_key: idempotencyKey(),
        supplier_id: supplier,
        location_id: depot,
        entry_date: today(),
        supplier_ref: '',
        note: '',
        lines: [{ product_id: product, unit: 'unit', quantity: 10, unit_cost: 1000 }],
      }),
    );
    const transfer = await idOf(
      await admin.post(route('transfers.index'), {
        idempotency_key: idempotencyKey(),
        from_location_id: depot,
        to_location_id: shop,
        transfer_date: today(),
        note: '',
        lines: [{ product_id: product, quantity: 5 }],
      }),
    );
    const count = await idOf(
      await admin.post(route('inventory.index'), {
        idempotency_key: idempotencyKey(),
        location_id: depot,
        count_date: today(),
        blind: false,
        category_ids: [category],
        note: '',
      }),
    );
    expect(
      (
        await admin.post(route('inventory.counts', { id: count }), {
          lines: [{ product_id: product, counted: 100, expected: null }],
        })
      ).status,
    ).toBe(303);
    const version = Number((await t.db('inventory_counts').where({ id: count }).first('version'))!.version);
    expect(
      (
        await admin.post(route('inventory.validate', { id: count }), {
          version,
          moved_policy: '',
          uncounted_as_zero: false,
        })
      ).status,
    ).toBe(303);
    expect((await t.db('inventory_counts').where({ id: count }).first('status'))!.status).toBe('validated');
    expect(
      (
        await admin.post(route('inventory.readjust'), {
          idempotency_key: idempotencyKey(),
          location_id: depot,
          adjustment_date: today(),
          reason: 'casse',
          note: '',
          lines: [{ product_id: product, direction: 'out', quantity: 1 }],
        })
      ).status,
    ).toBe(303);
    const readjustment = Number((await t.db('stock_adjustments').orderBy('id', 'desc').first('id'))!.id);
    await giveStock(t.db, product, shop, 10, 900);
    const sale = await sell(
      t.db,
      saleInput({
        clientId: await walkInClient(t.db),
        locationId: shop,
        saleDate: today(),
        lines: [line(product, 2, { unitPrice: 1_500 })],
        payments: [cashPayment(3_000)],
      }),
    );
    const saleLine = Number((await t.db('sale_lines').where({ sale_id: sale.id }).first('id'))!.id);
    const creditNote = (
      await createCreditNote(
        t.db,
        {
          idempotencyKey: idempotencyKey(),
          saleId: sale.id,
          reason: 'Produit défectueux',
          version: 1,
          lines: [{ saleLineId: saleLine, quantity: 1 }],
        },
        await adminActor(t.db),
      )
    ).id;
    const invoice = await idOf(
      await admin.post(route('sales.invoices'), {
        idempotency_key: idempotencyKey(),
        client_id: Number((await t.db('clients').where({ is_walk_in: true }).first('id'))!.id),
        location_id: depot,
        sale_date: today(),
        payment_mode: 'cash',
        due_date: '',
        discount: 0,
        note: '',
        form_loaded_at: new Date(Date.now() - 60_000).toISOString(),
        lines: [{ product_id: product, unit: 'unit', quantity: 2, unit_price: 1_500, discount: 0 }],
        payments: [{ method: 'especes', amount: 3_000, account_id: '', operator: '', phone: '', reference: '' }],
      }),
    );

    const page = (
      name: RouteName,
      params: Record<string, number> | null,
      query?: Query,
      json = false,
      never = false,
    ) => ({
      name: `${name}${query ? ` ${JSON.stringify(query)}` : ''}`,
      url: params
        ? (route as (n: RouteName, p: object, q?: Query) => string)(name, params, query)
        : (route as (n: RouteName, q?: Query) => string)(name, query),
      json,
      never,
    });
    pages = [
      page('entries.index', null),
      page('entries.show', { id: entry }),
      page('entries.print', { id: entry }),
      page('entries.statement', null),
      page('transfers.show', { id: transfer }),
      // The bon de transfert travels with the goods: it never shows costs, whoever prints it.
      page('transfers.print', { id: transfer }, undefined, false, true),
      page('inventory.index', null, { tab: 'sessions' }),
      page('inventory.index', null, { tab: 'readjustments' }),
      page('inventory.show', { id: count }, { tab: 'ecarts' }),
      page('inventory.adjustment', { id: count }),
      page('inventory.readjustmentPrint', { id: readjustment }),
      page('creditNotes.show', { id: creditNote }),
      // The avoir is handed to the customer: never a cost on it.
      page('creditNotes.print', { id: creditNote }, undefined, false, true),
      page('products.index', null),
      page('products.show', { id: product }),
      page('products.stock', { id: product }),
      page('pickers.products', null, { q: `${tag}P`, location_id: depot }, true),
      // Sales: a sale's page carries its unit costs, cost and margin; the lists and the invoice printed for the customer never do.
      page('sales.show', { id: invoice }),
      page('sales.invoices', null, undefined, false, true),
      page('sales.print', { id: invoice }, undefined, false, true),
      // Tableau de bord: the sales cards' cost and margin (the deferred chart and best sellers: tests/http/dashboard.test.ts).
      page('dashboard', null),
    ];
  });
  afterAll(() => t.close());

  const propsOf = async (c: Client, p: { url: string; json?: boolean }) => {
    const res = p.json ? await c.agent.get(p.url).set('Accept', 'application/json') : await c.visit(p.url);
    expect(res.status, p.url).toBe(200);
    return p.json ? res.body : res.body.props;
  };

  it('leaves every cost key out for a user without cost rights', async () => {
    const leaks: Record<string, string[]> = {};
    for (const p of pages) {
      const found = costKeys(await propsOf(noCosts, p));
      if (found.length) leaks[p.name] = found;
    }
    expect(leaks).toEqual({});
  });

  it('keeps them for a user with cost rights', async () => {
    const missing: string[] = [];
    for (const p of pages.filter((x) => !x.never)) {
      const found = costKeys(await propsOf(admin, p));
      if (!found.some((k) => /cost|cmup|value|amount|purchase_price/.test(k))) missing.push(p.name);
    }
    expect(missing).toEqual([]);
  });
});
