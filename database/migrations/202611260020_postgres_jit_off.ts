import type { Knex } from 'knex';

/**
 * PostgreSQL: no JIT compilation for this database's sessions (`jit = off`, the database's default).
 * Our queries are short index walks whose cost estimates still cross jit_above_cost — a report with
 * correlated sums (État des créances at a past date) or a join over every (product, location) pair
 * was compiled on each call for 1 to 6 s, for a query that runs in 0.1 s. Set for the sessions
 * opened from now on and for the one migrating; a role that does not own the database keeps the
 * server's setting (a notice says so: ask the administrator for `ALTER DATABASE … SET jit = off`).
 * SQLite: nothing to do.
 */
export async function up(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw(`DO $$ BEGIN
      EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'jit laissé au réglage du serveur : ce rôle ne possède pas la base (ALTER DATABASE … SET jit = off)';
    END $$`);
  await db.raw('SET jit = off');
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw(`DO $$ BEGIN
      EXECUTE format('ALTER DATABASE %I RESET jit', current_database());
    EXCEPTION WHEN insufficient_privilege THEN NULL;
    END $$`);
}
