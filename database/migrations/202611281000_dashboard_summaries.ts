import type { Knex } from 'knex';
import { createReportTriggers, dropReportTriggers, rebuildSalesMonths, rebuildTurnoverDays } from '../../server/db/report-summaries.js';

/**
 * Tableau de bord ≤ 100 ms (issue 17): two more summaries kept by the report triggers
 * (server/db/report-summaries.ts) in the documents' own transactions.
 *
 * - `report_turnover_days` (day, location, kind of sale): Chiffre d'affaires' events summed — sold
 *   (count of sales), gross (TTC), returns (credit notes and cancellations), cost (net) — a sale on
 *   its date, a credit note on its date, a cancellation on its cancellation date, exactly as
 *   services/reports/turnover.ts counts them. The dashboard's 30-day chart and its sales of the day
 *   and of the month read ≤ 4 rows a day instead of every sale of the period (16 000 for 30 days on
 *   the large set); Chiffre d'affaires global and journalier can read it too. Kept by triggers on
 *   sales (insert; update of the columns an event reads: the difference between the row's new and
 *   old weight) and credit_notes (insert).
 * - `report_sales_months` (month, location, product): report_sales_days summed per month, so the
 *   month so far (the dashboard's best sellers, Chiffre d'affaires par produit of the current month)
 *   is the month's row less the days after `to` — ≈ 13 000 rows read in product order instead of
 *   ≈ 60 000 day rows grouped. Written by the same triggers as report_sales_days.
 *
 * `npm run reports:rebuild` recomputes both; tests/http/report-summaries.test.ts proves them equal
 * to the raw documents on random histories.
 */
export async function up(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await db.schema.createTable('report_turnover_days', (t) => {
    t.string('day', 10).notNullable();
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.string('kind', 20).notNullable();
    t.bigInteger('sold').notNullable().defaultTo(0);
    t.bigInteger('gross').notNullable().defaultTo(0);
    t.bigInteger('returns').notNullable().defaultTo(0);
    t.bigInteger('cost').notNullable().defaultTo(0);
    t.primary(['day', 'location_id', 'kind']);
  });
  await db.schema.createTable('report_sales_months', (t) => {
    t.string('month', 7).notNullable();
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.bigInteger('quantity').notNullable().defaultTo(0);
    t.bigInteger('sales').notNullable().defaultTo(0);
    t.bigInteger('cost').notNullable().defaultTo(0);
    t.primary(['month', 'location_id', 'product_id']);
  });
  // A month read per product (grouped in index order, no table lookup).
  await db.schema.alterTable('report_sales_months', (t) => t.index(['month', 'product_id', 'location_id', 'quantity', 'sales', 'cost'], 'report_sales_months_product'));
  await createReportTriggers(db);
  await db.transaction(async (trx) => {
    await rebuildSalesMonths(trx);
    await rebuildTurnoverDays(trx);
  });
}

export async function down(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await db.schema.dropTable('report_sales_months');
  await db.schema.dropTable('report_turnover_days');
  await createReportTriggers(db);
}
