import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardedSubtractIntegersWrites,
  insertWrites,
  subtractedKeys,
  updateIntegersByIdWrites,
  writeOf,
  writeTogether,
} from '../../server/db/bulk.js';
import { lockChainHead } from '../../server/db/transaction.js';
import { recordAudit, verifyAuditChain } from '../../server/services/audit/record-audit.js';
import { type TestDatabase, freshDatabase, testDatabases } from '../support/databases.js';

/**
 * The batch of writes (writeTogether: one statement of data-modifying CTEs on PostgreSQL, one after
 * the other on SQLite) and the chain head read under its lock in one round trip (lockChainHead).
 */
describe.each(testDatabases())('writes sent together, chain heads (%s)', (kind) => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await freshDatabase(kind);
    await d.db.schema.createTable('batch_items', (t) => {
      t.integer('id').primary();
      t.bigInteger('amount').notNullable();
      t.string('label', 30).nullable();
    });
    await d.db.schema.createTable('batch_levels', (t) => {
      t.integer('a').notNullable();
      t.integer('b').notNullable();
      t.bigInteger('quantity').notNullable();
      t.primary(['a', 'b']);
    });
    await d.db('batch_items').insert([
      { id: 1, amount: 10, label: 'un' },
      { id: 2, amount: 20, label: 'deux' },
    ]);
    await d.db('batch_levels').insert([
      { a: 1, b: 1, quantity: 5 },
      { a: 1, b: 2, quantity: 1 },
    ]);
  });
  afterAll(() => d.drop());

  it('runs every write, each on its own rows, and gives back the rows the returning writes changed', async () => {
    const changed = await d.db.transaction(async (trx) =>
      subtractedKeys(
        await writeTogether(
          trx,
          [
            ...insertWrites(trx, 'batch_items', [
              { id: 3, amount: 30, label: 'l’autre' },
              { id: 4, amount: 40, label: null },
            ]),
            ...updateIntegersByIdWrites(trx, 'batch_items', 'amount', [[1, 11]]),
            writeOf(trx('batch_items').where({ id: 2 }).update({ label: 'deux ?' })),
          ],
          // 3 from (1,1) holding 5: done; 3 from (1,2) holding 1: refused by the guard.
          guardedSubtractIntegersWrites(trx, 'batch_levels', ['a', 'b'], 'quantity', [
            [1, 1, 3],
            [1, 2, 3],
          ]),
        ),
      ),
    );
    expect([...changed]).toEqual(['1:1']);
    expect(
      (await d.db('batch_items').orderBy('id').select('id', 'amount', 'label')).map((r) => [
        Number(r.id),
        Number(r.amount),
        r.label,
      ]),
    ).toEqual([
      [1, 11, 'un'],
      [2, 20, 'deux ?'],
      [3, 30, 'l’autre'],
      [4, 40, null],
    ]);
    expect((await d.db('batch_levels').orderBy(['a', 'b']).select('quantity')).map((r) => Number(r.quantity))).toEqual([
      2, 1,
    ]);
  });

  it('writes nothing when the operation fails after the batch (one transaction)', async () => {
    await expect(
      d.db.transaction(async (trx) => {
        await writeTogether(trx, [
          ...insertWrites(trx, 'batch_items', [{ id: 9, amount: 90, label: 'neuf' }]),
          ...updateIntegersByIdWrites(trx, 'batch_items', 'amount', [[2, 99]]),
        ]);
        throw new Error('refus après le lot');
      }),
    ).rejects.toThrow('refus après le lot');
    expect(await d.db('batch_items').where({ id: 9 }).first()).toBeUndefined();
    expect(Number((await d.db('batch_items').where({ id: 2 }).first('amount')).amount)).toBe(20);
  });

  it('keeps the audit chain whole under 30 parallel writers (the head is read after the lock, never before)', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        recordAudit(d.db, { action: 'batch.test', subject: { type: 'test', id: i } }),
      ),
    );
    expect(await verifyAuditChain(d.db)).toBeNull();
    const rows = await d.db('audit_log').orderBy('id').select('hash', 'prev_hash');
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect(await d.db.transaction((trx) => lockChainHead(trx, 'audit_log'))).toBe(rows.at(-1)!.hash);
  });
});
