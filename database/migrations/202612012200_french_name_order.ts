import type { Knex } from 'knex';

/**
 * Lists in French order (server/db/french-order.ts): the tables with a stored folded name
 * (`search_name`) are sorted by it, then by id — « Câbles » before « Ciment », « Établissements »
 * before « Société ». An index per list order, so that a page of 10 000 products or 2 000 clients
 * sorted by name is read in index order rather than sorted whole: (active, search_name, id) for
 * the lists filtered on active records (the default) and the pickers, (search_name, id) for « tous ».
 * PostgreSQL compares the key byte by byte (COLLATE "C"), as SQLite does: same order on both.
 */
const INDEXES: ReadonlyArray<{ table: string; active: boolean }> = [
  { table: 'products', active: true },
  { table: 'clients', active: true },
  { table: 'suppliers', active: true },
  { table: 'categories', active: false },
];

export async function up(db: Knex): Promise<void> {
  const key = db.client.config.client === 'pg' ? 'search_name COLLATE "C"' : 'search_name';
  for (const { table, active } of INDEXES) {
    await db.raw(`CREATE INDEX ${table}_french_order ON ${table} (${key}, id)`);
    if (active) await db.raw(`CREATE INDEX ${table}_active_french_order ON ${table} (active, ${key}, id)`);
  }
}

export async function down(db: Knex): Promise<void> {
  for (const { table } of INDEXES) {
    await db.raw(`DROP INDEX IF EXISTS ${table}_french_order`);
    await db.raw(`DROP INDEX IF EXISTS ${table}_active_french_order`);
  }
}
