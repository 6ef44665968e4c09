/**
 * npm run check:journal — walks the hash chains of the append-only journals (audit log, stock
 * movements, money movements) and names the first broken link of each. Exit code 0 when every
 * chain is intact, 1 when one is broken (for cron), 2 on an error. Uses DATABASE_URL like the server.
 */
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateOnce } from '../server/db/migrate.js';
import { checkJournals } from '../server/services/integrity/check-journals.js';

const config = loadConfig();
const db = createDb(config.database);
const fmt = (n: number) => n.toLocaleString('fr-FR');
let exitCode = 0;
try {
  await migrateOnce(db);
  const started = Date.now();
  const report = await checkJournals(db);
  for (const j of report) {
    if (j.broken) {
      exitCode = 1;
      console.error(`${j.label} : chaîne rompue, premier maillon rompu : ${j.broken.description}.`);
    } else {
      console.log(`${j.label} : intègre (${fmt(j.rows)} ligne(s)).`);
    }
  }
  console.log(`Vérification terminée en ${Date.now() - started} ms.`);
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  await db.destroy();
}
process.exit(exitCode);
