import type { Knex } from 'knex';

/**
 * Users' allowed places and first-login password change.
 * - users.places_restricted: false → the user works in every location (and treasury account);
 *   true → only in those listed in user_locations (none listed: none at all). An administrator
 *   always works everywhere (server/policies/places.ts).
 * - users.must_change_password: set when an administrator gives an initial password; the user is
 *   sent to the change-password page until they choose their own.
 * - users.deactivated_at: when the account was deactivated (null while active).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (t) => {
    t.boolean('places_restricted').notNullable().defaultTo(false);
    t.boolean('must_change_password').notNullable().defaultTo(false);
    t.string('deactivated_at', 30).nullable();
  });
  await db.schema.createTable('user_locations', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('location_id').notNullable().references('id').inTable('locations').onDelete('CASCADE');
    t.primary(['user_id', 'location_id']);
    t.index(['location_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('user_locations');
  await db.schema.alterTable('users', (t) => {
    t.dropColumn('deactivated_at');
    t.dropColumn('must_change_password');
    t.dropColumn('places_restricted');
  });
}
