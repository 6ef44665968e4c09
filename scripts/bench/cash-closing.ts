/**
 * npx tsx scripts/bench/cash-closing.ts — Caisse at a year of busy life (issue 16 targets: the
 * closing screen of a busy day ≤ 50 ms, the situation of a desk over a month ≤ 100 ms and over a
 * year ≤ 300 ms): a temporary SQLite file (and, with BENCH_DATABASE_URL, a throw-away PostgreSQL
 * database created on that server and dropped after) is migrated and given one desk with a year of
 * movements of every kind (BENCH_CASH_PER_DAY a day, 400 by default: sales, settlements, expenses,
 * transfers, deposits, refunds…) written in bulk, a daily closing for every day but the last, and
 * other desks' movements beside. Then the closing screen's figures (closingDraft), the month's and
 * the year's situation (cashSituation) are timed as the routes run them, beside the bare SQL sum of
 * the same rows. It reports; it never fails.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { insertInChunks } from '../../server/db/bulk.js';
import { createDb } from '../../server/db/connection.js';
import { insertReturningId } from '../../server/db/dialect.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { addDays } from '../../server/domain/dates.js';
import { seedBase } from '../../server/services/setup/first-start.js';
import { closingDraft } from '../../server/services/treasury/closings.js';
import { cashSituation } from '../../server/services/treasury/situation.js';

const PER_DAY = Number(process.env.BENCH_CASH_PER_DAY ?? 400);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TODAY = '2026-11-20';
const KINDS: Array<[string, number]> = [
  ['sale', 9_500],
  ['sale', 4_250],
  ['settlement', 25_000],
  ['sale', 12_000],
  ['cash_out', -3_500],
  ['sale_refund', -1_500],
  ['transfer_out', -20_000],
  ['transfer_in', 15_000],
  ['sale', 7_750],
  ['bank_deposit', -40_000],
  ['supplier_payment', -12_500],
  ['cash_in', 10_000],
];

async function fill(db: Knex): Promise<number> {
  const now = new Date().toISOString();
  const account = (code: string) => insertReturningId(db, 'treasury_accounts', { kind: 'caisse', code, name: `Caisse bench ${code}`, balance: 0, active: true, created_at: now, updated_at: now });
  const desk = await account('BCAI1');
  const others = [await account('BCAI2'), await account('BCAI3')];
  let balance = 0;
  const closings: Record<string, unknown>[] = [];
  for (let d = 365; d >= 0; d -= 1) {
    const day = addDays(TODAY, -d);
    const rows: Record<string, unknown>[] = [];
    let dayIn = 0;
    let dayOut = 0;
    const opening = balance;
    for (let i = 0; i < PER_DAY; i += 1) {
      const [type, amount] = KINDS[i % KINDS.length];
      balance += amount;
      if (amount > 0) dayIn += amount;
      else dayOut -= amount;
      rows.push(movement(desk, amount, balance, type, day, now));
      if (i % 4 === 0) rows.push(movement(others[i % 2], 1_000, 0, 'sale', day, now));
    }
    await insertInChunks(db, 'money_movements', rows);
    if (d > 0) {
      closings.push({ account_id: desk, closing_date: day, status: 'closed', open_key: `${desk}:${day}`, currency: 'XOF', opening_balance: opening, total_in: dayIn, total_out: dayOut, expected: balance, counted: balance, difference: 0, movement_count: PER_DAY, reason: '', denominations: '[]', summary: '{"by_type":[],"non_cash":[]}', closed_by: null, closed_at: now });
    }
  }
  await insertInChunks(db, 'cash_closings', closings);
  await db('treasury_accounts').where({ id: desk }).update({ balance });
  await db.raw('ANALYZE');
  return desk;
}

function movement(accountId: number, amount: number, balanceAfter: number, type: string, day: string, now: string): Record<string, unknown> {
  // Bench rows: the hash chain is not walked here, a random hash stands in.
  return { account_id: accountId, amount, balance_after: balanceAfter, movement_type: type, payment_method: 'especes', label: type, business_date: day, occurred_at: now, hash: randomBytes(32).toString('hex') };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i += 1) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function run(label: string, db: Knex) {
  await migrateLatest(db);
  await seedBase(db, { email: 'bench@sdstock.local', password: 'Bench-Secret-123456' });
  const t0 = performance.now();
  const desk = await fill(db);
  const count = Number((await db('money_movements').count({ n: '*' }).first())!.n);
  console.log(`\n${label}: ${count} mouvements et ${365} arrêtés écrits en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const bare = (from: string, to: string) => db('money_movements').where('account_id', desk).whereBetween('business_date', [from, to]).groupBy('business_date', 'movement_type').select('business_date', 'movement_type').sum({ s: 'amount' });
  const cases: Array<[string, number, (i: number) => Promise<unknown>, (i: number) => Promise<unknown>]> = [
    [`Écran d'arrêté d'une journée chargée (${PER_DAY} mouvements)`, 50, () => closingDraft(db, desk, TODAY), () => bare(TODAY, TODAY)],
    ['Situation de la caisse sur un mois', 100, () => cashSituation(db, desk, addDays(TODAY, -30), TODAY), () => bare(addDays(TODAY, -30), TODAY)],
    ['Situation de la caisse sur une année', 300, () => cashSituation(db, desk, addDays(TODAY, -365), TODAY), () => bare(addDays(TODAY, -365), TODAY)],
  ];
  console.log(['Mesure', 'p50 ms', 'p95 ms', 'cible ms', 'SQL nu p50', 'SQL nu p95', 'verdict'].join(' | '));
  for (const [name, target, fn, sql] of cases) {
    const m = await time(fn);
    const s = await time(sql);
    console.log([name, m.p50.toFixed(1), m.p95.toFixed(1), `≤ ${target}`, s.p50.toFixed(1), s.p95.toFixed(1), m.p95 <= target ? 'OK' : 'au-dessus'].join(' | '));
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-cash-bench-'));
try {
  const sqlite = createDb({ client: 'sqlite', filename: path.join(dir, 'bench.sqlite') });
  try {
    await run('SQLite', sqlite);
  } finally {
    await sqlite.destroy();
  }
  if (process.env.BENCH_DATABASE_URL) {
    const adminUrl = process.env.BENCH_DATABASE_URL;
    const name = `sdstock_cash_bench_${randomBytes(5).toString('hex')}`;
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
  fs.rmSync(dir, { recursive: true, force: true });
}
