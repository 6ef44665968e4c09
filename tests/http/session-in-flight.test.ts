import type { Express } from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KnexSessionStore } from '../../server/http/session/knex-store.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';

/**
 * A session ended while one of its requests is still running stays ended
 * (server/http/session/knex-store.ts: a session read from the store is saved by an UPDATE only).
 * The test route changes its session (a toast, as most answers do), then waits on a gate; while it
 * waits, the session is ended from elsewhere — a password change or a reset, a deactivation, a
 * logout in another tab, the account's deletion. Once the gate opens the request ends and stores
 * its session: the row must not come back, and the browser's next request is signed out.
 */
const IN_FLIGHT = '/__test/session-in-flight';

interface Gate {
  /** Resolves once the request is inside the route (its session read, changed, not yet stored). */
  entered: Promise<void>;
  release(): void;
}

describe.each(testDatabases())('a session ended while its request runs (%s)', (kind) => {
  let t: TestApp;
  let gate: { enter: () => void; wait: Promise<void> } | undefined;
  const routes = (app: Express) => {
    app.get(IN_FLIGHT, async (req, res) => {
      req.session.flash = { success: 'Réponse lente enregistrée.' };
      const g = gate!;
      g.enter();
      await g.wait;
      res.json({ ok: true });
    });
  };
  const armGate = (): Gate => {
    let enter!: () => void;
    let release!: () => void;
    const entered = new Promise<void>((resolve) => (enter = resolve));
    const wait = new Promise<void>((resolve) => (release = resolve));
    gate = { enter, wait };
    return { entered, release };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, routes);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db('throttle_hits').delete();
  });
  const realSet = KnexSessionStore.prototype.set;
  afterEach(() => {
    KnexSessionStore.prototype.set = realSet;
  });

  const sessionsOf = async (userId: number) =>
    (await t.db('sessions').where({ user_id: userId }).select('sid')).map((r) => r.sid as string);
  const rowExists = async (sid: string) => (await t.db('sessions').where({ sid }).first('sid')) !== undefined;

  /** A user signed in in one browser (returned with its session id), and the user's details. */
  const signedIn = async (prefix: string) => {
    const user = await userWithPermissions(
      t,
      `${prefix}-${uniqueTag().toLowerCase()}@test.local`,
      ['menu.dashboard'],
      'Ancien-Pass-123',
    );
    const browser = new Client(t);
    await browser.login(user.email, user.password);
    const [sid] = await sessionsOf(user.id);
    expect(sid).toBeTruthy();
    return { user, browser, sid };
  };

  /**
   * Starts the slow request of `browser`, runs `end` while it waits, then lets it finish; returns
   * its answer once its session is stored (the answer waits for it: sessionSavedBeforeAnswer).
   */
  const endWhileInFlight = async (browser: Client, end: () => Promise<void>) => {
    const g = armGate();
    const inFlight = browser.visit(IN_FLIGHT);
    await g.entered;
    await end();
    g.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    return answer;
  };

  const expectEnded = async (browser: Client, sid: string) => {
    expect(await rowExists(sid)).toBe(false);
    expect((await browser.visit('/dashboard')).headers.location).toBe('/login');
    // Nothing came back with that visit either.
    expect(await rowExists(sid)).toBe(false);
  };

  it('a session nobody ended stores what its request changed (the toast shows on the next page)', async () => {
    const { browser, sid } = await signedIn('intact');
    await endWhileInFlight(browser, async () => {});
    expect(await rowExists(sid)).toBe(true);
    const next = await browser.visit('/dashboard');
    expect(next.status).toBe(200);
    expect(next.body.flash.success).toBe('Réponse lente enregistrée.');
  });

  it('a password change in another browser ends it for good', async () => {
    const { user, browser: stolen, sid } = await signedIn('profil');
    const owner = new Client(t);
    await owner.login(user.email, user.password);
    await endWhileInFlight(stolen, async () => {
      const res = await owner.send('put', '/password', {
        current_password: user.password,
        password: 'Nouveau-Pass-456',
        password_confirmation: 'Nouveau-Pass-456',
      });
      expect(res.headers.location).toBe('/profile');
      expect(await rowExists(sid)).toBe(false);
    });
    await expectEnded(stolen, sid);
    // The browser that changed it stays signed in.
    expect((await owner.visit('/dashboard')).status).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('a password reset by mail ends it for good', async () => {
    const { user, browser: stolen, sid } = await signedIn('reinit');
    const guest = new Client(t);
    await guest.post('/forgot-password', { email: user.email });
    await t.settle();
    const link = new URL(t.mailer.linkIn(t.mailer.lastTo(user.email)));
    const token = (await guest.visit(link.pathname + link.search)).body.props.token;
    await endWhileInFlight(stolen, async () => {
      const res = await guest.post('/reset-password', {
        token,
        email: user.email,
        password: 'Nouveau-Pass-456',
        password_confirmation: 'Nouveau-Pass-456',
      });
      expect(res.headers.location).toBe('/login?status=reset');
    });
    await expectEnded(stolen, sid);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('a deactivation by an administrator ends it for good', async () => {
    const { user, browser, sid } = await signedIn('desactive');
    const admin = new Client(t);
    await admin.login(ADMIN.email, ADMIN.password);
    expect((await admin.post('/confirm-password', { password: ADMIN.password })).status).toBe(303);
    await endWhileInFlight(browser, async () => {
      const res = await admin.post(`/parametres/utilisateurs/${user.id}/desactiver`);
      expect(res.headers.location).toBe(`/parametres/utilisateurs/${user.id}`);
    });
    await expectEnded(browser, sid);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('a logout in another tab of the same browser ends it for good', async () => {
    const { user, browser, sid } = await signedIn('deconnexion');
    await endWhileInFlight(browser, async () => {
      expect((await browser.post('/logout')).headers.location).toBe('/');
    });
    await expectEnded(browser, sid);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('the deletion of the account in another browser ends it for good', async () => {
    const { user, browser: stolen, sid } = await signedIn('supprime');
    const owner = new Client(t);
    await owner.login(user.email, user.password);
    await endWhileInFlight(stolen, async () => {
      expect((await owner.send('delete', '/profile', { password: user.password })).headers.location).toBe('/');
    });
    await expectEnded(stolen, sid);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('a login that checked the old password while it was changed gets no session', async () => {
    const { user, browser: owner } = await signedIn('course');
    // The thief's login has checked the password; its new session waits to be stored.
    const g = armGate();
    const held = gate!;
    let holding = true;
    KnexSessionStore.prototype.set = function (this: KnexSessionStore, ...args: Parameters<KnexSessionStore['set']>) {
      if (!holding || (args[1] as { userId?: number }).userId !== user.id) return realSet.apply(this, args);
      holding = false;
      held.enter();
      void held.wait.then(() => realSet.apply(this, args));
    };
    const thief = new Client(t);
    await thief.ensureToken();
    const login = thief.post('/login', { email: user.email, password: user.password });
    await g.entered;
    const changed = await owner.send('put', '/password', {
      current_password: user.password,
      password: 'Nouveau-Pass-456',
      password_confirmation: 'Nouveau-Pass-456',
    });
    expect(changed.headers.location).toBe('/profile');
    g.release();
    expect((await login).headers.location).toBe('/dashboard');
    KnexSessionStore.prototype.set = realSet;
    expect((await thief.visit('/dashboard')).headers.location).toBe('/login');
    // Only the owner's session is left.
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect((await owner.visit('/dashboard')).status).toBe(200);
  });
});
