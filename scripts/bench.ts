/**
 * npm run bench — builds the large demo data set in a temporary SQLite file (and in a throw-away
 * PostgreSQL database when BENCH_DATABASE_URL is set), starts the real app on a free port, logs in
 * and measures through the whole HTTP stack (session, permissions, Inertia JSON) the p50/p95 of
 * the master-data screens, the bulk price rule, the stock documents and the sales (invoice of 10
 * lines, counter sale of 5, the sales lists at 200 000 sales), the receivables (statement of account of a
 * busy client, open invoices of a client with 500 invoices, a settlement of 3 invoices), each beside its target (DESIGN.md §7) and beside
 * the bare database time of the same knex queries, so the cost of our layers is visible.
 * On SQLite it then measures the client in Chromium over a throttled mobile link (first visits of
 * /login and /dashboard, an in-app navigation, bytes transferred: scripts/bench/browser.ts).
 * It reports; it never fails (exit code 0 unless the set-up itself breaks).
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
import { seedBase } from '../server/services/setup/first-start.js';
import { seedDemo } from '../database/seeds/demo/seed.js';
import { createApp } from '../server/app.js';
import { type DatabaseConfig, loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateLatest } from '../server/db/migrate.js';
import { type Assets, builtAssets } from '../server/http/assets.js';
import { businessDate } from '../server/domain/dates.js';
import { createStockEntry } from '../server/services/stock/entries.js';
import { type BrowserRow, benchBrowser, ensureClientBuilt, printBrowser } from './bench/browser.js';
import { BenchBrowser, type Measure } from './bench/client.js';
import { benchSales } from './bench/sales.js';
import { benchLists } from './bench/lists.js';
import { benchCash } from './bench/cash.js';
import { benchReports } from './bench/reports.js';
import { benchReceivables } from './bench/receivables.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BULK_RUNS = Number(process.env.BENCH_BULK_RUNS ?? 5);
const ADMIN = { email: 'bench@sdstock.local', password: 'Bench-Secret-123456' };

interface Row {
  measure: string;
  runs: number;
  p50: number;
  p95: number;
  target: number | null;
  sqlP50: number | null;
  sqlP95: number | null;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Times `fn` `runs` times after warm-up calls (JIT, page cache, prepared statements) — ten for
 * every row: with five, the first row to run a code path (the products list's page 1, before page
 * 200 of the same route and queries) still paid its tier-up in a tail the next row did not show.
 */
async function time(
  runs: number,
  fn: (i: number) => Promise<unknown>,
  warmup = Math.min(10, runs),
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/**
 * The asset version and tags read once at start: the bench never serves the client, and a rebuild
 * by someone else meanwhile (public/build briefly missing) must not turn its requests into 500s.
 */
function appAssets(): Assets {
  try {
    const built = builtAssets();
    const version = built.version; // throws when the client was never built
    const fallback = built.tags('bench');
    return {
      version,
      tags: (nonce, component) => {
        try {
          return built.tags(nonce, component);
        } catch {
          return fallback.replaceAll('nonce="bench"', `nonce="${nonce}"`);
        }
      },
    };
  } catch {
    return { version: 'bench', tags: () => '' };
  }
}

const browserResult: { rows: BrowserRow[] | null } = { rows: null };

async function bench(label: string, dbConfig: DatabaseConfig, withBrowser = false): Promise<Row[]> {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-bench-storage-'));
  const db = createDb(dbConfig);
  const rows: Row[] = [];
  try {
    console.log(`\n[${label}] Génération du jeu de données « large »…`);
    let t0 = performance.now();
    await migrateLatest(db);
    await seedBase(db, ADMIN);
    const seeded = await seedDemo(db, { scale: 'large' });
    const generation = performance.now() - t0;
    console.log(
      `[${label}] ${seeded.products} produits, ${seeded.clients} clients, ${seeded.suppliers} fournisseurs, ${seeded.history.entries} entrées, ${seeded.history.transfers} transferts, ${(seeded.movements + seeded.history.movements).toLocaleString('fr-FR')} mouvements de stock en ${(generation / 1000).toFixed(1)} s.`,
    );

    const config = loadConfig(
      { NODE_ENV: 'production', APP_KEY: randomBytes(24).toString('hex'), LOG_LEVEL: 'error' } as NodeJS.ProcessEnv,
      { storageDir, database: dbConfig },
    );
    const assets = appAssets();
    // Errors (a 500 during a run) are logged to stderr: the bench must say why a measure broke.
    const app = createApp({ db, config, logger: pino({ level: 'error' }, pino.destination(2)), assets });
    const server = http.createServer(app);
    // The bare-SQL runs between two HTTP measures can outlast Node's 5 s keep-alive: an idle
    // connection closed by the server while the client reuses it would fail with ECONNRESET.
    server.keepAliveTimeout = 120_000;
    server.headersTimeout = 121_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const b = new BenchBrowser(base, () => assets.version);
      await b.login(ADMIN.email, ADMIN.password);

      const measure = async (
        name: string,
        target: number | null,
        httpFn: (i: number) => Promise<unknown>,
        sqlFn: ((i: number) => Promise<unknown>) | null,
        runs = RUNS,
      ) => {
        const h = await time(runs, httpFn);
        const s = sqlFn ? await time(runs, sqlFn) : null;
        rows.push({
          measure: name,
          runs,
          p50: h.p50,
          p95: h.p95,
          target,
          sqlP50: s?.p50 ?? null,
          sqlP95: s?.p95 ?? null,
        });
      };

      await benchLists(db, b, measure, RUNS);

      // The bulk rule: +1 % then −1 % on every active product's retail price, alternately so
      // each run changes all of them. The preview (fingerprint) is not part of the timed apply.
      const rule = (i: number) => ({
        field: 'retail_price',
        operation: 'percent',
        direction: i % 2 === 0 ? 'increase' : 'decrease',
        value: '1',
        base: 'current',
        step: '1',
        rounding: 'nearest',
      });
      const query = (r: Record<string, string>) => new URLSearchParams({ ...r, status: 'active' }).toString();
      const previewSamples: number[] = [];
      const applySamples: number[] = [];
      for (let i = 0; i < BULK_RUNS; i++) {
        const r = rule(i);
        t0 = performance.now();
        const preview = await b.json(`/fichiers/centraleprix/apercu?${query(r)}`);
        previewSamples.push(performance.now() - t0);
        if (preview.props.summary.changed < 9000)
          throw new Error(`la règle ne change que ${preview.props.summary.changed} prix`);
        t0 = performance.now();
        const res = await b.send('POST', '/fichiers/centraleprix/appliquer', {
          ...r,
          status: 'active',
          fingerprint: preview.props.fingerprint,
        });
        applySamples.push(performance.now() - t0);
        const location = res.headers.get('location') ?? '';
        if (res.status !== 303 || location.includes('apercu'))
          throw new Error(`application de la règle refusée (HTTP ${res.status} → ${location})`);
      }
      // Bare database cost of the same write: one UPDATE of every active product's price, rolled back.
      const sqlApply: number[] = [];
      for (let i = 0; i < BULK_RUNS; i++) {
        const started = performance.now();
        await db
          .transaction(async (trx) => {
            await trx('products')
              .where({ active: true })
              .update({ retail_price: trx.raw('retail_price + 1') });
            throw new Error('rollback');
          })
          .catch(() => undefined);
        sqlApply.push(performance.now() - started);
      }
      for (const list of [previewSamples, applySamples, sqlApply]) list.sort((x, y) => x - y);
      rows.push({
        measure: 'Règle de prix : aperçu (10 000 produits)',
        runs: BULK_RUNS,
        p50: percentile(previewSamples, 50),
        p95: percentile(previewSamples, 95),
        target: null,
        sqlP50: null,
        sqlP95: null,
      });
      rows.push({
        measure: 'Règle de prix : application (10 000 produits)',
        runs: BULK_RUNS,
        p50: percentile(applySamples, 50),
        p95: percentile(applySamples, 95),
        target: 2000,
        sqlP50: percentile(sqlApply, 50),
        sqlP95: percentile(sqlApply, 95),
      });
      await benchStock(db, b, measure, rows);
      const admin = (await db('users').where({ email: ADMIN.email }).first('id', 'name'))!;
      await benchSales(db, b, measure, { id: Number(admin.id), name: String(admin.name) });
      await benchCash(db, b, measure, { id: Number(admin.id), name: String(admin.name) });
      await benchReports(db, b, measure);
      await benchReceivables(db, b, measure, { id: Number(admin.id), name: String(admin.name) });
      rows.push({
        measure: 'Génération du jeu de données',
        runs: 1,
        p50: generation,
        p95: generation,
        target: 120_000,
        sqlP50: null,
        sqlP95: null,
      });
      if (withBrowser) {
        console.log(`[${label}] Mesures dans Chromium (1,6 Mbit/s, 150 ms de latence)…`);
        browserResult.rows = await benchBrowser({ base, ...ADMIN });
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await db.destroy();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * Stock documents and screens (issue 5): entry validation and transfer sending with 20 lines
 * (document creation target 20 ms), the transfer list, a product's stock page, and a count session
 * of about 2 000 products validated in one go (target 3 s).
 */
async function benchStock(db: Knex, b: BenchBrowser, measure: Measure, rows: Row[]) {
  const today = businessDate('Africa/Abidjan');
  const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  const supplier = Number((await db('suppliers').orderBy('id').first('id'))!.id);
  const admin = (await db('users').where({ email: ADMIN.email }).first('id', 'name'))!;
  const products = (await db('products')
    .where({ active: true })
    .orderBy('id')
    .select('id', 'purchase_price')) as Array<{ id: number; purchase_price: number }>;
  const key = () => randomBytes(12).toString('hex');
  let n = 0;
  const twenty = () => {
    const start = (n++ * 20) % (products.length - 20);
    return products.slice(start, start + 20);
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
      if (res.status !== 303 || !/\/operations\/entreestock\/\d+$/.test(res.headers.get('location') ?? ''))
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
  // Every product that received goods above now has at least 10 at the depot.
  n = 0;
  await measure(
    'Transfert envoyé (20 lignes)',
    20,
    async () => {
      const res = await b.send('POST', '/operations/sortiestock/transferts', {
        idempotency_key: key(),
        from_location_id: depot,
        to_location_id: shop,
        transfer_date: today,
        note: '',
        lines: twenty().map((p) => ({ product_id: Number(p.id), quantity: 1 })),
      });
      if (res.status !== 303 || !/\/transferts\/\d+$/.test(res.headers.get('location') ?? ''))
        throw new Error(`transfert refusé (HTTP ${res.status} → ${res.headers.get('location')})`);
    },
    null,
  );
  await measure('Liste des transferts', 30, () => b.json('/operations/sortiestock/transferts'), null);

  // A count session at the shop over enough categories to reach ~2 000 products.
  const perCategory = (await db('products')
    .where({ active: true })
    .groupBy('category_id')
    .orderBy('category_id')
    .select('category_id')
    .count({ n: '*' })) as Array<{ category_id: number; n: number | string }>;
  const categories: number[] = [];
  let total = 0;
  for (const c of perCategory) {
    if (total >= 2000) break;
    categories.push(Number(c.category_id));
    total += Number(c.n);
  }
  const opened = await b.send('POST', '/operations/gestionstock', {
    idempotency_key: key(),
    location_id: shop,
    count_date: today,
    blind: false,
    category_ids: categories,
    note: 'Banc d’essai',
  });
  const sessionId = Number((opened.headers.get('location') ?? '').split('/').pop());
  if (!sessionId)
    throw new Error(`ouverture de l’inventaire refusée (HTTP ${opened.status} → ${opened.headers.get('location')})`);
  const lines = (await db('inventory_count_lines')
    .where({ count_id: sessionId })
    .orderBy('product_id')
    .select('product_id', 'theoretical_quantity')) as Array<{ product_id: number; theoretical_quantity: number }>;
  const saved = await b.send('POST', `/operations/gestionstock/${sessionId}/counts`, {
    lines: lines.map((l, i) => ({
      product_id: Number(l.product_id),
      counted: Math.max(0, Number(l.theoretical_quantity) + (i % 7 === 0 ? -1 : i % 11 === 0 ? 2 : 0)),
      expected: null,
    })),
  });
  if (saved.status !== 303) throw new Error(`saisie des comptages refusée (HTTP ${saved.status})`);
  const version = Number((await db('inventory_counts').where({ id: sessionId }).first('version'))!.version);
  const started = performance.now();
  const validated = await b.send('POST', `/operations/gestionstock/${sessionId}/validate`, {
    version,
    moved_policy: 'snapshot',
    uncounted_as_zero: false,
  });
  const took = performance.now() - started;
  const status = (await db('inventory_counts').where({ id: sessionId }).first('status'))!.status;
  if (validated.status !== 303 || status !== 'validated')
    throw new Error(
      `validation de l’inventaire refusée (HTTP ${validated.status} → ${validated.headers.get('location')})`,
    );
  rows.push({
    measure: `Inventaire de ${lines.length} produits validé`,
    runs: 1,
    p50: took,
    p95: took,
    target: 3000,
    sqlP50: null,
    sqlP95: null,
  });
}

function print(label: string, rows: Row[]) {
  const ms = (v: number | null) =>
    v === null || Number.isNaN(v) ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`;
  const table = rows.map((r) => [
    r.measure,
    String(r.runs),
    ms(r.p50),
    ms(r.p95),
    r.target === null ? '—' : `≤ ${ms(r.target)}`,
    r.target === null ? '' : r.p95 <= r.target ? 'OK' : 'au-dessus',
    r.sqlP50 === null ? '—' : `${ms(r.sqlP50)} / ${ms(r.sqlP95)}`,
  ]);
  const head = ['Mesure', 'n', 'p50', 'p95', 'Objectif (p95)', '', 'Base seule p50 / p95'];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${label}`);
  console.log(line(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of table) console.log(line(r));
}

// The browser part serves the built client: build it first when missing or stale, as `npm start` does.
ensureClientBuilt();
const results: Array<[string, Row[]]> = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-bench-'));
try {
  // BENCH_SKIP_SQLITE=1 with BENCH_DATABASE_URL: the PostgreSQL table alone (no SQLite, no browser part).
  const skipSqlite = process.env.BENCH_SKIP_SQLITE === '1' && Boolean(process.env.BENCH_DATABASE_URL);
  if (!skipSqlite)
    results.push([
      `SQLite (${os.cpus().length} cœurs, Node ${process.version})`,
      await bench('SQLite', { client: 'sqlite', filename: path.join(dir, 'bench.sqlite') }, true),
    ]);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

if (process.env.BENCH_DATABASE_URL) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const name = `sdstock_bench_${randomBytes(5).toString('hex')}`;
  const admin: Knex = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    results.push(['PostgreSQL', await bench('PostgreSQL', { client: 'pg', connectionString: url.toString() })]);
  } finally {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}

for (const [label, rows] of results) print(label, rows);
if (browserResult.rows) printBrowser(browserResult.rows);
console.log(
  '\nMesures à travers HTTP (session, permissions, Inertia). « Base seule » : les mêmes requêtes knex (ou, pour une entrée de stock, le même service transactionnel) appelées directement, sans HTTP ; pour la règle de prix, un UPDATE des 10 000 prix annulé.',
);
