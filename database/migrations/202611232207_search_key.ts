import type { Knex } from 'knex';
import { foldSearch, searchKey } from './frozen/dialect.js';

/**
 * Typo-tolerant search: each table with `search_name` gets `search_key` = searchKey(name) (folded,
 * doubled letters collapsed, a few spellings of one sound made one), kept in step by the services
 * through withSearchName and matched with a plain LIKE on both databases (whereSearch `squeezed`,
 * fuzzyMatchIds). `search_name` is refreshed too: foldSearch now makes every apostrophe a straight
 * one (a name written with U+2019 is found as typed with '). Where pg_trgm exists (migration 0004), a trigram index serves the substring match.
 */
const TABLES = ['clients', 'suppliers', 'categories', 'products'] as const;

/**
 * The header search finds a document by the start of its number ("TRF-2026-"): prefix indexes
 * matching LIKE's semantics (NOCASE on SQLite, text_pattern_ops on PostgreSQL), as migration 0003
 * did for codes. A new numbered document adds its own in its migration.
 */
const NUMBERED_TABLES = ['stock_entries', 'transfers', 'inventory_counts', 'stock_adjustments'] as const;

export async function up(db: Knex): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table, (t) => {
      t.string('search_key', 200).notNullable().defaultTo('');
    });
    let lastId = 0;
    for (;;) {
      const rows = await db(table).where('id', '>', lastId).orderBy('id').limit(1000).select('id', 'name');
      if (rows.length === 0) break;
      for (const r of rows)
        await db(table)
          .where({ id: r.id })
          .update({ search_name: foldSearch(String(r.name ?? '')), search_key: searchKey(String(r.name ?? '')) });
      lastId = Number(rows[rows.length - 1].id);
    }
  }
  const sqlite = db.client.config.client !== 'pg';
  for (const table of NUMBERED_TABLES) {
    if (sqlite) await db.raw(`CREATE INDEX ${table}_number_prefix ON ${table} (number COLLATE NOCASE)`);
    else await db.raw(`CREATE INDEX ${table}_number_prefix ON ${table} (number text_pattern_ops)`);
  }
  if (!sqlite) {
    try {
      await db.transaction(async (sp) => {
        const ext = await sp.raw(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
        if (ext.rows.length === 0) return;
        for (const table of TABLES)
          await sp.raw(`CREATE INDEX ${table}_search_key_trgm ON ${table} USING gin (search_key gin_trgm_ops)`);
      });
    } catch {
      // no trigram index: the search still works by a sequential scan
    }
  }
}

export async function down(db: Knex): Promise<void> {
  for (const table of NUMBERED_TABLES) await db.raw(`DROP INDEX IF EXISTS ${table}_number_prefix`);
  for (const table of TABLES) {
    if (db.client.config.client === 'pg') await db.raw(`DROP INDEX IF EXISTS ${table}_search_key_trgm`);
    await db.schema.alterTable(table, (t) => {
      t.dropColumn('search_key');
    });
  }
}
