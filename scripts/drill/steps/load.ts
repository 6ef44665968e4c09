/**
 * Item 8 of the drill: 20 concurrent users — sellers at the counter, cashiers taking settlements and
 * paying expenses, managers opening lists and reports — for a fixed number of iterations;
 * p50/p95/p99 per action and zero errors, with each worker count of DRILL_LOAD_WORKERS (passed to
 * the application as WEB_CONCURRENCY). The application logs its answers (LOG_LEVEL=info) during
 * the run: the pid on each line shows how the answers spread over the processes.
 */
import type { Answer, Browser } from '../browser.js';
import { loggedIn } from '../browser.js';
import type { DrillContext } from '../context.js';
import {
  type CashSetting,
  DOCUMENT_FORMS,
  cashOperationBody,
  counterBody,
  creditInvoiceBody,
  giveStock,
  settlementBody,
} from '../forms.js';
import { ms, percentile } from '../report.js';
import { makeAccount, makeClient, makeProduct, makeUser } from '../world.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { formatCount } from '../../../shared/quantity.js';

const STEP = '8 Charge';

interface Action {
  name: string;
  run: (b: Browser, i: number) => Promise<Answer>;
  /** What a correct answer is. */
  ok: (a: Answer) => boolean;
}

type Login = { email: string; password: string };

const page = (name: string, url: (i: number) => string): Action => ({
  name,
  run: (b, i) => b.visit(url(i)),
  ok: (a) => a.status === 200,
});

/** How the answers spread over the processes: failures when fewer processes answered than were started. */
export function spreadProblems(byPid: Map<number, number>, workers: number): string[] {
  const serving = [...byPid.values()].filter((n) => n > 0).length;
  if (serving >= workers) return [];
  return [`${serving} processus ont répondu pour WEB_CONCURRENCY=${workers}`];
}

/** « pid 4242 : 930, pid 4243 : 912 » (most answers first). */
export function spreadText(byPid: Map<number, number>): string {
  return (
    [...byPid]
      .sort((a, b) => b[1] - a[1])
      .map(([pid, n]) => `pid ${pid} : ${n}`)
      .join(', ') || 'aucune réponse journalisée'
  );
}

export async function load(ctx: DrillContext): Promise<void> {
  const iterations = ctx.full ? 30 : 5;
  const w = ctx.world;
  const forms = await ctx.forms();
  const products = await Promise.all(Array.from({ length: 4 }, (_, i) => makeProduct(ctx.db, w, `Charge ${i}`)));
  for (const p of products) {
    await giveStock(forms, p.id, w.shop, 100_000);
    await giveStock(forms, p.id, w.depot, 100_000);
  }
  // The cashiers' client owes a credit invoice they settle a little at a time, into their desk,
  // which also pays their expenses.
  const client = await makeClient(ctx.db);
  const invoice = await forms.admin.post(
    DOCUMENT_FORMS.FAC.url,
    creditInvoiceBody(w, client, products[0].id, w.depot, 1_000),
  );
  const invoiceId = DOCUMENT_FORMS.FAC.done(invoice.location);
  if (!invoiceId) throw new Error(`facture à crédit refusée (HTTP ${invoice.status})`);
  const desk = await makeAccount(ctx.db, w, 'caisse', 'Caisse charge');
  const cash: CashSetting = {
    desk,
    otherDesk: desk,
    bank: desk,
    wallet: desk,
    supplier: w.supplier,
    category: Number((await ctx.db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id),
  };
  const funded = await forms.admin.post(DOCUMENT_FORMS.CAI.url, cashOperationBody(cash, 'cash_in', 100_000_000));
  if (!DOCUMENT_FORMS.CAI.done(funded.location)) throw new Error(`apport refusé (HTTP ${funded.status})`);
  const logins = {
    sellers: await makeUser(ctx.db, 'vendeur', { role: 'Vendeur' }),
    cashiers: await makeUser(ctx.db, 'caissier', { role: 'Caissier' }),
    managers: await makeUser(ctx.db, 'gérant', { role: 'Gérant' }),
  };

  const product = (i: number) => products[i % products.length];
  const done = (series: 'VB' | 'REG' | 'CAI') => (a: Answer) => DOCUMENT_FORMS[series].done(a.location) !== null;
  const actions = {
    seller: [
      page('Comptoir (ouverture)', () => ROUTES['counter.index']),
      page('Sélecteur de produit (code)', (i) =>
        route('pickers.products', { q: product(i).code, location_id: w.shop }),
      ),
      {
        name: 'Vente boutique (validation)',
        run: (b, i) => b.post(ROUTES['counter.store'], counterBody(w, product(i).id, w.shop)),
        ok: done('VB'),
      },
    ] satisfies Action[],
    cashier: [
      page('Règlements (liste)', () => ROUTES['settlements.index']),
      {
        name: 'Règlement (validation)',
        run: (b) =>
          b.post(ROUTES['settlements.index'], settlementBody(w, client, desk, 100, { saleId: invoiceId, amount: 100 })),
        ok: done('REG'),
      },
      {
        name: 'Décaissement (validation)',
        run: (b) => b.post(ROUTES['cashOperations.index'], cashOperationBody(cash, 'expense', 100)),
        ok: done('CAI'),
      },
      page('Caisse (comptes)', () => ROUTES['cash.index']),
    ] satisfies Action[],
    manager: [
      page('Tableau de bord', () => ROUTES.dashboard),
      page('Produits (liste)', () => ROUTES['products.index']),
      page('État des entrées', () => ROUTES['entries.statement']),
      page('État des ventes', () => ROUTES['reports.sales']),
      page('Factures (liste)', () => ROUTES['sales.invoices']),
    ] satisfies Action[],
  };

  try {
    for (const workers of ctx.settings.loadWorkers) await loadWith(ctx, workers, iterations, actions, logins);
  } finally {
    // Back to the worker count of the other steps (also when a run could not start).
    await ctx.restart({ workers: ctx.settings.workers });
  }
}

async function loadWith(
  ctx: DrillContext,
  workers: number,
  iterations: number,
  actions: Record<'seller' | 'cashier' | 'manager', Action[]>,
  logins: Record<'sellers' | 'cashiers' | 'managers', Login>,
): Promise<void> {
  // Answers logged (LOG_LEVEL=info) so that their pids can be counted.
  await ctx.restart({ workers, env: { LOG_LEVEL: 'info' } });
  const people = [
    ...(await loggedIn(ctx.app.url, 16, logins.sellers.email, logins.sellers.password)).map((b) => ({
      b,
      actions: actions.seller,
    })),
    ...(await loggedIn(ctx.app.url, 2, logins.cashiers.email, logins.cashiers.password)).map((b) => ({
      b,
      actions: actions.cashier,
    })),
    ...(await loggedIn(ctx.app.url, 2, logins.managers.email, logins.managers.password)).map((b) => ({
      b,
      actions: actions.manager,
    })),
  ];
  const times = new Map<string, number[]>();
  const errors = new Map<string, string[]>();
  const startedAt = performance.now();
  await Promise.all(
    people.map(async ({ b, actions: list }, u) => {
      for (let i = 0; i < iterations; i++) {
        for (const action of list) {
          let a: Answer | null = null;
          let why = '';
          try {
            a = await action.run(b, u * iterations + i);
          } catch (err) {
            why = (err as Error).message;
          }
          if (a) (times.get(action.name) ?? times.set(action.name, []).get(action.name)!).push(a.ms);
          if (!a || !action.ok(a))
            (errors.get(action.name) ?? errors.set(action.name, []).get(action.name)!).push(
              a ? `HTTP ${a.status}${a.location ? ` → ${a.location}` : ''}` : why,
            );
        }
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  // The last log lines reach the drill a moment after their answers.
  await new Promise((r) => setTimeout(r, 300));
  const byPid = ctx.app.answersByPid();
  const requests = [...times.values()].reduce((n, t) => n + t.length, 0);
  ctx.report.check(
    STEP,
    `WEB_CONCURRENCY=${workers} (${ctx.database.kind === 'pg' ? 'PostgreSQL' : 'SQLite'})`,
    `20 utilisateurs (16 vendeurs, 2 caissiers, 2 gérants) × ${iterations} tours`,
    `${requests} requêtes en ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)} req/s), aucune erreur`,
    [...errors].map(([name, list]) => `${name} : ${formatCount(list.length, 'erreur')}, ex. ${list[0]}`),
  );
  ctx.report.check(
    STEP,
    `  réponses par processus (${workers} worker${workers > 1 ? 's' : ''})`,
    'pid de chaque ligne du journal des requêtes',
    spreadText(byPid),
    spreadProblems(byPid, workers),
  );
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const errs = errors.get(name)?.length ?? 0;
    const held = `p50 ${ms(percentile(sorted, 50))} · p95 ${ms(percentile(sorted, 95))} · p99 ${ms(percentile(sorted, 99))}`;
    if (errs)
      ctx.report.fail(
        STEP,
        `  ${name} (${workers} worker${workers > 1 ? 's' : ''})`,
        `${sorted.length} fois`,
        `${held} · ${formatCount(errs, 'erreur')}`,
      );
    else ctx.report.ok(STEP, `  ${name} (${workers} worker${workers > 1 ? 's' : ''})`, `${sorted.length} fois`, held);
  }
}
