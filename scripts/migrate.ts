import { seedBase } from '../server/services/setup/first-start.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateLatest } from '../server/db/migrate.js';

/** npm run migrate: applies pending migrations and refreshes the permission catalogue. */
const config = loadConfig();
const db = createDb(config.database);
try {
  const applied = await migrateLatest(db);
  console.log(applied.length ? `Migrations appliquées : ${applied.join(', ')}` : 'Base de données à jour.');
  const admin = await seedBase(db, config.admin);
  if (admin?.generated) console.log(`Premier administrateur : ${admin.email} / ${admin.password} (affiché une seule fois)`);
} finally {
  await db.destroy();
}
