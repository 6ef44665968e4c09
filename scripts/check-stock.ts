/**
 * npm run check:stock — rebuilds every stock level from the stock ledger and compares it with the
 * stored levels (stock_levels). Exit code 0 when they all agree, 1 when any difference exists.
 * `npm run check:stock -- --repair` rewrites the differing levels from the ledger (audited), then
 * checks again. Uses DATABASE_URL like the server (default: the SQLite file under storage/).
 */
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateOnce } from '../server/db/migrate.js';
import { checkStock, repairStockLevels } from '../server/services/stock/check-stock.js';
import { formatCount } from '../shared/quantity.js';

const repair = process.argv.includes('--repair');
const config = loadConfig();
const db = createDb(config.database);
const fmt = (n: number) => n.toLocaleString('fr-FR');
let exitCode = 0;
try {
  await migrateOnce(db);
  if (repair) {
    const fixed = await repairStockLevels(db);
    console.log(
      fixed.length
        ? `${formatCount(fixed.length, 'niveau de stock reconstruit', 'niveaux de stock reconstruits')} depuis le grand livre.`
        : 'Aucun niveau de stock à reconstruire.',
    );
  }
  const started = Date.now();
  const report = await checkStock(db);
  const took = Date.now() - started;
  if (report.differences.length === 0 && report.negativeCmup.length === 0) {
    console.log(
      `Stock cohérent : ${fmt(report.pairs)} couples produit/emplacement, ${fmt(report.movements)} mouvements vérifiés (${took} ms).`,
    );
  } else {
    exitCode = 1;
    if (report.differences.length) {
      console.error(
        `${formatCount(report.differences.length, 'différence')} entre le grand livre et les niveaux de stock :`,
      );
      for (const d of report.differences.slice(0, 200)) {
        console.error(
          `  ${d.productCode ?? `#${d.productId}`} ${d.productName ?? ''} @ ${d.locationName ?? `#${d.locationId}`} : niveau ${fmt(d.level)}, grand livre ${fmt(d.ledger)} (écart ${fmt(d.level - d.ledger)})`,
        );
      }
      if (report.differences.length > 200)
        console.error(`  … et ${formatCount(report.differences.length - 200, 'autre')}.`);
    }
    if (report.negativeCmup.length)
      console.error(
        `CMUP négatif sur ${formatCount(report.negativeCmup.length, 'produit')} : ${report.negativeCmup.slice(0, 50).join(', ')}`,
      );
  }
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  await db.destroy();
}
process.exit(exitCode);
