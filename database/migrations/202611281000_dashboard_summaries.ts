import type { Knex } from 'knex';
import { createReportTriggers, dropReportTriggers, rebuildSalesMonths } from './frozen/report-summaries.js';

/**
 * Tableau de bord ≤ 100 ms (issue 17): `report_sales_months` (month, location, product), kept by the
 * report triggers (server/db/report-summaries.ts) in the documents' own transactions —
 * report_sales_days summed per month, so the month so far (the dashboard's best sellers, Chiffre
 * d'affaires par produit of the current month) is the month's row less the days after `to`:
 * ≈ 13 000 rows read in product order instead of ≈ 60 000 day rows grouped. The dashboard's sales
 * cards and 30-day chart read Chiffre d'affaires' own summary (report_turnover_client_days,
 * migration 202611282330). `npm run reports:rebuild` recomputes it; tests/http/report-summaries.test.ts
 * proves it equal to the raw documents on random histories.
 */
export async function up(db: Knex): Promise<void> {
  await dropReportTriggers(db);
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
  await db.schema.alterTable('report_sales_months', (t) =>
    t.index(['month', 'product_id', 'location_id', 'quantity', 'sales', 'cost'], 'report_sales_months_product'),
  );
  await createReportTriggers(db);
  await db.transaction((trx) => rebuildSalesMonths(trx));
}

export async function down(db: Knex): Promise<void> {
  await dropReportTriggers(db);
  await db.schema.dropTable('report_sales_months');
  await createReportTriggers(db);
}
