/**
 * `saleRemaining` (shared/sales.ts) in SQL, for one row of the sales table aliased `alias`: sum it
 * to total what is owed (Σ of each sale's remaining, each never below zero). Plain CASE: the same
 * on SQLite and PostgreSQL.
 */
export function saleRemainingSql(alias = 's'): string {
  const diff = `${alias}.total_ttc - ${alias}.amount_paid - ${alias}.amount_credited`;
  return `CASE WHEN ${diff} > 0 THEN ${diff} ELSE 0 END`;
}
