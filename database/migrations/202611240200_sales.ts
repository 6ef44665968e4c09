import type { Knex } from 'knex';

/**
 * Sales (issue 14): invoices (FAC-, vente détaillée) and counter sales (VB-, vente boutique) in one
 * table told apart by `kind`, their lines (each keeping the product's CMUP at the moment of sale for
 * margins), the payments taken at the sale (each landing in a treasury account of the money ledger),
 * and the credit notes (AV-, correction de vente boutique) that return goods of a counter sale.
 *
 * Amounts are integers in minor units. A sale's payment status follows amount_paid + amount_credited
 * against total_ttc (paid | partial | unpaid), kept in step by every document that moves them
 * (the sale, a credit note, the settlements of the next issue).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('sales', (t) => {
    t.increments('id').primary();
    t.string('number', 30).notNullable().unique(); // FAC-YYYY-NNNNNN | VB-YYYY-NNNNNN
    t.string('kind', 10).notNullable(); // invoice | counter
    t.integer('client_id').notNullable().references('id').inTable('clients');
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.string('sale_date', 10).notNullable();
    t.string('payment_mode', 10).notNullable(); // cash (comptant) | credit
    t.string('due_date', 10).nullable(); // credit sales
    t.string('price_level', 10).notNullable(); // detail | gros, the level the prices came from
    t.string('status', 12).notNullable(); // validated | cancelled
    t.string('payment_status', 10).notNullable(); // paid | partial | unpaid
    t.integer('line_count').notNullable();
    t.bigInteger('lines_total').notNullable(); // Σ line nets
    t.bigInteger('discount').notNullable().defaultTo(0); // document discount
    t.integer('vat_rate_bp').notNullable().defaultTo(0);
    t.boolean('prices_include_vat').notNullable().defaultTo(true);
    t.bigInteger('total_ht').notNullable();
    t.bigInteger('vat_amount').notNullable();
    t.bigInteger('total_ttc').notNullable();
    t.bigInteger('amount_paid').notNullable().defaultTo(0);
    t.bigInteger('amount_credited').notNullable().defaultTo(0); // credit notes (avoirs)
    t.bigInteger('cash_tendered').notNullable().defaultTo(0);
    t.bigInteger('change_given').notNullable().defaultTo(0);
    t.bigInteger('cost_total').notNullable(); // Σ quantity × CMUP at the sale
    t.string('note', 500).notNullable().defaultTo('');
    t.integer('created_by').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.integer('cancelled_by').nullable().references('id').inTable('users');
    t.string('cancelled_at', 30).nullable();
    t.string('cancel_reason', 500).nullable();
    t.integer('version').notNullable().defaultTo(1);
    t.string('updated_at', 30).notNullable();
    t.index(['kind', 'sale_date', 'id']);
    t.index(['client_id', 'sale_date']);
    t.index(['location_id', 'sale_date']);
    t.index(['kind', 'payment_status', 'sale_date']);
  });

  await db.schema.createTable('sale_lines', (t) => {
    t.bigIncrements('id').primary();
    t.integer('sale_id').notNullable().references('id').inTable('sales');
    t.integer('position').notNullable();
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.string('sale_unit', 6).notNullable().defaultTo('unit'); // unit | pack
    t.integer('pack_size').notNullable().defaultTo(1);
    t.bigInteger('entered_quantity').notNullable(); // in sale_unit
    t.bigInteger('quantity').notNullable(); // base units
    t.bigInteger('list_price').notNullable(); // the price level's price per base unit at the sale
    t.bigInteger('unit_price').notNullable(); // per base unit, as sold
    t.bigInteger('gross').notNullable();
    t.bigInteger('discount').notNullable().defaultTo(0);
    t.bigInteger('net').notNullable();
    t.bigInteger('allocated_discount').notNullable().defaultTo(0); // this line's share of the document discount
    t.bigInteger('unit_cost').notNullable(); // CMUP at the moment of sale
    t.bigInteger('returned_quantity').notNullable().defaultTo(0); // base units taken back by credit notes
    t.unique(['sale_id', 'position']);
    t.index(['product_id', 'sale_id']);
  });

  await db.schema.createTable('sale_payments', (t) => {
    t.bigIncrements('id').primary();
    t.integer('sale_id').notNullable().references('id').inTable('sales');
    t.integer('account_id').notNullable().references('id').inTable('treasury_accounts');
    t.string('method', 20).notNullable(); // especes | mobile_money | cheque | virement | carte
    t.bigInteger('amount').notNullable(); // what the account received (cash: net of the change)
    t.string('operator', 20).nullable();
    t.string('phone', 30).nullable();
    t.string('reference', 80).nullable();
    t.string('created_at', 30).notNullable();
    t.index(['sale_id']);
    t.index(['account_id']);
  });

  await db.schema.createTable('credit_notes', (t) => {
    t.increments('id').primary();
    t.string('number', 30).notNullable().unique(); // AV-YYYY-NNNNNN
    t.integer('sale_id').notNullable().references('id').inTable('sales');
    t.integer('client_id').notNullable().references('id').inTable('clients');
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.integer('account_id').nullable().references('id').inTable('treasury_accounts'); // where the refund came from
    t.string('credit_date', 10).notNullable();
    t.string('reason', 500).notNullable();
    t.string('status', 12).notNullable(); // validated | cancelled
    t.integer('line_count').notNullable();
    t.bigInteger('total').notNullable();
    t.bigInteger('refunded').notNullable().defaultTo(0);
    t.bigInteger('cost_total').notNullable();
    t.integer('created_by').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.string('updated_at', 30).notNullable();
    t.index(['credit_date', 'id']);
    t.index(['sale_id']);
    t.index(['location_id', 'credit_date']);
  });

  await db.schema.createTable('credit_note_lines', (t) => {
    t.bigIncrements('id').primary();
    t.integer('credit_note_id').notNullable().references('id').inTable('credit_notes');
    t.integer('position').notNullable();
    t.bigInteger('sale_line_id').notNullable().references('id').inTable('sale_lines');
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.bigInteger('quantity').notNullable(); // base units returned
    t.bigInteger('unit_price').notNullable(); // the sale line's net price per base unit
    t.bigInteger('amount').notNullable();
    t.bigInteger('unit_cost').notNullable(); // the sale line's cost: the stock comes back at it
    t.unique(['credit_note_id', 'position']);
    t.index(['sale_line_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('credit_note_lines');
  await db.schema.dropTable('credit_notes');
  await db.schema.dropTable('sale_payments');
  await db.schema.dropTable('sale_lines');
  await db.schema.dropTable('sales');
}
