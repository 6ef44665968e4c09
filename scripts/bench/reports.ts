import type { Knex } from 'knex';
import { addDays, businessDate } from '../../server/domain/dates.js';
import { EVERY_PLACE } from '../../server/policies/places.js';
import {
  lowStock,
  receivables,
  recentDocuments,
  salesChart,
  salesFigures,
  stockValue,
  topProducts,
  treasuryBalances,
} from '../../server/services/dashboard/dashboard.js';
import { type ReportSlice, REPORT_PER_PAGE } from '../../server/services/reports/frame.js';
import { type SalesSituationView, salesSituation } from '../../server/services/reports/sales-situation.js';
import { type StockStateView, stockState } from '../../server/services/reports/stock-state.js';
import { type TurnoverView, turnover } from '../../server/services/reports/turnover.js';
import { type ReceivablesStateView, receivablesState } from '../../server/services/reports/receivables-state.js';
import { type SettlementsStateView, settlementsState } from '../../server/services/reports/settlements-state.js';
import { ROUTES } from '../../shared/routes.js';
import type { BenchClient, Measure } from './client.js';
import { runOnExistingDatabase } from './existing.js';

/**
 * Éditions and Tableau de bord (issue 17) on the large data set: every view of Situation des ventes, Chiffre
 * d'affaires, État de stock and État des règlements over a whole year, État des créances today, six months
 * and 15 days ago (the last 365 days: two partial months at the
 * edges, the worst case for the summaries), through HTTP beside the bare service call (its SQL),
 * target 300 ms (DESIGN.md §7).
 */
export async function benchReports(db: Knex, b: Pick<BenchClient, 'json'>, measure: Measure): Promise<void> {
  const today = businessDate('Africa/Abidjan');
  const from = addDays(today, -365);
  const page: ReportSlice = { page: 1, perPage: REPORT_PER_PAGE };
  const year = `from=${from}&to=${today}`;
  const products = (
    (await db('sale_lines').select('product_id').groupBy('product_id').orderByRaw('COUNT(*) DESC').limit(3)) as Array<{
      product_id: number;
    }>
  ).map((r) => Number(r.product_id));
  const sales = (view: SalesSituationView, extra = '') => ({
    url: `${ROUTES['reports.sales']}?view=${view}&${year}${extra}`,
    sql: () =>
      salesSituation(
        db,
        { view, from, to: today, location_id: '', kind: '', status: '', product_ids: extra ? products : [] },
        EVERY_PLACE,
        page,
      ),
  });
  const ca = (view: TurnoverView) => ({
    url: `${ROUTES['reports.turnover']}?view=${view}&${year}`,
    sql: () => turnover(db, { view, from, to: today, location_id: '' }, EVERY_PLACE, page),
  });
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
    ['Chiffre d’affaires : global (1 an)', ca('global')],
    ['Chiffre d’affaires : par client (1 an)', ca('clients')],
    ['Chiffre d’affaires : journalier (1 an)', ca('jours')],
    ['Chiffre d’affaires : par produit (1 an)', ca('produits')],
    ['État de stock : par produit et emplacement', stock('niveaux')],
    ['État de stock : par catégorie', stock('categories')],
    ['État de stock : sous le seuil d’alerte', stock('alerte')],
    ['État de stock : à une date passée (il y a 6 mois)', stock('date', addDays(today, -182))],
    ['État de stock : à une date passée (il y a 15 jours)', stock('date', addDays(today, -15))],
  ];
  const reg = (view: SettlementsStateView) => ({
    url: `${ROUTES['reports.settlements']}?view=${view}&${year}`,
    sql: () => settlementsState(db, { view, from, to: today, account_id: '' }, EVERY_PLACE, page),
  });
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
    ['État des créances : par client (aujourd’hui)', cre('clients')],
    ['État des créances : par client, par date de facture (aujourd’hui)', cre('clients', today, 'invoice')],
    ['État des créances : factures ouvertes (aujourd’hui)', cre('factures')],
    ['État des créances : par client (il y a 6 mois)', cre('clients', addDays(today, -182))],
    ['État des créances : par client (il y a 15 jours)', cre('clients', addDays(today, -15))],
  );
  for (const [name, c] of cases) await measure(name, 300, () => b.json(c.url), c.sql);

  // Tableau de bord (target 100 ms): the page (sales of the day and the month with the periods they
  // are compared with, receivables, treasury, last documents), then its deferred cards (30-day
  // chart, the month's best sellers, stock alerts, stock value) as the client asks for them right
  // after — each beside its bare queries.
  const kinds = ['sale', 'settlement', 'entry', 'transfer', 'cash_operation'] as const;
  await measure(
    'Tableau de bord (page)',
    100,
    () => b.json(ROUTES.dashboard),
    async () => {
      await salesFigures(db, EVERY_PLACE, today);
      await receivables(db, EVERY_PLACE, today);
      await treasuryBalances(db, EVERY_PLACE);
      await recentDocuments(db, EVERY_PLACE, kinds);
    },
  );
  const partial = {
    'X-Inertia-Partial-Component': 'Dashboard',
    'X-Inertia-Partial-Data': 'salesChart,topProducts,lowStock,stockValue',
  };
  await measure(
    'Tableau de bord : cartes différées (graphique 30 j, meilleures ventes, alertes de stock, valeur du stock)',
    100,
    () => b.json(ROUTES.dashboard, partial),
    async () => {
      await salesChart(db, EVERY_PLACE, today);
      await topProducts(db, EVERY_PLACE, today);
      await lowStock(db, null);
      await stockValue(db, null);
    },
  );
}

/**
 * `npx tsx scripts/bench/reports.ts`: the same measures on an existing database already filled by
 * `npm run seed:demo -- --scale=large` (scripts/bench/existing.ts: DATABASE_URL, BENCH_EMAIL /
 * BENCH_PASSWORD, BENCH_RUNS, BENCH_FILTER — `Tableau`: the dashboard; `"état des"`: règlements et créances).
 */
if (import.meta.url === `file://${process.argv[1]}`) await runOnExistingDatabase(benchReports);
