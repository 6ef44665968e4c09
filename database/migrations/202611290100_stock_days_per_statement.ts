import type { Knex } from 'knex';
import { createReportTriggers, dropReportTriggers } from '../../server/db/report-summaries.js';

/**
 * PostgreSQL write speed (issue 20): report_stock_days is kept by one trigger per INSERT into
 * stock_movements (FOR EACH STATEMENT, with the statement's transition table) instead of one per
 * movement — a 20-line stock entry made 20 upserts and 20 updates of the later days' closings, it
 * now makes one of each (server/db/report-summaries.ts). Same figures; SQLite keeps its row trigger
 * (no transition tables there). Both directions install the triggers of the code: the row form is
 * gone from it, and either form keeps the summary right.
 */
export async function up(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await createReportTriggers(db);
}

export async function down(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await createReportTriggers(db);
}
