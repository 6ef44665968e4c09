/**
 * npm run restore -- <fichier | nom de sauvegarde> — restores a backup over the configured
 * database (DATABASE_URL): the name of a backup of the list (storage/backups), or the path of a
 * file (a downloaded backup, added to the list first). As on the screen: the file is verified
 * first (a refusal changes nothing), the current database is backed up, then replaced; every
 * session is ended. With SQLite, stop the server first (it holds the database file open); the
 * screen Paramètres › Sauvegarde restores while the server runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateOnce } from '../server/db/migrate.js';
import { Refusal } from '../server/domain/errors.js';
import { backupWorkDir, importBackup, restoreBackup } from '../server/services/backups/backups.js';
import { isBackupName, readRecord } from '../server/services/backups/catalogue.js';
import { formatCount } from '../shared/quantity.js';

const arg = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!arg) {
  console.error('Usage : npm run restore -- <fichier de sauvegarde | nom dans storage/backups>');
  process.exit(2);
}
const config = loadConfig();
const db = createDb(config.database);
const target = { database: config.database, storageDir: config.storageDir };
let exitCode = 0;
try {
  await migrateOnce(db);
  let name = isBackupName(arg) && readRecord(target, arg) ? arg : null;
  if (!name) {
    const source = path.resolve(arg);
    if (!fs.existsSync(source)) throw new Error(`Fichier introuvable : ${source}`);
    const work = path.join(backupWorkDir(target), `cli-${process.pid}.part`);
    fs.copyFileSync(source, work);
    name = (await importBackup(db, target, work, path.basename(source), null)).name;
  }
  const result = await restoreBackup(db, target, name, null);
  console.log(
    `Base restaurée depuis ${result.restored.name}. Base précédente sauvegardée : ${result.safety.name}. ${formatCount(result.sessionsEnded, 'session fermée')}.`,
  );
} catch (err) {
  if (err instanceof Refusal) console.error(`Refusé : ${Object.values(err.errors).join(' ')}`);
  else console.error((err as Error).message ?? err);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
