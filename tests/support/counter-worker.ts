/** Child process for the multi-process counter test: takes N numbers from a shared SQLite file. */
import { createDb } from '../../server/db/connection.js';
import { nextDocumentNumber } from '../../server/db/counters.js';

const [filename, count] = process.argv.slice(2);
const db = createDb({ client: 'sqlite', filename });
const taken: number[] = [];
for (let i = 0; i < Number(count); i++) {
  taken.push(
    await db.transaction(async (trx) => {
      // Read before write inside the transaction: with a deferred BEGIN two processes could both
      // hold a read lock and dead-lock on the upgrade; BEGIN IMMEDIATE serialises them instead.
      await trx('document_counters').where({ series: 'VB', year: 2026 }).first();
      return (await nextDocumentNumber(trx, 'VB', 2026)).sequence;
    }),
  );
}
process.stdout.write(JSON.stringify(taken));
await db.destroy();
