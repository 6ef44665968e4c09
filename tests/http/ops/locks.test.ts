import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLock } from '../../../server/db/locks.js';
import { migrationNames } from '../../../server/db/migrate.js';
import { BACKUP_LOCK, createBackup, runScheduledBackup } from '../../../server/services/backups/backups.js';
import { listRecords, writeSettings } from '../../../server/services/backups/catalogue.js';
import { ADMIN, type TestApp, createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { emptyDatabase, spawnTsx } from '../../support/processes.js';

/**
 * Locks shared by every process on one database (issue 20): the migrations run once however many
 * processes start together, and one backup runs at a time across workers — never a flag in the
 * memory of one process.
 */
describe.each(testDatabases())('locks shared by processes (%s)', (kind) => {
  it('a lock is held by one holder at a time and free again once released', async () => {
    const d = await emptyDatabase(kind);
    try {
      const a = d.db();
      const b = d.db();
      const first = await acquireLock(a, 'ops-test');
      expect(first).not.toBeNull();
      expect(await acquireLock(b, 'ops-test')).toBeNull();
      // Another name is another lock.
      const other = await acquireLock(b, 'ops-other');
      expect(other).not.toBeNull();
      await other!.release();
      await first!.release();
      const again = await acquireLock(b, 'ops-test');
      expect(again).not.toBeNull();
      await again!.release();
    } finally {
      await d.drop();
    }
  }, 30_000);

  it('a lock held by another process is refused, and freed when that process is killed (SIGKILL)', async () => {
    const d = await emptyDatabase(kind);
    const holder = spawnTsx('tests/support/lock-holder.ts', ['ops-crash'], { DATABASE_URL: d.url });
    try {
      await holder.waitFor(/verrou pris/);
      const db = d.db();
      expect(await acquireLock(db, 'ops-crash')).toBeNull();
      holder.child.kill('SIGKILL');
      await holder.exited;
      const lock = await acquireLock(db, 'ops-crash', { waitMs: 10_000 });
      expect(lock).not.toBeNull();
      await lock!.release();
    } finally {
      holder.child.kill('SIGKILL');
      await d.drop();
    }
  }, 60_000);

  it('two processes migrating an empty database at once: one migrates, the other waits and finds it done', async () => {
    const d = await emptyDatabase(kind);
    try {
      const env = { DATABASE_URL: d.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
      const runs = [spawnTsx('scripts/migrate.ts', [], env), spawnTsx('scripts/migrate.ts', [], env)];
      const codes = await Promise.all(runs.map((r) => r.exited));
      const outputs = runs.map((r) => r.output());
      expect(codes, outputs.join('\n---\n')).toEqual([0, 0]);
      expect(outputs.filter((o) => o.includes('Migrations appliquées'))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('Base de données à jour.'))).toHaveLength(1);
      const db = d.db();
      const recorded = (await db('knex_migrations').pluck('name')) as string[];
      expect([...recorded].sort()).toEqual([...migrationNames()].sort());
      expect(await db('knex_migrations_lock').where({ is_locked: 1 }).count({ n: '*' }).first()).toMatchObject({
        n: 0,
      });
      // The first-start data once too: one administrator.
      expect(Number((await db('users').where({ email: ADMIN.email }).count({ n: '*' }).first())?.n)).toBe(1);
    } finally {
      await d.drop();
    }
  }, 180_000);

  it('a knex lock row left at 1 by a process killed mid-migration does not block the next start', async () => {
    const d = await emptyDatabase(kind);
    try {
      const env = { DATABASE_URL: d.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
      expect(await spawnTsx('scripts/migrate.ts', [], env).exited).toBe(0);
      const db = d.db();
      // What a SIGKILL between knex's lock and unlock leaves (a migration run outside the batch
      // transaction commits the lock row on its own): knex alone would refuse every later start.
      await db('knex_migrations_lock').update({ is_locked: 1 });
      const again = spawnTsx('scripts/migrate.ts', [], env);
      expect(await again.exited, again.output()).toBe(0);
      expect(again.output()).toContain('Base de données à jour.');
      expect(await db('knex_migrations_lock').where({ is_locked: 1 }).count({ n: '*' }).first()).toMatchObject({
        n: 0,
      });
    } finally {
      await d.drop();
    }
  }, 120_000);
});

describe.each(testDatabases())('the backup one-at-a-time lock (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const target = () => ({ database: t.config.database, storageDir: t.config.storageDir });

  it('while another process holds the backup lock, a backup is refused and the scheduled one waits; then it runs once', async () => {
    writeSettings(target(), { daily: true, hour: 0, retention: 7 });
    const before = listRecords(target()).length;
    // "Another process": a lock taken on a connection of its own, as a second worker would.
    const other = await acquireLock(t.db, BACKUP_LOCK);
    expect(other).not.toBeNull();
    try {
      await expect(createBackup(t.db, target(), null)).rejects.toThrow(/déjà en cours/);
      expect(await runScheduledBackup(t.db, target())).toBeNull();
      expect(listRecords(target())).toHaveLength(before);
    } finally {
      await other!.release();
    }
    // Two workers' timers at the same minute: one backup for the day.
    const [a, b] = await Promise.all([runScheduledBackup(t.db, target()), runScheduledBackup(t.db, target())]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await runScheduledBackup(t.db, target())).toBeNull();
    expect(listRecords(target()).filter((r) => r.kind === 'scheduled')).toHaveLength(1);
  }, 120_000);
});
