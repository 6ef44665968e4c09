import type { Knex } from 'knex';

/**
 * Paramètres › Impression: one row per document type (shared/print.ts PRINT_DOCUMENTS) once an
 * administrator saves it; a type without a row prints with its defaults (defaultPrintSettings).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('print_settings', (t) => {
    t.string('document_type', 30).primary();
    t.string('format', 10).notNullable();
    t.integer('copies').notNullable().defaultTo(1);
    t.string('header_text', 600).notNullable().defaultTo('');
    t.string('footer_text', 600).notNullable().defaultTo('');
    t.boolean('show_logo').notNullable().defaultTo(true);
    t.boolean('amount_in_words').notNullable().defaultTo(true);
    t.string('updated_at', 30).notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('print_settings');
}
