/**
 * npm run check:cash — rebuilds every treasury account's balance (cash desks, bank and mobile-money
 * accounts) from the money ledger and compares it with the stored balance; also walks each
 * account's hash chain. Exit code 0 when everything agrees, 1 on any difference or broken link.
 * `npm run check:cash -- --repair` rewrites the differing balances from the ledger (audited), then
 * checks again; a broken chain is never "repaired" (it is evidence). It also lists the mobile-money
 * transaction ids found entered twice when the ids were normalised (a warning, not a failure).
 * Uses DATABASE_URL like the server.
 */
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateOnce } from '../server/db/migrate.js';
import { checkCash, repairCashBalances } from '../server/services/treasury/check-cash.js';
import { verifyMoneyChains } from '../server/services/treasury/ledger.js';
import { duplicateReferences } from '../server/services/treasury/mobile-money-references.js';
import { MOBILE_MONEY_OPERATOR_LABELS } from '../shared/treasury.js';
import { formatMoney } from '../shared/money.js';
import { getCurrency } from '../server/services/company/get-company.js';
import { formatCount } from '../shared/quantity.js';

const repair = process.argv.includes('--repair');
const config = loadConfig();
const db = createDb(config.database);
const fmt = (n: number) => n.toLocaleString('fr-FR');
let exitCode = 0;
try {
  await migrateOnce(db);
  const currency = await getCurrency(db);
  if (repair) {
    const fixed = await repairCashBalances(db);
    console.log(
      fixed.length
        ? `${formatCount(fixed.length, 'solde reconstruit')} depuis le grand livre.`
        : 'Aucun solde à reconstruire.',
    );
  }
  const started = Date.now();
  const report = await checkCash(db);
  const broken = await verifyMoneyChains(db);
  const took = Date.now() - started;
  if (report.differences.length === 0 && broken.length === 0) {
    console.log(
      `Trésorerie cohérente : ${fmt(report.accounts)} comptes, ${fmt(report.movements)} mouvements vérifiés, chaînes intactes (${took} ms).`,
    );
  } else {
    exitCode = 1;
    if (report.differences.length) {
      console.error(`${formatCount(report.differences.length, 'différence')} entre le grand livre et les soldes :`);
      for (const d of report.differences) {
        console.error(
          `  ${d.accountCode} ${d.accountName} : solde ${formatMoney(d.balance, currency)}, grand livre ${formatMoney(d.ledger, currency)} (écart ${formatMoney(d.balance - d.ledger, currency)})`,
        );
      }
    }
    for (const b of broken)
      console.error(
        `  Chaîne rompue sur « ${b.accountName} »${b.movementId ? ` au mouvement n° ${b.movementId}` : ''} : ${b.reason}.`,
      );
  }
  // Double entries of a mobile-money id found when the ids were normalised (migration 202612012126):
  // not an inconsistency of the ledger, but money someone should look at.
  const duplicates = await duplicateReferences(db);
  if (duplicates.length) {
    console.warn(
      `${fmt(duplicates.length)} ${duplicates.length > 1 ? 'transactions mobile money enregistrées' : 'transaction mobile money enregistrée'} deux fois avant la normalisation des identifiants (à vérifier, rien n’a été supprimé) :`,
    );
    for (const d of duplicates)
      console.warn(
        `  ${MOBILE_MONEY_OPERATOR_LABELS[d.operator] ?? d.operator} « ${d.reference} » : ${d.documentNumber} (saisi « ${d.originalReference} »), déjà porté par ${d.holderNumber ?? 'aucun document en cours'}`,
      );
  }
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  await db.destroy();
}
process.exit(exitCode);
