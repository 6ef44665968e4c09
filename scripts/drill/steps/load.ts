/**
 * Item 8 of the drill: 20 concurrent users — sellers at the counter, cashiers, managers opening
 * lists and states — for a fixed number of iterations; p50/p95/p99 per action and zero errors, with
 * each worker count of DRILL_LOAD_WORKERS (passed to the application as WEB_CONCURRENCY).
 */
import type { Answer, Browser } from '../browser.js';
import { loggedIn } from '../browser.js';
import type { DrillContext } from '../context.js';
import { DOCUMENT_FORMS, counterBody, giveStock, invoiceBody } from '../forms.js';
import { ms, percentile } from '../report.js';
import { makeClient, makeProduct, makeUser } from '../world.js';
import { ROUTES, route } from '../../../shared/routes.js';

const STEP = '8 Charge';

interface Action {
  name: string;
  run: (b: Browser, i: number) => Promise<Answer>;
  /** What a correct answer is. */
  ok: (a: Answer) => boolean;
}

const page = (name: string, url: (i: number) => string): Action => ({ name, run: (b, i) => b.visit(url(i)), ok: (a) => a.status === 200 });

export async function load(ctx: DrillContext): Promise<void> {
  const iterations = ctx.full ? 30 : 5;
  const w = ctx.world;
  const forms = await ctx.forms();
  const products = await Promise.all(Array.from({ length: 4 }, (_, i) => makeProduct(ctx.db, w, `Charge ${i}`)));
  for (const p of products) {
    await giveStock(forms, p.id, w.shop, 100_000);
    await giveStock(forms, p.id, w.depot, 100_000);
  }
  const client = await makeClient(ctx.db);
  const sellers = await makeUser(ctx.db, 'vendeur', { role: 'Vendeur' });
  const cashiers = await makeUser(ctx.db, 'caissier', { role: 'Caissier' });
  const managers = await makeUser(ctx.db, 'gérant', { role: 'Gérant' });

  const product = (i: number) => products[i % products.length];
  const seller: Action[] = [
    page('Comptoir (ouverture)', () => ROUTES['counter.index']),
    page('Sélecteur de produit (code)', (i) => route('pickers.products', { q: product(i).code, location_id: w.shop })),
    { name: 'Vente boutique (validation)', run: (b, i) => b.post(ROUTES['counter.store'], counterBody(w, product(i).id, w.shop)), ok: (a) => DOCUMENT_FORMS.VB.done(a.location) !== null },
  ];
  const cashier: Action[] = [
    page('Ventes boutique (liste)', () => ROUTES['sales.counterSales']),
    { name: 'Facture comptant (validation)', run: (b, i) => b.post(ROUTES['sales.invoices'], invoiceBody(w, client, product(i).id, w.depot)), ok: (a) => DOCUMENT_FORMS.FAC.done(a.location) !== null },
    page('Factures (liste)', () => ROUTES['sales.invoices']),
  ];
  const manager: Action[] = [
    page('Tableau de bord', () => ROUTES.dashboard),
    page('Produits (liste)', () => ROUTES['products.index']),
    page('État des entrées', () => ROUTES['entries.statement']),
    page('Factures (liste)', () => ROUTES['sales.invoices']),
  ];

  for (const workers of ctx.settings.loadWorkers) {
    await ctx.restart({ workers });
    const seen = ctx.app.workers();
    const people = [
      ...(await loggedIn(ctx.app.url, 16, sellers.email, sellers.password)).map((b) => ({ b, actions: seller })),
      ...(await loggedIn(ctx.app.url, 2, cashiers.email, cashiers.password)).map((b) => ({ b, actions: cashier })),
      ...(await loggedIn(ctx.app.url, 2, managers.email, managers.password)).map((b) => ({ b, actions: manager })),
    ];
    const times = new Map<string, number[]>();
    const errors = new Map<string, string[]>();
    const started = performance.now();
    await Promise.all(
      people.map(async ({ b, actions }, u) => {
        for (let i = 0; i < iterations; i++) {
          for (const action of actions) {
            let a: Answer | null = null;
            let why = '';
            try {
              a = await action.run(b, u * iterations + i);
            } catch (err) {
              why = (err as Error).message;
            }
            if (a) (times.get(action.name) ?? times.set(action.name, []).get(action.name)!).push(a.ms);
            if (!a || !action.ok(a)) (errors.get(action.name) ?? errors.set(action.name, []).get(action.name)!).push(a ? `HTTP ${a.status}${a.location ? ` → ${a.location}` : ''}` : why);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const requests = [...times.values()].reduce((n, t) => n + t.length, 0);
    ctx.report.check(
      STEP,
      `WEB_CONCURRENCY=${workers} (${seen} processus vus)`,
      `20 utilisateurs (16 vendeurs, 2 caissiers, 2 gérants) × ${iterations} tours`,
      `${requests} requêtes en ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)} req/s), aucune erreur`,
      [...errors].map(([name, list]) => `${name} : ${list.length} erreur(s), ex. ${list[0]}`),
    );
    for (const [name, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      const errs = errors.get(name)?.length ?? 0;
      const held = `p50 ${ms(percentile(sorted, 50))} · p95 ${ms(percentile(sorted, 95))} · p99 ${ms(percentile(sorted, 99))}`;
      if (errs) ctx.report.fail(STEP, `  ${name} (${workers} worker${workers > 1 ? 's' : ''})`, `${sorted.length} fois`, `${held} · ${errs} erreur(s)`);
      else ctx.report.ok(STEP, `  ${name} (${workers} worker${workers > 1 ? 's' : ''})`, `${sorted.length} fois`, held);
    }
  }
  // Back to the worker count of the other steps.
  await ctx.restart({ workers: ctx.settings.workers });
}
