import type { Knex } from 'knex';

/**
 * État des créances at a past date (issue 17): `openSales` (services/reports/receivables-state.ts)
 * reads what a sale owes now plus the events after the date. The big event — the settlements dated
 * after the date — would otherwise walk every settlement since then (75 000 six months back on
 * the large set) to find the few allocated to invoices dated up to it. So:
 * - `sales.last_settlement_date`: the latest date of a settlement ever allocated to the sale (a
 *   cancelled one included: it only ever goes up, written by createSettlement), NULL when none — a
 *   sale owes something to a settlement dated after d only if this date is after d;
 * - its index with the sale date (partial: the sales ever settled), so the sales dated up to d and
 *   settled after it are a range of one index;
 * - the cancelled settlements by date (partial: a few rows), for the allocations that counted at
 *   the date and were cancelled since.
 * Filled here from the allocations already written; the seeds write it with amount_paid.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('sales', (t) => {
    t.string('last_settlement_date', 10).nullable();
  });
  await db.raw(
    `UPDATE sales SET last_settlement_date = (SELECT MAX(st.settlement_date) FROM settlement_allocations a JOIN settlements st ON st.id = a.settlement_id WHERE a.sale_id = sales.id)
      WHERE id IN (SELECT sale_id FROM settlement_allocations)`,
  );
  await db.raw(
    'CREATE INDEX sales_settled_after ON sales (last_settlement_date, sale_date) WHERE last_settlement_date IS NOT NULL',
  );
  await db.raw("CREATE INDEX settlements_cancelled_events ON settlements (settlement_date) WHERE status = 'cancelled'");
  // The planner's statistics of the new index (without them SQLite prefers the settlements since d).
  await db.raw(db.client.config.client === 'pg' ? 'ANALYZE sales' : 'ANALYZE sales_settled_after');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS settlements_cancelled_events');
  await db.raw('DROP INDEX IF EXISTS sales_settled_after');
  await db.schema.alterTable('sales', (t) => {
    t.dropColumn('last_settlement_date');
  });
}
