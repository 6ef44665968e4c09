import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { inject } from 'vitest';
import type { DatabaseConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { migrateLatest } from '../../server/db/migrate.js';

export type DbKind = 'sqlite' | 'pg';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'pg'] : ['sqlite'];
}

export interface TestDatabase {
  db: Knex;
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * The migrated databases every test database is copied from, built once per run by the suites'
 * globalSetup (tests/support/database-templates.ts) from the migrations of the working tree: the
 * SQLite file, and on PostgreSQL the name of a database of the test cluster.
 */
export interface DatabaseTemplates {
  sqlite: string;
  pg?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const adminConnection = () =>
  knexFactory({ client: 'pg', connection: process.env.TEST_DATABASE_URL!, pool: { min: 0, max: 1 } });
const databaseUrl = (name: string) => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Migrates a new SQLite file and a new PostgreSQL database (when TEST_DATABASE_URL is set); `drop` removes them. */
export async function buildTemplates(
  kinds: readonly DbKind[],
): Promise<{ templates: DatabaseTemplates; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-template-'));
  const sqlite = path.join(dir, 'template.sqlite');
  const pg = kinds.includes('pg') ? `sdstock_template_${randomBytes(6).toString('hex')}` : undefined;
  const admin = pg ? adminConnection() : null;
  const drop = async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (admin) {
      await admin.raw(`DROP DATABASE IF EXISTS ${pg} WITH (FORCE)`);
      await admin.destroy();
    }
  };
  try {
    const built = [migrated({ client: 'sqlite', filename: sqlite })];
    if (admin) {
      await admin.raw(`CREATE DATABASE ${pg}`);
      built.push(migrated({ client: 'pg', connectionString: databaseUrl(pg!) }));
    }
    await Promise.all(built);
    // Closed: a SQLite file with nothing left in its WAL, a database nobody is connected to
    // (CREATE DATABASE … TEMPLATE refuses one that has a session) and nobody can connect to.
    if (fs.existsSync(`${sqlite}-wal`)) throw new Error(`template SQLite: WAL left beside ${sqlite}`);
    if (admin) await admin.raw(`ALTER DATABASE ${pg} WITH ALLOW_CONNECTIONS false`);
  } catch (err) {
    await drop();
    throw err;
  }
  return { templates: { sqlite, pg }, drop };
}

async function migrated(config: DatabaseConfig) {
  const db = createDb(config, { backgroundCheckpoints: false });
  try {
    await migrateLatest(db);
    if (config.client === 'sqlite') await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await db.destroy();
  }
}

/** The run's templates; undefined outside the test runner (a script using the browser suite's server). */
function runTemplates(): DatabaseTemplates | undefined {
  return process.env.VITEST ? inject('databaseTemplates') : undefined;
}

function templates(): DatabaseTemplates {
  const provided = runTemplates();
  if (!provided)
    throw new Error(
      'no template database: the vitest config must list tests/support/database-templates.ts in globalSetup',
    );
  return provided;
}

/**
 * A migrated SQLite database at `filename` (a new file): a copy of the run's template — or, outside
 * the test runner (tests/e2e/screenshots.ts, npm run docs:screenshots), a file migrated here.
 */
export async function migratedSqliteFile(filename: string): Promise<void> {
  const run = runTemplates();
  if (run) fs.copyFileSync(run.sqlite, filename, fs.constants.COPYFILE_EXCL);
  else await migrated({ client: 'sqlite', filename });
}

/**
 * A fresh, migrated database: a copy of the run's template (a temp SQLite file, or a new PostgreSQL
 * database created from it), the same as migrating an empty one — without running the migrations
 * again for every test file.
 */
export async function freshDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-test-'));
    const config: DatabaseConfig = { client: 'sqlite', filename: path.join(dir, 'test.sqlite') };
    fs.copyFileSync(templates().sqlite, config.filename);
    const db = createDb(config);
    return {
      db,
      config,
      async drop() {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const { pg } = templates();
  if (!pg) throw new Error('no PostgreSQL template database: TEST_DATABASE_URL was not set when the run started');
  const name = `sdstock_test_${randomBytes(6).toString('hex')}`;
  const admin = adminConnection();
  await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${pg}`);
  // A database's own settings (ALTER DATABASE … SET, migration 202611260020's jit = off) are kept
  // by the cluster, not in the database: a copy does not get them, so they are set again.
  const settings = await admin.raw(
    `SELECT unnest(s.setconfig) AS setting FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = ? AND s.setrole = 0`,
    [pg],
  );
  for (const { setting } of settings.rows as Array<{ setting: string }>) {
    const [key, ...value] = setting.split('=');
    await admin.raw(`ALTER DATABASE ${name} SET ${key} = '${value.join('=').replace(/'/g, "''")}'`);
  }
  const config: DatabaseConfig = { client: 'pg', connectionString: databaseUrl(name) };
  const db = createDb(config);
  return {
    db,
    config,
    async drop() {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
