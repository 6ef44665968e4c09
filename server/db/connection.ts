import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { attachCheckpointer, Checkpointer, checkpointerOf, WAL_CEILING_PAGES } from './checkpoints.js';

const require = createRequire(import.meta.url);

/*
 * knex opens SQLite transactions with a plain (deferred) BEGIN: two writers that both read first
 * can then dead-lock on the upgrade to a write lock. Every transaction of ours writes, so we take
 * the write lock up front with BEGIN IMMEDIATE; PostgreSQL uses row locks instead.
 */
type AnyClass = new (...args: any[]) => any; // knex's dialect classes are untyped CommonJS
const BetterSqliteClient: AnyClass = require('knex/lib/dialects/better-sqlite3');
const SqliteTransaction: AnyClass = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction');

class ImmediateTransaction extends SqliteTransaction {
  begin(conn: unknown) {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

/** A better-sqlite3 prepared statement, as far as the cache below needs it. */
interface SqliteStatement {
  readonly busy: boolean;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

/** Prepared statements kept per connection (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/*
 * knex prepares every query again on better-sqlite3. Preparing compiles the statement and, for an
 * INSERT into a table with triggers (sale lines, stock movements), the triggers' programs too:
 * about a millisecond of a sale's validation. The same SQL text gets the same compiled
 * statement back; SQLite recompiles it by itself when the schema changes. A statement still
 * being iterated (busy) is never handed out twice: a fresh one is prepared for that call.
 */
export function cachePreparedStatements(conn: SqliteConnection, size = STATEMENT_CACHE_SIZE): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, SqliteStatement>();
  conn.prepare = (sql: string) => {
    const cached = cache.get(sql);
    if (cached && !cached.busy) {
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const statement = prepare(sql);
    if (!cached) {
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  };
}

class ImmediateSqliteClient extends BetterSqliteClient {
  transaction(container: unknown, config: unknown, outerTx: unknown) {
    return new ImmediateTransaction(this, container, config, outerTx);
  }
}

// PostgreSQL returns bigint, numeric and dates as strings or Date objects; we want the same
// JavaScript values as SQLite gives: numbers for amounts, ISO strings for dates.
let pgParsersInstalled = false;
function installPgTypeParsers() {
  if (pgParsersInstalled) return;
  pgParsersInstalled = true;
  const { types } = pg;
  types.setTypeParser(20, (v: string) => Number(v)); // int8
  types.setTypeParser(1700, (v: string) => Number(v)); // numeric (SUM of bigint)
  types.setTypeParser(1082, (v: string) => v); // date → 'YYYY-MM-DD'
  types.setTypeParser(1114, (v: string) => new Date(`${v.replace(' ', 'T')}Z`).toISOString()); // timestamp
  types.setTypeParser(1184, (v: string) => new Date(v).toISOString()); // timestamptz
}

export interface CreateDbOptions {
  /** SQLite file: WAL checkpoints by a worker thread instead of inside a commit (checkpoints.ts). True unless a tool compares both. */
  backgroundCheckpoints?: boolean;
}

export function createDb(config: DatabaseConfig, options: CreateDbOptions = {}): Knex {
  if (config.client === 'pg') {
    installPgTypeParsers();
    return knexFactory({
      client: 'pg',
      // No JIT compilation in our sessions, whatever the database says: a copy of the database
      // (CREATE DATABASE … TEMPLATE, a dump restored on a new server) loses migration
      // 202611260020's ALTER DATABASE … SET jit = off, and a year-long report was then compiled
      // for ~55 ms on each call. A startup option, so no statement more per connection.
      connection: { connectionString: config.connectionString, options: '-c jit=off' },
      pool: { min: 0, max: 10 },
    });
  }
  if (config.filename !== ':memory:') fs.mkdirSync(path.dirname(config.filename), { recursive: true });
  const checkpointer =
    config.filename !== ':memory:' && options.backgroundCheckpoints !== false
      ? new Checkpointer(config.filename)
      : null;
  const db = knexFactory({
    client: ImmediateSqliteClient as unknown as typeof Knex.Client,
    connection: { filename: config.filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      // A connection closed on purpose (a restore swaps the file under it: db/backup.ts) is
      // replaced by a new one at the next query.
      validate: (conn: { open: boolean }) => conn.open,
      afterCreate(
        conn: SqliteConnection & { pragma(s: string): unknown },
        done: (err: Error | null, conn: unknown) => void,
      ) {
        try {
          cachePreparedStatements(conn);
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = FULL');
          // The worker checkpoints; SQLite's own checkpoint inside a commit is only the ceiling.
          if (checkpointer) conn.pragma(`wal_autocheckpoint = ${WAL_CEILING_PAGES}`);
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          // Planner statistics: without them SQLite prefers any equality (active = 1) over the
          // right index and sorts whole tables. Analyse the tables that have none or that grew a
          // lot (exact statistics: a sampled analysis_limit misjudges the active flag's spread).
          conn.pragma('optimize = 0x10002');
          checkpointer?.start();
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
  });
  if (checkpointer) attachCheckpointer(db, checkpointer);
  return db;
}

/**
 * Refreshes SQLite's planner statistics (PRAGMA optimize: analyses tables without statistics or
 * whose size changed a lot, bounded by analysis_limit). Runs when a connection opens; call it too
 * after loading much data at once (imports, demo data). A no-op on PostgreSQL (autovacuum).
 */
export async function optimizeSqlite(db: Knex): Promise<void> {
  if (!isSqlite(db)) return;
  await db.raw('PRAGMA optimize = 0x10002');
}

/**
 * A bulk load in one long transaction (the demo data set's year of history) into `tables`: on
 * SQLite their secondary indexes are dropped for the load and built again after it (one sorted
 * build instead of a million B-tree insertions each), and the pages being written stay in a 1 GiB
 * page cache instead of spilling to the WAL; then the usual cache returns. For the load only, the
 * connection also writes each page once, straight into the file (rollback journal instead of the
 * WAL, whose pages a checkpoint copies again: journal_mode = DELETE), does not wait for the disk
 * (synchronous = OFF: a crash of the process still rolls the open transaction back; the load is
 * replayed from scratch after a power cut), and sorts in memory on two threads (temp_store, threads:
 * the GROUP BYs of the summaries' rebuild and the index builds). Every setting comes back as it
 * was, and the indexes too, even when the load fails; the background checkpointer (checkpoints.ts)
 * is suspended meanwhile. PostgreSQL: as is.
 */
export async function withBulkLoad<T>(db: Knex, tables: readonly string[], work: () => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return work();
  const indexes = (await db('sqlite_master')
    .where('type', 'index')
    .whereIn('tbl_name', tables)
    .whereNotNull('sql')
    .select('name', 'sql')) as Array<{ name: string; sql: string }>;
  const pragma = async (name: string) =>
    Object.values(((await db.raw(`PRAGMA ${name}`)) as Array<Record<string, unknown>>)[0] ?? {})[0];
  const saved: Array<[string, unknown]> = [];
  for (const [name, fallback] of BULK_LOAD_PRAGMAS) saved.push([name, (await pragma(name)) ?? fallback]);
  // Leaving the WAL needs the only connection to the file: the background checkpointer's is closed
  // for the load (SQLite answered « database is locked » to the journal_mode change otherwise).
  const checkpointer = checkpointerOf(db);
  await checkpointer?.suspend();
  await db.raw('PRAGMA cache_size = -1048576');
  await db.raw('PRAGMA journal_mode = DELETE');
  await db.raw('PRAGMA synchronous = OFF');
  await db.raw('PRAGMA temp_store = MEMORY');
  await db.raw('PRAGMA threads = 2');
  for (const index of indexes) await db.raw('DROP INDEX ??', [index.name]);
  try {
    return await work();
  } finally {
    for (const index of indexes) await db.raw(index.sql);
    for (const [name, value] of saved)
      await db.raw(`PRAGMA ${name} = ${name === 'journal_mode' ? String(value) : Number(value)}`);
    checkpointer?.resume();
  }
}

/** The settings withBulkLoad changes for the load, and their value should SQLite not report one. */
const BULK_LOAD_PRAGMAS: Array<[string, string | number]> = [
  ['cache_size', -2000],
  ['journal_mode', 'wal'],
  ['synchronous', 2],
  ['temp_store', 0],
  ['threads', 0],
];

export function isSqlite(db: Knex): boolean {
  const client = db.client.config.client;
  return client !== 'pg';
}
