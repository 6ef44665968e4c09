import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../server/services/accounts/throttle.js';
import { parseTrustProxy } from '../../server/config.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';
import { HttpGuest } from '../support/http-guest.js';

const WRONG = 'Ces identifiants ne correspondent à aucun compte actif.';
const THROTTLED = /^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ (secondes|minutes)\.$/;

function listen(t: TestApp): Promise<{ server: Server; base: string }> {
  return new Promise((resolve) => {
    const server = t.app.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

const failedChecks = async (t: TestApp, email: string) =>
  Number(
    (
      await t
        .db('audit_log')
        .where({ action: 'auth.login_failed', subject_label: email })
        .count<{ n: number }[]>({ n: '*' })
    )[0].n,
  );

describe.each(testDatabases())('login throttle (%s)', (kind) => {
  let t: TestApp;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ server, base } = await listen(t));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });
  // Every test here logs in from 127.0.0.1: each starts with no attempt counted.
  beforeEach(async () => {
    await t.db('throttle_hits').delete();
  });

  it('counts a parallel burst before checking: no password beyond the limit is checked, and the right one does not get in once locked', async () => {
    const email = `burst-${uniqueTag().toLowerCase()}@test.local`;
    const password = 'Right-Pass-123';
    await userWithPermissions(t, email, ['menu.dashboard'], password);
    // 40 wrong passwords and the right one at position 20, each from its own browser session.
    const passwords = Array.from({ length: 41 }, (_, i) => (i === 20 ? password : `faux-${i}`));
    const guests = passwords.map(() => new HttpGuest(base));
    for (const g of guests) await g.visit('/login');
    const answers = await Promise.all(guests.map((g, i) => g.post('/login', { email, password: passwords[i] })));
    expect(answers.every((a) => a.status === 303)).toBe(true);
    const errors = await Promise.all(
      guests.map(async (g, i) =>
        answers[i].location === '/dashboard' ? null : (await g.visit('/login')).body.props.errors.email,
      ),
    );

    const limit = LOGIN_LIMITS.emailAndIp.limit;
    const checkedWrong = errors.filter((e, i) => e === WRONG && i !== 20).length;
    const throttled = errors.filter((e) => typeof e === 'string' && THROTTLED.test(e)).length;
    // Exactly `limit` wrong passwords were checked; every other attempt was refused unchecked.
    expect(checkedWrong).toBe(limit);
    expect(await failedChecks(t, email)).toBe(limit);
    const rightGotIn = answers[20].location === '/dashboard';
    expect(throttled).toBe(40 - limit + (rightGotIn ? 0 : 1));
    if (!rightGotIn) expect(errors[20]).toMatch(THROTTLED);

    // Once locked, the right password does not get in.
    const late = new HttpGuest(base);
    await late.visit('/login');
    const res = await late.post('/login', { email, password });
    expect(res.location).not.toBe('/dashboard');
    expect((await late.visit('/login')).body.props.errors.email).toMatch(THROTTLED);
    expect((await late.visit('/dashboard')).location).toBe('/login');
    expect(await failedChecks(t, email)).toBe(limit);
  });

  it('ignores X-Forwarded-For by default: a rotated header does not reset the limit', async () => {
    const email = `xff-${uniqueTag().toLowerCase()}@test.local`;
    await userWithPermissions(t, email, ['menu.dashboard'], 'Right-Pass-123');
    const g = new HttpGuest(base);
    await g.visit('/login');
    for (let i = 0; i < 8; i++)
      await g.post('/login', { email, password: `faux-${i}` }, { 'X-Forwarded-For': `203.0.113.${i + 1}` });
    expect(await failedChecks(t, email)).toBe(LOGIN_LIMITS.emailAndIp.limit);
    const audited = await t.db('audit_log').where({ action: 'auth.login_failed', subject_label: email }).distinct('ip');
    expect(audited.map((r) => r.ip)).not.toContain('203.0.113.1');
  });

  it('throttles per account too, whatever the address, when a proxy is trusted', async () => {
    const proxied = await createTestApp(kind, { trustProxy: 'loopback' });
    try {
      const email = `account-${uniqueTag().toLowerCase()}@test.local`;
      await userWithPermissions(proxied, email, ['menu.dashboard'], 'Right-Pass-123');
      const c = new Client(proxied);
      // Each attempt claims another client address: the per address limit never fills.
      for (let i = 0; i < LOGIN_LIMITS.account.limit + 5; i++) {
        await c.post('/login', { email, password: `faux-${i}` }, { 'X-Forwarded-For': `198.51.100.${i + 1}` });
      }
      expect(await failedChecks(proxied, email)).toBe(LOGIN_LIMITS.account.limit);
      const ips = await proxied
        .db('audit_log')
        .where({ action: 'auth.login_failed', subject_label: email })
        .distinct('ip');
      expect(ips.length).toBe(LOGIN_LIMITS.account.limit); // the trusted proxy's header is used
      await c.post('/login', { email, password: 'Right-Pass-123' }, { 'X-Forwarded-For': '198.51.100.200' });
      expect((await c.visit('/login')).body.props.errors.email).toMatch(THROTTLED);
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
    } finally {
      await proxied.close();
    }
  });

  it('does not count successful logins', async () => {
    const email = `ok-${uniqueTag().toLowerCase()}@test.local`;
    await userWithPermissions(t, email, ['menu.dashboard'], 'Right-Pass-123');
    for (let i = 0; i < LOGIN_LIMITS.emailAndIp.limit + 3; i++) {
      const c = new Client(t);
      expect((await c.post('/login', { email, password: 'Right-Pass-123' })).headers.location).toBe('/dashboard');
    }
    expect(Number((await t.db('throttle_hits').count<{ n: number }[]>({ n: '*' }))[0].n)).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless configured, and never "trust everyone"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('loopback')).toBe('loopback');
    expect(parseTrustProxy('10.0.0.1, 10.0.0.2')).toBe('10.0.0.1, 10.0.0.2');
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
  });
});
