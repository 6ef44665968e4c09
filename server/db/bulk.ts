import type { Knex } from 'knex';
import { isSqlite, optimizeSqlite, withBulkLoad } from './connection.js';

/**
 * Set-based writes for bulk operations (the price rule on 10 000 products, imports, demo data):
 * a few statements of many rows each, instead of one round trip per row.
 */

/** Rows per INSERT: keeps the bound parameters under SQLite's limit (32 766) and PostgreSQL's (65 535). */
export function chunkSizeFor(columns: number, maxParams = 30_000): number {
  return Math.max(1, Math.floor(maxParams / Math.max(1, columns)));
}

/** Inserts rows in chunks (same keys in every row), inside the caller's transaction. */
export async function insertInChunks(
  trx: Knex | Knex.Transaction,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const size = chunkSizeFor(columns.length);
  if (!isSqlite(trx)) {
    if (rows.length >= JSON_INSERT_FROM && jsonSafe(rows, columns)) return insertFromJson(trx, table, columns, rows);
    for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
    return;
  }
  if (rows.length >= PREPARED_INSERT_FROM && isTransaction(trx)) return insertPrepared(trx, table, columns, rows, size);
  // SQLite: knex writes a multi-row INSERT as SELECT … UNION ALL SELECT …, capped at 500 terms and
  // slow to build; a plain multi-row VALUES list has neither limit (only the bound parameters).
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const bindings: unknown[] = [table, ...columns];
    for (const row of chunk) for (const c of columns) bindings.push(sqliteValue(row[c]));
    await trx.raw(
      `INSERT INTO ?? (${columns.map(() => '??').join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      bindings as Knex.RawBinding[],
    );
  }
}

/** From this many rows in a transaction, SQLite gets them through statements prepared once (below). */
const PREPARED_INSERT_FROM = 1000;

function isTransaction(trx: Knex | Knex.Transaction): trx is Knex.Transaction {
  return (trx as Knex.Transaction).isTransaction === true;
}

/** A better-sqlite3 connection and statement, as far as insertPrepared needs them. */
interface SqliteRawConnection {
  prepare(sql: string): { run(bindings: unknown[]): unknown };
}

/**
 * SQLite, many rows: the multi-row INSERT prepared once per chunk size and run on the transaction's
 * own connection with the values bound as one flat array. knex would format each of a chunk's
 * 30 000 `?` one by one (a regular expression and a call per value: a third of the demo seed's
 * writing time) and the statement text be looked up again for every chunk. Same SQL, same rows,
 * same order; the caller's transaction holds them.
 */
async function insertPrepared(
  trx: Knex.Transaction,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
  size: number,
): Promise<void> {
  const conn = (await trx.client.acquireConnection()) as SqliteRawConnection;
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const head = `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const statement = (n: number) => conn.prepare(head + Array(n).fill(tuple).join(', '));
  const fullRows = Math.min(size, rows.length);
  const full = statement(fullRows);
  const width = columns.length;
  for (let i = 0; i < rows.length; i += size) {
    const end = Math.min(i + size, rows.length);
    const bindings = new Array((end - i) * width);
    let k = 0;
    for (let r = i; r < end; r++) {
      const row = rows[r];
      for (let c = 0; c < width; c++) bindings[k++] = sqliteValue(row[columns[c]]);
    }
    (end - i === fullRows ? full : statement(end - i)).run(bindings);
  }
}

/** From this many rows, PostgreSQL gets them as one JSON document per chunk (a bulk load, an import) rather than bound parameters. */
const JSON_INSERT_FROM = 1000;
const JSON_INSERT_ROWS = 10_000;

/**
 * PostgreSQL, many rows: INSERT … SELECT FROM json_populate_recordset(NULL::table, $1), one
 * parameter per chunk of 10 000 rows, each value typed by the table's own columns. Several times
 * faster than a VALUES list of 30 000 bound parameters (parsed, planned and bound one by one):
 * the demo seed's year of history went from ~80 µs a row to ~15.
 */
async function insertFromJson(
  trx: Knex | Knex.Transaction,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
): Promise<void> {
  const list = columns.map(() => '??').join(', ');
  for (let i = 0; i < rows.length; i += JSON_INSERT_ROWS) {
    const chunk = rows.slice(i, i + JSON_INSERT_ROWS);
    await trx.raw(`INSERT INTO ?? (${list}) SELECT ${list} FROM json_populate_recordset(NULL::??, ?::json)`, [
      table,
      ...columns,
      ...columns,
      table,
      JSON.stringify(chunk),
    ] as Knex.RawBinding[]);
  }
}

/** Rows JSON carries as knex would bind them: the same columns in each, no undefined (knex's DEFAULT), no buffer, no bigint. */
function jsonSafe(rows: Record<string, unknown>[], columns: string[]): boolean {
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return false;
    for (const c of columns) {
      const v = row[c];
      if (v === undefined || typeof v === 'bigint' || Buffer.isBuffer(v)) return false;
    }
  }
  return true;
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null only. */
function sqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * UPDATE table SET column = value for many (id, value) pairs, plus constant columns (updated_at),
 * in chunks of one statement each. Values are integers (money, quantities).
 */
export async function updateIntegersById(
  trx: Knex.Transaction,
  table: string,
  column: string,
  pairs: Array<[id: number, value: number]>,
  constants: Record<string, string | number> = {},
): Promise<void> {
  for (const w of updateIntegersByIdWrites(trx, table, column, pairs, constants)) await trx.raw(w.sql, w.bindings);
}

/** The statements of updateIntegersById, to send with others (writeTogether). */
export function updateIntegersByIdWrites(
  trx: Knex.Transaction,
  table: string,
  column: string,
  pairs: Array<[id: number, value: number]>,
  constants: Record<string, string | number> = {},
): Write[] {
  const sqlite = isSqlite(trx);
  const constantKeys = Object.keys(constants);
  const size = chunkSizeFor(2, 20_000);
  const writes: Write[] = [];
  for (let i = 0; i < pairs.length; i += size) {
    const chunk = pairs.slice(i, i + size);
    const bindings: Array<string | number> = [];
    // PostgreSQL types bare parameters in VALUES as text: cast them.
    const tuple = sqlite ? '(?, ?)' : '(?::integer, ?::bigint)';
    const values = chunk.map(([id, value]) => {
      bindings.push(id, value);
      return tuple;
    });
    const sets = [`?? = v.new_value`, ...constantKeys.map(() => '?? = ?')];
    const setBindings: Array<string | number> = [column];
    for (const key of constantKeys) setBindings.push(key, constants[key]);
    writes.push({
      sql: `WITH v(row_id, new_value) AS (VALUES ${values.join(', ')}) UPDATE ?? SET ${sets.join(', ')} FROM v WHERE ??.id = v.row_id`,
      bindings: [...bindings, table, ...setBindings, table],
    });
  }
  return writes;
}

/**
 * Adds integer amounts to rows keyed by `keys`, creating the rows that do not exist yet: one
 * INSERT … ON CONFLICT DO UPDATE per chunk (same syntax on SQLite ≥ 3.24 and PostgreSQL). Each key
 * must appear once in `rows` (PostgreSQL refuses to update a row twice in one statement).
 */
export async function upsertAddIntegers(
  trx: Knex.Transaction,
  table: string,
  keys: string[],
  column: string,
  rows: Array<Record<string, number>>,
): Promise<void> {
  for (const w of upsertAddIntegersWrites(table, keys, column, rows)) await trx.raw(w.sql, w.bindings);
}

/** The statements of upsertAddIntegers, to send with others (writeTogether). */
export function upsertAddIntegersWrites(
  table: string,
  keys: string[],
  column: string,
  rows: Array<Record<string, number>>,
): Write[] {
  const columns = [...keys, column];
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const size = chunkSizeFor(columns.length);
  const writes: Write[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const bindings: Knex.RawBinding[] = [table, ...columns];
    for (const row of chunk) for (const c of columns) bindings.push(row[c]);
    bindings.push(...keys, column, table, column, column);
    writes.push({
      sql: `INSERT INTO ?? (${columns.map(() => '??').join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')} ON CONFLICT (${keys.map(() => '??').join(', ')}) DO UPDATE SET ?? = ??.?? + excluded.??`,
      bindings,
    });
  }
  return writes;
}

/**
 * Subtracts integer amounts from existing rows keyed by (k1, k2) only where enough remains
 * (`column >= amount`): one guarded UPDATE per chunk, as safe under concurrency as the single-row
 * form (PostgreSQL re-checks the condition on a row another transaction just changed). Returns the
 * keys "k1:k2" of the rows it changed; the caller refuses the operation when one is missing.
 */
export async function guardedSubtractIntegers(
  trx: Knex.Transaction,
  table: string,
  keys: [string, string],
  column: string,
  rows: Array<[k1: number, k2: number, amount: number]>,
): Promise<Set<string>> {
  const changed: Array<Record<string, unknown>> = [];
  for (const w of guardedSubtractIntegersWrites(trx, table, keys, column, rows)) {
    const result = await trx.raw(w.sql, w.bindings);
    changed.push(...(isSqlite(trx) ? result : result.rows));
  }
  return subtractedKeys(changed);
}

/** The statements of guardedSubtractIntegers (each RETURNING the keys k1, k2 it changed), to send with others (writeTogether). */
export function guardedSubtractIntegersWrites(
  trx: Knex.Transaction,
  table: string,
  keys: [string, string],
  column: string,
  rows: Array<[k1: number, k2: number, amount: number]>,
): Write[] {
  const tuple = isSqlite(trx) ? '(?, ?, ?)' : '(?::integer, ?::integer, ?::bigint)';
  const size = chunkSizeFor(3, 20_000);
  const writes: Write[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const bindings: Knex.RawBinding[] = [];
    for (const r of chunk) bindings.push(...r);
    bindings.push(
      table,
      column,
      table,
      column,
      table,
      keys[0],
      table,
      keys[1],
      table,
      column,
      table,
      keys[0],
      table,
      keys[1],
    );
    writes.push({
      sql:
        `WITH v(k1, k2, amount) AS (VALUES ${chunk.map(() => tuple).join(', ')}) ` +
        `UPDATE ?? SET ?? = ??.?? - v.amount FROM v WHERE ??.?? = v.k1 AND ??.?? = v.k2 AND ??.?? >= v.amount RETURNING ??.?? AS k1, ??.?? AS k2`,
      bindings,
    });
  }
  return writes;
}

/** The keys "k1:k2" of the rows a guarded subtraction changed (its RETURNING rows). */
export function subtractedKeys(rows: Array<Record<string, unknown>>): Set<string> {
  return new Set(rows.map((r) => `${Number(r.k1)}:${Number(r.k2)}`));
}

/** One statement of a batch (writeTogether): SQL with knex's `?` (value) and `??` (identifier) placeholders, and its bindings. */
export interface Write {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** A statement built with knex (an UPDATE of one row…), to send with others (writeTogether). */
export function writeOf(query: Knex.QueryBuilder): Write {
  const { sql, bindings } = query.toSQL();
  return { sql, bindings: [...bindings] as Knex.RawBinding[] };
}

/** The INSERT statements of insertInChunks (same keys in every row), to send with others (writeTogether). */
export function insertWrites(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Write[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const size = chunkSizeFor(columns.length);
  const writes: Write[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    if (!isSqlite(trx)) {
      // knex's own INSERT (an undefined value is the column's DEFAULT), its `?` placeholders kept.
      const { sql, bindings } = trx(table).insert(chunk).toSQL();
      writes.push({ sql, bindings: [...bindings] as Knex.RawBinding[] });
      continue;
    }
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    const bindings: Knex.RawBinding[] = [table, ...columns];
    for (const row of chunk) for (const c of columns) bindings.push(sqliteValue(row[c]) as Knex.RawBinding);
    writes.push({
      sql: `INSERT INTO ?? (${columns.map(() => '??').join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      bindings,
    });
  }
  return writes;
}

/**
 * Sends independent writes of one operation together. On PostgreSQL they are one statement — each
 * write a data-modifying CTE — so one round trip instead of one each; every write runs to its end,
 * triggers fire as usual, and the rows of the `returning` writes (their RETURNING) come back. The
 * writes must be independent: none may touch a row another writes or read what another writes
 * (PostgreSQL runs them on one snapshot). On SQLite, in the process, they simply run one after the
 * other (the `returning` ones last). The caller's transaction makes them one operation either way.
 */
export async function writeTogether(
  trx: Knex.Transaction,
  writes: Write[],
  returning: Write[] = [],
): Promise<Array<Record<string, unknown>>> {
  if (isSqlite(trx)) {
    for (const w of writes) await trx.raw(w.sql, w.bindings);
    const out: Array<Record<string, unknown>> = [];
    for (const w of returning) out.push(...((await trx.raw(w.sql, w.bindings)) as Array<Record<string, unknown>>));
    return out;
  }
  if (writes.length + returning.length === 0) return [];
  if (writes.length + returning.length === 1) {
    const only = writes[0] ?? returning[0];
    const result = await trx.raw(only.sql, only.bindings);
    return returning.length ? result.rows : [];
  }
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  writes.forEach((w, i) => {
    parts.push(`w${i} AS (${w.sql})`);
    bindings.push(...w.bindings);
  });
  returning.forEach((w, i) => {
    parts.push(`r${i} AS (${w.sql})`);
    bindings.push(...w.bindings);
  });
  const select = returning.length ? returning.map((_, i) => `SELECT * FROM r${i}`).join(' UNION ALL ') : 'SELECT 1';
  const result = await trx.raw(`WITH ${parts.join(', ')} ${select}`, bindings);
  return returning.length ? result.rows : [];
}

/**
 * A bulk load into `tables` that nobody else writes during (the demo seed's year of history), on
 * both databases: SQLite as `withBulkLoad` (connection.ts: secondary indexes dropped and rebuilt,
 * a large page cache); PostgreSQL likewise sets aside the tables' secondary indexes (not those
 * behind a primary key or a unique constraint) and their foreign keys, then builds each index once
 * (a sorted build instead of millions of B-tree insertions) and adds each foreign key back (one
 * anti-join that validates every row instead of a trigger and a lookup per row inserted). Everything
 * comes back even when the load fails. `work` should run its transaction with
 * `relaxedDurability` (below).
 */
export async function withBulkLoadAnyDb<T>(db: Knex, tables: readonly string[], work: () => Promise<T>): Promise<T> {
  if (isSqlite(db)) return withBulkLoad(db, tables, work);
  const names = [...tables];
  const indexes = (
    await db.raw(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS sql
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = current_schema() AND t.relname = ANY(?) AND NOT i.indisprimary AND NOT i.indisunique
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
        ORDER BY t.relname, c.relname`,
      [names],
    )
  ).rows as Array<{ name: string; sql: string }>;
  const foreignKeys = (
    await db.raw(
      `SELECT t.relname AS table_name, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
         FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = current_schema() AND k.contype = 'f' AND t.relname = ANY(?)
        ORDER BY t.relname, k.conname`,
      [names],
    )
  ).rows as Array<{ table_name: string; name: string; definition: string }>;
  await db.transaction(async (trx) => {
    for (const fk of foreignKeys) await trx.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [fk.table_name, fk.name]);
    for (const index of indexes) await trx.raw('DROP INDEX ??', [index.name]);
  });
  try {
    return await work();
  } finally {
    await db.transaction(async (trx) => {
      // More memory for the sorts of the index builds, for this transaction only.
      await trx.raw("SET LOCAL maintenance_work_mem = '256MB'");
      for (const index of indexes) await trx.raw(index.sql);
      for (const fk of foreignKeys)
        await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? ${fk.definition}`, [fk.table_name, fk.name]);
    });
  }
}

/**
 * For a bulk transaction that can be replayed from scratch (the demo seed): PostgreSQL does not wait
 * for the WAL to reach the disk at its commit (`synchronous_commit = off` for this transaction only;
 * a crash can lose it whole, never half). SQLite: nothing (withBulkLoad already sizes its cache).
 */
export async function relaxedDurability(trx: Knex.Transaction): Promise<void> {
  if (!isSqlite(trx)) await trx.raw('SET LOCAL synchronous_commit = off');
}

/**
 * For a bulk load that writes a batch while computing the next (the demo seed's history): lets the
 * statements of the batch in flight go out. PostgreSQL: yields to the event loop, so the connection
 * reads the last statement's answer and sends the next one queued, and the server works on it while
 * the caller computes. SQLite: nothing — in-process writes would only take turns with the caller on
 * the one thread; they run when the caller waits for them.
 */
export async function letWritesProceed(db: Knex | Knex.Transaction): Promise<void> {
  if (!isSqlite(db)) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * After a bulk load: SQLite's PRAGMA optimize (connection.ts); PostgreSQL's VACUUM (ANALYZE) of every
 * table — planner statistics, and the visibility map without which the covering indexes of the
 * reports cannot be read alone (index-only scans) — at once rather than when autovacuum comes by,
 * after the first readers. Outside any transaction (VACUUM refuses one).
 */
export async function refreshStatistics(db: Knex): Promise<void> {
  if (isSqlite(db)) return optimizeSqlite(db);
  await db.raw('VACUUM (ANALYZE)');
}

/**
 * For a transaction that groups and sorts whole tables once (the summaries' rebuilds): PostgreSQL
 * sorts and hashes in memory instead of spilling to temporary files (`work_mem` for this
 * transaction only). SQLite: nothing.
 */
export async function roomForLargeSorts(trx: Knex.Transaction): Promise<void> {
  if (!isSqlite(trx)) await trx.raw("SET LOCAL work_mem = '256MB'");
}
