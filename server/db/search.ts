import type { Knex } from 'knex';
import { isSqlite } from './connection.js';
import { escapeLike } from './dialect.js';

/**
 * The search box of a list or picker: one term matched as a prefix on some columns (codes,
 * barcodes, phones: index-friendly, see migration 0003) and as a case-insensitive substring on
 * others (names). Codes and barcodes are stored upper case, so the prefix term is upper-cased.
 */
export function whereSearch(
  qb: Knex.QueryBuilder,
  db: Knex | Knex.Transaction,
  term: string,
  columns: { prefix?: string[]; upperPrefix?: string[]; contains?: string[] },
): Knex.QueryBuilder {
  const t = term.trim();
  if (!t) return qb;
  const like = isSqlite(db as Knex) ? 'LIKE' : 'ILIKE';
  const parts: string[] = [];
  const bindings: string[] = [];
  for (const col of columns.upperPrefix ?? []) {
    parts.push(`?? LIKE ? ESCAPE '\\'`);
    bindings.push(col, `${escapeLike(t.toUpperCase())}%`);
  }
  for (const col of columns.prefix ?? []) {
    parts.push(`?? LIKE ? ESCAPE '\\'`);
    bindings.push(col, `${escapeLike(t)}%`);
  }
  for (const col of columns.contains ?? []) {
    parts.push(`?? ${like} ? ESCAPE '\\'`);
    bindings.push(col, `%${escapeLike(t)}%`);
  }
  if (parts.length === 0) return qb;
  return qb.whereRaw(`(${parts.join(' OR ')})`, bindings);
}
