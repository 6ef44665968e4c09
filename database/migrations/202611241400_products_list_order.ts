import type { Knex } from 'knex';

/**
 * The products list in its default order (active products by code) at any page (DESIGN.md §7, issue
 * 20: page 200 of 10 000 products on PostgreSQL): an index whose order is the list's order —
 * (active, code, id), id breaking ties as the list does — so the page's ids come from an index-only
 * walk of the entries before it (paginateDeferred, server/db/paginate.ts) instead of sorting the
 * whole table or reading 5 000 rows to throw them away.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('products', (t) => {
    t.index(['active', 'code', 'id'], 'products_active_code_id');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('products', (t) => {
    t.dropIndex([], 'products_active_code_id');
  });
}
