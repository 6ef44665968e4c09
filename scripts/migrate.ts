import { seedBase } from '../server/services/setup/first-start.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateOnce } from '../server/db/migrate.js';

/**
 * npm run migrate: applies pending migrations and refreshes the permission catalogue, under the
 * migrations lock (server/db/locks.ts): safe beside running servers and other starting processes.
 */
const config = loadConfig();
const db = createDb(config.database);
try {
  const { applied, after: admin } = await migrateOnce(db, { afterMigrations: () => seedBase(db, config.admin) });
  console.log(applied.length ? `Migrations appliquées : ${applied.join(', ')}` : 'Base de données à jour.');
  if (admin?.generated)
    console.log(`Premier administrateur : ${admin.email} / ${admin.password} (affiché une seule fois)`);
} finally {
  await db.destroy();
}
