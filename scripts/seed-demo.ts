/**
 * npm run seed:demo -- --scale=small|large [--seed=N]
 * Fills the configured database (DATABASE_URL, as the server; migrated first) with the demo data
 * set: categories, products with EAN-13 barcodes, clients, suppliers, opening stock entries and a
 * history of stock entries, transfers, counts, readjustments and sales (invoices, counter sales with
 * their payments in the money ledger), the clients' settlements of their credit invoices and the cash
 * life (CAI- operations, supplier payments, daily closings of every desk) up to yesterday.
 * Refuses (exit code 1) when the database already holds master data.
 */
import { seedBase } from '../server/services/setup/first-start.js';
import { DemoDataExistsError, seedDemo } from '../database/seeds/demo/seed.js';
import { DEFAULT_SEED, DEMO_SCALES, type DemoScale } from '../database/seeds/demo/generate.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateLatest } from '../server/db/migrate.js';

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

const scale = (option('scale') ?? 'small') as DemoScale;
const seed = Number(option('seed') ?? DEFAULT_SEED);
if (!(scale in DEMO_SCALES) || !Number.isSafeInteger(seed)) {
  console.error('Usage : npm run seed:demo -- --scale=small|large [--seed=entier]');
  process.exit(2);
}

const config = loadConfig();
const db = createDb(config.database);
let exitCode = 0;
try {
  await migrateLatest(db);
  const admin = await seedBase(db, config.admin);
  if (admin?.generated)
    console.log(`Premier administrateur : ${admin.email} / ${admin.password} (affiché une seule fois)`);
  const started = Date.now();
  const fmt = (n: number) => n.toLocaleString('fr-FR');
  // Where the time goes, phase by phase (the large set's target: ≤ 120 s, DESIGN.md §7).
  const r = await seedDemo(db, {
    scale,
    seed,
    onPhase: (phase, ms) => console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${phase}`),
  });
  console.log(
    `Données de démonstration (${scale}, graine ${seed}) : ${fmt(r.categories)} catégories, ${fmt(r.products)} produits, ${fmt(r.clients)} clients, ${fmt(r.suppliers)} fournisseurs, ` +
      `${fmt(r.entries)} entrées de stock initial (${fmt(r.movements)} mouvements), puis l’historique : ${fmt(r.history.entries)} entrées, ${fmt(r.history.transfers)} transferts, ` +
      `${fmt(r.history.counts)} inventaires, ${fmt(r.history.readjustments)} réajustements, ${fmt(r.history.sales.invoices)} factures et ${fmt(r.history.sales.counterSales)} ventes boutique ` +
      `(${fmt(r.history.sales.lines)} lignes), ${fmt(r.history.sales.settlements)} règlements (${fmt(r.history.sales.allocations)} imputations), ${fmt(r.history.sales.moneyMovements)} mouvements de trésorerie — ${fmt(r.history.movements)} mouvements ; ` +
      `${fmt(r.movements + r.history.movements)} mouvements de stock en tout, ${r.treasuryAccounts} comptes bancaires et mobile money ; la vie des caisses : ` +
      `${fmt(r.history.cash.operations)} opérations CAI- (${fmt(r.history.cash.expenses)} décaissements, ${fmt(r.history.cash.cashIns)} apports, ${fmt(r.history.cash.transfers)} transferts inter-caisses dont ${fmt(r.history.cash.inTransit)} en transit, ` +
      `${fmt(r.history.cash.deposits)} versements et ${fmt(r.history.cash.withdrawals)} retraits bancaires, ${fmt(r.history.cash.supplierPayments)} paiements fournisseurs, ${fmt(r.history.cash.mobileMoney)} transferts mobile money), ` +
      `${fmt(r.history.cash.closings)} arrêtés de caisse dont ${fmt(r.history.cash.differences)} avec un écart, en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (err) {
  if (err instanceof DemoDataExistsError) console.error(err.message);
  else console.error(err);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
