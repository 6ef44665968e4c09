import type { Knex } from 'knex';
import { isSqlite } from './connection.js';
import { escapeLike } from './dialect.js';
import { orderByFrench } from './french-order.js';
import type { Paginated } from '../../shared/lists.js';

/**
 * The search box of a list or picker: one term matched as a prefix on some columns (codes,
 * barcodes, phones: index-friendly, see migration 0003), as a case-insensitive substring on others,
 * and as an accent- and case-insensitive substring on folded columns (`search_name`, migration
 * 0004). Codes and barcodes are stored upper case, so the prefix term is upper-cased. Squeezed
 * columns (`search_key`, migration 202611232207) hold searchKey(name): the squeezed term finds a
 * name typed with a doubled or a missing double letter ("cimment" finds « Ciment », "bouteile"
 * finds « Bouteille »). Each table that has `search_name` has `search_key`
 * beside it: pass both (`folded: ['p.search_name'], squeezed: ['p.search_key']`). When nothing
 * matches, `fuzzyMatchIds` tolerates one or two typos.
 */
export function whereSearch(
  qb: Knex.QueryBuilder,
  db: Knex | Knex.Transaction,
  term: string,
  columns: { prefix?: string[]; upperPrefix?: string[]; contains?: string[]; folded?: string[]; squeezed?: string[] },
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
  const key = searchKey(t);
  for (const col of key ? (columns.squeezed ?? []) : []) {
    parts.push(`?? LIKE ? ESCAPE '\\'`);
    bindings.push(col, `%${escapeLike(key)}%`);
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
  // eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
  if (!asciiOnlyLike || !/[^\x00-\x7f]/.test(term)) return [term];
  return [...new Set([term, term.toLowerCase(), term.toUpperCase()])];
}

/**
 * The first `limit` rows of a name search (`qb` filtered by whereSearch on folded and squeezed
 * columns) in `columns.order` order. PostgreSQL walks the order's index and tests each row, as if
 * matches were spread evenly; but the matches of a word sit together in name order ("arachide":
 * the « Huile d'arachide … » products, after 4 342 others), so it may read thousands of rows to
 * keep five. With terms the trigram indexes serve (folded and squeezed, 3 characters or more),
 * the matches are read from those indexes first (a MATERIALIZED CTE: the planner cannot fold it
 * back into the walk), the first `limit` kept by `columns.order` then `columns.id`, and only those
 * rows read with the query's joins. Measured on the large set, 5 rows, alternating: « riz » 12.1
 * → 3.9 ms, « lait » 9.2 → 4.0, « arachide » 6.2 → 3.3; about 1 ms more where the walk was lucky
 * (« sac » 1.7 → 2.7); over ten terms 5.3 → 3.6 ms on average (20 rows: 5.3 → 3.9) and 12.8 →
 * 6.6 at worst. A shorter term has no trigram, and SQLite no trigram index: the walk in name
 * order stays their best plan.
 */
export function firstMatches(
  db: Knex | Knex.Transaction,
  qb: Knex.QueryBuilder,
  term: string,
  columns: { id: string; order: string },
  limit: number,
): Knex.QueryBuilder {
  // `order` is a folded name column (search_name): the rows come in French order (server/db/french-order.ts).
  const inOrder = (q: Knex.QueryBuilder, column: string) => orderByFrench(q, db, { folded: column });
  if (isSqlite(db as Knex) || Math.min(foldSearch(term).length, searchKey(term).length) < 3)
    return inOrder(qb, columns.order).orderBy(columns.id).limit(limit);
  const matches = qb.clone().clearSelect().clearOrder().select({ id: columns.id, sort_key: columns.order });
  return inOrder(
    qb
      .withMaterialized('search_matches', matches)
      .whereIn(columns.id, inOrder(db('search_matches').select('id'), 'sort_key').orderBy('id').limit(limit)),
    columns.order,
  ).orderBy(columns.id);
}

/**
 * A name as the search matches it: no accents, lower case, ligatures spelled out, one apostrophe,
 * single spaces ("Crème  Œuf KONÉ" → "creme oeuf kone", "d\u2019arachide" → "d'arachide"). Stored in the `search_name` columns and applied to the
 * typed term, so "kone" finds "Koné" and "KONÉ" finds "Kone" on both databases.
 */
export function foldSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'") // a typographic apostrophe (U+2019) as typed: '
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A name squeezed for typo-tolerant matching: folded (foldSearch), punctuation as spaces, a few
 * French spellings of one sound made one (ph → f, y → i, ck → k), then every run of one repeated
 * letter collapsed ("Cimment" → "ciment", "Bouteille Phillips" → "bouteile filips"). Digits stay
 * as they are (50 and 500 kg differ). Stored in the `search_key` columns, applied to the term.
 */
export function searchKey(text: string): string {
  return foldSearch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/ph/g, 'f')
    .replace(/y/g, 'i')
    .replace(/ck/g, 'k')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The row with its `search_name` and `search_key` filled from `name` (when the row sets a name). */
export function withSearchName<T extends { name?: unknown }>(
  row: T,
): T & { search_name?: string; search_key?: string } {
  return typeof row.name === 'string'
    ? { ...row, search_name: foldSearch(row.name), search_key: searchKey(row.name) }
    : row;
}

/**
 * Typos tolerated in one typed word by the fuzzy fallback: none in a word under 5 letters or
 * holding a digit (codes, sizes, tags are taken as typed), one up to 8 letters, then two.
 */
export function allowedTypos(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length < 5 ? 0 : word.length <= 8 ? 1 : 2;
}

/**
 * The fewest edits (insertion, deletion, substitution, swap of two neighbours) that turn `term`
 * into the start of `word` — "cimnet" is 1 away from "ciment", "cimn" 1 away from "cime…" — or
 * `max + 1` as soon as it is sure to exceed `max`. Optimal string alignment over three rows,
 * O(term × word).
 */
export function prefixTypos(term: string, word: string, max: number): number {
  const m = term.length;
  if (m === 0) return 0;
  // Rows over the word's letters; column i = the first i letters of the term.
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = prev[m];
  for (let j = 1; j <= word.length; j++) {
    cur[0] = j;
    let rowMin = cur[0];
    const c = word.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const cost = term.charCodeAt(i - 1) === c ? 0 : 1;
      let v = Math.min(prev[i - 1] + cost, prev[i] + 1, cur[i - 1] + 1);
      if (i > 1 && j > 1 && term.charCodeAt(i - 1) === word.charCodeAt(j - 2) && term.charCodeAt(i - 2) === c)
        v = Math.min(v, prev2[i - 2] + 1);
      cur[i] = v;
      if (v < rowMin) rowMin = v;
    }
    if (cur[m] < best) best = cur[m];
    if (best === 0 || rowMin > max) break; // nothing further can come back under max
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return best > max ? max + 1 : best;
}

/**
 * The typos between a typed text and a stored key, word by word: every typed word must start one
 * word of the key within allowedTypos(word) edits (a short word or one with digits exactly);
 * the total of the edits, or null when a word finds no match. Word by word, a typo never joins
 * the end of one word to the start of the next ("creme" does not find « sucre élan »).
 */
export function keyTypos(typed: string[], key: string): number | null {
  const words = key.split(' ');
  let total = 0;
  for (const w of typed) {
    const max = allowedTypos(w);
    let best = max + 1;
    for (const kw of words) {
      const d = max === 0 ? (kw.startsWith(w) ? 0 : 1) : prefixTypos(w, kw, max);
      if (d < best) best = d;
      if (best === 0) break;
    }
    if (best > max) return null;
    total += best;
  }
  return total;
}

/** The pieces of a word of which, with at most `typos` edits, at least one appears unchanged in any match (pigeonhole). */
export function typoPieces(word: string, typos: number): string[] {
  const count = typos + 1;
  const size = Math.ceil(word.length / count);
  const pieces: string[] = [];
  for (let i = 0; i < word.length; i += size) pieces.push(word.slice(i, i + size));
  return pieces.filter((p) => p.length >= 2);
}

/** At most this many candidate rows are read and checked by one fuzzy search. */
export const FUZZY_SCAN_LIMIT = 3000;

/**
 * The typo-tolerant fallback, called when the search as typed found nothing: ids of the rows of
 * `query` (a builder on one table, already scoped — active rows, the list's filters…) whose
 * `search_key` matches the squeezed term word by word (keyTypos), best first (fewest typos, then
 * shortest key). Bounded: the database first keeps the rows holding, unchanged, one piece of the
 * typed word that tolerates the most typos (a LIKE per piece on the squeezed column — any match
 * holds one, by the pigeonhole principle), at most FUZZY_SCAN_LIMIT of them; the edits are then
 * counted on those only. Nothing when no typed word tolerates a typo. Same on SQLite and
 * PostgreSQL (plain LIKE, no extension).
 */
export async function fuzzyMatchIds(
  query: Knex.QueryBuilder,
  columns: { id: string; key: string },
  term: string,
  limit: number,
): Promise<number[]> {
  const typed = searchKey(term).split(' ').filter(Boolean);
  const widest = typed.reduce<string | null>(
    (a, w) =>
      allowedTypos(w) > (a ? allowedTypos(a) : 0) || (a && allowedTypos(w) === allowedTypos(a) && w.length > a.length)
        ? w
        : a,
    null,
  );
  if (!widest || allowedTypos(widest) === 0) return [];
  const pieces = typoPieces(widest, allowedTypos(widest));
  if (pieces.length === 0) return [];
  const rows: Array<{ id: number | string; key: string }> = await query
    .where((w) => {
      for (const piece of pieces) w.orWhereRaw(`?? LIKE ? ESCAPE '\\'`, [columns.key, `%${escapeLike(piece)}%`]);
    })
    .select({ id: columns.id, key: columns.key })
    .limit(FUZZY_SCAN_LIMIT);
  const scored: Array<{ id: number; typos: number; length: number }> = [];
  for (const row of rows) {
    const key = String(row.key ?? '');
    const typos = keyTypos(typed, key);
    if (typos !== null) scored.push({ id: Number(row.id), typos, length: key.length });
  }
  scored.sort((a, b) => a.typos - b.typos || a.length - b.length || a.id - b.id);
  return scored.slice(0, limit).map((s) => s.id);
}

/** At most this many rows found by typos are listed on a list page. */
export const FUZZY_LIST_LIMIT = 50;

/**
 * A list page with the typo-tolerant fallback: `query(q)` is the list's filtered, sorted query
 * for a search term; when it finds nothing for the typed term, the same list without the term
 * (its other filters kept) is restricted to the rows within a few typos of it (fuzzyMatchIds,
 * at most FUZZY_LIST_LIMIT), in the list's own order. `page` runs the pagination.
 */
export async function withTypoFallback<T>(
  q: string,
  query: (q: string) => Knex.QueryBuilder,
  columns: { id: string; key: string },
  page: (qb: Knex.QueryBuilder) => Promise<Paginated<T>>,
): Promise<Paginated<T>> {
  const asTyped = await page(query(q));
  if (asTyped.total > 0 || !q.trim()) return asTyped;
  const ids = await fuzzyMatchIds(query('').clearSelect().clearOrder(), columns, q, FUZZY_LIST_LIMIT);
  return ids.length ? page(query('').whereIn(columns.id, ids)) : asTyped;
}
