import type { Knex } from 'knex';

/**
 * The statement of account (relevé de compte, issue 15) reads a client's credit notes by client
 * and date: without this index it would scan every credit note of the company.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('credit_notes', (t) => {
    t.index(['client_id', 'credit_date'], 'credit_notes_client_id_credit_date_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('credit_notes', (t) => {
    t.dropIndex(['client_id', 'credit_date'], 'credit_notes_client_id_credit_date_index');
  });
}
