import type { Knex } from 'knex';
import { isSqlite } from './connection.js';

/**
 * Names in French order in SQL: « Câbles » before « Ciment », « Établissements… » before
 * « Société… », whatever the case — where a plain ORDER BY name puts every accented or lower-case
 * initial after « Zinc » (SQLite's byte order, PostgreSQL's C collation). The order is the folded
 * name (foldSearch: no accents, lower case) compared byte by byte, the same on both databases
 * (PostgreSQL is told COLLATE "C", whatever the database's own collation), then the row's id.
 *
 * A table with a stored folded name (`search_name`, kept by withSearchName: clients, suppliers,
 * categories, products) is ordered by it — an index on (…, search_name, id) serves the list's
 * order (migration 202612012200_french_name_order: COLLATE "C" on PostgreSQL). A small table
 * without one (users, locations, treasury accounts, desks, expense categories) is ordered by the
 * name folded in SQL (`foldedName`: the accented letters of French and the ligatures replaced,
 * then lower case), which no index serves: for tables of a few hundred rows at most.
 */
export type FrenchName = { folded: string } | { name: string };

/** The letters foldSearch removes accents from, with what they become (both cases: lower() is not trusted beyond ASCII). */
const FOLDS: ReadonlyArray<readonly [string, string]> = [
  ...['àâäáãå', 'ÀÂÄÁÃÅ'].map((s) => [s, 'a'] as const),
  ...['çć', 'ÇĆ'].map((s) => [s, 'c'] as const),
  ...['éèêë', 'ÉÈÊË'].map((s) => [s, 'e'] as const),
  ...['îïíì', 'ÎÏÍÌ'].map((s) => [s, 'i'] as const),
  ...['ñ', 'Ñ'].map((s) => [s, 'n'] as const),
  ...['ôöóòõ', 'ÔÖÓÒÕ'].map((s) => [s, 'o'] as const),
  ...['ùûüú', 'ÙÛÜÚ'].map((s) => [s, 'u'] as const),
  ...['ÿý', 'ŸÝ'].map((s) => [s, 'y'] as const),
].flatMap(([letters, plain]) => [...letters].map((l) => [l, plain] as const));
const LIGATURES: ReadonlyArray<readonly [string, string]> = [
  ['œ', 'oe'],
  ['Œ', 'oe'],
  ['æ', 'ae'],
  ['Æ', 'ae'],
];

const quoted = (column: string) =>
  column
    .split('.')
    .map((part) => `"${part.replace(/"/g, '')}"`)
    .join('.');

/** SQL of `column` folded as foldSearch folds a French name (accents, ligatures, case); the same text on both databases. */
export function foldedName(column: string): string {
  let sql = quoted(column);
  for (const [from, to] of [...FOLDS, ...LIGATURES]) sql = `replace(${sql}, '${from}', '${to}')`;
  return `lower(${sql})`;
}

/** The SQL of the French order key of `name` (folded column or folded expression), compared byte by byte. */
export function frenchKey(db: Knex | Knex.Transaction, name: FrenchName): string {
  const key = 'folded' in name ? quoted(name.folded) : foldedName(name.name);
  return isSqlite(db as Knex) ? key : `${key} COLLATE "C"`;
}

/** `qb` ordered by `name` in French order, `dir` (the caller adds its tie-break, usually the id). */
export function orderByFrench<Q extends Knex.QueryBuilder>(
  qb: Q,
  db: Knex | Knex.Transaction,
  name: FrenchName,
  dir: 'asc' | 'desc' = 'asc',
): Q {
  return qb.orderByRaw(`${frenchKey(db, name)} ${dir === 'desc' ? 'DESC' : 'ASC'}`) as Q;
}
