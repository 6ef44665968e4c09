import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config.js';
import { withoutCheckpoints } from './checkpoints.js';
import { createDb } from './connection.js';
import { formatCount } from '../../shared/quantity.js';

/**
 * The database-specific half of backups (DESIGN.md §5 Sauvegarde, §8): writing a consistent copy
 * while the application runs, opening a copy to check it, replacing the live database by a copy.
 * SQLite: `VACUUM INTO` (one consistent snapshot, compacted) and a file swap under the pool's one
 * connection; PostgreSQL: `pg_dump` in custom format, checked by restoring it into a temporary
 * database, restored by `pg_restore | psql` in one transaction (schema `public` dropped and rebuilt).
 * The services (server/services/backups/) own the catalogue, the checks and the audit.
 */

const require = createRequire(import.meta.url);

export type BackupFormat = 'sqlite' | 'pg';

/** A file that is not a usable backup, or a tool that failed: the message is French, for the user. */
export class BackupFileError extends Error {}

export function backupFormatOf(config: DatabaseConfig): BackupFormat {
  return config.client === 'pg' ? 'pg' : 'sqlite';
}

export function backupExtension(format: BackupFormat): string {
  return format === 'pg' ? '.dump' : '.sqlite';
}

/** The backup format of a file from its first bytes ("SQLite format 3", "PGDMP"), or null. */
export function sniffBackupFormat(file: string): BackupFormat | null {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const n = fs.readSync(fd, head, 0, 16, 0);
    if (n >= 16 && head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
    if (n >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg';
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL client tools

/**
 * A PostgreSQL client tool (pg_dump, pg_restore, psql): on the PATH, else the newest
 * /usr/lib/postgresql/<version>/bin (Debian installs them there). PG_BIN_DIR overrides both.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string | null {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  for (const d of (process.env.PATH ?? '').split(path.delimiter)) if (d) dirs.push(d);
  const root = '/usr/lib/postgresql';
  try {
    const versions = fs
      .readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) dirs.push(path.join(root, v, 'bin'));
  } catch {
    // no Debian PostgreSQL tree
  }
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** The client tools a PostgreSQL database needs for backups and restores that this machine lacks. */
export function missingBackupTools(config: DatabaseConfig): string[] {
  if (config.client !== 'pg') return [];
  return (['pg_dump', 'pg_restore', 'psql'] as const).filter((t) => findPgTool(t) === null);
}

/** The name of the database engine in service, for the screen. */
export function engineName(config: DatabaseConfig): string {
  return config.client === 'pg' ? 'PostgreSQL' : 'SQLite';
}

function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const tool = findPgTool(name);
  if (!tool)
    throw new BackupFileError(
      `L’outil ${name} de PostgreSQL est introuvable sur le serveur : installez le paquet postgresql-client.`,
    );
  return tool;
}

/** The libpq environment for a connection string: the password stays out of the process list. */
function pgEnv(connectionString: string, database?: string): NodeJS.ProcessEnv {
  const url = new URL(connectionString);
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[|\]$/g, ''));
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  env.PGDATABASE = database ?? decodeURIComponent(url.pathname.replace(/^\//, ''));
  const ssl = url.searchParams.get('sslmode');
  if (ssl) env.PGSSLMODE = ssl;
  const host = url.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

interface Run {
  code: number | null;
  stderr: string;
}

/** Runs a tool; its standard error is kept (bounded) for the message when it fails. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function firstError(stderr: string): string {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /error|erreur|fatal/i.test(l));
  return (line ?? stderr.trim().split('\n')[0] ?? '').slice(0, 300);
}

// ---------------------------------------------------------------------------------------------
// Writing a backup

/**
 * Writes a consistent copy of the live database to `dest` while the application keeps running.
 * SQLite: VACUUM INTO on the pool's connection (a read transaction: one snapshot), then the copy is
 * switched to a stand-alone rollback journal so that it is one self-contained file.
 * PostgreSQL: pg_dump --format=custom (a repeatable-read snapshot).
 */
export async function writeBackup(db: Knex, config: DatabaseConfig, dest: string): Promise<void> {
  fs.rmSync(dest, { force: true });
  if (config.client === 'sqlite') {
    await db.raw('VACUUM INTO ?', [dest]);
    const Database = require('better-sqlite3');
    const copy = new Database(dest);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    return;
  }
  const result = await run(
    pgTool('pg_dump'),
    ['--format=custom', '--no-owner', '--no-privileges', '--file', dest],
    pgEnv(config.connectionString),
  );
  if (result.code !== 0) {
    fs.rmSync(dest, { force: true });
    throw new BackupFileError(`pg_dump a échoué : ${firstError(result.stderr)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Opening a copy to check it

/**
 * Opens the backup `file` as a database of its own and hands it to `check` (the ledger checks),
 * after the structural check: SQLite `PRAGMA integrity_check` then a read-only connection;
 * PostgreSQL: the dump is restored into a temporary database (dropped afterwards). A file that is
 * not a backup of this database's kind, or that fails the structural check, throws BackupFileError.
 */
export async function withBackupCopy<T>(
  db: Knex,
  config: DatabaseConfig,
  file: string,
  check: (copy: Knex) => Promise<T>,
): Promise<T> {
  const format = sniffBackupFormat(file);
  const expected = backupFormatOf(config);
  if (format === null)
    throw new BackupFileError(
      'Ce fichier n’est pas une sauvegarde SDSTOCK : ni une base SQLite, ni un export pg_dump.',
    );
  if (format !== expected) {
    throw new BackupFileError(
      format === 'sqlite'
        ? 'Cette sauvegarde vient d’une base SQLite : elle ne peut pas être restaurée sur la base PostgreSQL en service.'
        : 'Cette sauvegarde vient d’une base PostgreSQL : elle ne peut pas être restaurée sur la base SQLite en service.',
    );
  }
  if (config.client === 'sqlite') return withSqliteCopy(file, check);
  return withPgCopy(db, config.connectionString, file, check);
}

async function withSqliteCopy<T>(file: string, check: (copy: Knex) => Promise<T>): Promise<T> {
  const Database = require('better-sqlite3');
  let raw;
  try {
    raw = new Database(file, { fileMustExist: true });
    // An uploaded copy may be in WAL mode: make it one self-contained file before reading it.
    raw.pragma('journal_mode = DELETE');
    const rows = raw.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length)
      throw new BackupFileError(
        `Le fichier est endommagé (contrôle d’intégrité SQLite : ${problems.slice(0, 3).join(' ; ').slice(0, 300)}).`,
      );
    const fk = raw.pragma('foreign_key_check') as unknown[];
    if (fk.length)
      throw new BackupFileError(
        `Le fichier est incohérent : ${formatCount(fk.length, 'référence')} vers des lignes absentes.`,
      );
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw new BackupFileError(
      `Le fichier est endommagé ou n’est pas une base SQLite lisible (${(err as Error).message.slice(0, 200)}).`,
    );
  } finally {
    raw?.close();
  }
  const copy = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file, options: { readonly: true } },
    useNullAsDefault: true,
    pool: { min: 1, max: 1 },
  });
  try {
    return await check(copy);
  } finally {
    await copy.destroy();
  }
}

async function withPgCopy<T>(
  db: Knex,
  connectionString: string,
  file: string,
  check: (copy: Knex) => Promise<T>,
): Promise<T> {
  const restore = pgTool('pg_restore');
  const listed = await run(restore, ['--list', file], pgEnv(connectionString));
  if (listed.code !== 0)
    throw new BackupFileError(
      `Le fichier est endommagé ou n’est pas un export pg_dump lisible (${firstError(listed.stderr)}).`,
    );
  const name = `sdstock_verify_${randomBytes(6).toString('hex')}`;
  try {
    await db.raw(`CREATE DATABASE ${name}`);
  } catch (err) {
    throw new BackupFileError(
      `La base temporaire de vérification n’a pas pu être créée (droit CREATEDB nécessaire) : ${(err as Error).message.slice(0, 200)}`,
    );
  }
  try {
    const restored = await run(
      restore,
      ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', name, file],
      pgEnv(connectionString, name),
    );
    if (restored.code !== 0)
      throw new BackupFileError(
        `Le fichier est endommagé : sa restauration d’essai a échoué (${firstError(restored.stderr)}).`,
      );
    const copy = createDb({ client: 'pg', connectionString: withDatabase(connectionString, name) });
    try {
      return await check(copy);
    } finally {
      await copy.destroy();
    }
  } finally {
    await db.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

// ---------------------------------------------------------------------------------------------
// Replacing the live database

/**
 * Replaces the live database by the (already verified) backup `file`; the same `db` object keeps
 * serving the application afterwards.
 * SQLite: the pool's one connection is taken (every other query waits in the pool's queue), closed,
 * the file (and its -wal/-shm) replaced by a copy of the backup with an atomic rename, and the
 * connection handed back: the pool finds it closed (`validate` in connection.ts) and opens a new
 * one on the restored file, with the usual pragmas.
 * PostgreSQL: in ONE transaction (psql --single-transaction), schema public is dropped and rebuilt
 * from the dump; a failure anywhere rolls everything back and the live data stay as they were.
 */
export async function replaceDatabase(db: Knex, config: DatabaseConfig, file: string): Promise<void> {
  if (config.client === 'sqlite') {
    const live = config.filename;
    const staged = `${live}.restore-${randomBytes(4).toString('hex')}`;
    fs.copyFileSync(file, staged);
    const client = db.client as {
      acquireConnection(): Promise<{ close(): void; open: boolean }>;
      releaseConnection(c: unknown): Promise<void>;
    };
    // The background checkpointer's connection is closed first: the swap happens with no connection open.
    await withoutCheckpoints(db, async () => {
      const conn = await client.acquireConnection();
      try {
        conn.close();
        fs.rmSync(`${live}-wal`, { force: true });
        fs.rmSync(`${live}-shm`, { force: true });
        fs.renameSync(staged, live);
      } finally {
        fs.rmSync(staged, { force: true });
        await client.releaseConnection(conn);
      }
    });
    return;
  }
  const restore = pgTool('pg_restore');
  const psql = pgTool('psql');
  const env = pgEnv(config.connectionString);
  // The dump is turned into SQL first and only then played: a pg_restore failing half-way must not
  // leave psql committing half a database.
  const script = `${file}.restore-${randomBytes(4).toString('hex')}.sql`;
  try {
    const sql = await run(restore, ['--no-owner', '--no-privileges', '--file', script, file], env);
    if (sql.code !== 0)
      throw new BackupFileError(
        `Le fichier est endommagé (${firstError(sql.stderr)}) : la base en service n’a pas été modifiée.`,
      );
    const result = await run(
      psql,
      [
        '--no-psqlrc',
        '--quiet',
        '--set',
        'ON_ERROR_STOP=1',
        '--single-transaction',
        '--command',
        'SET client_min_messages = warning; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
        '--file',
        script,
      ],
      env,
    );
    if (result.code !== 0)
      throw new BackupFileError(
        `La restauration a échoué, la base en service n’a pas été modifiée : ${firstError(result.stderr)}`,
      );
  } finally {
    fs.rmSync(script, { force: true });
  }
}
