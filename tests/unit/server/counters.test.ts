import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentSeries, formatDocumentNumber, nextDocumentNumber } from '../../../server/db/counters.js';
import { createDb } from '../../../server/db/connection.js';
import { type TestDatabase, freshDatabase, testDatabases } from '../../support/databases.js';

describe('formatDocumentNumber', () => {
  it('pads to six digits per series and year', () => {
    expect(formatDocumentNumber('FAC', 2026, 1)).toBe('FAC-2026-000001');
    expect(formatDocumentNumber('TRF', 2027, 123456)).toBe('TRF-2027-123456');
  });
});

describe.each(testDatabases())('document counters (%s)', (kind) => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await freshDatabase(kind);
  });
  afterAll(() => d.drop());

  it('numbers per series and year, starting at 1', async () => {
    const take = (series: DocumentSeries, year: number) =>
      d.db.transaction((trx) => nextDocumentNumber(trx, series, year));
    expect((await take('FAC', 2026)).number).toBe('FAC-2026-000001');
    expect((await take('FAC', 2026)).number).toBe('FAC-2026-000002');
    expect((await take('TRF', 2026)).number).toBe('TRF-2026-000001');
    expect((await take('FAC', 2027)).number).toBe('FAC-2027-000001');
  });

  it('gives the number back when the document transaction rolls back (no gap)', async () => {
    await expect(
      d.db.transaction(async (trx) => {
        await nextDocumentNumber(trx, 'REG', 2026);
        throw new Error('document refusé');
      }),
    ).rejects.toThrow('document refusé');
    const n = await d.db.transaction((trx) => nextDocumentNumber(trx, 'REG', 2026));
    expect(n.sequence).toBe(1);
  });

  it('refuses to run outside a transaction', async () => {
    await expect(nextDocumentNumber(d.db as never, 'ENT', 2026)).rejects.toThrow(/inside a transaction/);
  });

  it('hands out 1..N without gap or duplicate under concurrency, some transactions failing', async () => {
    // PostgreSQL: several pooled connections compete. SQLite: better-sqlite3 is synchronous, so a
    // second connection in the same process would block the event loop while it waits for the
    // lock; there the pool's single connection interleaves the transactions (other processes are
    // covered by BEGIN IMMEDIATE, see the multi-process test below).
    const extra = kind === 'pg' ? Array.from({ length: 3 }, () => createDb(d.config)) : [];
    const handles = [d.db, ...extra];
    try {
      const attempts = Array.from({ length: 60 }, (_, i) =>
        handles[i % handles.length]
          .transaction(async (trx) => {
            const n = await nextDocumentNumber(trx, 'CAI', 2026);
            await new Promise((r) => setTimeout(r, Math.random() * 3));
            if (i % 7 === 3) throw new Error('refus');
            return n.sequence;
          })
          .then(
            (seq) => seq,
            () => null,
          ),
      );
      const results = (await Promise.all(attempts)).filter((x): x is number => x !== null);
      const failed = 60 - results.length;
      expect(failed).toBe(9);
      expect(results.sort((a, b) => a - b)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    } finally {
      await Promise.all(extra.map((h) => h.destroy()));
    }
  });
});

describe('document counters across processes (sqlite)', () => {
  it('gives 1..N without gap or duplicate to four processes sharing one file', async () => {
    const { execFile } = await import('node:child_process');
    const path = await import('node:path');
    const d = await freshDatabase('sqlite');
    try {
      const filename = (d.config as { filename: string }).filename;
      const worker = path.resolve(import.meta.dirname, '../../support/counter-worker.ts');
      const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
      const run = () =>
        new Promise<number[]>((resolve, reject) =>
          execFile(tsx, [worker, filename, '25'], (err, stdout, stderr) =>
            err ? reject(new Error(stderr || err.message)) : resolve(JSON.parse(stdout)),
          ),
        );
      const all = (await Promise.all([run(), run(), run(), run()])).flat();
      expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    } finally {
      await d.drop();
    }
  }, 60_000);
});
