import type { Knex } from 'knex';

/**
 * Personal access tokens of the REST API (/api/v1): only the SHA-256 of the secret is kept (the
 * secret is shown once, at creation); `prefix` is the start of the token, shown in the list so its
 * owner can tell tokens apart. `abilities` is a JSON array of permission names (a subset of the
 * user's own at creation; each request also checks the user still holds them).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('api_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('name', 80).notNullable();
    t.string('prefix', 16).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.text('abilities').notNullable();
    t.string('expires_at', 30).notNullable();
    t.string('last_used_at', 30).nullable();
    t.string('last_used_ip', 64).nullable();
    t.string('created_at', 30).notNullable();
    t.string('revoked_at', 30).nullable();
    t.integer('revoked_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.index(['user_id', 'created_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('api_tokens');
}
