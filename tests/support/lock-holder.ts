/** Child process for the lock tests: takes the named lock on DATABASE_URL, says so, and holds it until killed. */
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { acquireLock } from '../../server/db/locks.js';

const db = createDb(loadConfig().database);
const lock = await acquireLock(db, process.argv[2], { waitMs: 10_000 });
process.stdout.write(lock ? 'verrou pris\n' : 'verrou occupé\n');
setInterval(() => undefined, 60_000);
