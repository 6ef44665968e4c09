/**
 * npx tsx scripts/bench/cash-closing.ts — the Caisse figures of `npm run bench` alone, for quick
 * runs: on an existing database holding the demo's year of cash life (`npm run seed:demo --
 * --scale=large`, or a copy of one; DATABASE_URL like the server, migrated first), the closing
 * screen of the busiest day of the last month (≤ 50 ms), the situation of that desk over a month
 * (≤ 100 ms) and over a year (≤ 300 ms) — the same cases as `npm run bench` (cashFigureCases,
 * scripts/bench/cash.ts), timed on the bare service the routes call (no HTTP). BENCH_RUNS changes
 * the runs. It reports; it never fails on a slow result.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { migrateOnce } from '../../server/db/migrate.js';
import { cashFigureCases } from './cash.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const db = createDb(loadConfig().database);
try {
  await migrateOnce(db);
  const cases = await cashFigureCases(db);
  if (cases.length === 0)
    console.log(
      'Aucun arrêté de caisse dans cette base : remplissez-la d’abord avec npm run seed:demo -- --scale=large.',
    );
  console.log(['Mesure', 'p50 ms', 'p95 ms', 'cible ms', 'verdict'].join(' | '));
  for (const c of cases) {
    const m = await time(c.service);
    console.log(
      [c.name, m.p50.toFixed(1), m.p95.toFixed(1), `≤ ${c.target}`, m.p95 <= c.target ? 'OK' : 'au-dessus'].join(' | '),
    );
  }
} finally {
  await db.destroy();
}
