import type { Knex } from 'knex';
import { isSqlite } from './connection.js';
import { escapeLike } from './dialect.js';

/**
 * The search box of a list or picker: one term matched as a prefix on some columns (codes,
 * barcodes, phones: index-friendly, see migration 0003), as a case-insensitive substring on others,
 * and as an accent- and case-insensitive substring on folded columns (`search_name`, migration
 * 0004). Codes and barcodes are stored upper case, so the prefix term is upper-cased.
 */
export function whereSearch(
  qb: Knex.QueryBuilder,
  db: Knex | Knex.Transaction,
  term: string,
  columns: { prefix?: string[]; upperPrefix?: string[]; contains?: string[]; folded?: string[] },
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
  // Folded columns hold foldSearch(name): the folded term matches whatever the case and accents.
  const folded = foldSearch(t);
  for (const col of folded ? (columns.folded ?? []) : []) {
    parts.push(`?? LIKE ? ESCAPE '\\'`);
    bindings.push(col, `%${escapeLike(folded)}%`);
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

/**
 * A name as the search matches it: no accents, lower case, ligatures spelled out, single spaces
 * ("Crème  Œuf KONÉ" → "creme oeuf kone"). Stored in the `search_name` columns and applied to the
 * typed term, so "kone" finds "Koné" and "KONÉ" finds "Kone" on both databases.
 */
export function foldSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The row with its `search_name` filled from `name` (when the row sets a name). */
export function withSearchName<T extends { name?: unknown }>(row: T): T & { search_name?: string } {
  return typeof row.name === 'string' ? { ...row, search_name: foldSearch(row.name) } : row;
}
