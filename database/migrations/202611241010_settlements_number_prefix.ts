import type { Knex } from 'knex';

/**
 * Settlements (REG-) in the header search and the list's search by number: `number` read as a
 * prefix, with an index matching LIKE's semantics (NOCASE on SQLite, text_pattern_ops on
 * PostgreSQL), as migration 202611240220_sales_list_indexes did for the sales.
 */
export async function up(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg')
    await db.raw('CREATE INDEX settlements_number_prefix ON settlements (number text_pattern_ops)');
  else await db.raw('CREATE INDEX settlements_number_prefix ON settlements (number COLLATE NOCASE)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS settlements_number_prefix');
}
