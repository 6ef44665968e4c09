import type { Knex } from 'knex';

/**
 * Tableau de bord (issue 17) on the large data set (200 000 sales, DESIGN.md §7: ≤ 100 ms):
 * - the cancellations of a period (Chiffre d'affaires, the dashboard's sales cards and chart)
 *   were found by scanning every sale (their date is an expression): a partial index of the
 *   cancelled sales only — a few rows — by their cancellation date;
 * (What clients owe, the receivables card, reads État des créances' partial index of the open
 * sales, migration 202611250100.)
 * Partial indexes are read when the query repeats their condition as written (literals, not
 * bound values): `s.status = 'cancelled'`.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw("CREATE INDEX sales_cancelled_events ON sales (cancelled_on, sale_date) WHERE status = 'cancelled'");
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS sales_cancelled_events');
}
