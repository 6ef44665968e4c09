import type { Knex } from 'knex';

/**
 * users.first_name: the name the dashboard greets a person by, asked rather than guessed (names are
 * often written NOM Prénom). company_settings.allow_registration: whether guests may create an
 * account (on by default; a new account still has no role until an administrator grants one).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (t) => {
    t.string('first_name', 80).nullable();
  });
  await db.schema.alterTable('company_settings', (t) => {
    t.boolean('allow_registration').notNullable().defaultTo(true);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('company_settings', (t) => {
    t.dropColumn('allow_registration');
  });
  await db.schema.alterTable('users', (t) => {
    t.dropColumn('first_name');
  });
}
