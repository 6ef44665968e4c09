/**
 * Item 7 of the drill: backup, change, restore, verify — through the commands an operator runs
 * (`npm run backup`, `npm run restore`, scripts/backup.ts and scripts/restore.ts, on the same
 * DATABASE_URL and STORAGE_DIR as the application).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../../server/config.js';
import type { DrillContext } from '../context.js';
import { DOCUMENT_FORMS, giveStock } from '../forms.js';
import { stateProblems } from './crash.js';
import { makeProduct } from '../world.js';

const STEP = '7 Sauvegarde';

function command(ctx: DrillContext, script: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', script), ...args], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: ctx.database.url,
        STORAGE_DIR: ctx.database.storageDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output: output.trim() }));
  });
}

/** Row counts of the business tables (the restore itself writes sessions, audit and the catalogue). */
const BUSINESS = [
  'products',
  'clients',
  'stock_entries',
  'stock_movements',
  'stock_levels',
  'sales',
  'sale_lines',
  'money_movements',
  'document_counters',
  'transfers',
];

async function businessCounts(ctx: DrillContext): Promise<Record<string, number>> {
  const all = await ctx.database.counts();
  return Object.fromEntries(BUSINESS.filter((t) => t in all).map((t) => [t, all[t]]));
}

export async function backupRoundTrip(ctx: DrillContext): Promise<void> {
  const problems: string[] = [];
  const forms = await ctx.forms();
  // Something to keep: a product with stock, sold once at the counter.
  const kept = await makeProduct(ctx.db, ctx.world, 'Sauvegardé');
  await giveStock(forms, kept.id, ctx.world.shop, 5);
  const sold = await forms.admin.post(DOCUMENT_FORMS.VB.url, (await DOCUMENT_FORMS.VB.prepare(forms, 1))(0));
  const keptSale = DOCUMENT_FORMS.VB.done(sold.location);
  if (!keptSale) problems.push('vente de référence refusée');

  const saved = await businessCounts(ctx);
  const backup = await command(ctx, 'backup.ts', []);
  const name = /^(\S+)\s/.exec(backup.output.split('\n').find((l) => /\(\S+ Mo\)/.test(l)) ?? '')?.[1];
  if (backup.code !== 0 || !name) {
    ctx.report.fail(
      STEP,
      'npm run backup',
      'sauvegarde vérifiée',
      `code ${backup.code} : ${backup.output.slice(0, 300)}`,
    );
    return;
  }

  // The change the restore must undo: a new entry (ENT), with its stock.
  const changed = await makeProduct(ctx.db, ctx.world, 'Après sauvegarde');
  await giveStock(forms, changed.id, ctx.world.depot, 7);
  const after = await businessCounts(ctx);
  if (after.stock_entries !== saved.stock_entries + 1)
    problems.push('la modification après la sauvegarde n’a pas été enregistrée');

  // SQLite: the command restores with the server stopped (it holds the file open).
  await ctx.app.kill('SIGTERM');
  const restore = await command(ctx, 'restore.ts', [name]);
  await ctx.database.reopen();
  await ctx.start();
  if (restore.code !== 0) problems.push(`npm run restore : code ${restore.code} : ${restore.output.slice(0, 300)}`);

  const restored = await businessCounts(ctx);
  for (const t of BUSINESS)
    if (t in saved && restored[t] !== saved[t]) problems.push(`${t} : ${restored[t]} lignes au lieu de ${saved[t]}`);
  if (await ctx.db('products').where({ id: changed.id }).first('id'))
    problems.push('le produit créé après la sauvegarde est toujours là');
  if (!(await ctx.db('products').where({ id: kept.id }).first('id'))) problems.push('le produit sauvegardé a disparu');
  if (keptSale && !(await ctx.db('sales').where({ id: keptSale }).first('id')))
    problems.push('la vente sauvegardée a disparu');
  problems.push(...(await stateProblems(ctx.db)));
  // Every session was ended by the restore: signing in again works, the restored sale opens.
  try {
    const admin = await ctx.admin();
    if (keptSale) {
      const page = await admin.visit(`/operations/sortiestock/ventes/${keptSale}`);
      if (page.status !== 200) problems.push(`la vente restaurée ne s’ouvre pas (HTTP ${page.status})`);
    }
  } catch (err) {
    problems.push(`connexion après restauration : ${(err as Error).message}`);
  }
  ctx.report.check(
    STEP,
    'npm run backup → modification → npm run restore',
    `${name}, puis une entrée de stock, puis restauration (serveur arrêté)`,
    'sauvegarde vérifiée, modification annulée, données sauvegardées intactes, grands livres cohérents, connexion rétablie',
    problems,
  );
}
