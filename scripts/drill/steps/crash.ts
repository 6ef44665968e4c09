/**
 * Item 4 of the drill: a loop of mixed operations killed with SIGKILL at a random moment, restarted;
 * after each crash the database is intact, the ledgers agree (check:stock, check:cash, the journal
 * chains), and every request that got a success answer is in the database.
 */
import type { Knex } from 'knex';
import { integrityProblems } from '../../../server/db/inspect.js';
import { checkJournals } from '../../../server/services/integrity/check-journals.js';
import { checkStock } from '../../../server/services/stock/check-stock.js';
import { checkCash } from '../../../server/services/treasury/check-cash.js';
import { verifyMoneyChains } from '../../../server/services/treasury/ledger.js';
import { DOCUMENT_SERIES } from '../../../server/db/counters.js';
import type { DrillContext } from '../context.js';
import { DOCUMENT_FORMS, type DocumentForm, OTHER_FORMS } from '../forms.js';
import { formatCount } from '../../../shared/quantity.js';

const STEP = '4 Crash';

/** The operations of the loop, by series (REG settlements, CAI every Caisse operation, expenses included), and a closing. */
const LOOP_SERIES = ['ENT', 'TRF', 'FAC', 'VB', 'AV', 'REG', 'CAI'] as const;

/** How many bodies a round prepares for a form: sales to correct and desks to close cost a document each. */
export const roundBodies = (series: string) => (series === 'AV' ? 40 : series === OTHER_FORMS.closing.series ? 5 : 400);

/** The state checks after a crash: the names of what is broken, empty when everything holds. */
export async function stateProblems(db: Knex): Promise<string[]> {
  const problems = await integrityProblems(db);
  const stock = await checkStock(db);
  if (stock.differences.length || stock.negativeCmup.length)
    problems.push(
      `check:stock : ${formatCount(stock.differences.length, 'écart')}, ${formatCount(stock.negativeCmup.length, 'CMUP négatif', 'CMUP négatifs')}`,
    );
  const cash = await checkCash(db);
  if (cash.differences.length) problems.push(`check:cash : ${formatCount(cash.differences.length, 'écart')}`);
  const chains = await verifyMoneyChains(db);
  if (chains.length) problems.push(`chaîne de trésorerie rompue sur ${formatCount(chains.length, 'compte')}`);
  for (const j of await checkJournals(db)) if (j.broken) problems.push(`journal ${j.label} rompu à ${j.broken.id}`);
  return problems;
}

/** « ENT 12, REG 3, arrêté 1 »: the successes of a round by operation, every operation named (0 included). */
export function successTally(series: string[], succeeded: string[]): string {
  return series.map((x) => `${x} ${succeeded.filter((y) => y === x).length}`).join(', ');
}

export async function crashLoop(ctx: DrillContext): Promise<void> {
  const iterations = ctx.full ? 10 : 2;
  const random = ctx.random(4);
  const forms = LOOP_SERIES.filter((s) => DOCUMENT_SERIES.includes(s)).map((s) => ({
    series: s,
    form: DOCUMENT_FORMS[s] ?? null,
  }));
  for (const { series, form } of forms)
    if (!form)
      ctx.report.notCovered(
        STEP,
        `opération ${series} dans la boucle`,
        'formulaire inconnu de l’exercice (scripts/drill/forms.ts)',
      );
  const known: Array<{ series: string; form: DocumentForm }> = [
    ...forms.filter((f): f is { series: (typeof LOOP_SERIES)[number]; form: DocumentForm } => f.form !== null),
    { series: OTHER_FORMS.closing.series, form: OTHER_FORMS.closing },
  ];

  for (let k = 1; k <= iterations; k++) {
    // Bodies for this round (stock for 400 exits of each kind, 40 sales to correct, 5 desks to close).
    const builders = await Promise.all(
      known.map(async ({ form }) => ({ form, build: await form.prepare(await ctx.forms(), roundBodies(form.series)) })),
    );
    const sessions = await ctx.sessions(6);
    const successes: Array<{ form: DocumentForm; id: number }> = [];
    let sent = 0;
    let stop = false;
    const killAfter = Math.floor(random() * 2_000);
    const loops = sessions.map(async (b, s) => {
      for (let i = 0; !stop; i++) {
        const { form, build } = builders[Math.floor(random() * builders.length)];
        sent++;
        try {
          const a = await b.post(form.url, build(s * 1000 + i));
          const id = form.done(a.location);
          if (id !== null) successes.push({ form, id });
        } catch {
          return; // the server died under this request: its outcome is unknown, and need not be kept
        }
      }
    });
    // The kill lands at a random moment once the loop is under way (a few successes answered), so
    // that "every success is still there" is put to the test on every round.
    const started = Date.now();
    while (successes.length < 3 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, killAfter));
    await ctx.app.kill('SIGKILL');
    stop = true;
    await Promise.all(loops);
    await ctx.start();
    const problems = await stateProblems(ctx.db);
    let found = 0;
    for (const s of successes) {
      if (s.id === 0 || (await ctx.db(s.form.table).where({ id: s.id }).first('id'))) found++;
      else problems.push(`${s.form.series} n° ${s.id} confirmé puis perdu`);
    }
    // The application answers again, with the sessions it had.
    const probe = await sessions[0].visit('/dashboard');
    if (probe.status !== 200) problems.push(`après redémarrage : HTTP ${probe.status} sur le tableau de bord`);
    ctx.report.check(
      STEP,
      `tour ${k}/${iterations}`,
      `${sent} envois mêlés, SIGKILL ${killAfter} ms après 3 succès, redémarrage`,
      `intégrité, check:stock, check:cash, journaux intacts ; ${found}/${successes.length} succès retrouvés (${successTally(
        known.map((f) => f.series),
        successes.map((x) => x.form.series),
      )})`,
      problems,
    );
  }
}
