import type { Knex } from 'knex';
import { rebuildMoneyDays } from './frozen/money-days.js';

/**
 * Caisse at a year of busy life (issue 16 targets: the closing screen of a busy day ≤ 50 ms, the
 * situation of a desk over a year ≤ 300 ms, on SQLite and PostgreSQL): `money_days`, the money
 * ledger summed per (account, business date, movement type) — money in, money out, movements —,
 * kept by a trigger in the transaction that appends the movements (server/db/money-days.ts). The
 * closing, the situation and the balances at a date read it: a year of a desk with ~460 movements a
 * day is ~5 000 summary rows instead of ~150 000 movements.
 *
 * SQLite: a row trigger (an upsert per movement). PostgreSQL: a statement trigger over the inserted
 * rows (REFERENCING NEW TABLE), one grouped upsert per INSERT — the demo seed's bulk inserts of
 * thousands of movements stay one statement each.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('money_days', (t) => {
    t.integer('account_id').notNullable().references('id').inTable('treasury_accounts');
    t.string('business_date', 10).notNullable();
    t.string('movement_type', 30).notNullable();
    t.bigInteger('total_in').notNullable().defaultTo(0);
    t.bigInteger('total_out').notNullable().defaultTo(0);
    t.integer('movement_count').notNullable().defaultTo(0);
    t.primary(['account_id', 'business_date', 'movement_type']);
  });
  // The balances at a date read every account up to a day.
  await db.schema.alterTable('money_days', (t) =>
    t.index(['business_date', 'account_id', 'total_in', 'total_out', 'movement_count'], 'money_days_date'),
  );
  if (db.client.config.client === 'pg') {
    await db.raw(`CREATE FUNCTION money_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO money_days AS d (account_id, business_date, movement_type, total_in, total_out, movement_count)
          SELECT account_id, business_date, movement_type, SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END), COUNT(*)
            FROM inserted GROUP BY account_id, business_date, movement_type
        ON CONFLICT (account_id, business_date, movement_type) DO UPDATE
          SET total_in = d.total_in + excluded.total_in, total_out = d.total_out + excluded.total_out, movement_count = d.movement_count + excluded.movement_count;
        RETURN NULL;
      END $$`);
    await db.raw(
      'CREATE TRIGGER money_days_insert AFTER INSERT ON money_movements REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION money_days_insert()',
    );
  } else {
    await db.raw(`CREATE TRIGGER money_days_insert AFTER INSERT ON money_movements BEGIN
      INSERT INTO money_days (account_id, business_date, movement_type, total_in, total_out, movement_count)
        VALUES (NEW.account_id, NEW.business_date, NEW.movement_type, CASE WHEN NEW.amount > 0 THEN NEW.amount ELSE 0 END, CASE WHEN NEW.amount < 0 THEN -NEW.amount ELSE 0 END, 1)
      ON CONFLICT (account_id, business_date, movement_type) DO UPDATE
        SET total_in = total_in + excluded.total_in, total_out = total_out + excluded.total_out, movement_count = movement_count + 1;
    END`);
  }
  await rebuildMoneyDays(db);
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg') {
    await db.raw('DROP TRIGGER IF EXISTS money_days_insert ON money_movements');
    await db.raw('DROP FUNCTION IF EXISTS money_days_insert()');
  } else {
    await db.raw('DROP TRIGGER IF EXISTS money_days_insert');
  }
  await db.schema.dropTableIfExists('money_days');
}
