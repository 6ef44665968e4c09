import type { Knex } from 'knex';

/**
 * Opening stock (« Stock initial », issue 12): a stock entry with no supplier, by which a business
 * starting with the software loads what it already holds. It is a stock_entries row of kind
 * 'opening' (ENT- number, lines, CMUP like any entry) whose supplier_id is null, so it creates no
 * supplier debt. Existing entries are of kind 'supplier'.
 *
 * Making supplier_id nullable rebuilds the table on SQLite (knex copies it into a new one); SQLite
 * ignores the foreign_keys pragma inside a transaction and would check stock_entry_lines against the
 * dropped table, so this migration runs outside the migration transaction: knex's rebuild takes its
 * own transaction with the foreign keys off and checks them before committing. Each step can run
 * again after an interruption.
 */
export const config = { transaction: false };

export async function up(db: Knex): Promise<void> {
  if (!(await db.schema.hasColumn('stock_entries', 'kind'))) {
    await db.schema.alterTable('stock_entries', (t) => {
      t.string('kind', 12).notNullable().defaultTo('supplier'); // supplier | opening
    });
  }
  await db.schema.alterTable('stock_entries', (t) => {
    t.integer('supplier_id').nullable().alter();
  });
}

export async function down(db: Knex): Promise<void> {
  // Opening entries have no supplier: they cannot fit the former schema.
  if ((await db('stock_entries').where({ kind: 'opening' }).count({ n: '*' }).first())?.n) {
    throw new Error('Des entrées « Stock initial » existent : la migration ne peut pas être annulée.');
  }
  await db.schema.alterTable('stock_entries', (t) => {
    t.integer('supplier_id').notNullable().alter();
  });
  await db.schema.alterTable('stock_entries', (t) => {
    t.dropColumn('kind');
  });
}
