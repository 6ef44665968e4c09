import type { Knex } from 'knex';

/**
 * The summary tables of the reports (migration 202611241200_report_summaries: what each holds and
 * the triggers that keep them in the documents' own transaction), recomputed from the documents and
 * the stock ledger: by the migration, by `npm run reports:rebuild` (scripts/rebuild-reports.ts) and
 * by the tests that prove the triggers right. One transaction: readers see the old or the new
 * figures, never half.
 */

/** Every event that changes what was sold, per (day, location, product): sale lines, credit-note lines, cancellations. */
export function salesEventsSql(): string {
  const returned = (expr: string) =>
    `COALESCE((SELECT SUM(${expr}) FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id WHERE cnl.sale_line_id = sl.id AND cn.status = 'validated'), 0)`;
  return `
    SELECT s.sale_date AS d, s.location_id AS location_id, sl.product_id AS product_id, sl.quantity AS quantity, sl.net - sl.allocated_discount AS sales, sl.quantity * sl.unit_cost AS cost
      FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id
    UNION ALL
    SELECT cn.credit_date, cn.location_id, cnl.product_id, -cnl.quantity, -cnl.amount, -(cnl.quantity * cnl.unit_cost)
      FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id
    UNION ALL
    SELECT COALESCE(s.cancelled_on, substr(s.cancelled_at, 1, 10), s.sale_date), s.location_id, sl.product_id,
        -(sl.quantity - ${returned('cnl.quantity')}),
        -(sl.net - sl.allocated_discount - ${returned('cnl.amount')}),
        -((sl.quantity - ${returned('cnl.quantity')}) * sl.unit_cost)
      FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id WHERE s.status = 'cancelled'`;
}

export async function rebuildReportSummaries(db: Knex): Promise<{ salesDays: number; salesMonths: number; stockDays: number; stockMonths: number }> {
  return db.transaction(async (trx) => {
    await trx('report_sales_days').delete();
    await trx('report_sales_months').delete();
    await trx('report_stock_months').delete();
    await trx('report_stock_days').delete();
    await trx.raw(`INSERT INTO report_sales_days (day, location_id, product_id, quantity, sales, cost)
      SELECT e.d, e.location_id, e.product_id, SUM(e.quantity), SUM(e.sales), SUM(e.cost) FROM (${salesEventsSql()}) e GROUP BY e.d, e.location_id, e.product_id`);
    await trx.raw(`INSERT INTO report_sales_months (month, location_id, product_id, quantity, sales, cost)
      SELECT substr(day, 1, 7), location_id, product_id, SUM(quantity), SUM(sales), SUM(cost) FROM report_sales_days GROUP BY substr(day, 1, 7), location_id, product_id`);
    await trx.raw(`INSERT INTO report_stock_days (day, location_id, product_id, quantity)
      SELECT business_date, location_id, product_id, SUM(quantity) FROM stock_movements GROUP BY business_date, location_id, product_id`);
    await trx.raw(`INSERT INTO report_stock_months (month, location_id, product_id, quantity)
      SELECT substr(day, 1, 7), location_id, product_id, SUM(quantity) FROM report_stock_days GROUP BY substr(day, 1, 7), location_id, product_id`);
    const count = async (table: string) => Number((await trx(table).count({ n: '*' }).first())!.n);
    return { salesDays: await count('report_sales_days'), salesMonths: await count('report_sales_months'), stockDays: await count('report_stock_days'), stockMonths: await count('report_stock_months') };
  });
}
