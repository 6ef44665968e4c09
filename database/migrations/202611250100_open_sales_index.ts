import type { Knex } from 'knex';

/**
 * État des créances (issue 17): the open sales — validated and not fully paid or credited — read
 * through a partial index holding only them (a few percent of 200 000 invoices), so the report at
 * today's date never scans the paid ones. The report's query repeats the same predicate
 * (services/reports/receivables-state.ts `openSales`). SQLite and PostgreSQL both have partial
 * indexes.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(
    "CREATE INDEX sales_open_receivables ON sales (client_id, sale_date, due_date, location_id, total_ttc, amount_paid, amount_credited) WHERE status = 'validated' AND total_ttc > amount_paid + amount_credited",
  );
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS sales_open_receivables');
}
