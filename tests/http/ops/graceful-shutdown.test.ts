import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { closeGracefully } from '../../../server/http/shutdown.js';
import { createTestApp } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';

/**
 * Graceful shutdown (issue 20): on SIGTERM a process stops listening, answers the requests in
 * flight, then stops; past the grace period the connections still open are cut. main.ts calls the
 * same closeGracefully.
 */
describe.each(testDatabases())('graceful shutdown (%s)', (kind) => {
  async function slowApp() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const inside = new Promise<void>((resolve) => (arrived = resolve));
    const t = await createTestApp(kind, {}, (app) =>
      app.get('/__slow', async (_req, res) => {
        arrived();
        await gate;
        res.json({ done: true });
      }),
    );
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { t, server, base, release, inside };
  }

  it('a slow request in flight completes; new connections are refused meanwhile', async () => {
    const { t, server, base, release, inside } = await slowApp();
    try {
      const inflight = fetch(`${base}/__slow`);
      await inside;
      const closing = closeGracefully(server, t.app.ctx, 10_000);
      expect(t.app.ctx.lifecycle.draining).toBe(true);
      // The listening socket is closed: a new connection is refused at once.
      await expect(fetch(`${base}${route('health')}`, { headers: { connection: 'close' } })).rejects.toThrow();
      release();
      const res = await inflight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });
      expect(await closing).toEqual({ forced: false });
    } finally {
      release();
      server.closeAllConnections();
      await t.close();
    }
  }, 30_000);

  it('past the grace period the requests still running are cut and the process can stop', async () => {
    const { t, server, base, release, inside } = await slowApp();
    try {
      const inflight = fetch(`${base}/__slow`).then(
        (r) => r.status,
        () => 'coupée',
      );
      await inside;
      const started = Date.now();
      expect(await closeGracefully(server, t.app.ctx, 300)).toEqual({ forced: true });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await inflight).toBe('coupée');
    } finally {
      release();
      await t.close();
    }
  }, 30_000);
});
