import type { Knex } from 'knex';

/**
 * Ventes en attente (issue 34): a cashier parks the counter's basket (the customer went to fetch
 * money), serves the next one, then resumes it. A parked sale is a draft of one user at one shop,
 * kept here so that it survives a reload, a closed browser or another till: the lines as typed
 * (product, quantity, the price if changed, the discount as an amount or a percentage) and the
 * sale's discount, with the line count and the total as they stood, for the list. No stock, money
 * or number: nothing reads this table but the counter, and the row goes when the sale is validated
 * (in the sale's own transaction) or discarded.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('parked_sales', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.integer('client_id').notNullable().references('id').inTable('clients');
    t.text('lines').notNullable(); // JSON: [{ product_id, quantity, unit_price (null: the client's level), discount: { kind, value } }]
    t.text('discount').notNullable(); // JSON: { kind: 'amount' | 'percent', value }
    t.integer('line_count').notNullable();
    t.bigInteger('total').notNullable(); // TTC when parked, for the list (the sale is priced again when validated)
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['user_id', 'location_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('parked_sales');
}
