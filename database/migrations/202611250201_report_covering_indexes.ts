import type { Knex } from 'knex';

/**
 * Éditions at scale (issue 17): covering indexes for the reports that read the documents of a
 * period directly (measured on the large data set, a year).
 * - Produits transférés: a year's transfer lines grouped by route and product without a table
 *   lookup per line.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('transfer_lines', (t) =>
    t.index(['transfer_id', 'product_id', 'quantity_sent', 'quantity_received', 'unit_cost'], 'transfer_lines_report'),
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('transfer_lines', (t) => t.dropIndex([], 'transfer_lines_report'));
}
