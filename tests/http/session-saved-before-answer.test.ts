import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KnexSessionStore } from '../../server/http/session/knex-store.js';
import { type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { HttpGuest } from '../support/http-guest.js';
import { type ListeningApp, listen } from '../support/stock-http.js';
import { uniqueTag } from '../support/unique.js';

/**
 * A response that changed the session leaves only once the session is stored
 * (server/http/session/saved-before-answer.ts). The store is made slow (each write waits 400 ms,
 * then writes for real): an answer whose headers arrived before its session was stored would let
 * the browser's next request read the old session.
 */
describe.each(testDatabases())('session stored before the answer (%s)', (kind) => {
  let t: TestApp;
  let server: ListeningApp;
  const realSet = KnexSessionStore.prototype.set;
  beforeAll(async () => {
    t = await createTestApp(kind);
    server = await listen(t);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  afterEach(() => {
    KnexSessionStore.prototype.set = realSet;
  });
  const slowStore = () => {
    KnexSessionStore.prototype.set = function (this: KnexSessionStore, ...args: Parameters<KnexSessionStore['set']>) {
      setTimeout(() => realSet.apply(this, args), 400);
    };
  };

  it('a login answers its redirect once the signed-in session is stored: the next page is the dashboard', async () => {
    const email = `order-${uniqueTag().toLowerCase()}@test.local`;
    const user = await userWithPermissions(t, email, ['menu.dashboard'], 'Right-Pass-123');
    const guest = new HttpGuest(server.url);
    await guest.visit('/login');
    slowStore();
    const login = await guest.post('/login', { email, password: 'Right-Pass-123' });
    expect(login.location).toBe('/dashboard');
    // The headers are here: the session they name is already stored, signed in.
    expect(Number((await t.db('sessions').where({ user_id: user.id }).count({ n: '*' }).first())!.n)).toBe(1);
    expect((await guest.visit('/dashboard')).status).toBe(200);
  });

  it('a refused login answers once its error is stored: the login page shows it', async () => {
    const email = `order-${uniqueTag().toLowerCase()}@test.local`;
    await userWithPermissions(t, email, ['menu.dashboard'], 'Right-Pass-123');
    const guest = new HttpGuest(server.url);
    await guest.visit('/login');
    slowStore();
    const refused = await guest.post('/login', { email, password: 'Wrong-Pass-123' });
    expect(refused.status).toBe(303);
    expect(refused.location).not.toBe('/dashboard');
    KnexSessionStore.prototype.set = realSet;
    expect((await guest.visit('/login')).body.props.errors.email).toBe(
      'Ces identifiants ne correspondent à aucun compte actif.',
    );
  });
});
