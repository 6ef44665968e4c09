import type { Knex } from 'knex';

/**
 * Company settings, locations and cash desks, and the master data of the "Fichiers" menu.
 * Money columns are bigint in the currency's minor unit; quantities are integers in base units.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('company_settings', (t) => {
    t.integer('id').primary(); // always 1: a single row
    t.string('name', 160).notNullable();
    t.string('address', 255).notNullable().defaultTo('');
    t.string('city', 120).notNullable().defaultTo('');
    t.string('phones', 120).notNullable().defaultTo('');
    t.string('email', 190).notNullable().defaultTo('');
    t.string('rccm', 80).notNullable().defaultTo('');
    t.string('tax_number', 80).notNullable().defaultTo('');
    t.string('currency', 3).notNullable().defaultTo('XOF');
    t.string('time_zone', 64).notNullable().defaultTo('Africa/Abidjan');
    t.boolean('vat_enabled').notNullable().defaultTo(false);
    t.integer('vat_rate_bp').notNullable().defaultTo(1800); // basis points: 1800 = 18 %
    t.boolean('allow_negative_stock').notNullable().defaultTo(false);
    t.string('logo_path', 255).nullable();
    t.string('updated_at', 30).notNullable();
  });

  await db.schema.createTable('locations', (t) => {
    t.increments('id').primary();
    t.string('code', 20).notNullable().unique();
    t.string('name', 120).notNullable().unique();
    t.string('kind', 10).notNullable(); // depot | boutique
    t.string('address', 255).notNullable().defaultTo('');
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });

  await db.schema.createTable('cash_desks', (t) => {
    t.increments('id').primary();
    t.string('code', 20).notNullable().unique();
    t.string('name', 120).notNullable().unique();
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.boolean('is_main').notNullable().defaultTo(false);
    t.bigInteger('balance').notNullable().defaultTo(0);
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
  });

  await db.schema.createTable('categories', (t) => {
    t.increments('id').primary();
    t.string('code', 20).notNullable().unique();
    t.string('name', 120).notNullable();
    t.string('description', 500).notNullable().defaultTo('');
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['name']);
  });

  await db.schema.createTable('suppliers', (t) => {
    t.increments('id').primary();
    t.string('code', 20).notNullable().unique();
    t.string('name', 160).notNullable();
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('email', 190).notNullable().defaultTo('');
    t.string('address', 255).notNullable().defaultTo('');
    t.string('tax_number', 80).notNullable().defaultTo('');
    t.bigInteger('balance').notNullable().defaultTo(0); // what we owe them
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['name']);
    t.index(['phone']);
  });

  await db.schema.createTable('clients', (t) => {
    t.increments('id').primary();
    t.string('code', 20).notNullable().unique();
    t.string('name', 160).notNullable();
    t.string('kind', 12).notNullable().defaultTo('particulier'); // particulier | entreprise
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('email', 190).notNullable().defaultTo('');
    t.string('address', 255).notNullable().defaultTo('');
    t.string('city', 120).notNullable().defaultTo('');
    t.string('tax_number', 80).notNullable().defaultTo('');
    t.string('price_level', 10).notNullable().defaultTo('detail'); // detail | gros
    t.bigInteger('credit_limit').notNullable().defaultTo(0);
    t.bigInteger('balance').notNullable().defaultTo(0); // what they owe us
    t.boolean('is_walk_in').notNullable().defaultTo(false); // the built-in CLIENT COMPTANT
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['name']);
    t.index(['phone']);
    t.index(['kind', 'active']);
  });

  await db.schema.createTable('products', (t) => {
    t.increments('id').primary();
    t.string('code', 30).notNullable().unique();
    t.string('barcode', 64).nullable().unique();
    t.string('name', 160).notNullable();
    t.integer('category_id').notNullable().references('id').inTable('categories');
    t.string('unit', 20).notNullable().defaultTo('pièce');
    t.integer('pack_size').notNullable().defaultTo(1);
    t.bigInteger('purchase_price').notNullable().defaultTo(0); // last purchase price
    t.bigInteger('cmup').notNullable().defaultTo(0); // weighted average unit cost
    t.bigInteger('retail_price').notNullable().defaultTo(0);
    t.bigInteger('wholesale_price').notNullable().defaultTo(0);
    t.bigInteger('min_price').notNullable().defaultTo(0);
    t.integer('alert_threshold').notNullable().defaultTo(0);
    t.boolean('active').notNullable().defaultTo(true);
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.index(['name']);
    t.index(['category_id', 'name']);
  });

  await db.schema.createTable('price_history', (t) => {
    t.bigIncrements('id').primary();
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.string('field', 20).notNullable(); // purchase_price | retail_price | wholesale_price | min_price
    t.bigInteger('old_value').notNullable();
    t.bigInteger('new_value').notNullable();
    t.integer('user_id').nullable().references('id').inTable('users');
    t.string('source', 20).notNullable().defaultTo('manual'); // manual | rule | import | entry
    t.string('changed_at', 30).notNullable();
    t.index(['product_id', 'changed_at']);
  });

  // Current stock per (product, location); kept in step with the stock ledger (issue "Stock").
  await db.schema.createTable('stock_levels', (t) => {
    t.integer('product_id').notNullable().references('id').inTable('products');
    t.integer('location_id').notNullable().references('id').inTable('locations');
    t.bigInteger('quantity').notNullable().defaultTo(0);
    t.primary(['product_id', 'location_id']);
    t.index(['location_id', 'product_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of [
    'stock_levels',
    'price_history',
    'products',
    'clients',
    'suppliers',
    'categories',
    'cash_desks',
    'locations',
    'company_settings',
  ]) {
    await db.schema.dropTableIfExists(table);
  }
}
