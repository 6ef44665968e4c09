/**
 * npx tsx scripts/bench/sales-lists.ts — the sales lists at 200 000 sales (DESIGN.md §7: list and
 * search p95 ≤ 30 ms): a temporary SQLite file (and, with BENCH_DATABASE_URL, a throw-away
 * PostgreSQL database created on that server and dropped after) is migrated and filled with one year of sales rows written in bulk
 * (headers only: the lists read no lines), then the list queries of the « Ventes détaillées » and
 * « Ventes boutique » screens — one page and the totals of the filtered set, as the route runs
 * them — are timed for each filter and for the search by number. It reports; it never fails.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { insertInChunks } from '../../server/db/bulk.js';
import { createDb } from '../../server/db/connection.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { seedBase } from '../../server/services/setup/first-start.js';
import { type SaleListQuery, listSales } from '../../server/services/sales/sale-queries.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { addDays } from '../../server/domain/dates.js';

const SALES = Number(process.env.BENCH_SALES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TODAY = '2026-11-20';

async function fill(db: Knex): Promise<{ clients: number[]; locations: number[] }> {
  const now = new Date().toISOString();
  const clientRows = Array.from({ length: 2_000 }, (_, i) => ({
    code: `BCL${String(i).padStart(5, '0')}`,
    name: `Client bench ${i}`,
    kind: 'entreprise',
    price_level: i % 3 ? 'detail' : 'gros',
    credit_limit: 10_000_000,
    balance: 0,
    active: true,
    search_name: `client bench ${i}`,
    created_at: now,
    updated_at: now,
  }));
  await insertInChunks(db, 'clients', clientRows);
  const clients = (await db('clients').pluck('id')).map(Number);
  const locations = (await db('locations').pluck('id')).map(Number);
  const counters: Record<string, number> = {};
  let batch: Record<string, unknown>[] = [];
  for (let i = 0; i < SALES; i++) {
    const kind = i % 2 ? 'invoice' : 'counter';
    const date = addDays(TODAY, -Math.floor((i / SALES) * 365));
    const key = `${kind}${date.slice(0, 4)}`;
    counters[key] = (counters[key] ?? 0) + 1;
    const credit = kind === 'invoice' && i % 5 === 1;
    const total = 1_000 + ((i * 7_919) % 500_000);
    batch.push({
      number: `${kind === 'invoice' ? 'FAC' : 'VB'}-${date.slice(0, 4)}-${String(counters[key]).padStart(6, '0')}`,
      kind,
      client_id: clients[i % clients.length],
      location_id: locations[i % locations.length],
      sale_date: date,
      payment_mode: credit ? 'credit' : 'cash',
      due_date: credit ? addDays(date, 30) : null,
      price_level: 'detail',
      status: i % 97 === 0 ? 'cancelled' : 'validated',
      payment_status: credit ? (i % 3 ? 'unpaid' : 'partial') : 'paid',
      line_count: 1 + (i % 9),
      lines_total: total,
      discount: 0,
      vat_rate_bp: 0,
      prices_include_vat: true,
      total_ht: total,
      vat_amount: 0,
      total_ttc: total,
      amount_paid: credit ? (i % 3 ? 0 : Math.floor(total / 2)) : total,
      amount_credited: 0,
      cash_tendered: 0,
      change_given: 0,
      cost_total: Math.floor(total * 0.7),
      note: '',
      created_at: now,
      version: 1,
      updated_at: now,
    });
    if (batch.length === 1_000) {
      await insertInChunks(db, 'sales', batch);
      batch = [];
    }
  }
  if (batch.length) await insertInChunks(db, 'sales', batch);
  // Statistics, as a database that has lived a year has them (the same statement on both).
  await db.raw('ANALYZE');
  return { clients, locations };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(label: string, db: Knex) {
  await migrateLatest(db);
  await seedBase(db, { email: 'bench@sdstock.local', password: 'Bench-Secret-123456' });
  const t0 = performance.now();
  const { clients, locations } = await fill(db);
  console.log(`\n${label}: ${SALES} ventes écrites en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const base: SaleListQuery = {
    kind: 'invoice',
    from: addDays(TODAY, -30),
    to: TODAY,
    client_id: '',
    location_id: '',
    status: '',
    mode: '',
    method: '',
    fiscal: '',
    q: '',
    sort: 'date',
    dir: 'desc',
  };
  const numbers = await db('sales').where({ kind: 'invoice' }).orderBy('id').limit(RUNS).pluck('number');
  const cases: Array<[string, (i: number) => SaleListQuery]> = [
    ['Factures, 30 derniers jours (page 1 + totaux)', () => base],
    ['Ventes boutique, 30 derniers jours', () => ({ ...base, kind: 'counter' })],
    ['Factures, une année entière', () => ({ ...base, from: addDays(TODAY, -365) })],
    [
      'Factures d’un client (toutes dates)',
      (i) => ({ ...base, from: '', to: '', client_id: String(clients[(i * 37) % clients.length]) }),
    ],
    ['Factures impayées, 30 jours', () => ({ ...base, status: 'unpaid' })],
    [
      'Factures à crédit d’un emplacement, 30 jours',
      () => ({ ...base, mode: 'credit', location_id: String(locations[0]) }),
    ],
    ['Recherche par numéro exact', (i) => ({ ...base, from: '', to: '', q: numbers[i % numbers.length] })],
    ['Recherche par début de numéro (FAC-2026-0001)', () => ({ ...base, from: '', to: '', q: 'FAC-2026-0001' })],
    ['Tri par montant, 30 jours', () => ({ ...base, sort: 'amount' })],
  ];
  const rows: string[][] = [];
  for (const [name, query] of cases) {
    for (let i = 0; i < 5; i++) await listSales(db, query(i), EVERY_PLACE, 1, (r) => r);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await listSales(db, query(i), EVERY_PLACE, 1 + (i % 3), (r) => r);
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const p95 = percentile(samples, 95);
    rows.push([name, percentile(samples, 50).toFixed(1), p95.toFixed(1), p95 <= 30 ? 'OK' : 'au-dessus']);
  }
  console.log(['Mesure', 'p50 ms', 'p95 ms', '≤ 30 ms'].join(' | '));
  for (const r of rows) console.log(r.join(' | '));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-sales-bench-'));
try {
  const sqlite = createDb({ client: 'sqlite', filename: path.join(dir, 'bench.sqlite') });
  try {
    await run('SQLite', sqlite);
  } finally {
    await sqlite.destroy();
  }
  if (process.env.BENCH_DATABASE_URL) {
    // A throw-away database on that server, as npm run bench does.
    const adminUrl = process.env.BENCH_DATABASE_URL;
    const name = `sdstock_sales_bench_${randomBytes(5).toString('hex')}`;
    const admin = createDb({ client: 'pg', connectionString: adminUrl });
    await admin.raw(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const pg = createDb({ client: 'pg', connectionString: url.toString() });
      try {
        await run('PostgreSQL', pg);
      } finally {
        await pg.destroy();
      }
    } finally {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    }
  }
} finally {
  if (process.env.BENCH_KEEP) console.log(`SQLite file kept: ${path.join(dir, 'bench.sqlite')}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}
