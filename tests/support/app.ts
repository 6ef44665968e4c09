import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'express';
import type { Knex } from 'knex';
import pino from 'pino';
import request from 'supertest';
import { seedBase } from '../../server/services/setup/first-start.js';
import { type AppDeps, createApp } from '../../server/app.js';
import { type AppConfig, loadConfig } from '../../server/config.js';
import type { Assets } from '../../server/http/assets.js';
import type { Mailer, MailMessage } from '../../server/mail/mailer.js';
import { createRole } from '../../server/services/roles/create-role.js';
import { createUser } from '../../server/services/accounts/create-user.js';
import { type DbKind, type TestDatabase, freshDatabase } from './databases.js';

export const TEST_VERSION = 'test-assets-v1';
export const ADMIN = { email: 'admin@test.local', password: 'Admin-Secret-123' };

/** Built assets are not needed to test the server: a fixed version and tag stand in. */
export const testAssets: Assets = {
  version: TEST_VERSION,
  tags: (nonce) => `<script type="module" src="/build/assets/app-test.js" nonce="${nonce}"></script>`,
};

/** Keeps sent mail in memory so tests can follow the links in it. */
export class MemoryMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  lastTo(email: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => m.to === email);
  }
  linkIn(message: MailMessage | undefined): string {
    const m = message?.text.match(/https?:\/\/\S+/);
    if (!m) throw new Error('no link in mail');
    return m[0];
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Knex;
  database: TestDatabase;
  mailer: MemoryMailer;
  config: AppConfig;
  /** Waits for the work answered before it was done (the guest forms' mails: server/http/background.ts). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DbKind,
  overrides: Partial<AppConfig> = {},
  extraRoutes?: AppDeps['extraRoutes'],
): Promise<TestApp> {
  const database = await freshDatabase(kind);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-storage-'));
  const config = loadConfig({ NODE_ENV: 'test', APP_KEY: 'test-app-key-0123456789abcdef' } as NodeJS.ProcessEnv, {
    storageDir,
    database: database.config,
    ...overrides,
  });
  await seedBase(database.db, { email: ADMIN.email, password: ADMIN.password });
  const mailer = new MemoryMailer();
  const app = createApp({
    db: database.db,
    config,
    logger: pino({ level: 'silent' }),
    mailer,
    assets: testAssets,
    extraRoutes,
  });
  return {
    app,
    db: database.db,
    database,
    mailer,
    config,
    settle: () => app.ctx.background.idle(),
    async close() {
      await app.ctx.background.idle();
      await database.drop();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps cookies, sends the XSRF token back, speaks Inertia. */
export class Client {
  readonly agent: ReturnType<typeof request.agent>;
  xsrf = '';
  constructor(readonly t: TestApp) {
    this.agent = request.agent(t.app);
  }

  private track(res: request.Response) {
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    for (const c of cookies) {
      const m = c.match(/^XSRF-TOKEN=([^;]*)/);
      if (m) this.xsrf = decodeURIComponent(m[1]);
    }
    return res;
  }

  /** Inertia visit (JSON). */
  async visit(url: string, headers: Record<string, string> = {}) {
    return this.track(
      await this.agent.get(url).set({
        'X-Inertia': 'true',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Inertia-Version': TEST_VERSION,
        ...headers,
      }),
    );
  }

  /** Plain browser visit (HTML). */
  async html(url: string) {
    return this.track(await this.agent.get(url).set('Accept', 'text/html'));
  }

  async ensureToken() {
    if (!this.xsrf) await this.visit('/login');
  }

  async send(
    method: 'post' | 'put' | 'patch' | 'delete',
    url: string,
    body: object = {},
    headers: Record<string, string> = {},
  ) {
    await this.ensureToken();
    return this.track(
      await this.agent[method](url)
        .set({
          'X-Inertia': 'true',
          'X-Requested-With': 'XMLHttpRequest',
          'X-Inertia-Version': TEST_VERSION,
          'X-XSRF-TOKEN': this.xsrf,
          ...headers,
        })
        .send(body),
    );
  }

  post(url: string, body: object = {}, headers: Record<string, string> = {}) {
    return this.send('post', url, body, headers);
  }

  async login(email = ADMIN.email, password = ADMIN.password) {
    const res = await this.post('/login', { email, password });
    if (res.status !== 303 || res.headers.location === '/login')
      throw new Error(`login failed for ${email}: ${res.status} ${res.headers.location}`);
    return res;
  }

  /** Follows a redirect with an Inertia visit and returns the page object. */
  async follow(res: request.Response) {
    return this.visit(res.headers.location);
  }
}

/** A user holding only the given permissions, through a role of their own. */
export async function userWithPermissions(
  t: TestApp,
  email: string,
  permissions: string[],
  password = 'User-Secret-123',
) {
  const roleName = `Rôle ${email}`;
  await createRole(t.db, { name: roleName, permissions });
  const id = await createUser(t.db, { name: 'Awa Traoré', email, password, roleNames: [roleName], verified: true });
  return { id, email, password };
}

/**
 * Protocol tests render probe pages that are not in the page registry: the one place where a page
 * name escapes the registry's type check, on purpose.
 */
export function renderProbe(res: Response, component: string, props: Record<string, unknown>): Promise<void> {
  return (res.inertia.render as unknown as (c: string, p: Record<string, unknown>) => Promise<void>)(component, props);
}
