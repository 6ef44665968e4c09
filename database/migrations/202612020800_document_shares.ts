import type { Knex } from 'knex';

/**
 * The public links of a sales document's receipt (« Partager »: a link sent by WhatsApp or SMS to
 * the client, opened without signing in). The link carries a random token; only its SHA-256 is
 * kept, so the table alone opens nothing. A link is revoked, never deleted (who created and who
 * revoked it stay readable); how often and when it was last opened is counted for the shop.
 * `document_type` is a DOCUMENT_TYPES key the DGI certifies: invoice, counterSale, creditNote.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('document_shares', (t) => {
    t.increments('id').primary();
    t.string('document_type', 20).notNullable();
    t.integer('document_id').notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('created_by').notNullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.string('revoked_at', 30).nullable();
    t.integer('revoked_by').nullable().references('id').inTable('users');
    t.string('last_opened_at', 30).nullable();
    t.integer('open_count').notNullable().defaultTo(0);
    t.index(['document_type', 'document_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('document_shares');
}
