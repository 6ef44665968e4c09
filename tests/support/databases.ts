import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
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

/** A fresh, migrated database: a temp SQLite file, or a new PostgreSQL database. */
export async function freshDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-test-'));
    const config: DatabaseConfig = { client: 'sqlite', filename: path.join(dir, 'test.sqlite') };
    const db = createDb(config);
    await migrateLatest(db);
    return {
      db,
      config,
      async drop() {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sdstock_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { client: 'pg', connectionString: url.toString() };
  const db = createDb(config);
  await migrateLatest(db);
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
