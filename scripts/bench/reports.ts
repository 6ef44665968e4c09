import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import pino from 'pino';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { builtAssets } from '../../server/http/assets.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import { lowStock, receivables, recentDocuments, salesChart, salesFigures, topProducts, treasuryBalances } from '../../server/services/dashboard/dashboard.js';
import { type ReportSlice, REPORT_PER_PAGE } from '../../server/services/reports/frame.js';
import { type SalesSituationView, salesSituation } from '../../server/services/reports/sales-situation.js';
import { type StockStateView, stockState } from '../../server/services/reports/stock-state.js';
import { type TurnoverView, turnover } from '../../server/services/reports/turnover.js';
import { type ReceivablesStateView, receivablesState } from '../../server/services/reports/receivables-state.js';
import { type SettlementsStateView, settlementsState } from '../../server/services/reports/settlements-state.js';
import { ROUTES } from '../../shared/routes.js';

/** What scripts/bench.ts hands to an area's bench: its signed-in HTTP client and its measure helper. */
interface BenchClient {
  /** `extra`: request headers (an Inertia partial reload: the dashboard's deferred cards). */
  json(url: string, extra?: Record<string, string>): Promise<any>;
}
type Measure = (name: string, target: number | null, httpFn: (i: number) => Promise<unknown>, sqlFn: ((i: number) => Promise<unknown>) | null, runs?: number) => Promise<void>;

/**
 * Éditions and Tableau de bord (issue 17) on the large data set: every view of Situation des ventes, Chiffre
 * d'affaires, État de stock and État des règlements over a whole year, État des créances today, six months
 * and 15 days ago (the last 365 days: two partial months at the
 * edges, the worst case for the summaries), through HTTP beside the bare service call (its SQL),
 * target 300 ms (DESIGN.md §7).
 */
export async function benchReports(db: Knex, b: BenchClient, measure: Measure): Promise<void> {
  const today = businessDate('Africa/Abidjan');
  const from = addDays(today, -365);
  const page: ReportSlice = { page: 1, perPage: REPORT_PER_PAGE };
  const year = `from=${from}&to=${today}`;
  const products = ((await db('sale_lines').select('product_id').groupBy('product_id').orderByRaw('COUNT(*) DESC').limit(3)) as Array<{ product_id: number }>).map((r) => Number(r.product_id));
  const sales = (view: SalesSituationView, extra = '') => ({
    url: `${ROUTES['reports.sales']}?view=${view}&${year}${extra}`,
    sql: () => salesSituation(db, { view, from, to: today, location_id: '', kind: '', status: '', product_ids: extra ? products : [] }, EVERY_PLACE, page),
  });
  const ca = (view: TurnoverView) => ({ url: `${ROUTES['reports.turnover']}?view=${view}&${year}`, sql: () => turnover(db, { view, from, to: today, location_id: '' }, EVERY_PLACE, page) });
  const stock = (view: StockStateView, date = addDays(today, -1)) => ({
    url: `${ROUTES['reports.stock']}?view=${view}${view === 'date' ? `&date=${date}` : ''}`,
    sql: () => stockState(db, { view, location_id: '', category_id: '', q: '', date }, null, page),
  });
  const cases: Array<[string, { url: string; sql: () => Promise<unknown> }]> = [
    ['Situation des ventes : liste des factures (1 an)', sales('factures')],
    ['Situation des ventes : situation des factures (1 an)', sales('etat-factures')],
    ['Situation des ventes : situation des paiements (1 an)', sales('paiements')],
    ['Situation des ventes : 3 produits sélectionnés (1 an)', sales('produits', `&products=${products.join(',')}`)],
    ['Situation des ventes : produits transférés (1 an)', sales('transferts')],
    ['Situation des ventes : cumul des produits vendus (1 an)', sales('cumul')],
    ["Chiffre d'affaires : global (1 an)", ca('global')],
    ["Chiffre d'affaires : par client (1 an)", ca('clients')],
    ["Chiffre d'affaires : journalier (1 an)", ca('jours')],
    ["Chiffre d'affaires : par produit (1 an)", ca('produits')],
    ['État de stock : par produit et emplacement', stock('niveaux')],
    ['État de stock : par catégorie', stock('categories')],
    ["État de stock : sous le seuil d'alerte", stock('alerte')],
    ['État de stock : à une date passée (il y a 6 mois)', stock('date', addDays(today, -182))],
    ['État de stock : à une date passée (il y a 15 jours)', stock('date', addDays(today, -15))],
  ];
  const reg = (view: SettlementsStateView) => ({ url: `${ROUTES['reports.settlements']}?view=${view}&${year}`, sql: () => settlementsState(db, { view, from, to: today, account_id: '' }, EVERY_PLACE, page) });
  const cre = (view: ReceivablesStateView, date = today, basis: 'due' | 'invoice' = 'due') => ({
    url: `${ROUTES['reports.receivables']}?view=${view}&basis=${basis}${date === today ? '' : `&date=${date}`}`,
    sql: () => receivablesState(db, { view, date, basis, location_id: '' }, EVERY_PLACE, page, today),
  });
  cases.push(
    ['État des règlements : par mode (1 an)', reg('modes')],
    ['État des règlements : par client (1 an)', reg('clients')],
    ['État des règlements : par utilisateur (1 an)', reg('utilisateurs')],
    ['État des règlements : par compte (1 an)', reg('comptes')],
    ['État des règlements : état des encaissements (1 an)', reg('encaissements')],
    ["État des créances : par client (aujourd'hui)", cre('clients')],
    ["État des créances : par client, par date de facture (aujourd'hui)", cre('clients', today, 'invoice')],
    ["État des créances : factures ouvertes (aujourd'hui)", cre('factures')],
    ['État des créances : par client (il y a 6 mois)', cre('clients', addDays(today, -182))],
    ['État des créances : par client (il y a 15 jours)', cre('clients', addDays(today, -15))],
  );
  for (const [name, c] of cases) await measure(name, 300, () => b.json(c.url), c.sql);

  // Tableau de bord (target 100 ms): the page (sales of the day and the month, receivables,
  // treasury, last documents), then its deferred cards (30-day chart, the month's best sellers,
  // stock alerts) as the client asks for them right after — each beside its bare queries.
  const kinds = ['sale', 'settlement', 'entry', 'transfer', 'cash_operation'] as const;
  await measure('Tableau de bord (page)', 100, () => b.json(ROUTES.dashboard), async () => {
    await salesFigures(db, EVERY_PLACE, today);
    await receivables(db, EVERY_PLACE, today);
    await treasuryBalances(db, EVERY_PLACE);
    await recentDocuments(db, EVERY_PLACE, kinds);
  });
  const partial = { 'X-Inertia-Partial-Component': 'Dashboard', 'X-Inertia-Partial-Data': 'salesChart,topProducts,lowStock' };
  await measure('Tableau de bord : cartes différées (graphique 30 j, meilleures ventes, alertes de stock)', 100, () => b.json(ROUTES.dashboard, partial), async () => {
    await salesChart(db, EVERY_PLACE, today);
    await topProducts(db, EVERY_PLACE, today);
    await lowStock(db, null);
  });
}

/**
 * `npx tsx scripts/bench/reports.ts`: the same measures on an existing database already filled by
 * `npm run seed:demo -- --scale=large` (DATABASE_URL), signed in as BENCH_EMAIL / BENCH_PASSWORD
 * (an administrator of that database) — the reports alone, without rebuilding the data set;
 * BENCH_FILTER keeps the measures whose name contains it, ignoring case (`BENCH_FILTER=Tableau`: the dashboard; `BENCH_FILTER="état des"`: règlements and créances).
 */
async function main() {
  const url = process.env.DATABASE_URL;
  if (!url || !process.env.BENCH_EMAIL || !process.env.BENCH_PASSWORD) {
    console.error('DATABASE_URL, BENCH_EMAIL et BENCH_PASSWORD sont requis (une base remplie par npm run seed:demo -- --scale=large).');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error' } as NodeJS.ProcessEnv);
  const db = createDb(config.database);
  const app = createApp({ db, config, logger: pino({ level: 'error' }, pino.destination(2)), assets: builtAssets() });
  const server = http.createServer(app);
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookies = new Map<string, string>();
  const headers = (extra: Record<string, string> = {}) => {
    const h: Record<string, string> = { 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia-Version': builtAssets().version, Accept: 'text/html', ...extra };
    if (cookies.size) h.Cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) h['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    return h;
  };
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  keep(await fetch(`${base}/login`, { headers: headers(), redirect: 'manual' }));
  const login = keep(await fetch(`${base}/login`, { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify({ email: process.env.BENCH_EMAIL, password: process.env.BENCH_PASSWORD }), redirect: 'manual' }));
  if (login.status !== 303) throw new Error(`connexion impossible (HTTP ${login.status})`);
  const b: BenchClient = {
    json: async (u: string, extra: Record<string, string> = {}) => {
      const res = keep(await fetch(base + u, { headers: headers(extra), redirect: 'manual' }));
      if (res.status !== 200) throw new Error(`${u} : HTTP ${res.status}`);
      return res.json();
    },
  };
  const runs = Number(process.env.BENCH_RUNS ?? 20);
  const time = async (fn: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await fn(-1 - i);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn(i);
      samples.push(performance.now() - t0);
    }
    samples.sort((x, y) => x - y);
    const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)];
    return { p50: at(50), p95: at(95) };
  };
  const f = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
  console.log(`${'mesure'.padEnd(60)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p95'.padStart(10)}  cible`);
  // BENCH_FILTER=« Tableau » : only the measures whose name contains it.
  const only = (process.env.BENCH_FILTER ?? '').toLowerCase();
  await benchReports(db, b, async (name, target, httpFn, sqlFn) => {
    if (only && !name.toLowerCase().includes(only)) return;
    const h = await time(httpFn);
    const s = sqlFn ? await time(sqlFn) : null;
    console.log(`${name.padEnd(60)} ${f(h.p50)} ${f(h.p95)} ${s ? f(s.p50) : ''.padStart(10)} ${s ? f(s.p95) : ''.padStart(10)}  ≤ ${target} ms ${target !== null && h.p95 <= target ? 'OK' : 'au-dessus'}`);
  });
  server.close();
  await db.destroy();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
