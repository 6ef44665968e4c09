/**
 * `npx tsx scripts/bench/report-triggers.ts` — what the reports' summary triggers
 * (server/db/report-summaries.ts) cost on the hot path: an invoice of 10 lines, a counter sale of
 * 5 lines and a stock entry of 20 lines validated through their services, with the triggers and
 * without them, in alternating rounds on the same machine state (p50/p95, and the process CPU
 * per call on SQLite where the database runs in-process). It WRITES documents: run it on a
 * throw-away copy filled by `npm run seed:demo -- --scale=large` (DATABASE_URL; SQLite or
 * PostgreSQL); the summaries are rebuilt at the end (the runs without triggers left them behind).
 * BENCH_RUNS (per round, 10 by default) and BENCH_ROUNDS (4) change the runs.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { createReportTriggers, dropReportTriggers, rebuildReportSummaries } from '../../server/db/report-summaries.js';
import { businessDate } from '../../server/domain/dates.js';
import { createSale } from '../../server/services/sales/create-sale.js';
import { createStockEntry } from '../../server/services/stock/entries.js';

const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error' } as NodeJS.ProcessEnv);
const db = createDb(config.database);
const runs = Number(process.env.BENCH_RUNS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
try {
  const today = businessDate('Africa/Abidjan');
  const depot = Number((await db('locations').where({ code: 'DEP01' }).first('id'))!.id);
  const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
  const client = Number((await db('clients').where({ is_walk_in: false, active: true }).orderBy('id').first('id'))!.id);
  const supplier = Number((await db('suppliers').orderBy('id').first('id'))!.id);
  const admin = (await db('users').where({ active: true }).orderBy('id').first('id', 'name')) as {
    id: number;
    name: string;
  };
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
  const products = (await db('products')
    .where({ active: true })
    .orderBy('id')
    .limit(2_000)
    .select('id', 'purchase_price')) as Array<{ id: number; purchase_price: number }>;
  const key = () => randomBytes(12).toString('hex');
  let n = 0;
  const pick = <T>(pool: T[], size: number) =>
    Array.from({ length: size }, (_, k) => pool[(n * size + k) % pool.length]);
  const actor = { id: Number(admin.id), name: admin.name, ip: null };
  const sale = (kind: 'invoice' | 'counter', location: number, clientId: number, lines: number[]) =>
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
        lines: lines.map((p) => ({ productId: p, unit: 'unit' as const, quantity: 1, unitPrice: null, discount: 0 })),
        payments: [
          { method: 'especes', amount: 100_000_000, accountId: null, operator: null, phone: '', reference: '' },
        ],
      },
      { belowMinPrice: false, beyondCreditLimit: false },
      actor,
    );
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['Facture validée (10 lignes)', () => sale('invoice', depot, client, pick(depotProducts, 10))],
    ['Vente boutique validée (5 lignes)', () => sale('counter', shop, walkIn, pick(shopProducts, 5))],
    [
      'Entrée de stock validée (20 lignes)',
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
            lines: pick(products, 20).map((p) => ({
              productId: Number(p.id),
              unit: 'unit' as const,
              quantity: 10,
              unitCost: Number(p.purchase_price),
            })),
          },
          actor,
        ),
    ],
  ];
  const samples = new Map<string, { wall: number[]; cpu: number[] }>();
  let triggers = true;
  for (let round = 0; round < rounds * 2; round++) {
    const on = round % 2 === 0;
    if (on !== triggers) {
      if (on) await createReportTriggers(db);
      else await dropReportTriggers(db);
      triggers = on;
    }
    for (const [name, fn] of cases) {
      await fn(); // warm-up of the round
      for (let i = 0; i < runs; i++) {
        n++;
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await fn();
        const wall = performance.now() - t0;
        const c = process.cpuUsage(c0);
        const k = `${name}|${on ? 'avec' : 'sans'}`;
        const s = samples.get(k) ?? { wall: [], cpu: [] };
        s.wall.push(wall);
        s.cpu.push((c.user + c.system) / 1000);
        samples.set(k, s);
      }
    }
  }
  if (!triggers) await createReportTriggers(db);
  const at = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
  const f = (x: number) => `${x.toFixed(2)} ms`.padStart(10);
  // CPU of this process: the whole work on SQLite (in-process), only the Node side on PostgreSQL.
  console.log(
    `${'mesure'.padEnd(46)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'CPU p50'.padStart(10)} ${'CPU p95'.padStart(10)}`,
  );
  for (const [k, s] of samples) {
    const [name, mode] = k.split('|');
    console.log(
      `${`${name} — ${mode} déclencheurs`.padEnd(46)} ${f(at(s.wall, 50))} ${f(at(s.wall, 95))} ${f(at(s.cpu, 50))} ${f(at(s.cpu, 95))}`,
    );
  }
  const started = Date.now();
  await rebuildReportSummaries(db);
  console.log(`Tables des éditions reconstruites en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await db.destroy();
}
