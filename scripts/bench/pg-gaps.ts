/**
 * npx tsx scripts/bench/pg-gaps.ts — the two PostgreSQL gaps of issue 20 measured on their own, without the
 * whole `npm run bench` (which seeds a year of history first): a throw-away database (BENCH_DATABASE_URL,
 * SQLite otherwise) with the large demo master data and its opening stock (10 000 products, the
 * opening entries through the entry service), then p50/p95 of a 20-line stock entry validated
 * through HTTP and bare (the service), and of the products list at page 200 through HTTP and bare
 * (the list's queries), then the other writes of the PostgreSQL figures (otherWrites), with the
 * number of statements each sends through HTTP and bare. Reports; never fails.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import knexFactory, { type Knex } from 'knex';
import pino from 'pino';
import { DEFAULT_SEED, generateDemoData } from '../../database/seeds/demo/generate.js';
import { createApp } from '../../server/app.js';
import { type DatabaseConfig, loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { nowIso } from '../../server/db/dialect.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { builtAssets } from '../../server/http/assets.js';
import { categoryOptions } from '../../server/services/categories/categories.js';
import { listProducts } from '../../server/services/products/products.js';
import { seedBase } from '../../server/services/setup/first-start.js';
import { createStockEntry } from '../../server/services/stock/entries.js';
import { createTransfer } from '../../server/services/stock/transfers.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { createSettlement } from '../../server/services/settlements/create-settlement.js';
import { createCashOperation } from '../../server/services/cash/operations.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { route } from '../../shared/routes.js';
import { BenchBrowser, type BenchClient, type BenchResponse } from './client.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const ADMIN = { email: 'bench@sdstock.local', password: 'Bench-Secret-123456' };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function time(runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn(-1 - i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  out.sort((a, b) => a - b);
  return { p50: pct(out, 50), p95: pct(out, 95) };
}

/** The large demo master data and its opening stock (the first half of seedDemo, without the year of history). */
async function seedMaster(db: Knex) {
  const data = generateDemoData('large', DEFAULT_SEED);
  const now = nowIso();
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += 500) await db(table).insert(rows.slice(i, i + 500));
  };
  await insert(
    'categories',
    data.categories.map((c) => withSearchName({ ...c, active: true, created_at: now, updated_at: now })),
  );
  const categories = new Map((await db('categories').select('id', 'code')).map((c) => [c.code, Number(c.id)]));
  await insert(
    'products',
    data.products.map(({ category, opening: _o, ...p }) =>
      withSearchName({
        ...p,
        category_id: categories.get(data.categories[category].code),
        cmup: 0,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    ),
  );
  await insert(
    'suppliers',
    data.suppliers.map((s) => withSearchName({ ...s, balance: 0, active: true, created_at: now, updated_at: now })),
  );
  await insert(
    'clients',
    data.clients.map((c) =>
      withSearchName({ ...c, balance: 0, is_walk_in: false, active: true, created_at: now, updated_at: now }),
    ),
  );
  const admin = (await db('users').where({ email: ADMIN.email }).first('id', 'name'))!;
  const actor = { id: Number(admin.id), name: admin.name, ip: null };
  const ids = new Map((await db('products').select('id', 'code')).map((p) => [p.code, Number(p.id)]));
  const supplier = Number((await db('suppliers').orderBy('id').first('id'))!.id);
  const today = businessDate('Africa/Abidjan');
  for (const location of await db('locations').select('id', 'code', 'kind')) {
    const lines = data.products
      .map((p) => ({
        productId: ids.get(p.code)!,
        unit: 'unit' as const,
        quantity: location.kind === 'depot' ? p.opening.depot : p.opening.boutique,
        unitCost: p.purchase_price,
      }))
      .filter((l) => l.quantity > 0);
    for (let i = 0; i < lines.length; i += 500) {
      await createStockEntry(
        db,
        {
          idempotencyKey: `gaps-${location.code}-${i}`,
          supplierId: supplier,
          locationId: Number(location.id),
          entryDate: today,
          supplierRef: 'OUVERTURE',
          note: '',
          lines: lines.slice(i, i + 500),
        },
        actor,
      );
    }
  }
}

async function run(label: string, config: DatabaseConfig) {
  const db = createDb(config);
  let statements = 0;
  let seen: Array<{ sql: string; bindings: unknown[] }> = [];
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
    statements++;
    seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  });
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-gaps-'));
  try {
    await migrateLatest(db);
    await seedBase(db, ADMIN);
    const t0 = performance.now();
    await seedMaster(db);
    if (config.client === 'pg') await db.raw('ANALYZE');
    console.log(`[${label}] données de base et stock d’ouverture en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const appConfig = loadConfig(
      { NODE_ENV: 'production', APP_KEY: randomBytes(24).toString('hex'), LOG_LEVEL: 'error' } as NodeJS.ProcessEnv,
      { storageDir, database: config },
    );
    const assets = builtAssets();
    const server = http.createServer(createApp({ db, config: appConfig, logger: pino({ level: 'error' }), assets }));
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const b = new BenchBrowser(base, () => assets.version);
    // The refusal a form got (its errors, read from the page it was sent back to).
    const why = async (url: string) => {
      const page = await b.get(url);
      try {
        return JSON.stringify((page.json() as { props?: { errors?: unknown } }).props?.errors ?? {});
      } catch {
        return page.text().slice(0, 200);
      }
    };
    await b.login(ADMIN.email, ADMIN.password);

    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
    const supplier = Number((await db('suppliers').orderBy('id').first('id'))!.id);
    const admin = (await db('users').where({ email: ADMIN.email }).first('id', 'name'))!;
    const products = (await db('products').orderBy('id').select('id', 'purchase_price')) as Array<{
      id: number;
      purchase_price: number;
    }>;
    const today = businessDate('Africa/Abidjan');
    let n = 0;
    const twenty = () => products.slice((n++ * 20) % (products.length - 20)).slice(0, 20);
    const key = () => randomBytes(12).toString('hex');
    const rows: string[] = [];
    const measure = async (
      name: string,
      target: number,
      httpFn: (i: number) => Promise<unknown>,
      bareFn: (i: number) => Promise<unknown>,
    ) => {
      const h = await time(RUNS, httpFn);
      statements = 0;
      await httpFn(RUNS);
      const perHttp = statements;
      statements = 0;
      seen = [];
      await bareFn(RUNS);
      const perRun = statements;
      // BENCH_EXPLAIN=1: the plan of each read the bare run sent (PostgreSQL), to see where time goes.
      if (process.env.BENCH_EXPLAIN === '1' && config.client === 'pg') {
        // Reads only: EXPLAIN ANALYZE runs what it explains, and a WITH may carry a write (lightWrite's).
        for (const q of seen.filter(
          (x) => /^\s*(select|with)/i.test(x.sql) && !/\b(insert|update|delete)\b/i.test(x.sql),
        )) {
          const plan = await db
            .raw(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql.replace(/\$\d+/g, () => '?')}`, q.bindings as never)
            .catch((err: Error) => ({ rows: [{ 'QUERY PLAN': `(pas de plan : ${err.message})` }] }));
          console.log(
            `\n-- ${name}\n${q.sql}\n${((plan.rows ?? []) as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n')}`,
          );
        }
      }
      const b = await time(RUNS, bareFn);
      rows.push(
        `${name.padEnd(40)} HTTP p50 ${h.p50.toFixed(1)} / p95 ${h.p95.toFixed(1)} ms (objectif ${target}, ${perHttp} requêtes SQL)   base seule p50 ${b.p50.toFixed(1)} / p95 ${b.p95.toFixed(1)} ms, ${perRun} requêtes SQL`,
      );
      console.log(rows.at(-1));
    };
    await measure(
      'Entrée de stock validée (20 lignes)',
      20,
      async () => {
        const res = await b.send('POST', '/operations/entreestock', {
          idempotency_key: key(),
          supplier_id: supplier,
          location_id: depot,
          entry_date: today,
          supplier_ref: 'BENCH',
          note: '',
          lines: twenty().map((p) => ({
            product_id: Number(p.id),
            unit: 'unit',
            quantity: 10,
            unit_cost: Number(p.purchase_price),
          })),
        });
        if (res.status !== 303 || !/\/entreestock\/\d+$/.test(res.headers.get('location') ?? ''))
          throw new Error(`entrée refusée (HTTP ${res.status})`);
      },
      () =>
        createStockEntry(
          db,
          {
            idempotencyKey: key(),
            supplierId: supplier,
            locationId: depot,
            entryDate: today,
            supplierRef: 'BENCH',
            note: '',
            lines: twenty().map((p) => ({
              productId: Number(p.id),
              unit: 'unit' as const,
              quantity: 10,
              unitCost: Number(p.purchase_price),
            })),
          },
          { id: Number(admin.id), name: admin.name, ip: null },
        ),
    );
    await measure(
      'Liste des produits (page 200)',
      30,
      async () => {
        const res = await b.get('/fichiers/produits?page=200');
        if (res.status !== 200) throw new Error(`liste (HTTP ${res.status})`);
      },
      async () => {
        await listProducts(db, {
          q: '',
          sort: 'code',
          dir: 'asc',
          page: 200,
          per_page: 25,
          filters: { category_id: '', status: 'active' },
        } as never);
        await categoryOptions(db, null);
      },
    );
    if (process.env.BENCH_WRITES !== '0')
      await otherWrites(db, b, why, measure, { id: Number(admin.id), name: admin.name });
    b.close();
    server.close();
    console.log(
      `\n${label} (${RUNS} mesures, charge ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')})\n${rows.join('\n')}`,
    );
  } finally {
    await db.destroy();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

type Measure = (
  name: string,
  target: number,
  httpFn: (i: number) => Promise<unknown>,
  bareFn: (i: number) => Promise<unknown>,
) => Promise<void>;

/**
 * The other writes of the PostgreSQL figures (issue 20), each through its form's route beside its
 * service (the service's transaction, without HTTP, session and body validation): a transfer of 20
 * lines, an invoice of 10 lines and a counter sale of 5 (cash), a settlement of 3 credit invoices,
 * a décaissement. BENCH_WRITES=0 leaves them out.
 */
async function otherWrites(
  db: Knex,
  b: BenchClient,
  why: (url: string) => Promise<string>,
  measure: Measure,
  admin: { id: number; name: string },
) {
  const actor = { ...admin, ip: null };
  const today = businessDate('Africa/Abidjan');
  const key = () => randomBytes(12).toString('hex');
  const loc = async (code: string) => Number((await db('locations').where({ code }).first('id'))!.id);
  const [depot, shop] = [await loc('DEP01'), await loc('BTQ01')];
  const landed = async (res: BenchResponse, what: string, landing: RegExp) => {
    const location = res.headers.get('location') ?? '';
    if (res.status !== 303 || !landing.test(location))
      throw new Error(`${what} refusé(e) (HTTP ${res.status} → ${location}) : ${location ? await why(location) : ''}`);
  };
  // Products with stock enough for every run (the shop opens with at most 30 of each: 20 there).
  const inStock = async (location: number, atLeast: number) =>
    (
      await db('stock_levels')
        .join('products', 'products.id', 'stock_levels.product_id')
        .where('stock_levels.location_id', location)
        .where('stock_levels.quantity', '>=', atLeast)
        .where('products.active', true)
        .where('products.retail_price', '>', 0)
        .orderBy('products.id')
        .limit(400)
        .pluck('products.id')
    ).map(Number);
  const [atDepot, atShop] = [await inStock(depot, 400), await inStock(shop, 20)];
  if (atDepot.length < 40 || atShop.length < 40)
    throw new Error(`trop peu d’articles en stock (dépôt ${atDepot.length}, boutique ${atShop.length})`);
  const pick = (pool: number[], n: number, i: number) =>
    Array.from({ length: n }, (_, k) => pool[(Math.abs(i + 10) * n + k) % pool.length]);

  await measure(
    'Transfert envoyé (20 lignes)',
    20,
    async (i) =>
      landed(
        await b.send('POST', route('transfers.index'), {
          idempotency_key: key(),
          from_location_id: depot,
          to_location_id: shop,
          transfer_date: today,
          note: '',
          lines: pick(atDepot, 20, i).map((p) => ({ product_id: p, quantity: 1 })),
        }),
        'transfert',
        /\/transferts\/\d+$/,
      ),
    (i) =>
      createTransfer(
        db,
        {
          idempotencyKey: key(),
          fromLocationId: depot,
          toLocationId: shop,
          transferDate: today,
          note: '',
          lines: pick(atDepot, 20, i + 500).map((p) => ({ productId: p, quantity: 1 })),
        },
        actor,
      ),
  );

  const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
  const client = Number((await db('clients').where({ is_walk_in: false, active: true }).orderBy('id').first('id'))!.id);
  const saleBody = (kind: 'invoice' | 'counter', location: number, clientId: number, products: number[]) => ({
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
    payments: [{ method: 'especes', amount: 2_000_000, account_id: null, operator: null, phone: '', reference: '' }],
  });
  const sale = (kind: 'invoice' | 'counter', location: number, clientId: number, products: number[], credit = false) =>
    createSale(
      db,
      {
        idempotencyKey: key(),
        kind,
        clientId,
        locationId: location,
        saleDate: today,
        paymentMode: credit ? 'credit' : 'cash',
        dueDate: credit ? today : null,
        discount: 0,
        note: '',
        formLoadedAt: new Date().toISOString(),
        lines: products.map((p) => ({
          productId: p,
          unit: 'unit' as const,
          quantity: 1,
          unitPrice: credit ? 10_000 : null,
          discount: 0,
        })),
        payments: credit
          ? []
          : [{ method: 'especes', amount: 2_000_000, accountId: null, operator: null, phone: '', reference: '' }],
      },
      { belowMinPrice: credit, beyondCreditLimit: credit },
      actor,
    );
  // Cash in each desk for the change given back (a sale paid 2 000 000 in cash).
  const base = {
    toAccountId: null,
    expenseCategoryId: null,
    supplierId: null,
    bankMethod: null,
    reference: '',
    note: '',
    places: EVERY_PLACE,
  } as const;
  for (const desk of await db('treasury_accounts').where({ kind: 'caisse', active: true }).pluck('id')) {
    await createCashOperation(
      db,
      {
        ...base,
        idempotencyKey: key(),
        kind: 'cash_in',
        amount: 1_000_000_000,
        fromAccountId: null,
        toAccountId: Number(desk),
        beneficiary: 'Banc d’essai',
      },
      actor,
    );
  }
  await measure(
    'Facture validée (10 lignes, comptant)',
    20,
    async (i) =>
      landed(
        await b.send('POST', route('sales.invoices'), saleBody('invoice', depot, client, pick(atDepot, 10, i))),
        'facture',
        /\/ventes\/\d+$/,
      ),
    (i) => sale('invoice', depot, client, pick(atDepot, 10, i + 500)),
  );
  await measure(
    'Vente boutique validée (5 lignes, espèces)',
    15,
    async (i) =>
      landed(
        await b.send('POST', route('counter.store'), saleBody('counter', shop, walkIn, pick(atShop, 5, i))),
        'vente boutique',
        /vente=\d+/,
      ),
    (i) => sale('counter', shop, walkIn, pick(atShop, 5, i + 500)),
  );

  // Settlements of 3 credit invoices (100 each, so every invoice stays open for the next runs).
  const debtor = Number(
    (await db('clients').where({ is_walk_in: false, active: true }).orderBy('id').offset(1).first('id'))!.id,
  );
  const invoices: number[] = [];
  for (let k = 0; k < 30; k++)
    invoices.push((await sale('invoice', depot, debtor, [atDepot[k % atDepot.length]], true)).id);
  const desk = Number(
    (await db('treasury_accounts').where({ kind: 'caisse', location_id: depot }).orderBy('id').first('id'))!.id,
  );
  const three = (i: number) => [0, 1, 2].map((k) => invoices[(Math.abs(i + 10) * 3 + k) % invoices.length]);
  await measure(
    'Règlement validé (3 factures, espèces)',
    15,
    async (i) =>
      landed(
        await b.send('POST', route('settlements.index'), {
          idempotency_key: key(),
          client_id: debtor,
          settlement_date: today,
          source: 'payment',
          method: 'especes',
          account_id: desk,
          operator: '',
          phone: '',
          reference: '',
          cheque_date: '',
          amount: 300,
          allocation_mode: 'chosen',
          allocations: three(i).map((id) => ({ sale_id: id, amount: 100 })),
          note: '',
        }),
        'règlement',
        /\/reglement\/\d+$/,
      ),
    (i) =>
      createSettlement(
        db,
        {
          idempotencyKey: key(),
          clientId: debtor,
          settlementDate: today,
          source: 'payment',
          method: 'especes',
          accountId: desk,
          operator: null,
          phone: '',
          reference: '',
          chequeDate: null,
          amount: 300,
          allocationMode: 'chosen',
          allocations: three(i + 500).map((saleId) => ({ saleId, amount: 100 })),
          note: '',
        },
        actor,
      ),
  );

  const category = Number((await db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id);
  await measure(
    'Décaissement (caisse du dépôt)',
    15,
    async (i) =>
      landed(
        await b.send('POST', route('cashOperations.index'), {
          idempotency_key: key(),
          kind: 'expense',
          amount: 1_000 + (i % 50),
          from_account_id: desk,
          expense_category_id: category,
          beneficiary: `Fournisseur de passage ${i}`,
          reference: `REC-${i}`,
        }),
        'décaissement',
        /\/operations\/caisse\/operations\/\d+$/,
      ),
    (i) =>
      createCashOperation(
        db,
        {
          ...base,
          idempotencyKey: key(),
          kind: 'expense',
          amount: 1_000 + (i % 50),
          fromAccountId: desk,
          expenseCategoryId: category,
          beneficiary: `Fournisseur de passage ${i}`,
          reference: `REC-${i}`,
        },
        actor,
      ),
  );
}

if (process.env.BENCH_DATABASE_URL) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const name = `sdstock_gaps_${randomBytes(5).toString('hex')}`;
  const admin: Knex = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await run('PostgreSQL', { client: 'pg', connectionString: url.toString() });
  } finally {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-gaps-'));
  try {
    await run('SQLite', { client: 'sqlite', filename: path.join(dir, 'gaps.sqlite') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
process.exit(0);
