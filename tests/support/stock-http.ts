import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { Client, type TestApp, createTestApp } from './app.js';
import type { DbKind } from './databases.js';

/**
 * The test app on a real TCP port, for concurrency suites: requests from many sessions then reach
 * one server at the same time, as browsers would (supertest given the app itself starts a new
 * server per request).
 */
export interface ListeningApp {
  url: string;
  /** A browser-like Client (cookies, XSRF, Inertia headers) talking to the real port. */
  client(): Client;
  close(): Promise<void>;
}

export async function listen(t: TestApp): Promise<ListeningApp> {
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    // Client only hands `t.app` to supertest, which accepts a base URL just as well.
    client: () => new Client({ ...t, app: url as unknown as TestApp['app'] }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** n logged-in sessions of the same user (logins run a few at a time: argon2 is CPU-bound). */
export async function loggedInClients(
  app: ListeningApp,
  n: number,
  email?: string,
  password?: string,
): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < n; i += 4) {
    const batch = Array.from({ length: Math.min(4, n - i) }, () => app.client());
    await Promise.all(batch.map((c) => c.login(email, password)));
    clients.push(...batch);
  }
  return clients;
}

/**
 * A concurrency suite's app on a real port, for the `describe` it is called in: created (with what
 * `setup` builds: fixtures, the walk-in client…) before the suite's tests, closed after them. Read
 * it inside a test: `const { t, server, fixtures } = suite;`.
 */
export function listeningSuite<F = undefined>(
  kind: DbKind,
  setup?: (t: TestApp) => Promise<F>,
): { t: TestApp; server: ListeningApp; fixtures: F } {
  const suite = {} as { t: TestApp; server: ListeningApp; fixtures: F };
  beforeAll(async () => {
    suite.t = await createTestApp(kind);
    suite.fixtures = (setup ? await setup(suite.t) : undefined) as F;
    suite.server = await listen(suite.t);
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.t?.close();
  });
  return suite;
}
