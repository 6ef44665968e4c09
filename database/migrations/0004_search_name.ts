import type { Knex } from 'knex';
import { foldSearch } from './frozen/dialect.js';

/**
 * Accent-insensitive name search: staff type "kone" for "Koné", "epicerie" for "Épicerie". Each
 * searchable master-data table gets `search_name` = foldSearch(name), kept in step by the services
 * (withSearchName) and matched with a plain LIKE on both databases — no PostgreSQL extension needed
 * for the match itself. Where pg_trgm can be created, a trigram index serves the substring search.
 */
const TABLES = ['clients', 'suppliers', 'categories', 'products'] as const;

export async function up(db: Knex): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table, (t) => {
      t.string('search_name', 200).notNullable().defaultTo('');
    });
    // Backfill existing rows in batches, in id order.
    let lastId = 0;
    for (;;) {
      const rows = await db(table).where('id', '>', lastId).orderBy('id').limit(1000).select('id', 'name');
      if (rows.length === 0) break;
      for (const r of rows)
        await db(table)
          .where({ id: r.id })
          .update({ search_name: foldSearch(String(r.name ?? '')) });
      lastId = Number(rows[rows.length - 1].id);
    }
  }

  if (db.client.config.client === 'pg') {
    // pg_trgm is a trusted extension (PostgreSQL ≥ 13): a database owner may create it. When it is
    // not available the search still works, by a sequential scan; the savepoint keeps the
    // migration's transaction usable after a refusal.
    try {
      await db.transaction(async (sp) => {
        await sp.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        for (const table of TABLES)
          await sp.raw(`CREATE INDEX ${table}_search_name_trgm ON ${table} USING gin (search_name gin_trgm_ops)`);
      });
    } catch {
      // no trigram index: acceptable, see above
    }
  }
}

export async function down(db: Knex): Promise<void> {
  for (const table of TABLES) {
    if (db.client.config.client === 'pg') await db.raw(`DROP INDEX IF EXISTS ${table}_search_name_trgm`);
    await db.schema.alterTable(table, (t) => {
      t.dropColumn('search_name');
    });
  }
}
