import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { insertInChunks, updateIntegersById } from '../../../server/db/bulk.js';
import { schemaObjects } from '../../../server/db/inspect.js';
import { nowIso } from '../../../server/db/dialect.js';
import { withSearchName } from '../../../server/db/search.js';
import { down, up } from '../../../database/migrations/202611260021_products_fillfactor.js';
import { freshDatabase, type TestDatabase } from '../../support/databases.js';

/**
 * Migration 202611260021: on PostgreSQL a price change of every product (the price rule) writes
 * each new row version on its own page without touching the products' indexes (HOT updates),
 * counted by PostgreSQL in the transaction itself — the first change after the load and the next
 * one alike. SQLite: the migration does nothing.
 */

const N = 1500;

/**
 * Updates and HOT updates of `products` by one price change of every product. The view adds up the
 * counts a connection has not reported yet (earlier transactions included): the change's own are
 * the difference around it.
 */
async function priceChange(db: Knex, delta: number): Promise<{ updated: number; hot: number }> {
  return db.transaction(async (trx) => {
    const counts = async () => {
      const row = (
        await trx.raw(`SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = 'products'`)
      ).rows[0];
      return { updated: Number(row.n_tup_upd), hot: Number(row.n_tup_hot_upd) };
    };
    const before = await counts();
    const ids = (await trx('products').orderBy('id').select('id', 'retail_price')) as Array<{
      id: number;
      retail_price: number;
    }>;
    await updateIntegersById(
      trx,
      'products',
      'retail_price',
      ids.map((p) => [Number(p.id), Number(p.retail_price) + delta]),
      { updated_at: nowIso() },
    );
    const after = await counts();
    return { updated: after.updated - before.updated, hot: after.hot - before.hot };
  });
}

/** A database of its own holding N products (each test builds its own: one rolls the migration back). */
async function loaded(): Promise<TestDatabase> {
  const t = await freshDatabase('pg');
  const now = nowIso();
  const [category] = await t
    .db('categories')
    .insert(withSearchName({ code: 'HOT', name: 'Épicerie fine', created_at: now, updated_at: now }))
    .returning('id');
  await insertInChunks(
    t.db,
    'products',
    Array.from({ length: N }, (_, i) =>
      withSearchName({
        code: `HOT${String(i).padStart(5, '0')}`,
        barcode: String(2_000_000_000_000 + i),
        name: `Huile d’arachide raffinée ${i} — bidon de 5 litres, marque locale, qualité supérieure`,
        category_id: Number(category.id ?? category),
        unit: 'bidon',
        pack_size: 4,
        purchase_price: 5_000,
        cmup: 5_000,
        retail_price: 6_500,
        wholesale_price: 6_000,
        min_price: 5_500,
        active: true,
        created_at: now,
        updated_at: now,
      }),
    ),
  );
  return t;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a price change of every product on PostgreSQL', () => {
  it('leaves half of each page free and changes every price beside the old row, indexes untouched', async () => {
    const t = await loaded();
    try {
      const options = (await t.db.raw(`SELECT reloptions FROM pg_class WHERE relname = 'products'`)).rows[0].reloptions;
      expect(options).toContain('fillfactor=50');
      // Every update HOT: the new row goes beside the old one, in the room the fill factor left (a
      // second change needs the first one's old rows pruned, which another snapshot may delay).
      const { updated, hot } = await priceChange(t.db, 1);
      expect([updated, hot]).toEqual([N, N]);
    } finally {
      await t.drop();
    }
  });

  it('rolled back, the table takes the default fill again; up again, half free', async () => {
    const t = await freshDatabase('pg');
    try {
      await down(t.db);
      expect(
        (await t.db.raw(`SELECT reloptions FROM pg_class WHERE relname = 'products'`)).rows[0].reloptions,
      ).toBeNull();
      await up(t.db);
      expect((await t.db.raw(`SELECT reloptions FROM pg_class WHERE relname = 'products'`)).rows[0].reloptions).toEqual(
        ['fillfactor=50'],
      );
    } finally {
      await t.drop();
    }
  });
});

describe('the products fill migration on SQLite', () => {
  it('up and down change nothing', async () => {
    const t = await freshDatabase('sqlite');
    try {
      const before = await schemaObjects(t.db);
      await down(t.db);
      await up(t.db);
      expect(await schemaObjects(t.db)).toEqual(before);
    } finally {
      await t.drop();
    }
  });
});
