import type { Knex } from 'knex';
import { createReportTriggers, dropReportTriggers } from './frozen/report-summaries.js';

/**
 * PostgreSQL write speed (issue 20): the report summaries are kept by one trigger call per INSERT
 * (FOR EACH STATEMENT, on the statement's transition table) instead of one per row —
 * report_stock_days per INSERT into stock_movements (a 20-line stock entry made 20 upserts and 20
 * updates of the later days' closings: now one of each), report_sales_days and report_sales_months
 * per INSERT into sale_lines or credit_note_lines (a document's lines). Same figures
 * (server/db/report-summaries.ts; tests/http/report-summaries.test.ts). SQLite keeps its row
 * triggers (no transition tables there). Both directions install the triggers of the code: the row
 * forms are gone from it, and either form keeps the summaries right.
 */
export async function up(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await createReportTriggers(db);
}

export async function down(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await createReportTriggers(db);
}
