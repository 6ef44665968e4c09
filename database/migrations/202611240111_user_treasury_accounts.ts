import type { Knex } from 'knex';

/**
 * The treasury accounts (caisse, banque, mobile money) a user whose places are restricted works
 * on (users.places_restricted, server/policies/places.ts): beside user_locations, read once per
 * request into the user's PlaceScope.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('user_treasury_accounts', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('account_id').notNullable().references('id').inTable('treasury_accounts').onDelete('CASCADE');
    t.primary(['user_id', 'account_id']);
    t.index(['account_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('user_treasury_accounts');
}
