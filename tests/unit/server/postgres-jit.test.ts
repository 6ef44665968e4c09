import { describe, expect, it } from 'vitest';
import { createDb } from '../../../server/db/connection.js';
import { freshDatabase } from '../../support/databases.js';

// Migration 202611260020: PostgreSQL compiles no query with JIT in the app's database (a report
// was compiled for seconds on each call for a query of 0.1 s). PostgreSQL only (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL sessions run without JIT', () => {
  it('a new session of the migrated database and the migrating one say jit = off', async () => {
    const t = await freshDatabase('pg');
    try {
      expect((await t.db.raw('SHOW jit')).rows[0].jit).toBe('off');
      const other = createDb(t.config);
      try {
        expect((await other.raw('SHOW jit')).rows[0].jit).toBe('off');
      } finally {
        await other.destroy();
      }
    } finally {
      await t.drop();
    }
  });
});
