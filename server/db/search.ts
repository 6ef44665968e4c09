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
    for (const variant of caseVariants(t, like === 'LIKE')) {
      parts.push(`?? ${like} ? ESCAPE '\\'`);
      bindings.push(col, `%${escapeLike(variant)}%`);
    }
  }
  if (parts.length === 0) return qb;
  return qb.whereRaw(`(${parts.join(' OR ')})`, bindings);
}

/**
 * SQLite's LIKE ignores case for ASCII letters only: "épi" would miss "Épicerie". When the term
 * has other letters, it is also tried all lower and all upper case (names are written in one of
 * those cases, or as typed). PostgreSQL's ILIKE needs no help.
 */
export function caseVariants(term: string, asciiOnlyLike: boolean): string[] {
  if (!asciiOnlyLike || !/[^\x00-\x7f]/.test(term)) return [term];
  return [...new Set([term, term.toLowerCase(), term.toUpperCase()])];
}
