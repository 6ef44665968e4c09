import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { projectRoot } from '../config.js';
import { acquireLock } from './locks.js';

const migrationsDir = path.join(projectRoot, 'database', 'migrations');

interface MigrationModule {
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/**
 * Migration file names. The first ones were numbered NNNN_name.ts; databases in the field have those
 * names recorded in knex_migrations, so they keep them (two branches both took 0003). Every new
 * migration is named YYYYMMDDHHMM_name.ts (UTC time of writing, then lower-case snake_case): two
 * branches cannot pick the same prefix without noticing, and a prefix appears once.
 * Names sort in order of application: the numbered ones ("0…") before the timestamped ones ("2…").
 */
export const NUMBERED_MIGRATIONS: readonly string[] = [
  '0001_platform.ts',
  '0002_master_data.ts',
  '0003_master_data_search.ts',
  '0003_stock.ts',
  '0004_search_name.ts',
];
const TIMESTAMPED = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})_[a-z0-9]+(?:_[a-z0-9]+)*\.ts$/;

/** What is wrong with these migration file names (empty when every name follows the rule). */
export function migrationNameProblems(files: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    if (NUMBERED_MIGRATIONS.includes(file)) continue;
    const m = TIMESTAMPED.exec(file);
    const [year, month, day, hour, minute] = (m?.slice(1) ?? []).map(Number);
    if (!m || year < 2026 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) {
      problems.push(
        `${file} : le nom d’une migration doit être AAAAMMJJHHMM_nom.ts (horodatage UTC, nom en minuscules_snake_case).`,
      );
      continue;
    }
    const prefix = file.slice(0, 12);
    const other = seen.get(prefix);
    if (other) problems.push(`${file} : même préfixe que ${other}.`);
    else seen.set(prefix, file);
  }
  return problems;
}

/** The migration files of database/migrations (TypeScript sources, not their .d.ts or notes). */
export function migrationFiles(dir = migrationsDir): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
}

/** Loads the TypeScript migrations of database/migrations in name order (no knexfile needed). */
class TypeScriptMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    const files = migrationFiles();
    const problems = migrationNameProblems(files);
    if (problems.length) throw new Error(`Migrations mal nommées :\n${problems.join('\n')}`);
    return files;
  }
  getMigrationName(migration: string): string {
    return migration.replace(/\.ts$/, '');
  }
  async getMigration(migration: string): Promise<MigrationModule> {
    return import(pathToFileURL(path.join(migrationsDir, migration)).href);
  }
}

/** The names knex records in knex_migrations for our migrations (file names without .ts). */
export function migrationNames(): string[] {
  return migrationFiles().map((f) => f.replace(/\.ts$/, ''));
}

/** Migrations recorded in a database that this version does not have (a backup from a newer version). */
export async function unknownMigrations(db: Knex): Promise<string[]> {
  if (!(await db.schema.hasTable('knex_migrations'))) return [];
  const known = new Set(migrationNames());
  const recorded = (await db('knex_migrations').pluck('name')) as string[];
  return recorded.filter((n) => !known.has(n));
}

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = await db.migrate.latest({ migrationSource: new TypeScriptMigrationSource() });
  return applied as string[];
}

/** Migrations of this version not yet applied to the database (all of them on an empty database): /readyz. */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const recorded = (await db.schema.hasTable('knex_migrations'))
    ? new Set((await db('knex_migrations').pluck('name')) as string[])
    : new Set<string>();
  return migrationNames().filter((n) => !recorded.has(n));
}

export const MIGRATION_LOCK = 'migrations';

/**
 * The migrations of a starting process, run once however many processes start together (workers of
 * WEB_CONCURRENCY, several machines on one PostgreSQL, `npm run migrate` beside a running server):
 * the first process takes the `migrations` lock (server/db/locks.ts) and migrates, then runs
 * `afterMigrations` (the first-start data) under the same lock; the others wait for it (up to
 * `waitMs`) and then find nothing left to do. knex's own lock row (knex_migrations_lock) is reset
 * under our lock: nobody else can be migrating, so a 1 there was left by a process killed half-way,
 * which would otherwise refuse every later start (« Migration table is already locked »).
 */
export async function migrateOnce<T = void>(
  db: Knex,
  options: { waitMs?: number; afterMigrations?: () => Promise<T> } = {},
): Promise<{ applied: string[]; after: T | undefined }> {
  const waitMs = options.waitMs ?? 15 * 60_000;
  const lock = await acquireLock(db, MIGRATION_LOCK, { waitMs, pollMs: 200 });
  if (!lock)
    throw new Error(
      `Un autre processus applique les migrations depuis plus de ${Math.round(waitMs / 1000)} s : démarrage abandonné (relancez quand il a fini).`,
    );
  try {
    if (await db.schema.hasTable('knex_migrations_lock')) await db('knex_migrations_lock').update({ is_locked: 0 });
    const applied = await migrateLatest(db);
    const after = options.afterMigrations ? await options.afterMigrations() : undefined;
    return { applied, after };
  } finally {
    await lock.release();
  }
}

export async function migrateRollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource: new TypeScriptMigrationSource() }, true);
}
