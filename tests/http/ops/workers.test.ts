import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { route } from '../../../shared/routes.js';
import { ADMIN } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { emptyDatabase, spawnTsx } from '../../support/processes.js';

/**
 * Several processes (issue 20): `WEB_CONCURRENCY=2 npm start` on PostgreSQL runs two workers that
 * share the port and hold nothing of their own — a session opened through one is honoured by the
 * other. The real server/main.ts is started; each request goes on a new connection (the cluster
 * hands connections out in turn) with its own X-Request-Id, and the JSON log lines say which
 * process answered it. SIGTERM stops everything cleanly. With SQLite several processes are refused.
 */

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own (no keep-alive agent). */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { connection: 'close', ...headers } },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: data }));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

class Cookies {
  private jar = new Map<string, string>();
  take(res: Answer) {
    for (const c of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  get(name: string) {
    return decodeURIComponent(this.jar.get(name) ?? '');
  }
  header() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe.each(testDatabases())('WEB_CONCURRENCY workers (%s)', (kind) => {
  const env = (url: string, port: number, workers: number) => ({
    DATABASE_URL: url,
    PORT: String(port),
    WEB_CONCURRENCY: String(workers),
    BUILD_ON_START: 'false',
    APP_KEY: 'workers-test-key-0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SHUTDOWN_GRACE_SECONDS: '5',
  });

  if (kind === 'sqlite') {
    it('several processes on SQLite are refused at start with the reason', async () => {
      const d = await emptyDatabase(kind);
      try {
        const server = spawnTsx('server/main.ts', [], env(d.url, await freePort(), 2));
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain('réservé à PostgreSQL');
      } finally {
        await d.drop();
      }
    }, 60_000);
    return;
  }

  it('two workers share the sessions: signed in through one, every request is served by either', async () => {
    const d = await emptyDatabase(kind);
    const port = await freePort();
    const server = spawnTsx('server/main.ts', [], env(d.url, port, 2));
    try {
      await server.waitFor(/processus 1 prêt[\s\S]*processus 2 prêt|processus 2 prêt[\s\S]*processus 1 prêt/, 90_000);
      expect((await send(port, 'GET', route('ready'), {})).status).toBe(200);

      const cookies = new Cookies();
      // A guest visit: redirected to the login page, with a session and its XSRF token.
      const guest = await send(port, 'GET', route('dashboard'), {});
      expect(guest.status).toBe(303);
      cookies.take(guest);
      const login = await send(
        port,
        'POST',
        route('login'),
        {
          cookie: cookies.header(),
          'content-type': 'application/json',
          'x-xsrf-token': cookies.get('XSRF-TOKEN'),
          'x-requested-with': 'XMLHttpRequest',
        },
        JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      );
      expect(login.status, login.body).toBe(303);
      expect(login.headers.location).not.toBe(route('login'));
      cookies.take(login);

      const ids = Array.from({ length: 12 }, (_, i) => `ops-workers-${i}-${Date.now()}`);
      const answers = [];
      for (const id of ids)
        answers.push(
          await send(port, 'GET', `${route('search')}?q=ad`, {
            cookie: cookies.header(),
            'x-request-id': id,
            accept: 'application/json',
          }),
        );
      // Signed in on every request, whichever process answered.
      expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
      expect(answers.map((a) => a.headers['x-request-id'])).toEqual(ids);

      // The log lines (JSON, one per answer) name the process of each request id.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const pids = new Set<number>();
      for (const line of server.output().split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as {
          pid?: number;
          worker?: number;
          req?: { id?: string };
          res?: { statusCode?: number };
        };
        if (entry.req?.id && ids.includes(entry.req.id)) {
          expect(entry.worker).toBeGreaterThan(0);
          pids.add(entry.pid!);
        }
      }
      expect(pids.size).toBe(2);
    } finally {
      server.child.kill('SIGTERM');
      const code = await server.exited;
      await d.drop();
      expect(code).toBe(0);
      expect(server.output()).toContain('tous les processus sont arrêtés');
    }
  }, 180_000);
});
