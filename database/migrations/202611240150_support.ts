import type { Knex } from 'knex';
import { stockMovementHash } from './frozen/dialect.js';

/**
 * Support (issue 19):
 * - stock_movements.hash: the stock journal becomes a hash chain (in id order, each hash covering
 *   the row and the previous hash; server/domain/integrity/chain.ts). Existing movements are
 *   chained here, the append-only triggers lifted for that one pass and put back.
 * - error_log: the server errors (500) with their request id, route, user and time — never a body,
 *   a password or a token.
 * - support_tickets, support_ticket_replies, support_ticket_attachments (files stored outside the
 *   web root under generated names), support_ticket_reads (unread markers).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('stock_movements', (t) => {
    t.string('hash', 64).nullable();
  });
  await chainExistingStockMovements(db);

  await db.schema.createTable('error_log', (t) => {
    t.bigIncrements('id').primary();
    t.string('occurred_at', 30).notNullable().index();
    t.string('request_id', 64).notNullable().index();
    t.string('method', 10).notNullable();
    t.string('route', 255).notNullable();
    t.integer('status').notNullable();
    t.integer('user_id').nullable();
    t.string('user_name', 120).nullable();
    t.string('ip', 64).nullable();
    t.string('message', 500).notNullable();
    t.text('stack').nullable();
  });

  await db.schema.createTable('support_tickets', (t) => {
    t.increments('id').primary();
    t.string('subject', 150).notNullable();
    t.string('category', 20).notNullable(); // question | incident | demande | autre
    t.string('priority', 10).notNullable(); // basse | normale | haute | urgente
    t.text('description').notNullable();
    t.string('status', 12).notNullable().defaultTo('ouvert'); // ouvert | en_cours | en_attente | resolu | ferme
    t.integer('created_by').notNullable().references('id').inTable('users');
    t.integer('assigned_to').nullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.string('updated_at', 30).notNullable();
    t.string('last_activity_at', 30).notNullable();
    t.integer('reply_count').notNullable().defaultTo(0);
    t.index(['status', 'last_activity_at']);
    t.index(['created_by', 'last_activity_at']);
    t.index(['assigned_to']);
  });

  await db.schema.createTable('support_ticket_replies', (t) => {
    t.increments('id').primary();
    t.integer('ticket_id').notNullable().references('id').inTable('support_tickets');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.text('body').notNullable();
    t.string('status_change', 12).nullable(); // the status set with this reply, if any
    t.string('created_at', 30).notNullable();
    t.index(['ticket_id', 'id']);
  });

  await db.schema.createTable('support_ticket_attachments', (t) => {
    t.increments('id').primary();
    t.integer('ticket_id').notNullable().references('id').inTable('support_tickets');
    t.integer('reply_id').nullable().references('id').inTable('support_ticket_replies');
    t.string('original_name', 200).notNullable();
    t.string('stored_name', 80).notNullable().unique();
    t.string('mime', 40).notNullable();
    t.integer('size').notNullable();
    t.integer('uploaded_by').notNullable().references('id').inTable('users');
    t.string('created_at', 30).notNullable();
    t.index(['ticket_id']);
  });

  await db.schema.createTable('support_ticket_reads', (t) => {
    t.integer('ticket_id').notNullable().references('id').inTable('support_tickets');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('read_at', 30).notNullable();
    t.primary(['ticket_id', 'user_id']);
  });
}

/**
 * Gives every movement its hash, in id order (the movements written before the chain existed), the
 * append-only trigger lifted for this one pass and put back. Exported for its test.
 */
export async function chainExistingStockMovements(db: Knex): Promise<void> {
  const isPg = db.client.config.client === 'pg';
  if (isPg) await db.raw('ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_no_update');
  else await db.raw('DROP TRIGGER IF EXISTS stock_movements_no_update');
  let prev: string | null = null;
  let lastId = 0;
  for (;;) {
    const rows = await db<Record<string, unknown>>('stock_movements')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(2000);
    if (rows.length === 0) break;
    for (const row of rows) {
      const hash = stockMovementHash(row, prev);
      if (row.hash !== hash)
        await db<Record<string, unknown>>('stock_movements').where({ id: row.id }).update({ hash });
      prev = hash;
      lastId = Number(row.id);
    }
  }
  if (isPg) await db.raw('ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_no_update');
  else
    await db.raw(
      `CREATE TRIGGER stock_movements_no_update BEFORE UPDATE ON stock_movements BEGIN SELECT RAISE(ABORT, 'stock_movements is append-only (UPDATE refused)'); END`,
    );
}

export async function down(db: Knex): Promise<void> {
  for (const table of [
    'support_ticket_reads',
    'support_ticket_attachments',
    'support_ticket_replies',
    'support_tickets',
    'error_log',
  ])
    await db.schema.dropTableIfExists(table);
  const isPg = db.client.config.client === 'pg';
  if (isPg) await db.raw('ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_no_update');
  await db.schema.alterTable('stock_movements', (t) => t.dropColumn('hash'));
  if (isPg) await db.raw('ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_no_update');
}
