/**
 * npm run drill — attacks the running application on a throw-away database and prints a table of
 * what it tried and what held; exit code 1 on any failure (2 when the drill itself could not run).
 *
 *   npm run drill                 short mode (CI, a few minutes)
 *   npm run drill -- --full       full mode (a release): crash loop ×10, fuzz ×40 per route, every
 *                                 single permission in the matrix, load with 1 and 2 workers
 *                                 (2 on PostgreSQL only: SQLite is served by one process)
 *
 * Environment: DRILL_DATABASE_URL (a PostgreSQL server where a database of its own is created and
 * dropped; SQLite in a temporary directory otherwise), DRILL_MODE (short|full), DRILL_SEED,
 * DRILL_STEPS (e.g. "fuzz,matrix"), DRILL_WORKERS (WEB_CONCURRENCY of the application under
 * attack, 1 by default), DRILL_LOAD_WORKERS (e.g. "1,2"), DRILL_KEEP=1 (keep the database).
 * Steps: oversell, numbering, idempotency, backup, crash, load, matrix, fuzz (DESIGN.md §8, issue 20).
 */
import { DrillContext, type DrillSettings } from './drill/context.js';
import { DRILL_ADMIN, throwAwayDatabase } from './drill/harness.js';
import { type Row, Report, formatTable } from './drill/report.js';
import { idempotency, numbering, oversell } from './drill/steps/documents.js';
import { backupRoundTrip } from './drill/steps/backup.js';
import { crashLoop } from './drill/steps/crash.js';
import { load } from './drill/steps/load.js';
import { fuzz, matrix } from './drill/steps/routes.js';
import { buildWorld } from './drill/world.js';
import { agree, formatCount } from '../shared/quantity.js';

const STEPS = {
  oversell,
  numbering,
  idempotency,
  backup: backupRoundTrip,
  crash: crashLoop,
  load,
  matrix,
  fuzz,
} as const;
type StepName = keyof typeof STEPS;

function settings(): DrillSettings & { steps: StepName[] } {
  const mode = process.argv.includes('--full') || process.env.DRILL_MODE === 'full' ? 'full' : 'short';
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const steps = list(process.env.DRILL_STEPS);
  const unknown = steps.filter((s) => !(s in STEPS));
  if (unknown.length)
    throw new Error(
      `DRILL_STEPS : ${agree(unknown.length, 'étape inconnue')} ${unknown.join(', ')} (connues : ${Object.keys(STEPS).join(', ')})`,
    );
  const workers = Number(process.env.DRILL_WORKERS ?? 1);
  const loadWorkers = list(process.env.DRILL_LOAD_WORKERS).map(Number);
  if (!Number.isInteger(workers) || workers < 1 || loadWorkers.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('DRILL_WORKERS / DRILL_LOAD_WORKERS : nombres entiers ≥ 1 attendus');
  const onPostgres = !!process.env.DRILL_DATABASE_URL;
  if (!onPostgres && (workers > 1 || loadWorkers.some((n) => n > 1)))
    throw new Error(
      'DRILL_WORKERS / DRILL_LOAD_WORKERS : plusieurs processus demandent PostgreSQL (DRILL_DATABASE_URL) ; avec SQLite, un seul processus sert.',
    );
  return {
    mode,
    seed: Number(process.env.DRILL_SEED ?? Date.now() % 1_000_000),
    workers,
    // Several processes need PostgreSQL (server/main.ts refuses WEB_CONCURRENCY > 1 on SQLite).
    loadWorkers: loadWorkers.length ? loadWorkers : mode === 'full' && onPostgres ? [1, 2] : [1],
    steps: steps.length ? (steps as StepName[]) : (Object.keys(STEPS) as StepName[]),
  };
}

const started = Date.now();
const since = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
let exitCode = 0;
let ctx: DrillContext | null = null;
const s = settings();
const live = (r: Row) => {
  console.log(
    `  [${r.verdict}] ${r.step} · ${r.subject} — ${r.verdict === 'ÉCHEC' && r.details ? `${formatCount(r.details.length, 'échec')} :` : r.held}`,
  );
  for (const d of r.details?.slice(0, 200) ?? []) console.log(`      ✗ ${d}`);
};
const report = new Report(live);
const database = await throwAwayDatabase(process.env.DRILL_DATABASE_URL);
console.log(
  `Exercice ${s.mode === 'full' ? 'complet' : 'court'} sur ${database.kind === 'pg' ? 'PostgreSQL' : 'SQLite'} (graine ${s.seed}, WEB_CONCURRENCY=${s.workers}) : ${s.steps.join(', ')}`,
);
try {
  ctx = new DrillContext(s, database, await buildWorld(database.db), report);
  await ctx.start();
  for (const name of s.steps) {
    const t0 = Date.now();
    console.log(`— ${name} (${since()})`);
    try {
      await STEPS[name](ctx);
    } catch (err) {
      report.fail(name, 'l’étape elle-même', '—', `interrompue : ${(err as Error).stack ?? err}`.slice(0, 600));
    }
    console.log(`  ${name} : ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  await ctx?.app?.kill('SIGTERM').catch(() => {});
  if (process.env.DRILL_KEEP === '1')
    console.log(
      `Base conservée : ${database.url} (stockage ${database.storageDir}, administrateur ${DRILL_ADMIN.email} / ${DRILL_ADMIN.password})`,
    );
  else await database.drop().catch((err) => console.error(`base non supprimée : ${err}`));
}
console.log(`\n${formatTable(report.rows)}\n`);
const failed = report.rows.filter((r) => r.verdict === 'ÉCHEC').length;
const uncovered = report.rows.filter((r) => r.verdict === 'non couvert').length;
console.log(
  `${formatCount(report.rows.length, 'ligne')} : ${formatCount(report.rows.length - failed - uncovered, 'tenue')}, ${formatCount(failed, 'échec')}, ${formatCount(uncovered, 'non couverte', 'non couvertes')} — ${since()}, graine ${s.seed} (rejouer : DRILL_SEED=${s.seed}).`,
);
if (exitCode === 0 && failed) exitCode = 1;
process.exit(exitCode);
