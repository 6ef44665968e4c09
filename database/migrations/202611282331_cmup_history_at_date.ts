import type { Knex } from 'knex';

/**
 * État de stock à une date passée (issue 17): the CMUP of the day is, per product, the last change
 * (in the order they were computed, id) dated on or before the date — read backwards on
 * cmup_history (product_id, id) until a change dated early enough, each step a table lookup for its
 * date and amounts (PostgreSQL, six months back on the large set: ~7 rows and heap pages per product
 * in stock, ~76 000 buffers). This index carries the date and both amounts, so the walk stays in the
 * index (no table lookup) on both databases; the figures are the same rows.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('cmup_history', (t) =>
    t.index(['product_id', 'id', 'business_date', 'new_cmup', 'old_cmup'], 'cmup_history_at_date'),
  );
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('cmup_history', (t) => t.dropIndex([], 'cmup_history_at_date'));
}
