import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../server/http/device-cookie.js';
import { LOGIN_LIMITS, takeSlot, throttleBucket } from '../../server/services/accounts/throttle.js';
import { ADMIN, Client, TEST_VERSION, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';

const WRONG = 'Ces identifiants ne correspondent à aucun compte actif.';
const THROTTLED = /^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ (secondes|minutes)\.$/;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const email = (prefix: string) => `${prefix}-${uniqueTag().toLowerCase()}@test.local`;

/**
 * The login throttle after OWASP's device cookies (server/services/accounts/login-devices.ts,
 * throttle.ts): a browser that signed in before keeps its owner in whatever others try; one that
 * never did is throttled as before; the addresses back off, counting only the guesses on existing
 * accounts; the limits still bite, per account for unknown browsers and per device cookie. The app
 * trusts the loopback proxy, so each attempt can come from an address of its own.
 */
describe.each(testDatabases())('login device cookies (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { trustProxy: 'loopback' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db('throttle_hits').delete();
  });

  /** One login attempt: 'in' when it got in (then signed out again, the device cookie kept), else the error shown. */
  const attempt = async (
    c: Client,
    login: string,
    password: string,
    ip: string,
    headers: Record<string, string> = {},
  ): Promise<string> => {
    const res = await c.post('/login', { email: login, password }, { ...from(ip), ...headers });
    if (res.headers.location === '/dashboard') {
      expect((await c.post('/logout', {}, from(ip))).headers.location).toBe('/');
      return 'in';
    }
    return (await c.visit('/login', { ...from(ip), ...headers })).body.props.errors.email;
  };
  /** The device cookie an answer sets (its value), if any. */
  const deviceCookieIn = (res: { headers: Record<string, unknown> }) =>
    ([] as string[])
      .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
      .find((x) => x.startsWith(`${DEVICE_COOKIE}=`))
      ?.split(';')[0]
      .slice(DEVICE_COOKIE.length + 1);
  const failedChecks = async (login: string) =>
    Number(
      (
        await t
          .db('audit_log')
          .where({ action: 'auth.login_failed', subject_label: login })
          .count<{ n: number }[]>({ n: '*' })
      )[0].n,
    );
  /** Moves every counted attempt `ms` into the past, as if that long had gone by. */
  const timePasses = (ms: number) => t.db('throttle_hits').update({ hit_at: t.db.raw('hit_at - ?', [ms]) });
  /** The owner of a new account, signed in once from their own browser (which now holds a device cookie). */
  const ownerWithDevice = async (prefix: string) => {
    const user = await userWithPermissions(t, email(prefix), ['menu.dashboard'], 'Bon-Pass-123');
    const browser = new Client(t);
    const res = await browser.post('/login', { email: user.email, password: user.password }, from('203.0.113.10'));
    expect(res.headers.location).toBe('/dashboard');
    await browser.post('/logout', {}, from('203.0.113.10'));
    const device = deviceCookieIn(res)!;
    expect(device).toBeTruthy();
    return { user, browser, device };
  };
  /** An attacker trying wrong passwords on `login`, each from another address. */
  const hammer = async (login: string, times: number, base = 1) => {
    const attacker = new Client(t);
    const errors: string[] = [];
    for (let i = 0; i < times; i++) errors.push(await attempt(attacker, login, `faux-${i}`, `198.51.${base}.${i + 1}`));
    return errors;
  };

  it('gives a signed, HttpOnly, SameSite=Lax device cookie kept 180 days to a browser that signs in, and none to a failed attempt', async () => {
    const user = await userWithPermissions(t, email('cookie'), ['menu.dashboard'], 'Bon-Pass-123');
    const c = new Client(t);
    const failed = await c.post('/login', { email: user.email, password: 'faux' });
    expect(
      ([] as string[]).concat(failed.headers['set-cookie'] ?? []).some((x) => x.startsWith(`${DEVICE_COOKIE}=`)),
    ).toBe(false);
    const res = await c.post('/login', { email: user.email, password: user.password });
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((x) => x.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=${user.id}\\.[\\w-]{16}\\.[\\w-]{22};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=15552000/);
    expect(cookie).not.toMatch(/Secure/i);

    // Behind HTTPS (a trusted proxy says so), the cookie is Secure.
    const secure = await createTestApp(kind, { secureCookies: true, trustProxy: 'loopback' });
    try {
      const headers = {
        'X-Forwarded-Proto': 'https',
        'X-Inertia': 'true',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Inertia-Version': TEST_VERSION,
      };
      const page = await request(secure.app).get('/login').set(headers);
      const pairs = ([] as string[]).concat(page.headers['set-cookie']).map((x) => x.split(';')[0]);
      const xsrf = decodeURIComponent(pairs.find((p) => p.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
      const login = await request(secure.app)
        .post('/login')
        .set({ ...headers, Cookie: pairs.join('; '), 'X-XSRF-TOKEN': xsrf })
        .send({ email: ADMIN.email, password: ADMIN.password });
      expect(login.headers.location).toBe('/dashboard');
      expect(
        ([] as string[]).concat(login.headers['set-cookie']).find((x) => x.startsWith(`${DEVICE_COOKIE}=`)),
      ).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('lets the owner in from their browser while an attacker from many addresses hammers the account; a browser without the cookie is throttled as before', async () => {
    const { user, browser } = await ownerWithDevice('proprietaire');
    const errors = await hammer(user.email, LOGIN_LIMITS.account.limit + 10);
    // The account is locked for unknown browsers: only `limit` passwords were checked.
    expect(errors.slice(0, LOGIN_LIMITS.account.limit).every((e) => e === WRONG)).toBe(true);
    expect(errors.slice(LOGIN_LIMITS.account.limit).every((e) => THROTTLED.test(e))).toBe(true);
    expect(await failedChecks(user.email)).toBe(LOGIN_LIMITS.account.limit);

    // The owner's browser gets in, from its own address or another.
    expect(await attempt(browser, user.email, user.password, '203.0.113.10')).toBe('in');
    expect(await attempt(browser, user.email, user.password, '192.0.2.77')).toBe('in');
    // The owner on a browser that never signed in (or a thief with the password) is throttled.
    const other = new Client(t);
    expect(await attempt(other, user.email, user.password, '203.0.113.10')).toMatch(THROTTLED);
    expect((await other.visit('/dashboard', from('203.0.113.10'))).headers.location).toBe('/login');
  });

  it('counts a device cookie’s failures against it only, and locks it out when it fails too often (5 a minute, 10 in 15 minutes)', async () => {
    const { user, browser } = await ownerWithDevice('appareil');
    for (let i = 0; i < LOGIN_LIMITS.device.limit; i++)
      expect(await attempt(browser, user.email, `faux-${i}`, '203.0.113.10')).toBe(WRONG);
    // Locked: even the right password from that browser waits.
    expect(await attempt(browser, user.email, user.password, '203.0.113.10')).toMatch(THROTTLED);
    expect(await failedChecks(user.email)).toBe(LOGIN_LIMITS.device.limit);

    // A minute later, five more, then the 15-minute bucket is full.
    await timePasses(LOGIN_LIMITS.device.windowMs + 1_000);
    for (let i = 0; i < LOGIN_LIMITS.deviceLong.limit - LOGIN_LIMITS.device.limit; i++)
      expect(await attempt(browser, user.email, `encore-${i}`, '203.0.113.10')).toBe(WRONG);
    await timePasses(LOGIN_LIMITS.device.windowMs + 1_000);
    expect(await attempt(browser, user.email, 'un-de-plus', '203.0.113.10')).toMatch(THROTTLED);
    expect(await failedChecks(user.email)).toBe(LOGIN_LIMITS.deviceLong.limit);
    // Its failures were counted against it only, not against the account: another browser is not locked by them.
    expect(await attempt(new Client(t), user.email, user.password, '203.0.113.10')).toBe('in');
  });

  it('trusts only a device cookie signed for that account: forged, another account’s, or void after a password change or a deactivation', async () => {
    const { user, browser, device: own } = await ownerWithDevice('signee');
    const { user: colleague, browser: colleagueBrowser, device: colleagues } = await ownerWithDevice('collegue');
    // Both accounts locked for unknown browsers.
    await hammer(user.email, LOGIN_LIMITS.account.limit);
    await hammer(colleague.email, LOGIN_LIMITS.account.limit, 2);
    const presenting = (value: string) => ({ Cookie: `${DEVICE_COOKIE}=${value}` });

    // A forged signature, or the colleague's cookie, is an unknown browser for this account.
    const forged = own.replace(
      /\.([\w-])([\w-]{21})$/,
      (_, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}`,
    );
    expect(forged).not.toBe(own);
    expect(await attempt(new Client(t), user.email, user.password, '203.0.113.10', presenting(forged))).toMatch(
      THROTTLED,
    );
    expect(await attempt(new Client(t), user.email, user.password, '203.0.113.10', presenting(colleagues))).toMatch(
      THROTTLED,
    );
    // The real one gets in, from any browser that presents it.
    expect(await attempt(new Client(t), user.email, user.password, '203.0.113.10', presenting(own))).toBe('in');

    // The owner changes the password in their browser: it gets a new cookie, the old one is void.
    await browser.post('/login', { email: user.email, password: user.password }, from('203.0.113.10'));
    const changed = await browser.send(
      'put',
      '/password',
      { current_password: user.password, password: 'Nouveau-Pass-456', password_confirmation: 'Nouveau-Pass-456' },
      from('203.0.113.10'),
    );
    expect(changed.headers.location).toBe('/profile');
    const renewed = deviceCookieIn(changed);
    expect(renewed).toMatch(new RegExp(`^${user.id}\\.`));
    expect(renewed).not.toBe(own);
    await browser.post('/logout', {}, from('203.0.113.10'));
    expect(await attempt(browser, user.email, 'Nouveau-Pass-456', '203.0.113.10')).toBe('in');
    expect(await attempt(new Client(t), user.email, 'Nouveau-Pass-456', '203.0.113.10', presenting(own))).toMatch(
      THROTTLED,
    );

    // Deactivated then reactivated: the colleague's browser is an unknown one again.
    const admin = new Client(t);
    await admin.post('/login', { email: ADMIN.email, password: ADMIN.password }, from('192.0.2.1'));
    await admin.post('/confirm-password', { password: ADMIN.password }, from('192.0.2.1'));
    expect(
      (await admin.post(`/parametres/utilisateurs/${colleague.id}/desactiver`, {}, from('192.0.2.1'))).status,
    ).toBe(303);
    expect((await admin.post(`/parametres/utilisateurs/${colleague.id}/reactiver`, {}, from('192.0.2.1'))).status).toBe(
      303,
    );
    expect(await attempt(colleagueBrowser, colleague.email, colleague.password, '203.0.113.10')).toMatch(THROTTLED);
  });

  it('voids the device cookies of an account whose password is reset by mail', async () => {
    const { user, browser } = await ownerWithDevice('oubli');
    await hammer(user.email, LOGIN_LIMITS.account.limit);
    expect(await attempt(browser, user.email, user.password, '203.0.113.10')).toBe('in');
    const guest = new Client(t);
    await guest.post('/forgot-password', { email: user.email }, from('192.0.2.2'));
    await t.settle();
    const link = new URL(t.mailer.linkIn(t.mailer.lastTo(user.email)));
    const token = (await guest.visit(link.pathname + link.search, from('192.0.2.2'))).body.props.token;
    await guest.post(
      '/reset-password',
      { token, email: user.email, password: 'Nouveau-Pass-456', password_confirmation: 'Nouveau-Pass-456' },
      from('192.0.2.2'),
    );
    expect(await attempt(browser, user.email, 'Nouveau-Pass-456', '203.0.113.10')).toMatch(THROTTLED);
  });

  it('gives a new device cookie to the browser that replaces its initial password, the old ones void', async () => {
    const { user, browser, device: before } = await ownerWithDevice('initial');
    await t.db('users').where({ id: user.id }).update({ must_change_password: true });
    await browser.post('/login', { email: user.email, password: user.password }, from('203.0.113.10'));
    const changed = await browser.send(
      'put',
      '/mot-de-passe/changer',
      { password: 'Choisi-Pass-789', password_confirmation: 'Choisi-Pass-789' },
      from('203.0.113.10'),
    );
    expect(changed.headers.location).toBe('/dashboard');
    expect(deviceCookieIn(changed)).not.toBe(before);
    await browser.post('/logout', {}, from('203.0.113.10'));
    await hammer(user.email, LOGIN_LIMITS.account.limit);
    expect(await attempt(browser, user.email, 'Choisi-Pass-789', '203.0.113.10')).toBe('in');
    expect(
      await attempt(new Client(t), user.email, 'Choisi-Pass-789', '203.0.113.10', {
        Cookie: `${DEVICE_COOKIE}=${before}`,
      }),
    ).toMatch(THROTTLED);
  });

  it('does not let 55 failures on unknown e-mails from one address slow down a colleague behind it', async () => {
    const colleague = await userWithPermissions(t, email('boutique'), ['menu.dashboard'], 'Bon-Pass-123');
    const attacker = new Client(t);
    for (let i = 0; i < 55; i++)
      expect(await attempt(attacker, email(`inconnu-${i}`), 'faux', '203.0.113.50')).toBe(WRONG);
    // A colleague on a browser that never signed in, from the same address, gets in.
    expect(await attempt(new Client(t), colleague.email, colleague.password, '203.0.113.50')).toBe('in');
  });

  it('backs an address off after 20 failures on existing accounts, for seconds, the same answer for a known and an unknown e-mail; a colleague with a device cookie is not slowed', async () => {
    const { user: colleague, browser: colleagueBrowser } = await ownerWithDevice('voisin');
    const targets = await Promise.all(
      [1, 2, 3, 4].map((i) => userWithPermissions(t, email(`cible${i}`), ['menu.dashboard'], 'Bon-Pass-123')),
    );
    const attacker = new Client(t);
    // 5 each (the per e-mail + address limit), 20 in all: each checked.
    for (const target of targets)
      for (let i = 0; i < 5; i++)
        expect(await attempt(attacker, target.email, `faux-${i}`, '203.0.113.60')).toBe(WRONG);
    // The address now waits a few seconds, whatever e-mail it types.
    const fresh = await userWithPermissions(t, email('cible5'), ['menu.dashboard'], 'Bon-Pass-123');
    const known = await attempt(new Client(t), fresh.email, fresh.password, '203.0.113.60');
    const unknown = await attempt(new Client(t), email('personne'), 'faux', '203.0.113.60');
    expect(known).toMatch(/^Trop de tentatives de connexion\. Veuillez réessayer dans [1-5] secondes\.$/);
    expect(unknown).toBe(known);
    // Not the colleague whose browser signed in before, nor another address.
    expect(await attempt(colleagueBrowser, colleague.email, colleague.password, '203.0.113.60')).toBe('in');
    expect(await attempt(new Client(t), fresh.email, fresh.password, '203.0.113.61')).toBe('in');
    // Seconds later the address may try again.
    await timePasses(5_000);
    expect(await attempt(new Client(t), fresh.email, 'encore-faux', '203.0.113.60')).toBe(WRONG);
  });

  it('backs off progressively — 5 s, 10 s, 20 s… never more than a minute — and forgets once the window has passed', async () => {
    const rule = { bucket: throttleBucket('test-backoff', uniqueTag()), ...LOGIN_LIMITS.ipAccounts };
    let now = 1_000_000_000;
    for (let i = 0; i < rule.limit; i++) expect((await takeSlot(t.db, [rule], now++)).ok).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = await takeSlot(t.db, [rule], now);
      expect(refused.ok).toBe(false);
      const wait = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
      waits.push(wait);
      now += wait * 1000;
      expect((await takeSlot(t.db, [rule], now)).ok).toBe(true);
    }
    expect(waits).toEqual([5, 10, 20, 40, 60, 60]);
    // A parallel burst at the limit: one slot, whatever the number of attempts.
    const burst = await Promise.all(Array.from({ length: 10 }, () => takeSlot(t.db, [rule], now + 60_000)));
    expect(burst.filter((s) => s.ok)).toHaveLength(1);
    // Once the window has passed, the address starts afresh.
    expect((await takeSlot(t.db, [rule], now + rule.windowMs + 61_000)).ok).toBe(true);
  });

  it('still refuses a flood from one address (300 attempts in 15 minutes, unknown e-mails included) by backing off, except for a browser with a device cookie', async () => {
    const { user, browser } = await ownerWithDevice('inonde');
    const now = Date.now();
    const flood = Array.from({ length: LOGIN_LIMITS.ip.limit }, (_, i) => ({
      bucket: throttleBucket('login-ip', '203.0.113.70'),
      hit_at: now - LOGIN_LIMITS.ip.limit + i,
    }));
    for (let i = 0; i < flood.length; i += 100) await t.db('throttle_hits').insert(flood.slice(i, i + 100));
    expect(await attempt(new Client(t), email('inconnu'), 'faux', '203.0.113.70')).toMatch(
      /^Trop de tentatives de connexion\. Veuillez réessayer dans [1-5] secondes\.$/,
    );
    expect(await attempt(browser, user.email, user.password, '203.0.113.70')).toBe('in');
  });

  it('lets a parallel burst of wrong passwords from the owner’s own browser check no more than the device cookie’s limit', async () => {
    const { user, browser } = await ownerWithDevice('rafale');
    await browser.ensureToken();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        browser.post('/login', { email: user.email, password: `faux-${i}` }, from('203.0.113.10')),
      ),
    );
    expect(answers.every((a) => a.status === 303 && a.headers.location !== '/dashboard')).toBe(true);
    expect(await failedChecks(user.email)).toBe(LOGIN_LIMITS.device.limit);
  });
});
