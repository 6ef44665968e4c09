import type { Knex } from 'knex';

/**
 * Indexes for the type-ahead pickers and list searches of the master data, and the staging table
 * of CSV/XLSX imports (preview now, apply later, from any server process).
 *
 * Prefix searches on codes and barcodes (`code LIKE 'ABC%'`) can only use an index when the index
 * matches the LIKE semantics: on SQLite, LIKE is case-insensitive, so the index must be NOCASE; on
 * PostgreSQL, a non-C collation needs text_pattern_ops. Codes and barcodes are stored upper-case.
 */
const PREFIX_INDEXES: Array<[table: string, column: string]> = [
  ['products', 'code'],
  ['products', 'barcode'],
  ['clients', 'code'],
  ['clients', 'phone'],
  ['suppliers', 'code'],
  ['categories', 'code'],
];

export async function up(db: Knex): Promise<void> {
  const sqlite = db.client.config.client !== 'pg';
  for (const [table, column] of PREFIX_INDEXES) {
    const name = `${table}_${column}_prefix`;
    if (sqlite) await db.raw(`CREATE INDEX ${name} ON ${table} (${column} COLLATE NOCASE)`);
    else await db.raw(`CREATE INDEX ${name} ON ${table} (${column} text_pattern_ops)`);
  }

  await db.schema.alterTable('products', (t) => {
    t.index(['active', 'name']);
  });
  await db.schema.alterTable('clients', (t) => {
    t.index(['active', 'name']);
  });
  await db.schema.alterTable('price_history', (t) => {
    t.index(['changed_at']);
  });

  await db.schema.createTable('import_batches', (t) => {
    t.string('id', 40).primary(); // random token, also the URL of the preview
    t.string('kind', 20).notNullable(); // products | clients
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('file_name', 255).notNullable();
    t.integer('row_count').notNullable();
    t.integer('error_count').notNullable();
    t.text('payload').notNullable(); // JSON: the parsed rows, as read from the file
    t.string('created_at', 30).notNullable();
    t.string('applied_at', 30).nullable();
    t.bigInteger('expires_at').notNullable().index();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('import_batches');
  await db.schema.alterTable('price_history', (t) => {
    t.dropIndex(['changed_at']);
  });
  await db.schema.alterTable('clients', (t) => {
    t.dropIndex(['active', 'name']);
  });
  await db.schema.alterTable('products', (t) => {
    t.dropIndex(['active', 'name']);
  });
  for (const [table, column] of PREFIX_INDEXES) await db.raw(`DROP INDEX ${table}_${column}_prefix`);
}
