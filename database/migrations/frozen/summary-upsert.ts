/**
// Frozen copy (README.md in this folder) of server/db/summary-upsert.ts as of 2026-12-01: never edit.
 * The one statement a summary trigger adds its rows with (Situation des ventes' and Chiffre
 * d'affaires' day summaries): the rows of `select` — the table's key columns then its sums, in
 * that order — inserted into `table`, each sum added to the existing row of its key. A `select`
 * with a FROM needs a WHERE (`WHERE true`): SQLite reads `ON CONFLICT` after a bare FROM as a join
 * constraint.
 */
export function addToSummarySql(
  table: string,
  key: readonly string[],
  sums: readonly string[],
  select: string,
  pg: boolean,
): string {
  const r = pg ? 'r.' : '';
  return `INSERT INTO ${table} ${pg ? 'AS r ' : ''}(${[...key, ...sums].join(', ')}) ${select}
    ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${sums.map((c) => `${c} = ${r}${c} + excluded.${c}`).join(', ')};`;
}
