import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachePreparedStatements, createDb } from '../../../server/db/connection.js';
import { lightWrite, prepared } from '../../../server/db/dialect.js';
import { perCurrency } from '../../../server/services/records/fields.js';
import { type TestDatabase, freshDatabase, testDatabases } from '../../support/databases.js';

/** A connection whose prepare counts its calls and hands out numbered statements. */
function countingConnection() {
  const prepared: string[] = [];
  const conn = {
    prepare(sql: string) {
      prepared.push(sql);
      return { sql, n: prepared.length, busy: false };
    },
  };
  return { conn, prepared };
}

describe('cachePreparedStatements', () => {
  it('prepares a SQL text once and hands the same statement back', () => {
    const { conn, prepared } = countingConnection();
    cachePreparedStatements(conn);
    const a = conn.prepare('select 1');
    const b = conn.prepare('select 1');
    conn.prepare('select 2');
    expect(b).toBe(a);
    expect(prepared).toEqual(['select 1', 'select 2']);
  });

  it('never hands out a statement that is still being iterated', () => {
    const { conn, prepared } = countingConnection();
    cachePreparedStatements(conn);
    const a = conn.prepare('select 1') as { busy: boolean };
    a.busy = true;
    const b = conn.prepare('select 1');
    expect(b).not.toBe(a);
    expect(prepared).toHaveLength(2);
    a.busy = false;
    expect(conn.prepare('select 1')).toBe(a);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { conn, prepared } = countingConnection();
    cachePreparedStatements(conn, 2);
    conn.prepare('a');
    conn.prepare('b');
    conn.prepare('a'); // a is now the most recent
    conn.prepare('c'); // drops b
    conn.prepare('a');
    conn.prepare('b');
    expect(prepared).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('perCurrency', () => {
  it('builds one schema per currency', () => {
    let built = 0;
    const schema = perCurrency((currency: string) => ({ currency, n: ++built }));
    expect(schema('XOF')).toBe(schema('XOF'));
    expect(schema('EUR')).not.toBe(schema('XOF'));
    expect(built).toBe(2);
  });
});

describe.each(testDatabases())('database connection (%s)', (kind) => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await freshDatabase(kind);
    await d.db.schema.createTable('light_rows', (t) => {
      t.string('k').primary();
      t.integer('v').notNullable();
    });
  });
  afterAll(() => d.drop());

  it('reuses compiled statements across queries with the right bindings each time', async () => {
    await d.db('light_rows').insert([
      { k: 'a', v: 1 },
      { k: 'b', v: 2 },
    ]);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['a', 1],
    ] as const)
      expect((await d.db('light_rows').where({ k }).first('v')).v).toBe(v);
    await d.db('light_rows').whereIn('k', ['a', 'b']).delete();
  });

  it('lightWrite writes, upserts, and leaves the connection durable afterwards', async () => {
    // PostgreSQL: the test cluster runs with synchronous_commit off; this database turns it on,
    // for the connections of a pool opened after that, so that a leaked setting would show.
    if (kind === 'pg')
      await d.db.raw(
        `ALTER DATABASE "${String((await d.db.raw('SELECT current_database() AS name')).rows[0].name)}" SET synchronous_commit = on`,
      );
    const db = kind === 'pg' ? createDb(d.config) : d.db;
    try {
      const upsert = (v: number) => db('light_rows').insert({ k: 'session', v }).onConflict('k').merge(['v']);
      await lightWrite(db, upsert(1));
      await lightWrite(db, upsert(2));
      expect((await db('light_rows').where({ k: 'session' }).first('v')).v).toBe(2);
      if (kind === 'sqlite') {
        // 2 = FULL: documents committed after a light write still wait for the disk.
        const [row] = (await db.raw('PRAGMA synchronous')) as Array<{ synchronous: number }>;
        expect(row.synchronous).toBe(2);
      } else {
        // SET LOCAL ended with its transaction: the connection is back to the durable commit.
        const { rows } = (await db.raw('SHOW synchronous_commit')) as { rows: Array<{ synchronous_commit: string }> };
        expect(rows[0].synchronous_commit).toBe('on');
      }
    } finally {
      if (db !== d.db) await db.destroy();
    }
  });

  it('lightWrite sends one statement, with the light commit for its own transaction only (PostgreSQL)', async () => {
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    d.db.on('query', listen);
    try {
      await lightWrite(d.db, d.db('light_rows').insert({ k: 'one', v: 1 }).onConflict('k').merge(['v']));
    } finally {
      d.db.off('query', listen);
    }
    expect((await d.db('light_rows').where({ k: 'one' }).first('v')).v).toBe(1);
    // SQLite runs it on a connection of its own, outside knex's query events.
    expect(sent).toHaveLength(kind === 'pg' ? 1 : 0);
    if (kind === 'pg') {
      // The form it sends: the setting is in force inside the statement (so at its commit) and gone after it.
      await d.db.transaction(async (trx) => {
        await trx.raw("SET LOCAL synchronous_commit = 'on'");
        const during = (
          await trx.raw(
            `WITH w AS (UPDATE light_rows SET v = 2 WHERE k = 'one') SELECT set_config('synchronous_commit', 'off', true) AS s, current_setting('synchronous_commit') AS now`,
          )
        ).rows[0];
        expect(during).toEqual({ s: 'off', now: 'off' });
      });
      expect(sent[0]).toMatch(
        /^WITH light_write AS \(insert into "light_rows".*\) SELECT set_config\('synchronous_commit', 'off', true\)$/s,
      );
    }
  });

  it('prepared: the same rows, and on PostgreSQL one statement parsed once per connection whatever the values', async () => {
    await d.db('light_rows').insert([
      { k: 'p1', v: 11 },
      { k: 'p2', v: 12 },
    ]);
    const read = (db: typeof d.db, k: string) => prepared(db, db('light_rows').where({ k }).first('v'));
    await d.db.transaction(async (trx) => {
      expect((await read(trx, 'p1')).v).toBe(11);
      expect((await read(trx, 'p2')).v).toBe(12);
      expect(await read(trx, 'none')).toBeUndefined();
      if (kind === 'pg') {
        const { rows } = (await trx.raw(
          `SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%light_rows%'`,
        )) as { rows: Array<{ name: string; statement: string }> };
        expect(rows).toHaveLength(1);
        expect(rows[0].name).toMatch(/^sd_[0-9a-f]{24}$/);
        expect(read(trx, 'p1').toSQL().options).toEqual({ name: rows[0].name });
      } else {
        // SQLite keeps its prepared statements itself (cachePreparedStatements): no name given.
        expect(read(trx, 'p1').toSQL().options ?? {}).toEqual({});
      }
    });
  });

  it('lightWrite waits for a transaction in progress instead of running inside it', async () => {
    let inside = false;
    const trx = d.db.transaction(async (t) => {
      await t('light_rows').insert({ k: 'trx', v: 1 });
      inside = true;
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('rolled back');
    });
    while (!inside) await new Promise((r) => setTimeout(r, 1));
    const light = lightWrite(d.db, d.db('light_rows').insert({ k: 'light', v: 1 }));
    await expect(trx).rejects.toThrow('rolled back');
    await light;
    expect((await d.db('light_rows').whereIn('k', ['trx', 'light']).pluck('k')).sort()).toEqual(['light']);
  });
});
