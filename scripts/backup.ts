/**
 * npm run backup — writes a backup of the configured database (DATABASE_URL, as the server) into
 * storage/backups, verifies it on the copy and adds it to the list of Paramètres › Sauvegarde.
 * `npm run backup -- --scheduled` writes the daily backup only when it is due (enabled, hour
 * reached, none yet today) and applies the retention count: for a cron job, when the server's
 * own timer is not wanted. Exit code 0 when the backup is verified (or not due), 1 when its
 * verification failed, 2 when it could not be written.
 */
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateOnce } from '../server/db/migrate.js';
import { createBackup, runScheduledBackup } from '../server/services/backups/backups.js';

const scheduled = process.argv.includes('--scheduled');
const config = loadConfig();
const db = createDb(config.database);
const target = { database: config.database, storageDir: config.storageDir };
let exitCode = 0;
try {
  await migrateOnce(db);
  const record = scheduled ? await runScheduledBackup(db, target) : await createBackup(db, target, null);
  if (!record) {
    console.log('Sauvegarde quotidienne : rien à faire (désactivée, heure non atteinte ou déjà faite aujourd’hui).');
  } else {
    console.log(
      `${record.name} (${(record.size / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo) : ${record.message}`,
    );
    if (record.status !== 'verified') exitCode = 1;
  }
} catch (err) {
  console.error((err as Error).message ?? err);
  exitCode = 2;
} finally {
  await db.destroy();
}
process.exit(exitCode);
