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

/** Case-insensitive "contains" filter on a column. */
export function whereContains(qb: Knex.QueryBuilder, db: Knex, column: string, term: string): Knex.QueryBuilder {
  const pattern = `%${escapeLike(term)}%`;
  if (isSqlite(db)) return qb.whereRaw(`?? LIKE ? ESCAPE '\\'`, [column, pattern]);
  return qb.whereRaw(`?? ILIKE ? ESCAPE '\\'`, [column, pattern]);
}

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The row id returned by an insert, whatever the dialect returns. */
export async function insertReturningId(db: Knex | Knex.Transaction, table: string, row: Record<string, unknown>): Promise<number> {
  const [result] = await db(table).insert(row).returning('id');
  return typeof result === 'object' ? Number((result as { id: number }).id) : Number(result);
}

/** Reads a boolean column the same way on both databases (SQLite stores 0/1). */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}
