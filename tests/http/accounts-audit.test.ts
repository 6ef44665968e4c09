import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../server/services/audit/record-audit.js';
import { ADMIN, Client, type TestApp, createTestApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';

/** The account services write their audit entry with the change it records (one transaction). */
describe.each(testDatabases())('account audit entries (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const entries = (action: string, label: string) =>
    t.db('audit_log').where({ action, subject_label: label }).orderBy('id');

  it('records a failed login with the failure it counts, and a login with the user', async () => {
    const c = new Client(t);
    const failuresBefore = Number((await t.db('throttle_hits').count<{ n: number }[]>({ n: '*' }))[0].n);
    const failed = await c.post('/login', { email: 'nobody-audit@test.local', password: 'wrong-password' });
    expect(failed.headers.location).toBeDefined();
    // One hit in each of the four login buckets of a browser without a device cookie (e-mail +
    // address, account, the address's guesses — written apart for an unknown e-mail —, address).
    expect(Number((await t.db('throttle_hits').count<{ n: number }[]>({ n: '*' }))[0].n)).toBe(failuresBefore + 4);
    const [entry] = await entries('auth.login_failed', 'nobody-audit@test.local');
    expect(entry).toMatchObject({ user_id: null, subject_type: 'user', subject_id: 'nobody-audit@test.local' });

    const before = (await entries('auth.login', ADMIN.email)).length;
    await c.login();
    const logins = await entries('auth.login', ADMIN.email);
    expect(logins).toHaveLength(before + 1);
    expect(logins.at(-1)).toMatchObject({ user_name: expect.any(String), subject_type: 'user' });
  });

  it('records the logout and removes the session row in the same step', async () => {
    const c = new Client(t);
    await c.login();
    const admin = (await t.db('users').where({ email: ADMIN.email }).first('id'))!;
    const sessionsBefore = (await t.db('sessions').where({ user_id: admin.id }).select('sid')).map((r) => r.sid);
    const before = (await entries('auth.logout', ADMIN.email)).length;
    const res = await c.post('/logout', {});
    expect(res.headers.location).toBe('/');
    expect(await entries('auth.logout', ADMIN.email)).toHaveLength(before + 1);
    const sessionsAfter = (await t.db('sessions').where({ user_id: admin.id }).select('sid')).map((r) => r.sid);
    expect(sessionsAfter.length).toBe(sessionsBefore.length - 1);
    expect((await c.visit('/dashboard')).headers.location).toBe('/login');
  });

  it('records a registration with the new account, and the verification of its address', async () => {
    const c = new Client(t);
    await c.post('/register', {
      name: 'Mariam Audit',
      email: 'mariam-audit@test.local',
      password: 'Secret-1234',
      password_confirmation: 'Secret-1234',
    });
    await t.settle(); // the account is created after the answer (same answer for a known address)
    const user = (await t.db('users').where({ email: 'mariam-audit@test.local' }).first())!;
    const [registered] = await entries('auth.register', 'mariam-audit@test.local');
    expect(registered).toMatchObject({ user_id: user.id, user_name: 'Mariam Audit', subject_id: String(user.id) });

    await c.login('mariam-audit@test.local', 'Secret-1234');
    const link = new URL(t.mailer.linkIn(t.mailer.lastTo('mariam-audit@test.local')));
    expect((await c.visit(link.pathname + link.search)).headers.location).toBe('/dashboard');
    expect((await t.db('users').where({ id: user.id }).first())!.email_verified_at).not.toBeNull();
    expect(await entries('auth.email_verified', 'mariam-audit@test.local')).toHaveLength(1);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });
});
