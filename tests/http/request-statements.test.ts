import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUserContext } from '../../server/auth/user-context.js';
import { Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';

/**
 * What a signed-in page costs before its own queries (DESIGN.md §7: ≤ 2 ms above the bare query):
 * one statement reading the session and its user with their roles, permissions and places (and no
 * write while the idle deadline moved by less than a minute) — the user read on every request, so
 * a change applies at the next one.
 */
describe.each(testDatabases())('fixed statements of a request (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /**
   * The SQL a visit sends — and each connection it takes serves one of them (SQLite's light
   * writes run on a connection of their own, outside knex's query events).
   */
  const statementsOf = async (work: () => Promise<unknown>) => {
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    const client = t.db.client as { acquireConnection(): Promise<unknown> };
    const acquire = client.acquireConnection;
    let taken = 0;
    client.acquireConnection = function (this: unknown) {
      taken += 1;
      return acquire.call(this);
    };
    t.db.on('query', listen);
    try {
      await work();
    } finally {
      t.db.off('query', listen);
      client.acquireConnection = acquire;
    }
    expect(taken).toBe(sent.length);
    return sent;
  };
  const signedIn = async () => {
    const email = `fixed-${uniqueTag().toLowerCase()}@test.local`;
    const user = await userWithPermissions(t, email, ['menu.dashboard', 'menu.clients'], 'Fixed-Pass-123');
    const c = new Client(t);
    await c.login(email, 'Fixed-Pass-123');
    await c.visit('/dashboard');
    return { c, user };
  };
  const deadline = async (userId: number) =>
    Number((await t.db('sessions').where({ user_id: userId }).first('expires_at'))!.expires_at);

  it('reads the session once and writes nothing when its deadline moved by less than a minute', async () => {
    const { c, user } = await signedIn();
    const before = await deadline(user.id);
    const sent = await statementsOf(async () => expect((await c.visit('/dashboard')).status).toBe(200));
    const onSessions = sent.filter((sql) => /sessions/i.test(sql));
    expect(onSessions).toHaveLength(1);
    expect(onSessions[0]).toMatch(/^select/i);
    expect(await deadline(user.id)).toBe(before);
  });

  it('moves the idle deadline once it is more than a minute behind', async () => {
    const { c, user } = await signedIn();
    const idleMs = t.config.sessionIdleMinutes * 60_000;
    await t
      .db('sessions')
      .where({ user_id: user.id })
      .update({ expires_at: Date.now() + idleMs - 5 * 60_000 });
    const asked = Date.now();
    expect((await c.visit('/dashboard')).status).toBe(200);
    expect(await deadline(user.id)).toBeGreaterThanOrEqual(asked + idleMs - 1_000);
    // And the next request, within the minute, leaves it alone.
    const moved = await deadline(user.id);
    await c.visit('/dashboard');
    expect(await deadline(user.id)).toBe(moved);
  });

  it('reads the session, the user, their roles, permissions and places in one statement, fresh on every request', async () => {
    const { c, user } = await signedIn();
    const sent = await statementsOf(() => c.visit('/dashboard'));
    const context = sent.filter((sql) =>
      /sessions|users|roles|role_permissions|user_locations|user_treasury_accounts/i.test(sql),
    );
    expect(context).toHaveLength(1);
    expect(context[0]).toMatch(/sessions/i);
    expect(context[0]).toMatch(/user_treasury_accounts/i);
    // A permission taken away and a place given apply at the next request.
    const role = Number((await t.db('user_roles').where({ user_id: user.id }).first('role_id'))!.role_id);
    await t.db('role_permissions').where({ role_id: role, permission_name: 'menu.clients' }).delete();
    expect((await c.visit('/fichiers/clients')).status).toBe(403);
    const shop = Number(
      (await t.db('locations').where({ code: 'BTQ01' }).first('id'))?.id ??
        (await t.db('locations').orderBy('id').first('id'))!.id,
    );
    await t.db('users').where({ id: user.id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: user.id, location_id: shop });
    const ctx = (await loadUserContext(t.db, user.id))!;
    expect(ctx.permissions.has('menu.dashboard')).toBe(true);
    expect(ctx.permissions.has('menu.clients')).toBe(false);
    expect(ctx.roles.map((r) => r.id)).toEqual([role]);
    expect(ctx.places.all).toBe(false);
    expect([...ctx.places.locations]).toEqual([shop]);
  });

  it('signs out at the next request a user deactivated or deleted, read with the session', async () => {
    for (const change of [{ active: false }, { deleted_at: new Date().toISOString() }]) {
      const { c, user } = await signedIn();
      await t.db('users').where({ id: user.id }).update(change);
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
      // And the session no longer names them.
      expect(await t.db('sessions').where({ user_id: user.id }).first('sid')).toBeUndefined();
    }
  });

  it('reads the user on their own when the session row names another (the session’s data decides)', async () => {
    const { c, user } = await signedIn();
    await t.db('sessions').where({ user_id: user.id }).update({ user_id: null });
    const sent = await statementsOf(async () => expect((await c.visit('/dashboard')).status).toBe(200));
    expect(sent.filter((sql) => /user_treasury_accounts/i.test(sql))).toHaveLength(2);
  });

  it('gives a user without any role no permission, and an administrator every place', async () => {
    const email = `norole-${uniqueTag().toLowerCase()}@test.local`;
    const { id } = await userWithPermissions(t, email, []);
    await t.db('user_roles').where({ user_id: id }).delete();
    const bare = (await loadUserContext(t.db, id))!;
    expect(bare.row.email).toBe(email);
    expect(bare.roles).toEqual([]);
    expect(bare.permissions.size).toBe(0);
    const admin = (await loadUserContext(
      t.db,
      Number((await t.db('users').where({ email: 'admin@test.local' }).first('id'))!.id),
    ))!;
    expect(admin.isAdmin).toBe(true);
    expect(admin.places.all).toBe(true);
    expect(Object.keys(admin.row)).not.toContain('grant_kind');
  });
});
