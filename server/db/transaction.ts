import type { Knex } from 'knex';
import { isSqlite } from './connection.js';

/**
 * One transaction per operation. On SQLite it starts with BEGIN IMMEDIATE (see connection.ts);
 * on PostgreSQL the caller takes row locks where it decrements.
 */
export function inTransaction<T>(db: Knex | Knex.Transaction, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Serialises writers of one logical resource (e.g. the audit hash chain) on PostgreSQL. */
export async function lockResource(trx: Knex.Transaction, name: string): Promise<void> {
  if (isSqlite(trx)) return; // BEGIN IMMEDIATE already holds the database write lock
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [name]);
}

/**
 * The head of a hash-chained journal (its last row's `hash`, null when empty), read once its writers
 * are serialised — `lockResource(trx, journal)` then the read, in one round trip: on PostgreSQL the
 * advisory lock and the read are two statements of one query string, each with its own snapshot (READ
 * COMMITTED), so the read sees what the previous holder of the lock committed. The journal is a
 * table name of the code (never user input), checked before it is written into the SQL.
 */
export async function lockChainHead(
  trx: Knex.Transaction,
  journal: 'stock_movements' | 'audit_log',
): Promise<string | null> {
  if (!/^[a-z_]+$/.test(journal)) throw new Error(`journal inconnu : ${journal}`);
  if (isSqlite(trx)) {
    // BEGIN IMMEDIATE already holds the database write lock.
    const last = await trx(journal).orderBy('id', 'desc').first('hash');
    return (last?.hash as string | undefined) ?? null;
  }
  const results = (await trx.raw(
    `SELECT pg_advisory_xact_lock(hashtext('${journal}')); SELECT hash FROM "${journal}" ORDER BY id DESC LIMIT 1`,
  )) as Array<{ rows: Array<{ hash: string }> }>;
  return results[1].rows[0]?.hash ?? null;
}
