import type { Knex } from 'knex';

/**
 * PostgreSQL: the products table keeps half of each page free (`fillfactor = 50`), so that a price
 * or CMUP change — the price rule on 10 000 products, every stock entry's CMUP — writes the new row
 * version beside the old one without touching the table's twelve indexes, two of them trigram GIN
 * indexes (a HOT update). Full pages sent every version to a new page and into every index: the
 * price rule's UPDATE of 10 000 products took ~1 s on the large data set, 77 ms with room on the page
 * (~700-byte rows, so half a page holds each row's next version). The table is rewritten once
 * (CLUSTER on its primary key, in the migration's transaction; 10 000 products are a few MB).
 * SQLite: nothing to do (no row versions).
 */
export async function up(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw('ALTER TABLE products SET (fillfactor = 50)');
  await db.raw('CLUSTER products USING products_pkey');
  await db.raw('ALTER TABLE products SET WITHOUT CLUSTER');
}

export async function down(db: Knex): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  await db.raw('ALTER TABLE products RESET (fillfactor)');
}
