import type { Knex } from 'knex';

/**
 * Arrêtés de caisse (issue 16): the daily closing of a cash desk's treasury account.
 *
 * - `cash_closings`: one row per closing of (account, day). `expected` is computed in SQL from
 *   every movement of the account up to that day (opening balance + the day's ins and outs, all
 *   types); `counted` is the drawer counted by denomination (`denominations`, JSON of
 *   {value, count}); `difference` = counted − expected, posted to the ledger as a
 *   closing_difference movement so the desk's balance equals what is in the drawer, with a
 *   mandatory `reason` when not zero. `summary` keeps the closing's figures by group and the
 *   non-cash totals of the day (JSON), so the report reads what was signed.
 * - A day is locked for the desk while a closing of that day or of a later day stands
 *   (status 'closed'): postMoneyMovements refuses a movement dated on it, or moves it to the next
 *   open day when the caller allows it (sales, settlements, cancellations, corrections).
 * - Reopening (permission cash.reopen, with a reason) marks the closing 'reopened', reverses its
 *   difference and frees the day; only the desk's last closing can be reopened. `open_key`
 *   (account:day while closed, null once reopened) makes a second closing of the same day
 *   impossible even for two parallel requests.
 * - money_movements gets an (account_id, business_date, movement_type, amount) index: the closing
 *   and the situation sum a desk's day or period by type from the index alone (a year of a busy
 *   desk is read without touching the table).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('cash_closings', (t) => {
    t.increments('id').primary();
    t.integer('account_id').notNullable().references('id').inTable('treasury_accounts');
    t.string('closing_date', 10).notNullable();
    t.string('status', 12).notNullable(); // closed | reopened
    t.string('open_key', 40).nullable().unique(); // `${account_id}:${closing_date}` while closed
    t.string('currency', 3).notNullable();
    t.bigInteger('opening_balance').notNullable();
    t.bigInteger('total_in').notNullable();
    t.bigInteger('total_out').notNullable();
    t.bigInteger('expected').notNullable();
    t.bigInteger('counted').notNullable();
    t.bigInteger('difference').notNullable();
    t.integer('movement_count').notNullable();
    t.string('reason', 500).notNullable().defaultTo('');
    t.text('denominations').notNullable(); // JSON [{ value, count }]
    t.text('summary').notNullable(); // JSON { groups, non_cash }
    t.integer('closed_by').nullable().references('id').inTable('users');
    t.string('closed_at', 30).notNullable();
    t.integer('reopened_by').nullable().references('id').inTable('users');
    t.string('reopened_at', 30).nullable();
    t.string('reopen_reason', 500).nullable();
    t.index(['account_id', 'status', 'closing_date']);
    t.index(['closing_date', 'id']);
  });
  await db.schema.alterTable('money_movements', (t) => {
    t.index(['account_id', 'business_date', 'movement_type', 'amount'], 'money_movements_account_date_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('money_movements', (t) => {
    t.dropIndex(['account_id', 'business_date', 'movement_type', 'amount'], 'money_movements_account_date_index');
  });
  await db.schema.dropTable('cash_closings');
}
