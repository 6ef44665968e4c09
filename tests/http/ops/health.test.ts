import knexFactory from 'knex';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { createApp } from '../../../server/app.js';
import { migrationNames } from '../../../server/db/migrate.js';
import { type TestApp, createTestApp, testAssets } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';

/**
 * The probes (issue 20): /healthz says the process is up whatever the database; /readyz says this
 * process can serve — the database answers, every migration of this version is applied, and it is
 * not shutting down — or answers 503 naming what is wrong.
 */
describe.each(testDatabases())('probes /healthz and /readyz (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('/healthz answers 200 without a session, never cached, no cookie set', async () => {
    const res = await request(t.app).get(route('health'));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('/readyz answers 200 when the database answers and every migration is applied', async () => {
    const res = await request(t.app).get(route('ready'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', pending: 0 });
  });

  it('/readyz answers 503 while a migration of this version is not applied', async () => {
    const last = migrationNames().at(-1)!;
    const row = await t.db('knex_migrations').where({ name: last }).first();
    await t.db('knex_migrations').where({ name: last }).delete();
    try {
      const res = await request(t.app).get(route('ready'));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'not_ready', database: 'ok', migrations: 'pending', pending: 1 });
      // The process itself is still up.
      expect((await request(t.app).get(route('health'))).status).toBe(200);
    } finally {
      await t.db('knex_migrations').insert(row);
    }
    expect((await request(t.app).get(route('ready'))).status).toBe(200);
  });

  it('/readyz answers 503 while the process shuts down (the load balancer stops sending)', async () => {
    t.app.ctx.lifecycle.draining = true;
    try {
      const res = await request(t.app).get(route('ready'));
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('shutting_down');
      // Every answer meanwhile closes its connection.
      expect(res.headers.connection).toBe('close');
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
  });

  it('/readyz answers 503 quickly when the database cannot be reached; /healthz still 200', async () => {
    const unreachable =
      kind === 'pg'
        ? knexFactory({
            client: 'pg',
            connection: 'postgres://nobody@127.0.0.1:1/none',
            pool: { min: 0, max: 1 },
            acquireConnectionTimeout: 60_000,
          })
        : // A database file on a disk that is not there (unmounted): SQLite cannot open it.
          knexFactory({
            client: 'better-sqlite3',
            connection: { filename: '/nonexistent-sdstock-disk/database.sqlite' },
            useNullAsDefault: true,
            pool: { min: 0, max: 1 },
          });
    const app = createApp({ db: unreachable, config: t.config, logger: pino({ level: 'silent' }), assets: testAssets });
    try {
      const started = Date.now();
      const res = await request(app).get(route('ready'));
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'not_ready', database: 'unreachable', migrations: 'unknown', pending: 0 });
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await request(app).get(route('health'))).status).toBe(200);
    } finally {
      await unreachable.destroy();
    }
  });
});
