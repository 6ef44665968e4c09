import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { isSqlite } from '../../../server/db/connection.js';
import { rowCounts, schemaObjects, tableNames } from '../../../server/db/inspect.js';
import { migrateLatest } from '../../../server/db/migrate.js';
import { freshDatabase, testDatabases } from '../../support/databases.js';
import { emptyDatabase } from '../../support/processes.js';

/** What a migrated database is: its objects, the rows of each table, the migrations it records and (PostgreSQL) its own settings. */
async function portrait(db: Knex) {
  const tables = await tableNames(db);
  const settings = isSqlite(db)
    ? []
    : (
        await db.raw(
          `SELECT unnest(s.setconfig) AS setting FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = current_database() AND s.setrole = 0`,
        )
      ).rows;
  return {
    schema: await schemaObjects(db),
    tables,
    rows: await rowCounts(
      db,
      tables.filter((t) => !t.startsWith('knex_')),
    ),
    migrations: await db('knex_migrations').orderBy('name').pluck('name'),
    settings,
  };
}

// freshDatabase copies the run's template (tests/support/database-templates.ts) instead of
// migrating: the copy must be the database the migrations make.
describe.each(testDatabases())('a test database (%s)', (kind) => {
  it('is the database the migrations make on an empty one', async () => {
    const copy = await freshDatabase(kind);
    const empty = await emptyDatabase(kind);
    try {
      const migrated = empty.db();
      await migrateLatest(migrated);
      const expected = await portrait(migrated);
      expect(expected.migrations.length).toBeGreaterThan(40);
      if (kind === 'pg') expect(expected.settings).toEqual([{ setting: 'jit=off' }]);
      expect(await portrait(copy.db)).toEqual(expected);
    } finally {
      await copy.drop();
      await empty.drop();
    }
  });

  it('is a database of its own: what one test file writes, the next copy does not have', async () => {
    const first = await freshDatabase(kind);
    try {
      await first.db.schema.createTable('written_by_a_test', (t) => t.integer('id'));
      await first.db('written_by_a_test').insert({ id: 1 });
    } finally {
      await first.drop();
    }
    const second = await freshDatabase(kind);
    try {
      expect(await second.db.schema.hasTable('written_by_a_test')).toBe(false);
    } finally {
      await second.drop();
    }
  });
});
