import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { route } from '../../shared/routes.js';
import { businessDate } from '../../server/domain/dates.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { listSales } from '../../server/services/sales/sale-queries.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import type { SaleListFilters } from '../../shared/pages/sales.js';
import { addDays as shiftDays } from '../../server/domain/dates.js';
import type { BenchClient, BenchResponse, Measure } from './client.js';

/**
 * Sales (issue 14) on the large data set (a year of sales, ≈ 200 000 invoices and counter sales):
 * an invoice of 10 lines and a counter sale of 5 lines through the forms' routes (document creation
 * targets 20 and 15 ms), each beside the bare service call (createSale: the same transaction
 * without HTTP, session, validation of the body and Inertia), then the sales lists and a search by
 * number (30 ms).
 */
export async function benchSales(
  db: Knex,
  b: BenchClient,
  measure: Measure,
  admin: { id: number; name: string },
): Promise<void> {
  const today = businessDate('Africa/Abidjan');
  const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
  const client = Number((await db('clients').where({ is_walk_in: false, active: true }).orderBy('id').first('id'))!.id);
  const inStock = async (location: number) =>
    (
      await db('stock_levels')
        .join('products', 'products.id', 'stock_levels.product_id')
        .where('stock_levels.location_id', location)
        .where('stock_levels.quantity', '>=', 200)
        .where('products.active', true)
        .where('products.retail_price', '>', 0)
        .orderBy('products.id')
        .limit(400)
        .pluck('products.id')
    ).map(Number);
  const depotProducts = await inStock(depot);
  const shopProducts = await inStock(shop);
  if (depotProducts.length < 20 || shopProducts.length < 10)
    throw new Error(
      `pas assez de produits en stock pour les ventes (${depotProducts.length} au dépôt, ${shopProducts.length} en boutique)`,
    );
  const key = () => randomBytes(12).toString('hex');
  const pick = (pool: number[], n: number, i: number) =>
    Array.from({ length: n }, (_, k) => pool[(Math.abs(i) * n + k) % pool.length]);
  const cash = { method: 'especes', amount: 100_000_000, account_id: null, operator: null, phone: '', reference: '' };
  const body = (kind: 'invoice' | 'counter', location: number, clientId: number, products: number[]) => ({
    idempotency_key: key(),
    kind,
    client_id: clientId,
    location_id: location,
    sale_date: today,
    payment_mode: 'cash',
    due_date: null,
    discount: 0,
    note: '',
    form_loaded_at: new Date().toISOString(),
    lines: products.map((p) => ({ product_id: p, unit: 'unit', quantity: 1, unit_price: null, discount: 0 })),
    payments: [cash],
  });
  const service = (kind: 'invoice' | 'counter', location: number, clientId: number, products: number[]) =>
    createSale(
      db,
      {
        idempotencyKey: key(),
        kind,
        clientId,
        locationId: location,
        saleDate: today,
        paymentMode: 'cash',
        dueDate: null,
        discount: 0,
        note: '',
        formLoadedAt: new Date().toISOString(),
        lines: products.map((p) => ({
          productId: p,
          unit: 'unit' as const,
          quantity: 1,
          unitPrice: null,
          discount: 0,
        })),
        payments: [
          { method: 'especes', amount: 100_000_000, accountId: null, operator: null, phone: '', reference: '' },
        ],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      { ...admin, ip: null },
    );
  // A validated invoice lands on its page (/ventes/123), a counter sale back on the till (?vente=123).
  const created = (res: BenchResponse, what: string, landing: RegExp) => {
    if (res.status !== 303 || !landing.test(res.headers.get('location') ?? ''))
      throw new Error(`${what} refusée (HTTP ${res.status} → ${res.headers.get('location')})`);
  };
  await measure(
    'Facture validée (10 lignes, comptant)',
    20,
    async (i) =>
      created(
        await b.send('POST', route('sales.invoices'), body('invoice', depot, client, pick(depotProducts, 10, i))),
        'facture',
        /\/ventes\/\d+$/,
      ),
    (i) => service('invoice', depot, client, pick(depotProducts, 10, i + 1000)),
  );
  await measure(
    'Vente boutique validée (5 lignes, espèces)',
    15,
    async (i) =>
      created(
        await b.send('POST', route('counter.store'), body('counter', shop, walkIn, pick(shopProducts, 5, i))),
        'vente boutique',
        /vente=\d+/,
      ),
    (i) => service('counter', shop, walkIn, pick(shopProducts, 5, i + 1000)),
  );
  await benchSalesLists(db, b, measure, client);
}

/**
 * The sales lists as the screens open them (the last 30 days), a search by number and a client's
 * invoices, beside the bare list query (page + totals); also run by scripts/bench/lists.ts.
 */
export async function benchSalesLists(
  db: Knex,
  b: Pick<BenchClient, 'json'>,
  measure: Measure,
  clientId?: number,
): Promise<void> {
  const today = businessDate('Africa/Abidjan');
  const client =
    clientId ?? Number((await db('clients').where({ is_walk_in: false, active: true }).orderBy('id').first('id'))!.id);
  const sales = Number((await db('sales').count({ n: '*' }).first())!.n);
  const number = String(
    (await db('sales').where({ kind: 'invoice' }).orderBy('id').offset(20_000).first('number'))?.number ??
      'FAC-2026-000001',
  );
  // The lists as the screens open them (the last 30 days), beside the bare list query (page + totals).
  const filters = (over: Partial<SaleListFilters> = {}): SaleListFilters => ({
    from: shiftDays(today, -30),
    to: today,
    client_id: '',
    location_id: '',
    status: '',
    mode: '',
    method: '',
    fiscal: '',
    q: '',
    sort: 'date',
    dir: 'desc',
    ...over,
  });
  const bare = (kind: 'invoice' | 'counter', over: Partial<SaleListFilters> = {}) =>
    listSales(db, { ...filters(over), kind }, EVERY_PLACE, 1, (r) => r);
  await measure(
    `Liste des factures (${sales.toLocaleString('fr-FR')} ventes en base)`,
    30,
    () => b.json(route('sales.invoices')),
    () => bare('invoice'),
  );
  await measure(
    'Liste des ventes boutique',
    30,
    () => b.json(route('sales.counterSales')),
    () => bare('counter'),
  );
  await measure(
    `Recherche de facture « ${number} »`,
    30,
    () => b.json(route('sales.invoices', { q: number })),
    () => bare('invoice', { q: number, from: '', to: '' }),
  );
  await measure(
    'Factures d’un client',
    30,
    () => b.json(route('sales.invoices', { client_id: client })),
    () => bare('invoice', { client_id: String(client) }),
  );
}
