import type { Knex } from 'knex';

/**
 * État des règlements (issue 17): covering indexes so that each grouping of a year of settlements
 * (by method, client, user, account) reads one index in its group order, never the table (150 000
 * settlements in the large data set); the report counts the validated ones and the cancelled ones
 * apart. Each starts like an existing (column, settlement_date) index and
 * covers the amounts; the statistics are refreshed so the planner sees them.
 */
const AMOUNTS = ['settlement_date', 'status', 'amount', 'allocated', 'advance'];
const INDEXES: Array<[string, string[]]> = [
  ['settlements_report_period', AMOUNTS],
  ['settlements_report_method', ['method', 'operator', 'source', ...AMOUNTS]],
  ['settlements_report_client', ['client_id', ...AMOUNTS]],
  ['settlements_report_user', ['created_by', ...AMOUNTS]],
  ['settlements_report_account', ['account_id', ...AMOUNTS]],
];

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('settlements', (t) => {
    for (const [name, columns] of INDEXES) t.index(columns, name);
  });
  await db.raw('ANALYZE settlements');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('settlements', (t) => {
    for (const [name, columns] of INDEXES) t.dropIndex(columns, name);
  });
}
