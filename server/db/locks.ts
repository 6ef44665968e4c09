import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { isSqlite } from './connection.js';

const require = createRequire(import.meta.url);

/**
 * Named locks shared by every process of the application (several workers, several machines on one
 * PostgreSQL, a cron `npm run backup` beside the server): the migrations at start-up and the one
 * backup or restore at a time. Nothing is kept in process memory, and a lock dies with the process
 * that holds it (a SIGKILL cannot leave it taken):
 * - PostgreSQL: a session-level advisory lock (`pg_try_advisory_lock`) on a connection of its own,
 *   released when that connection closes;
 * - SQLite: an exclusive transaction on a small side file beside the database
 *   (`<database>-<name>.lock`), an operating-system lock the kernel drops with the process. The
 *   database file itself is not used, so a lock may be held while the database is migrated or
 *   replaced (a restore);
 * - SQLite `:memory:` (tests only): a lock of the process.
 */
export interface HeldLock {
  release(): Promise<void>;
}

export interface LockOptions {
  /** How long to wait for a lock another process holds; 0 (the default) = try once. */
  waitMs?: number;
  /** Delay between two attempts while waiting. */
  pollMs?: number;
}

const memoryLocks = new Set<string>();

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The 64-bit key of an advisory lock: the first 8 bytes of SHA-256("sdstock:" + name), signed. */
export function advisoryKey(name: string): string {
  return createHash('sha256').update(`sdstock:${name}`).digest().readBigInt64BE(0).toString();
}

interface PgConnection {
  query(sql: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}
interface KnexPool {
  acquireConnection(): Promise<unknown>;
  releaseConnection(conn: unknown): Promise<void>;
}

async function tryPg(db: Knex, name: string): Promise<HeldLock | null> {
  const pool = db.client as unknown as KnexPool;
  const conn = (await pool.acquireConnection()) as PgConnection;
  const key = advisoryKey(name);
  let taken = false;
  try {
    const { rows } = await conn.query('SELECT pg_try_advisory_lock($1::bigint) AS taken', [key]);
    taken = rows[0]?.taken === true;
  } finally {
    if (!taken) await pool.releaseConnection(conn);
  }
  if (!taken) return null;
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        await conn.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
      } finally {
        await pool.releaseConnection(conn);
      }
    },
  };
}

interface SqliteHandle {
  exec(sql: string): void;
  close(): void;
}

function trySqlite(filename: string, name: string): HeldLock | null {
  if (filename === ':memory:') {
    if (memoryLocks.has(name)) return null;
    memoryLocks.add(name);
    return {
      async release() {
        memoryLocks.delete(name);
      },
    };
  }
  const Database = require('better-sqlite3') as new (file: string, options: { timeout: number }) => SqliteHandle;
  const handle = new Database(`${filename}-${name}.lock`, { timeout: 0 });
  try {
    handle.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    handle.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY' || (err as { code?: string }).code === 'SQLITE_LOCKED')
      return null;
    throw err;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        handle.exec('ROLLBACK');
      } finally {
        handle.close();
      }
    },
  };
}

function sqliteFilename(db: Knex): string | null {
  const connection = db.client.config.connection as { filename?: string } | undefined;
  return !isSqlite(db) ? null : (connection?.filename ?? ':memory:');
}

/** Takes the lock `name` (letters, digits, dashes), waiting up to `waitMs`; null when another process still holds it. */
export async function acquireLock(db: Knex, name: string, options: LockOptions = {}): Promise<HeldLock | null> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Nom de verrou invalide : ${name}`);
  const deadline = Date.now() + (options.waitMs ?? 0);
  const filename = sqliteFilename(db);
  for (;;) {
    const lock = filename === null ? await tryPg(db, name) : trySqlite(filename, name);
    if (lock || Date.now() >= deadline) return lock;
    await sleep(Math.min(options.pollMs ?? 250, Math.max(1, deadline - Date.now())));
  }
}

/**
 * Runs `work` holding the lock `name`; `busy()` decides what happens when another process holds it
 * beyond `waitMs` (throw a refusal, or return a value such as null).
 */
export async function withLock<T, B = never>(
  db: Knex,
  name: string,
  work: () => Promise<T>,
  busy: () => B | Promise<B>,
  options: LockOptions = {},
): Promise<T | B> {
  const lock = await acquireLock(db, name, options);
  if (!lock) return busy();
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
