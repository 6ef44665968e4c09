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
