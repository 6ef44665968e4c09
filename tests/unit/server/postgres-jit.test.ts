import { describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { createDb } from '../../../server/db/connection.js';
import { schemaObjects } from '../../../server/db/inspect.js';
import { down, up } from '../../../database/migrations/202611260020_postgres_jit_off.js';
import { freshDatabase } from '../../support/databases.js';

/** `jit` as a session newly opened on this database sees it: the app's (createDb) or any other client's (plain knex). */
async function newSessionJit(config: Parameters<typeof createDb>[0], client: 'app' | 'other' = 'app'): Promise<string> {
  const other =
    client === 'app'
      ? createDb(config)
      : knexFactory({
          client: 'pg',
          connection: (config as { connectionString: string }).connectionString,
          pool: { min: 0, max: 1 },
        });
  try {
    return (await other.raw('SHOW jit')).rows[0].jit;
  } finally {
    await other.destroy();
  }
}

const databaseJitSettings = async (db: Knex) =>
  (
    await db.raw(
      `SELECT unnest(s.setconfig) AS setting FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = current_database() AND s.setrole = 0`,
    )
  ).rows.map((r: { setting: string }) => r.setting);

// Migration 202611260020: PostgreSQL compiles no query with JIT in the app's database (a report
// was compiled for seconds on each call for a query of 0.1 s). PostgreSQL only (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL sessions run without JIT', () => {
  it('a new session of the migrated database and the migrating one say jit = off', async () => {
    const t = await freshDatabase('pg');
    try {
      expect((await t.db.raw('SHOW jit')).rows[0].jit).toBe('off');
      expect(await newSessionJit(t.config)).toBe('off');
    } finally {
      await t.drop();
    }
  });

  it('rolled back, the database keeps no setting of its own: other clients follow the server again; up again, off again', async () => {
    const t = await freshDatabase('pg');
    try {
      expect(await databaseJitSettings(t.db)).toEqual(['jit=off']);
      await down(t.db);
      expect(await databaseJitSettings(t.db)).toEqual([]);
      const server = (await t.db.raw(`SELECT boot_val FROM pg_settings WHERE name = 'jit'`)).rows[0].boot_val;
      expect(server).toBe('on');
      expect(await newSessionJit(t.config, 'other')).toBe(server);
      await up(t.db);
      expect(await newSessionJit(t.config, 'other')).toBe('off');
    } finally {
      await t.drop();
    }
  });

  it('the app’s sessions run without JIT even where the database says jit = on (a copy or a restore loses the database’s setting)', async () => {
    const t = await freshDatabase('pg');
    try {
      await t.db.raw(
        `ALTER DATABASE ${(await t.db.raw('SELECT current_database() AS name')).rows[0].name} SET jit = on`,
      );
      expect(await newSessionJit(t.config, 'other')).toBe('on');
      expect(await newSessionJit(t.config)).toBe('off');
    } finally {
      await t.drop();
    }
  });
});

describe('the JIT migration on SQLite', () => {
  it('up and down change nothing', async () => {
    const t = await freshDatabase('sqlite');
    try {
      const before = await schemaObjects(t.db);
      await down(t.db);
      await up(t.db);
      expect(await schemaObjects(t.db)).toEqual(before);
    } finally {
      await t.drop();
    }
  });
});
