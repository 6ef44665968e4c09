import type { Knex } from 'knex';

/**
 * Alert thresholds per location (issue 34): a product's `alert_threshold` is its default, and a
 * location may have its own — `stock_levels.alert_threshold`, null where the location follows the
 * product's (0: no alert there). On the row that holds the pair's quantity, so the « sous le
 * seuil » reads (État de stock, the dashboard's card, the products list) find both with the one
 * primary-key seek per pair they already make; a threshold set where the pair has no stock yet
 * writes the row with quantity 0 (the ledger agrees: no movement, nothing in stock). The thresholds
 * that differ from the products' — the only rows a product without a default of its own can alert
 * on — are read from a partial index holding them alone.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('stock_levels', (t) => {
    t.bigInteger('alert_threshold').nullable();
  });
  await db.raw(
    'CREATE INDEX stock_levels_alerts ON stock_levels (location_id, product_id, alert_threshold, quantity) WHERE alert_threshold IS NOT NULL',
  );
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS stock_levels_alerts');
  await db.schema.alterTable('stock_levels', (t) => {
    t.dropColumn('alert_threshold');
  });
}
