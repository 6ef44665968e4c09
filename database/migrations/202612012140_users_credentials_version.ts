import type { Knex } from 'knex';

/**
 * users.credentials_version: incremented whenever the user's credentials are revoked — password
 * changed (profile, reset link, first-login change), account deactivated or deleted. The login
 * device cookies (server/services/accounts/login-devices.ts) are signed with it: every cookie
 * issued before is void from then on.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (t) => {
    t.integer('credentials_version').notNullable().defaultTo(0);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (t) => {
    t.dropColumn('credentials_version');
  });
}
