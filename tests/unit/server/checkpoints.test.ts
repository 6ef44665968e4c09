import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { checkpointerOf, WAL_CEILING_PAGES } from '../../../server/db/checkpoints.js';
import { replaceDatabase, writeBackup } from '../../../server/db/backup.js';
import { createDb, withBulkLoad } from '../../../server/db/connection.js';

/** WAL checkpoints off the request path (server/db/checkpoints.ts), on a SQLite file. */
describe('background WAL checkpoints (SQLite file)', () => {
  const dirs: string[] = [];
  const dbs: Knex[] = [];
  const open = (backgroundCheckpoints?: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-ckpt-'));
    dirs.push(dir);
    const filename = path.join(dir, 'db.sqlite');
    const db = createDb(
      { client: 'sqlite', filename },
      backgroundCheckpoints === undefined ? {} : { backgroundCheckpoints },
    );
    dbs.push(db);
    return { db, filename, dir };
  };
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  // 3 000 rows of 4 KB: about 3 000 WAL pages, three times SQLite's default automatic checkpoint (1 000).
  const writeMuch = async (db: Knex) => {
    await db.raw('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, payload BLOB)');
    for (let t = 0; t < 3; t++) {
      await db.transaction(async (trx) => {
        for (let i = 0; i < 1000; i++) await trx.raw('INSERT INTO filler (payload) VALUES (randomblob(4000))');
      });
    }
  };
  /** The database file's size: it grows only when a checkpoint copies WAL pages into it. */
  const walState = async (db: Knex) => fs.statSync((db.client.config.connection as { filename: string }).filename).size;

  it('leaves the checkpoint to a worker: a commit past 1 000 WAL pages copies nothing into the database file', async () => {
    const { db } = open();
    await db.raw('select 1');
    expect((await db.raw('PRAGMA wal_autocheckpoint')) as unknown).toEqual([{ wal_autocheckpoint: WAL_CEILING_PAGES }]);
    const checkpointer = checkpointerOf(db)!;
    expect(checkpointer).toBeDefined();
    await checkpointer.suspend(); // no timer tick during the writes: only the commits could checkpoint
    const before = await walState(db);
    await writeMuch(db);
    expect(await walState(db)).toBe(before);
    // The worker copies the committed pages in (PASSIVE: it waits for nobody), all of them.
    checkpointer.resume();
    const reply = await checkpointer.checkpointNow();
    expect(reply).toMatchObject({ kind: 'checkpointed' });
    const { log, checkpointed } = reply as { log: number; checkpointed: number };
    expect(log).toBeGreaterThan(3000);
    expect(checkpointed).toBe(log);
    expect(await walState(db)).toBeGreaterThan(before + 3000 * 4000);
    expect(Number((await db('filler').count({ n: '*' }).first())!.n)).toBe(3000);
  });

  it('checks the worker against SQLite’s own checkpoint: without it a commit past 1 000 pages copies them in', async () => {
    const { db } = open(false);
    await db.raw('select 1');
    expect(checkpointerOf(db)).toBeUndefined();
    expect((await db.raw('PRAGMA wal_autocheckpoint')) as unknown).toEqual([{ wal_autocheckpoint: 1000 }]);
    const before = await walState(db);
    await writeMuch(db);
    expect(await walState(db)).toBeGreaterThan(before + 3000 * 4000);
  });

  it('checkpoints on its own every second', async () => {
    const { db } = open();
    await writeMuch(db);
    const checkpointer = checkpointerOf(db)!;
    const runs = checkpointer.stats.checkpoints;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(checkpointer.stats.checkpoints).toBeGreaterThan(runs);
    expect(checkpointer.stats.failures).toBe(0);
  });

  it('is suspended while a restore swaps the file, then works on the restored database', async () => {
    const { db, dir, filename } = open();
    await writeMuch(db);
    const backup = path.join(dir, 'copy.sqlite');
    await writeBackup(db, { client: 'sqlite', filename }, backup);
    await db('filler').delete();
    await replaceDatabase(db, { client: 'sqlite', filename }, backup);
    expect(Number((await db('filler').count({ n: '*' }).first())!.n)).toBe(3000);
    await db.transaction(async (trx) => {
      await trx('filler').insert({ payload: Buffer.alloc(10) });
    });
    const reply = await checkpointerOf(db)!.checkpointNow();
    expect(reply).toMatchObject({ kind: 'checkpointed' });
    expect(checkpointerOf(db)!.stats.failures).toBe(0);
    expect(Number((await db('filler').count({ n: '*' }).first())!.n)).toBe(3001);
  });

  it('stops with the database', async () => {
    const { db } = open();
    await db.raw('select 1');
    const checkpointer = checkpointerOf(db)!;
    dbs.splice(dbs.indexOf(db), 1);
    await db.destroy();
    expect(await checkpointer.checkpointNow()).toEqual({ kind: 'stopped' });
  });

  it('steps aside for a bulk load: the journal leaves the WAL and comes back with the worker’s connection open, then checkpoints again', async () => {
    const { db } = open();
    await db.raw('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, payload BLOB)');
    // The worker holds its own connection to the file from its first checkpoint on.
    expect((await checkpointerOf(db)!.checkpointNow()).kind).toBe('checkpointed');
    const mode = async () =>
      Object.values(((await db.raw('PRAGMA journal_mode')) as Array<Record<string, unknown>>)[0])[0];
    await withBulkLoad(db, ['filler'], async () => {
      expect(await mode()).toBe('delete');
      await db.raw('INSERT INTO filler (payload) VALUES (randomblob(100))');
    });
    expect(await mode()).toBe('wal');
    expect((await checkpointerOf(db)!.checkpointNow()).kind).toBe('checkpointed');
  });
});
