import type { Knex } from 'knex';
import { nextDocumentNumber } from './frozen/dialect.js';

/**
 * A count takes its INV- number when it opens (it used to get one at validation): the counts still
 * open get theirs now, from the gap-free counter of their count date's year, in id order. Counts
 * abandoned before this rule keep no number (« Inventaire n° id »).
 */
export async function up(db: Knex): Promise<void> {
  const open = await db('inventory_counts')
    .where({ status: 'open' })
    .whereNull('number')
    .orderBy('id')
    .select('id', 'count_date');
  for (const c of open) {
    await db.transaction(async (trx) => {
      const { number } = await nextDocumentNumber(trx, 'INV', Number(String(c.count_date).slice(0, 4)));
      await trx('inventory_counts').where({ id: c.id }).update({ number });
    });
  }
}

export async function down(): Promise<void> {
  // Numbers given are kept: a document number, once given, is never taken back.
}
