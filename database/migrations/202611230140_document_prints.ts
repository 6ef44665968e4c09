import type { Knex } from 'knex';

/**
 * One original per printout: the first print of a document's printout is recorded here; every
 * later print is a DUPLICATA, counted (reprint_count) and audited. One row per (printout, document)
 * for every printout (stock entries, transfers, readjustments, count sheets, count adjustments, and
 * the sales printouts to come), written by server/services/print/record-print.ts.
 * The transfers' own reprint_count/last_reprinted_at columns are superseded: their counts move here.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('document_prints', (t) => {
    t.string('printout', 40).notNullable(); // transfer | stock_entry | stock_adjustment | count_sheet | …
    t.integer('document_id').notNullable();
    t.string('document_number', 40).notNullable();
    t.string('printed_at', 30).notNullable(); // the original
    t.integer('printed_by').nullable().references('id').inTable('users');
    t.integer('reprint_count').notNullable().defaultTo(0);
    t.string('last_reprinted_at', 30).nullable();
    t.integer('last_reprinted_by').nullable().references('id').inTable('users');
    t.primary(['printout', 'document_id']);
  });
  // Transfers reprinted before this rule: their original was printed, their reprints counted.
  const reprinted = await db('transfers')
    .where('reprint_count', '>', 0)
    .select('id', 'number', 'reprint_count', 'last_reprinted_at', 'created_at');
  for (const r of reprinted) {
    await db('document_prints').insert({
      printout: 'transfer',
      document_id: r.id,
      document_number: r.number,
      printed_at: r.created_at,
      reprint_count: r.reprint_count,
      last_reprinted_at: r.last_reprinted_at,
    });
  }
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('document_prints');
}
