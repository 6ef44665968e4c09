import type { Knex } from 'knex';

/**
 * One table for every throttle (login, password checks, reset and registration mails): a row per
 * counted attempt in a bucket (a hashed key such as "login:<e-mail>|<ip>"). Attempts are counted
 * before the check they guard (server/services/accounts/throttle.ts), so login_failures, which
 * counted only after the check, goes.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('throttle_hits', (t) => {
    t.increments('id').primary();
    t.string('bucket', 120).notNullable();
    t.bigInteger('hit_at').notNullable();
    t.index(['bucket', 'hit_at']);
    t.index(['hit_at']);
  });
  await db.schema.dropTableIfExists('login_failures');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.createTable('login_failures', (t) => {
    t.increments('id').primary();
    t.string('throttle_key', 255).notNullable();
    t.bigInteger('failed_at').notNullable();
    t.index(['throttle_key', 'failed_at']);
  });
  await db.schema.dropTableIfExists('throttle_hits');
}
