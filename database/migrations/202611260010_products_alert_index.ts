import type { Knex } from 'knex';

/**
 * Tableau de bord and État de stock › Sous le seuil d'alerte (issue 17, DESIGN.md §7): the active
 * products with an alert threshold, read from a partial index holding only them with what the
 * ranking needs (threshold, name; the id is the row id), instead of every product's wide row — on
 * the large set the products table (≈ 550 pages) no longer passes through the page cache for each
 * card. Written to products only (a product's settings), never on a sale's or a movement's path.
 * The query repeats the condition as written (services/reports/stock-state.ts
 * `productsUnderThreshold`: literals, not bound values, so SQLite matches the partial index).
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(
    'CREATE INDEX products_alerts ON products (alert_threshold, name, active) WHERE active = true AND alert_threshold > 0',
  );
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS products_alerts');
}
