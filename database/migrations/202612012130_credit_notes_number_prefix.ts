import type { Knex } from 'knex';

/**
 * Credit notes (AV-) in the header search: `number` read as a prefix, with an index matching
 * LIKE's semantics (NOCASE on SQLite, text_pattern_ops on PostgreSQL), as the other numbered
 * documents have (migration 202611241010_settlements_number_prefix).
 */
export async function up(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg')
    await db.raw('CREATE INDEX credit_notes_number_prefix ON credit_notes (number text_pattern_ops)');
  else await db.raw('CREATE INDEX credit_notes_number_prefix ON credit_notes (number COLLATE NOCASE)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS credit_notes_number_prefix');
}
