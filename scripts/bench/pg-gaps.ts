/**
 * npm run bench:gaps — the two PostgreSQL gaps of issue 20 measured on their own, without the whole
 * `npm run bench` (which seeds a year of history first): a throw-away database (BENCH_DATABASE_URL,
 * SQLite otherwise) with the large demo master data and its opening stock (10 000 products, the
 * opening entries through the entry service), then p50/p95 of a 20-line stock entry validated
 * through HTTP and bare (the service), and of the products list at page 200 through HTTP and bare
 * (the list's queries), with the number of statements each sends. Reports; never fails.
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

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const ADMIN = { email: 'bench@sdstock.local', password: 'Bench-Secret-123456' };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

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
  await insert('categories', data.categories.map((c) => withSearchName({ ...c, active: true, created_at: now, updated_at: now })));
  const categories = new Map((await db('categories').select('id', 'code')).map((c) => [c.code, Number(c.id)]));
  await insert('products', data.products.map(({ category, opening: _o, ...p }) => withSearchName({ ...p, category_id: categories.get(data.categories[category].code), cmup: 0, active: true, created_at: now, updated_at: now })));
  await insert('suppliers', data.suppliers.map((s) => withSearchName({ ...s, balance: 0, active: true, created_at: now, updated_at: now })));
  const admin = await db('users').where({ email: ADMIN.email }).first('id', 'name');
  const actor = { id: Number(admin.id), name: admin.name, ip: null };
  const ids = new Map((await db('products').select('id', 'code')).map((p) => [p.code, Number(p.id)]));
  const supplier = Number((await db('suppliers').orderBy('id').first('id')).id);
  const today = businessDate('Africa/Abidjan');
  for (const location of await db('locations').select('id', 'code', 'kind')) {
    const lines = data.products.map((p) => ({ productId: ids.get(p.code)!, unit: 'unit' as const, quantity: location.kind === 'depot' ? p.opening.depot : p.opening.boutique, unitCost: p.purchase_price })).filter((l) => l.quantity > 0);
    for (let i = 0; i < lines.length; i += 500) {
      await createStockEntry(db, { idempotencyKey: `gaps-${location.code}-${i}`, supplierId: supplier, locationId: Number(location.id), entryDate: today, supplierRef: 'OUVERTURE', note: '', lines: lines.slice(i, i + 500) }, actor);
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
    console.log(`[${label}] données de base et stock d'ouverture en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const appConfig = loadConfig({ NODE_ENV: 'production', APP_KEY: randomBytes(24).toString('hex'), LOG_LEVEL: 'error' } as NodeJS.ProcessEnv, { storageDir, database: config });
    const assets = builtAssets();
    const server = http.createServer(createApp({ db, config: appConfig, logger: pino({ level: 'error' }), assets }));
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookies = new Map<string, string>();
    let xsrf = '';
    const send = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        redirect: 'manual',
        headers: { 'X-Inertia': 'true', 'X-Inertia-Version': assets.version, 'Content-Type': 'application/json', ...(xsrf ? { 'X-XSRF-TOKEN': xsrf } : {}), Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, v] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        cookies.set(k, v);
        if (k === 'XSRF-TOKEN') xsrf = decodeURIComponent(v);
      }
      await res.arrayBuffer();
      return res;
    };
    await send('GET', '/login');
    const login = await send('POST', '/login', ADMIN);
    if (login.status !== 303 || login.headers.get('location') === '/login') throw new Error('connexion impossible');

    const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id')).id);
    const supplier = Number((await db('suppliers').orderBy('id').first('id')).id);
    const admin = await db('users').where({ email: ADMIN.email }).first('id', 'name');
    const products = (await db('products').orderBy('id').select('id', 'purchase_price')) as Array<{ id: number; purchase_price: number }>;
    const today = businessDate('Africa/Abidjan');
    let n = 0;
    const twenty = () => products.slice((n++ * 20) % (products.length - 20)).slice(0, 20);
    const key = () => randomBytes(12).toString('hex');
    const rows: string[] = [];
    const measure = async (name: string, target: number, httpFn: () => Promise<unknown>, bareFn: () => Promise<unknown>) => {
      const h = await time(RUNS, httpFn);
      statements = 0;
      seen = [];
      await bareFn();
      const perRun = statements;
      // BENCH_EXPLAIN=1: the plan of each read the bare run sent (PostgreSQL), to see where time goes.
      if (process.env.BENCH_EXPLAIN === '1' && config.client === 'pg') {
        for (const q of seen.filter((x) => /^\s*(select|with)/i.test(x.sql))) {
          const plan = await db.raw(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql.replace(/\$\d+/g, () => '?')}`, q.bindings as never).catch((err: Error) => ({ rows: [{ 'QUERY PLAN': `(pas de plan : ${err.message})` }] }));
          console.log(`\n-- ${name}\n${q.sql}\n${(plan.rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n')}`);
        }
      }
      const b = await time(RUNS, bareFn);
      rows.push(`${name.padEnd(36)} HTTP p50 ${h.p50.toFixed(1)} / p95 ${h.p95.toFixed(1)} ms (objectif ${target})   base seule p50 ${b.p50.toFixed(1)} / p95 ${b.p95.toFixed(1)} ms, ${perRun} requêtes SQL`);
    };
    await measure(
      'Entrée de stock validée (20 lignes)',
      20,
      async () => {
        const res = await send('POST', '/operations/entreestock', { idempotency_key: key(), supplier_id: supplier, location_id: depot, entry_date: today, supplier_ref: 'BENCH', note: '', lines: twenty().map((p) => ({ product_id: Number(p.id), unit: 'unit', quantity: 10, unit_cost: Number(p.purchase_price) })) });
        if (res.status !== 303 || !/\/entreestock\/\d+$/.test(res.headers.get('location') ?? '')) throw new Error(`entrée refusée (HTTP ${res.status})`);
      },
      () => createStockEntry(db, { idempotencyKey: key(), supplierId: supplier, locationId: depot, entryDate: today, supplierRef: 'BENCH', note: '', lines: twenty().map((p) => ({ productId: Number(p.id), unit: 'unit' as const, quantity: 10, unitCost: Number(p.purchase_price) })) }, { id: Number(admin.id), name: admin.name, ip: null }),
    );
    await measure(
      'Liste des produits (page 200)',
      30,
      async () => {
        const res = await send('GET', '/fichiers/produits?page=200');
        if (res.status !== 200) throw new Error(`liste (HTTP ${res.status})`);
      },
      async () => {
        await listProducts(db, { q: '', sort: 'code', dir: 'asc', page: 200, per_page: 25, filters: { category_id: '', status: 'active' } } as never);
        await categoryOptions(db, null);
      },
    );
    server.close();
    console.log(`\n${label} (${RUNS} mesures, charge ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')})\n${rows.join('\n')}`);
  } finally {
    await db.destroy();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
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
