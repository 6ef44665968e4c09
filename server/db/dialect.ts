import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isSqlite } from './connection.js';

/**
 * Every difference between SQLite and PostgreSQL that a query needs lives here, so repositories
 * and services stay dialect-free.
 */

/** Current instant as stored in our timestamp columns (ISO-8601, UTC). */
export function nowIso(): string {
  return new Date().toISOString();
}

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The row id returned by an insert, whatever the dialect returns. */
export async function insertReturningId(
  db: Knex | Knex.Transaction,
  table: string,
  row: Record<string, unknown>,
): Promise<number> {
  const [result] = await db(table).insert(row).returning('id');
  return typeof result === 'object' ? Number((result as { id: number }).id) : Number(result);
}

/** Reads a boolean column the same way on both databases (SQLite stores 0/1). */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

/**
 * Locks the rows a query reads until the transaction ends: `FOR UPDATE` on PostgreSQL. On SQLite
 * the transaction already holds the database's write lock (BEGIN IMMEDIATE, see connection.ts), and
 * SQLite has no row locks, so the query is left as it is.
 */
export function lockForUpdate(db: Knex | Knex.Transaction, qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return isSqlite(db as Knex) ? qb : qb.forUpdate();
}

/**
 * An ORDER BY expression on a column that reads a prefix index in order instead of sorting: the
 * SQLite prefix indexes are NOCASE (migration 0003), so the order must be too; PostgreSQL's are
 * plain. Codes are stored upper case, so both orders are the same.
 */
export function prefixIndexOrder(db: Knex | Knex.Transaction, column: string): string {
  const quoted = column
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');
  return isSqlite(db as Knex) ? `${quoted} COLLATE NOCASE` : quoted;
}

/**
 * "column = true" without offering an index on that column to SQLite's planner. Without statistics
 * (no ANALYZE on a fresh SQLite file) SQLite prefers that equality over a prefix range and walks
 * every matching row; the unary plus keeps the filter but rules the index out. PostgreSQL plans
 * from its own statistics and needs no hint.
 */
export function whereTrueUnindexed(
  db: Knex | Knex.Transaction,
  qb: Knex.QueryBuilder,
  column: string,
): Knex.QueryBuilder {
  if (!isSqlite(db as Knex)) return qb.where(column, true);
  return qb.whereRaw('+?? = 1', [column]);
}

/**
 * After rows were inserted with explicit ids (bulk loads), moves each table's id sequence past its
 * largest id so the next insert does not collide: PostgreSQL serial sequences; SQLite's rowid needs
 * nothing.
 */
export async function resetIdSequences(db: Knex | Knex.Transaction, tables: string[]): Promise<void> {
  if (isSqlite(db as Knex)) return;
  for (const table of tables) {
    await db.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT COALESCE(MAX(id), 1) FROM ??))`, [
      table,
      table,
    ]);
  }
}

/** SQL of a JSON array of the given expressions (one row's values). */
export function jsonArray(db: Knex | Knex.Transaction, expressions: string[]): string {
  return `${isSqlite(db as Knex) ? 'json_array' : 'json_build_array'}(${expressions.join(', ')})`;
}

/** SQL of an aggregate gathering `expression` over a group's rows into one JSON array (read back with fromJsonArray). */
export function jsonArrayAgg(db: Knex | Knex.Transaction, expression: string): string {
  return `${isSqlite(db as Knex) ? 'json_group_array' : 'json_agg'}(${expression})`;
}

/**
 * A column computed by jsonArrayAgg, as an array: PostgreSQL's driver parses json itself, and
 * aggregates nothing over no row (NULL); SQLite gives the JSON text ('[]' over no row).
 */
export function fromJsonArray<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/**
 * A lookup by key that the server sends on (nearly) every request — the session, the signed-in
 * user, the company's settings: on PostgreSQL a named prepared statement, parsed and planned once
 * per connection instead of on each call (the user and their grants: 1.5 → 0.8 ms p50, 3.6 → 1.1
 * ms p95 on the large set). Only for a query whose SQL text is fixed and whose plan cannot depend
 * on its values: the name is the text's hash, so a connection keeps one statement per such query
 * for its life. SQLite: as is (connection.ts keeps every prepared statement already).
 */
export function prepared<Q extends Knex.QueryBuilder>(db: Knex | Knex.Transaction, query: Q): Q {
  if (isSqlite(db as Knex)) return query;
  return query.options({ name: `sd_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 24)}` }) as Q;
}

/**
 * Runs one write whose loss in a power cut costs nothing that matters (a session's data: at worst
 * a flash message or an idle deadline), without waiting for the disk: SQLite commits it with
 * `synchronous = NORMAL` (WAL: safe against a crash of the process, the next durable commit flushes
 * it too), PostgreSQL with `synchronous_commit = off`. Documents, ledgers and audit never come
 * here: they keep the durable commit (synchronous = FULL). Saves one flush to disk, a few
 * milliseconds, on every request that changes its session.
 */
export async function lightWrite(db: Knex, query: Knex.QueryBuilder): Promise<void> {
  if (!isSqlite(db)) {
    // One statement, so one round trip (not BEGIN, SET LOCAL, the write, COMMIT): the write in a
    // WITH, and the setting for the statement's own transaction, read when it commits.
    const { sql, bindings } = query.toSQL();
    await db.raw(`WITH light_write AS (${sql}) SELECT set_config('synchronous_commit', 'off', true)`, bindings);
    return;
  }
  const { sql, bindings } = query.toSQL().toNative();
  // One connection, used synchronously from the pragma to its reset: nothing else runs between.
  const conn = (await db.client.acquireConnection()) as {
    pragma(s: string): unknown;
    prepare(sql: string): { run(b: readonly unknown[]): unknown };
  };
  try {
    conn.pragma('synchronous = NORMAL');
    conn.prepare(sql).run(bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b)));
  } finally {
    conn.pragma('synchronous = FULL');
    await db.client.releaseConnection(conn);
  }
}
