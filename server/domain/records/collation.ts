/**
 * French order for names shown to users: « Éclairage » between « Eaux » and « Épicerie », not
 * after « Zinc » as a byte order (SQL ORDER BY on SQLite, or PostgreSQL's C collation) puts it;
 * case and accents only break ties, numbers in names compare as numbers (« Lot 2 » before « Lot 10 »).
 */
const FRENCH = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export function compareFrench(a: string, b: string): number {
  return FRENCH.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A copy of `items` in French order of `label(item)`. */
export function sortFrench<T>(items: readonly T[], label: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareFrench(label(x), label(y)));
}
