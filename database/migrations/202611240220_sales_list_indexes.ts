import type { Knex } from 'knex';

/**
 * The sales lists (Ventes détaillées, Ventes boutique) at 200 000 sales (DESIGN.md §7):
 * - the header search and the list's search by number read `number` as a prefix: a prefix index
 *   matching LIKE's semantics (NOCASE on SQLite, text_pattern_ops on PostgreSQL), as migration
 *   202611232207_search_key did for the stock documents;
 * - the totals of the filtered list are one SQL aggregate over a period of one kind: an index that
 *   carries the status, the payment mode and the amounts answers it from the index alone.
 */
export async function up(db: Knex): Promise<void> {
  if (db.client.config.client === 'pg')
    await db.raw('CREATE INDEX sales_number_prefix ON sales (number text_pattern_ops)');
  else await db.raw('CREATE INDEX sales_number_prefix ON sales (number COLLATE NOCASE)');
  await db.schema.alterTable('sales', (t) => {
    t.index(
      ['kind', 'sale_date', 'status', 'payment_mode', 'total_ttc', 'amount_paid', 'amount_credited'],
      'sales_kind_date_totals',
    );
  });
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS sales_number_prefix');
  await db.schema.alterTable('sales', (t) => {
    t.dropIndex([], 'sales_kind_date_totals');
  });
}
