import type { Knex } from 'knex';
import { nowIso } from '../db/dialect.js';

/**
 * Idempotency keys (DESIGN.md §3): a form that creates a document sends a key generated when the
 * form was opened. The first request with a key runs and stores its result in the same
 * transaction; a replay (double click, retried POST) gets that first result back and creates
 * nothing. Keys are per user and per scope, so two users can never collide.
 *
 * Concurrency: on SQLite the transaction holds the write lock (BEGIN IMMEDIATE), so a replay waits
 * and then sees the stored row; on PostgreSQL the replay's INSERT waits on the first transaction's
 * uncommitted key (unique index), then finds the committed row. A first attempt that fails rolls
 * back its key with everything else, so a corrected resubmission runs normally.
 */
export interface IdempotencyScope {
  userId: number;
  scope: string;
  key: string;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export async function withIdempotency<T>(
  trx: Knex.Transaction,
  id: IdempotencyScope,
  work: () => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  if (!trx.isTransaction) throw new Error('withIdempotency must run inside a transaction');
  const inserted = await trx('idempotency_keys')
    .insert({ user_id: id.userId, scope: id.scope, key: id.key, result: null, created_at: nowIso() })
    .onConflict(['user_id', 'scope', 'key'])
    .ignore()
    .returning('key');
  if (inserted.length === 0) {
    const row = await trx('idempotency_keys')
      .where({ user_id: id.userId, scope: id.scope, key: id.key })
      .first('result');
    if (row?.result) return { result: JSON.parse(row.result) as T, replayed: true };
    // A row without a result only exists inside a transaction that has not committed; after the
    // wait above it cannot be seen here. Treat it as a conflict rather than run twice.
    throw new Error('Clé d’idempotence en cours d’utilisation');
  }
  const result = await work();
  await trx('idempotency_keys')
    .where({ user_id: id.userId, scope: id.scope, key: id.key })
    .update({ result: JSON.stringify(result ?? null) });
  return { result, replayed: false };
}

/** Forgets keys older than the given age (a replay after days is a new request). */
export async function pruneIdempotencyKeys(db: Knex, olderThanMs = 7 * 24 * 3_600_000): Promise<number> {
  return db('idempotency_keys')
    .where('created_at', '<', new Date(Date.now() - olderThanMs).toISOString())
    .delete();
}

/**
 * A create that honours an idempotency key sent by a program (the REST API's `Idempotency-Key`
 * header): without a key the work simply runs; with one, the work runs inside withIdempotency in
 * one transaction (the service's own transaction nests in it), and a replay answers the first
 * result. `fingerprint` names the request (a hash of its body): the same key replayed with another
 * request is a conflict (`mismatch`), never a silent second record or a wrong answer.
 */
export async function runIdempotent<T>(
  db: Knex,
  id: IdempotencyScope | null,
  fingerprint: string,
  work: (db: Knex) => Promise<T>,
): Promise<{ result: T; replayed: boolean; mismatch: boolean }> {
  if (!id) return { result: await work(db), replayed: false, mismatch: false };
  const { result, replayed } = await db.transaction((trx) =>
    withIdempotency(trx, id, async () => ({ fingerprint, value: await work(trx) })),
  );
  return { result: result.value, replayed, mismatch: replayed && result.fingerprint !== fingerprint };
}
