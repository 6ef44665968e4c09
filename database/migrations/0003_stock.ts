import type { Knex } from 'knex';

/**
 * Stock (issue 5): the append-only stock ledger and the documents that post to it — stock entries
 * (ENT-), transfers (TRF-), inventory counts and direct readjustments (INV-) — plus the CMUP history
 * and a generic idempotency-key table for every form that creates a document.
 *
 * Quantities are signed integers in the product's base unit; costs are bigint minor units.
 * stock_levels (0002) holds the current quantity per (product, location); it must always equal the
 * sum of stock_movements for that pair (checked by `npm run check:stock`).
 */
export async function up(db: Knex): Promise<void> {
  const isPg = db.client.config.client === 'pg';

  // The ledger. One row per (product, location) change; never updated, never deleted.
  await db.schema.createTable('stock_movements', (t) => {
    t.bigIncrements('id').primary();
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.bigInteger('quantity').notNullable(); // signed: + in, − out
    t.bigInteger('unit_cost').notNullable().defaultTo(0); // entry cost, or the CMUP at the time
    // entry | entry_cancel | transfer_out | transfer_in | transfer_cancel | inventory | readjustment | sale | sale_cancel
    t.string('movement_type', 20).notNullable();
    t.string('document_type', 30).notNullable(); // stock_entry | transfer | inventory_count | stock_adjustment | …
    t.bigInteger('document_id').nullable();
    t.string('document_number', 30).nullable();
    t.integer('user_id').nullable().references('id').inTable('users');
    t.string('business_date', 10).notNullable(); // YYYY-MM-DD in the company time zone
    t.string('created_at', 30).notNullable();
    t.string('reason', 255).nullable();
    t.index(['product_id', 'id'], 'stock_movements_product_history');
    t.index(['product_id', 'location_id', 'business_date'], 'stock_movements_product_location_date');
    t.index(['location_id', 'business_date'], 'stock_movements_location_date');
    t.index(['business_date'], 'stock_movements_date');
    t.index(['document_type', 'document_id'], 'stock_movements_document');
  });

  // Append-only, enforced by the database itself: a correction is a new movement.
  if (isPg) {
    await db.raw(`
      CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'stock_movements is append-only (% refused)', TG_OP;
      END;
      $$`);
    await db.raw(
      `CREATE TRIGGER stock_movements_no_update BEFORE UPDATE OR DELETE ON stock_movements FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only()`,
    );
  } else {
    await db.raw(
      `CREATE TRIGGER stock_movements_no_update BEFORE UPDATE ON stock_movements BEGIN SELECT RAISE(ABORT, 'stock_movements is append-only (UPDATE refused)'); END`,
    );
    await db.raw(
      `CREATE TRIGGER stock_movements_no_delete BEFORE DELETE ON stock_movements BEGIN SELECT RAISE(ABORT, 'stock_movements is append-only (DELETE refused)'); END`,
    );
  }

  // Every change of a product's CMUP, with what caused it (product page "Historique du CMUP").
  await db.schema.createTable('cmup_history', (t) => {
    t.bigIncrements('id').primary();
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.bigInteger('old_cmup').notNullable();
    t.bigInteger('new_cmup').notNullable();
    t.bigInteger('quantity_before').notNullable(); // total on hand (all locations + in transit)
    t.bigInteger('quantity').notNullable(); // signed quantity of the valued movement
    t.bigInteger('unit_cost').notNullable();
    t.string('movement_type', 20).notNullable();
    t.string('document_type', 30).notNullable();
    t.bigInteger('document_id').nullable();
    t.string('document_number', 30).nullable();
    t.integer('user_id').nullable().references('id').inTable('users');
    t.string('business_date', 10).notNullable();
    t.string('changed_at', 30).notNullable();
    t.index(['product_id', 'id']);
  });

  await db.schema.createTable('stock_entries', (t) => {
    t.increments('id').primary();
    t.string('number', 30).notNullable().unique(); // ENT-YYYY-NNNNNN, assigned at validation
    t.integer('supplier_id').notNullable().references('id').inTable('suppliers');
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.string('entry_date', 10).notNullable();
    t.string('supplier_ref', 80).notNullable().defaultTo('');
    t.string('note', 500).notNullable().defaultTo('');
    t.string('status', 12).notNullable(); // validated | cancelled
    t.integer('line_count').notNullable();
    t.bigInteger('total_quantity').notNullable();
    t.bigInteger('total_amount').notNullable();
    t.integer('created_by').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.integer('cancelled_by').nullable().references('id').inTable('users');
    t.string('cancelled_at', 30).nullable();
    t.string('cancel_reason', 500).nullable();
    t.integer('version').notNullable().defaultTo(1);
    t.string('updated_at', 30).notNullable();
    t.index(['entry_date', 'id']);
    t.index(['supplier_id', 'entry_date']);
    t.index(['location_id', 'entry_date']);
  });

  await db.schema.createTable('stock_entry_lines', (t) => {
    t.bigIncrements('id').primary();
    t.integer('entry_id').notNullable().references('id').inTable('stock_entries');
    t.integer('position').notNullable();
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.string('entry_unit', 6).notNullable().defaultTo('unit'); // unit | pack
    t.integer('pack_size').notNullable().defaultTo(1);
    t.bigInteger('entered_quantity').notNullable(); // in entry_unit
    t.bigInteger('quantity').notNullable(); // base units
    t.bigInteger('unit_cost').notNullable(); // per base unit
    t.bigInteger('amount').notNullable();
    t.bigInteger('cmup_before').notNullable();
    t.bigInteger('cmup_after').notNullable();
    t.bigInteger('purchase_price_before').notNullable();
    t.unique(['entry_id', 'product_id']);
    t.index(['product_id', 'entry_id']);
  });

  await db.schema.createTable('transfers', (t) => {
    t.increments('id').primary();
    t.string('number', 30).notNullable().unique(); // TRF-YYYY-NNNNNN, assigned when sent
    t.integer('from_location_id').notNullable().references('id').inTable('locations');
    t.integer('to_location_id').notNullable().references('id').inTable('locations');
    t.string('transfer_date', 10).notNullable();
    t.string('status', 24).notNullable(); // sent | received | received_with_difference | cancelled
    t.string('note', 500).notNullable().defaultTo('');
    t.integer('line_count').notNullable();
    t.bigInteger('total_quantity_sent').notNullable();
    t.bigInteger('total_quantity_received').nullable();
    t.bigInteger('total_value').notNullable(); // quantities sent × CMUP at sending
    t.integer('sent_by').nullable().references('id').inTable('users');
    t.string('sent_at', 30).notNullable();
    t.integer('received_by').nullable().references('id').inTable('users');
    t.string('received_at', 30).nullable();
    t.string('received_date', 10).nullable();
    t.string('reception_note', 500).nullable();
    t.integer('cancelled_by').nullable().references('id').inTable('users');
    t.string('cancelled_at', 30).nullable();
    t.string('cancel_reason', 500).nullable();
    t.string('status_before_cancel', 24).nullable();
    t.integer('reprint_count').notNullable().defaultTo(0);
    t.string('last_reprinted_at', 30).nullable();
    t.integer('version').notNullable().defaultTo(1);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['transfer_date', 'id']);
    t.index(['status', 'transfer_date']);
    t.index(['from_location_id', 'transfer_date']);
    t.index(['to_location_id', 'transfer_date']);
  });

  await db.schema.createTable('transfer_lines', (t) => {
    t.bigIncrements('id').primary();
    t.integer('transfer_id').notNullable().references('id').inTable('transfers');
    t.integer('position').notNullable();
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.bigInteger('quantity_sent').notNullable();
    t.bigInteger('quantity_received').nullable();
    t.bigInteger('unit_cost').notNullable(); // CMUP when sent
    t.string('difference_reason', 255).nullable();
    t.unique(['transfer_id', 'product_id']);
    t.index(['product_id', 'transfer_id']);
  });

  await db.schema.createTable('inventory_counts', (t) => {
    t.increments('id').primary();
    t.string('number', 30).nullable().unique(); // INV-YYYY-NNNNNN, assigned at validation
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.string('count_date', 10).notNullable();
    t.boolean('blind').notNullable().defaultTo(false);
    t.boolean('all_categories').notNullable().defaultTo(true);
    t.string('status', 12).notNullable(); // open | validated | cancelled
    t.string('note', 500).notNullable().defaultTo('');
    t.string('snapshot_at', 30).notNullable();
    t.integer('line_count').notNullable();
    t.integer('created_by').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.integer('validated_by').nullable().references('id').inTable('users');
    t.string('validated_at', 30).nullable();
    t.string('moved_policy', 10).nullable(); // snapshot | current
    t.boolean('uncounted_as_zero').nullable();
    t.integer('adjusted_lines').nullable();
    t.bigInteger('gain_quantity').nullable();
    t.bigInteger('loss_quantity').nullable();
    t.bigInteger('gain_value').nullable();
    t.bigInteger('loss_value').nullable();
    t.integer('cancelled_by').nullable().references('id').inTable('users');
    t.string('cancelled_at', 30).nullable();
    t.string('cancel_reason', 500).nullable();
    t.integer('version').notNullable().defaultTo(1);
    t.string('updated_at', 30).notNullable();
    t.index(['status', 'count_date']);
    t.index(['location_id', 'status']);
    t.index(['count_date', 'id']);
  });

  await db.schema.createTable('inventory_count_categories', (t) => {
    t.integer('count_id').notNullable().references('id').inTable('inventory_counts');
    t.integer('category_id').notNullable().references('id').inTable('categories');
    t.primary(['count_id', 'category_id']);
  });

  await db.schema.createTable('inventory_count_lines', (t) => {
    t.bigIncrements('id').primary();
    t.integer('count_id').notNullable().references('id').inTable('inventory_counts');
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.bigInteger('theoretical_quantity').notNullable(); // stock level at the snapshot
    t.bigInteger('counted_quantity').nullable(); // null: not counted yet
    t.integer('counted_by').nullable().references('id').inTable('users');
    t.string('counted_at', 30).nullable();
    t.bigInteger('stock_at_validation').nullable();
    t.bigInteger('adjustment_quantity').nullable();
    t.bigInteger('unit_cost').nullable(); // CMUP at validation
    t.unique(['count_id', 'product_id']);
    t.index(['product_id']);
  });

  // Direct readjustments (casse, perte, vol, péremption, erreur de saisie), numbered INV- too.
  await db.schema.createTable('stock_adjustments', (t) => {
    t.increments('id').primary();
    t.string('number', 30).notNullable().unique();
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.string('adjustment_date', 10).notNullable();
    t.string('reason', 20).notNullable(); // casse | perte | vol | peremption | erreur_saisie
    t.string('note', 500).notNullable().defaultTo('');
    t.integer('line_count').notNullable();
    t.bigInteger('total_value').notNullable(); // signed, at CMUP
    t.integer('created_by').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.index(['adjustment_date', 'id']);
    t.index(['location_id', 'adjustment_date']);
  });

  await db.schema.createTable('stock_adjustment_lines', (t) => {
    t.bigIncrements('id').primary();
    t.integer('adjustment_id').notNullable().references('id').inTable('stock_adjustments');
    t.integer('position').notNullable();
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.bigInteger('quantity').notNullable(); // signed
    t.bigInteger('stock_before').notNullable();
    t.bigInteger('unit_cost').notNullable();
    t.unique(['adjustment_id', 'product_id']);
    t.index(['product_id']);
  });

  // Generic: a form that creates a document sends a client-generated key; a replay of the same
  // key (double click, network retry) returns the first result instead of a second document.
  await db.schema.createTable('idempotency_keys', (t) => {
    t.integer('user_id').notNullable();
    t.string('scope', 40).notNullable();
    t.string('key', 64).notNullable();
    t.text('result').nullable();
    t.string('created_at', 30).notNullable().index();
    t.primary(['user_id', 'scope', 'key']);
  });
}

export async function down(db: Knex): Promise<void> {
  const isPg = db.client.config.client === 'pg';
  for (const table of [
    'idempotency_keys',
    'stock_adjustment_lines',
    'stock_adjustments',
    'inventory_count_lines',
    'inventory_count_categories',
    'inventory_counts',
    'transfer_lines',
    'transfers',
    'stock_entry_lines',
    'stock_entries',
    'cmup_history',
    'stock_movements',
  ]) {
    await db.schema.dropTableIfExists(table);
  }
  if (isPg) await db.raw('DROP FUNCTION IF EXISTS stock_movements_append_only()');
}
