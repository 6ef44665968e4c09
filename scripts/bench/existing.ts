/**
 * The runner of the area benches on an existing database (scripts/bench/reports.ts,
 * scripts/bench/lists.ts): the app started in process on a free port against DATABASE_URL (a copy
 * of a database filled by `npm run seed:demo -- --scale=large`), signed in as BENCH_EMAIL /
 * BENCH_PASSWORD, then each measure the area's bench hands to `measure` timed through HTTP and on
 * the bare service, with the SQL statements one call sends (knex 'query' events: the statements
 * of the whole request — session, user, page — beside the bare service's). BENCH_RUNS, and
 * BENCH_FILTER keeps the measures whose name contains it, ignoring case. It reports; it never
 * fails on a slow result.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import pino from 'pino';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { type Assets, builtAssets } from '../../server/http/assets.js';
import { BenchBrowser, type BenchClient, type Measure } from './client.js';

export type AreaBench = (db: Knex, b: BenchClient, measure: Measure) => Promise<void>;

/** The built client's version when there is one (the benches never serve the client itself). */
function benchAssets(): Assets {
  try {
    const built = builtAssets();
    void built.version;
    return built;
  } catch {
    return { version: 'bench', tags: () => '' };
  }
}

export async function runOnExistingDatabase(area: AreaBench): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url || !process.env.BENCH_EMAIL || !process.env.BENCH_PASSWORD) {
    console.error(
      'DATABASE_URL, BENCH_EMAIL et BENCH_PASSWORD sont requis (une base remplie par npm run seed:demo -- --scale=large).',
    );
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error' } as NodeJS.ProcessEnv);
  const db = createDb(config.database);
  let statements = 0;
  db.on('query', () => (statements += 1));
  const assets = benchAssets();
  const app = createApp({ db, config, logger: pino({ level: 'error' }, pino.destination(2)), assets });
  const server = http.createServer(app);
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const b = new BenchBrowser(base, () => assets.version);
  try {
    await b.login(process.env.BENCH_EMAIL, process.env.BENCH_PASSWORD);
    const runs = Number(process.env.BENCH_RUNS ?? 20);
    const time = async (fn: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await fn(-1 - i);
      const before = statements;
      await fn(-4);
      const sent = statements - before;
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await fn(i);
        samples.push(performance.now() - t0);
      }
      samples.sort((x, y) => x - y);
      const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)];
      return { p50: at(50), p95: at(95), sent };
    };
    const f = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
    console.log(
      `${'mesure'.padEnd(60)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p95'.padStart(10)} ${'requêtes'.padStart(9)}  cible`,
    );
    const only = (process.env.BENCH_FILTER ?? '').toLowerCase();
    await area(db, b, async (name, target, httpFn, sqlFn) => {
      if (only && !name.toLowerCase().includes(only)) return;
      const h = await time(httpFn);
      const s = sqlFn ? await time(sqlFn) : null;
      const verdict = target === null ? '' : `≤ ${target} ms ${h.p95 <= target ? 'OK' : 'au-dessus'}`;
      console.log(
        `${name.padEnd(60)} ${f(h.p50)} ${f(h.p95)} ${s ? f(s.p50) : ''.padStart(10)} ${s ? f(s.p95) : ''.padStart(10)} ${`${h.sent}${s ? `/${s.sent}` : ''}`.padStart(9)}  ${verdict}`,
      );
    });
  } finally {
    server.closeAllConnections();
    server.close();
    await db.destroy();
  }
}
