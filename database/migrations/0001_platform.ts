import type { Knex } from 'knex';

/** Accounts, roles and permissions, sessions, throttling, tokens, document counters, audit log. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('name', 120).notNullable();
    t.string('email', 190).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('email_verified_at', 30).nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.string('last_login_at', 30).nullable();
    t.string('deleted_at', 30).nullable();
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });

  await db.schema.createTable('permissions', (t) => {
    t.string('name', 80).primary();
    t.string('area', 60).notNullable();
    t.string('label', 160).notNullable();
    t.string('kind', 10).notNullable(); // menu | action
    t.integer('position').notNullable().defaultTo(0);
  });

  await db.schema.createTable('roles', (t) => {
    t.increments('id').primary();
    t.string('name', 60).notNullable().unique();
    t.string('description', 255).notNullable().defaultTo('');
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });

  await db.schema.createTable('role_permissions', (t) => {
    t.integer('role_id').notNullable().references('id').inTable('roles').onDelete('CASCADE');
    t.string('permission_name', 80).notNullable().references('name').inTable('permissions').onDelete('CASCADE');
    t.primary(['role_id', 'permission_name']);
  });

  await db.schema.createTable('user_roles', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('role_id').notNullable().references('id').inTable('roles').onDelete('CASCADE');
    t.primary(['user_id', 'role_id']);
    t.index(['role_id']);
  });

  await db.schema.createTable('sessions', (t) => {
    t.string('sid', 128).primary();
    t.text('data').notNullable();
    t.bigInteger('expires_at').notNullable().index();
    t.integer('user_id').nullable().index();
  });

  await db.schema.createTable('login_failures', (t) => {
    t.increments('id').primary();
    t.string('throttle_key', 255).notNullable();
    t.bigInteger('failed_at').notNullable();
    t.index(['throttle_key', 'failed_at']);
  });

  await db.schema.createTable('password_resets', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.bigInteger('expires_at').notNullable();
    t.string('used_at', 30).nullable();
    t.string('created_at', 30).notNullable();
  });

  await db.schema.createTable('document_counters', (t) => {
    t.string('series', 10).notNullable();
    t.integer('year').notNullable();
    t.bigInteger('last_number').notNullable();
    t.primary(['series', 'year']);
  });

  await db.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.string('occurred_at', 30).notNullable().index();
    t.integer('user_id').nullable().index();
    t.string('user_name', 120).nullable();
    t.string('action', 60).notNullable().index();
    t.string('subject_type', 60).nullable();
    t.string('subject_id', 60).nullable();
    t.string('subject_label', 255).nullable();
    t.text('details').nullable();
    t.string('ip', 64).nullable();
    t.string('prev_hash', 64).nullable();
    t.string('hash', 64).notNullable();
    t.index(['subject_type', 'subject_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of [
    'audit_log',
    'document_counters',
    'password_resets',
    'login_failures',
    'sessions',
    'user_roles',
    'role_permissions',
    'roles',
    'permissions',
    'users',
  ]) {
    await db.schema.dropTableIfExists(table);
  }
}
