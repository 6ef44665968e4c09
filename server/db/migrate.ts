import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { projectRoot } from '../config.js';

const migrationsDir = path.join(projectRoot, 'database', 'migrations');

interface MigrationModule {
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/** Loads the TypeScript migrations of database/migrations in name order (no knexfile needed). */
class TypeScriptMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    return fs
      .readdirSync(migrationsDir)
      .filter((f) => /^\d{4}_.+\.ts$/.test(f))
      .sort();
  }
  getMigrationName(migration: string): string {
    return migration.replace(/\.ts$/, '');
  }
  async getMigration(migration: string): Promise<MigrationModule> {
    return import(pathToFileURL(path.join(migrationsDir, migration)).href);
  }
}

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = await db.migrate.latest({ migrationSource: new TypeScriptMigrationSource() });
  return applied as string[];
}

export async function migrateRollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource: new TypeScriptMigrationSource() }, true);
}
