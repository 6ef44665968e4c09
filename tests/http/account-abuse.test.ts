import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords.js';
import { MAIL_LIMITS, PASSWORD_CHECK_LIMITS } from '../../server/services/accounts/throttle.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { uniqueTag } from '../support/unique.js';

const TOO_MANY_REQUESTS = /^Trop de demandes\. Veuillez réessayer dans \d+ (secondes|minutes)\.$/;
const TOO_MANY_TRIES = /^Trop de tentatives\. Veuillez réessayer dans \d+ (secondes|minutes)\.$/;
const mail = (tag: string) => `${tag.toLowerCase()}-${uniqueTag().toLowerCase()}@test.local`;
const newAccount = (email: string, extra: object = {}) => ({
  name: 'TRAORÉ Awa',
  email,
  password: 'Secret-1234',
  password_confirmation: 'Secret-1234',
  ...extra,
});

async function count(t: TestApp, table: string, where: Record<string, unknown> = {}) {
  return Number((await t.db(table).where(where).count<{ n: number }[]>({ n: '*' }))[0].n);
}

const MAIL_DELAY_MS = 1500;

/**
 * Timing without a stopwatch race: the mailer is made slow (1.5 s a mail), and every answer must
 * come back well before one mail could have been sent — for a known and an unknown address alike.
 * An answer that waited for the lookup, the argon2 hash or the mail of a known address (as before
 * the fix: about 3× slower) would take longer than the mailer. The bound is loose (the machine is
 * shared): the answer takes tens of milliseconds.
 */
async function timedWithSlowMailer(t: TestApp, requests: Array<() => Promise<unknown>>): Promise<number[]> {
  const original = t.mailer.send.bind(t.mailer);
  t.mailer.send = async (message) => {
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
    await original(message);
  };
  try {
    const times: number[] = [];
    for (const request of requests) {
      await t.db('throttle_hits').delete();
      const start = performance.now();
      await request();
      times.push(performance.now() - start);
    }
    await t.settle();
    return times;
  } finally {
    t.mailer.send = original;
  }
}

/** What a guest sees after posting a form: status, redirect, then the page's flash, status and errors. */
async function answerOf(c: Client, res: { status: number; headers: Record<string, string> }) {
  const page = await c.visit(res.headers.location);
  return {
    status: res.status,
    location: res.headers.location,
    flash: page.body.flash,
    props: { status: page.body.props.status, errors: page.body.props.errors },
  };
}

describe.each(testDatabases())('account abuse (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  // Every client here comes from 127.0.0.1: each test starts with no throttled attempt counted.
  beforeEach(async () => {
    await t.db('throttle_hits').delete();
  });

  describe('forgot password', () => {
    it('answers a known and an unknown address with the same page, in the same time', async () => {
      const known = mail('known');
      await userWithPermissions(t, known, ['menu.dashboard']);
      const sameAnswer = [];
      for (const email of [known, mail('unknown')]) {
        const c = new Client(t);
        sameAnswer.push(await answerOf(c, await c.post('/forgot-password', { email })));
      }
      expect(sameAnswer[1]).toEqual(sameAnswer[0]);

      // Timing: the answer does not wait for the lookup, the token or the mail.
      const c = new Client(t);
      await c.ensureToken();
      const sent = t.mailer.sent.filter((m) => m.to === known).length;
      const times = await timedWithSlowMailer(
        t,
        [known, mail('nobody'), known, mail('nobody')].map((email) => () => c.post('/forgot-password', { email })),
      );
      for (const ms of times) expect(ms).toBeLessThan(MAIL_DELAY_MS / 2);
      expect(t.mailer.sent.filter((m) => m.to === known).length).toBe(sent + 2);
    });

    it('sends at most 3 mails to one address in 15 minutes', async () => {
      const email = mail('flood');
      await userWithPermissions(t, email, ['menu.dashboard']);
      const c = new Client(t);
      for (let i = 0; i < MAIL_LIMITS.email.limit + 5; i++) await c.post('/forgot-password', { email });
      await t.settle();
      expect(t.mailer.sent.filter((m) => m.to === email).length).toBe(MAIL_LIMITS.email.limit);
      await c.post('/forgot-password', { email }, { Referer: 'http://127.0.0.1/forgot-password' });
      expect((await c.visit('/forgot-password')).body.props.errors.email).toMatch(TOO_MANY_REQUESTS);
    });

    it('counts a parallel burst before sending: no more mails than the limit', async () => {
      const email = mail('burst');
      await userWithPermissions(t, email, ['menu.dashboard']);
      const clients = Array.from({ length: 25 }, () => new Client(t));
      for (const c of clients) await c.ensureToken();
      await Promise.all(clients.map((c) => c.post('/forgot-password', { email })));
      await t.settle();
      expect(t.mailer.sent.filter((m) => m.to === email).length).toBe(MAIL_LIMITS.email.limit);
    });

    it('limits the requests of one address (IP) whatever e-mail it types', async () => {
      const c = new Client(t);
      const sent = t.mailer.sent.length;
      const targets = await Promise.all(
        Array.from({ length: MAIL_LIMITS.ip.limit + 2 }, async () => {
          const email = mail('spray');
          await t.db('users').insert({
            name: 'Spray',
            email,
            password_hash: '',
            active: true,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
          });
          return email;
        }),
      );
      for (const email of targets) await c.post('/forgot-password', { email });
      await t.settle();
      expect(t.mailer.sent.length - sent).toBe(MAIL_LIMITS.ip.limit);
    });
  });

  describe('register', () => {
    it('answers an address in use exactly like a new one, creates nothing and tells its owner', async () => {
      const taken = mail('taken');
      await userWithPermissions(t, taken, ['menu.dashboard'], 'Owner-Pass-123');
      const fresh = mail('fresh');
      const answers = [];
      for (const email of [taken.toUpperCase(), fresh]) {
        const c = new Client(t);
        answers.push(await answerOf(c, await c.post('/register', newAccount(email))));
        expect((await c.visit('/dashboard')).headers.location).toBe('/login'); // nobody is signed in
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0].location).toBe('/login?status=registered');
      expect(answers[0].props.status).toMatch(
        /^Si cette adresse peut être utilisée, un e-mail vient de vous y être envoyé/,
      );
      await t.settle();

      // The owner keeps their account and password, and hears of the attempt.
      expect(await count(t, 'users', { email: taken })).toBe(1);
      const owner = (await t.db('users').where({ email: taken }).first())!;
      expect(await verifyPassword(owner.password_hash, 'Owner-Pass-123')).toBe(true);
      const notice = t.mailer.lastTo(taken);
      expect(notice?.subject).toBe('Tentative de création de compte avec votre adresse - SDSTOCK WEB 2.0');
      expect(notice?.text).toMatch(/\/forgot-password/);
      // The new address gets its account and a verification link.
      expect(await count(t, 'users', { email: fresh })).toBe(1);
      expect(t.mailer.lastTo(fresh)?.subject).toMatch(/^Vérifiez votre adresse e-mail/);
    });

    it('answers in the same time for an address in use and a new one', async () => {
      const taken = mail('slow');
      await userWithPermissions(t, taken, ['menu.dashboard']);
      const fresh = [mail('new'), mail('new')];
      const c = new Client(t);
      await c.ensureToken();
      const times = await timedWithSlowMailer(
        t,
        [taken, fresh[0], taken, fresh[1]].map((email) => () => c.post('/register', newAccount(email))),
      );
      // Neither the argon2 hash and the insert of a new account nor either mail is waited for.
      for (const ms of times) expect(ms).toBeLessThan(MAIL_DELAY_MS / 2);
      expect(await count(t, 'users', { email: fresh[1] })).toBe(1);
      expect(t.mailer.lastTo(taken)?.subject).toMatch(/^Tentative de création de compte/);
    });

    it('throttles registrations per e-mail and per address (IP)', async () => {
      const email = mail('again');
      const c = new Client(t);
      for (let i = 0; i < MAIL_LIMITS.email.limit + 2; i++) await c.post('/register', newAccount(email));
      await t.settle();
      expect(t.mailer.sent.filter((m) => m.to === email).length).toBe(MAIL_LIMITS.email.limit);
      await c.post('/register', newAccount(email), { Referer: 'http://127.0.0.1/register' });
      expect((await c.visit('/register')).body.props.errors.email).toMatch(TOO_MANY_REQUESTS);

      await t.db('throttle_hits').delete();
      const users = await count(t, 'users');
      for (let i = 0; i < MAIL_LIMITS.ip.limit + 3; i++) await c.post('/register', newAccount(mail('many')));
      await t.settle();
      expect(await count(t, 'users')).toBe(users + MAIL_LIMITS.ip.limit);
    });

    it('stores the first name given, and greets by it; without one, by the full name', async () => {
      const withFirst = mail('prenom');
      const without = mail('sansprenom');
      const c = new Client(t);
      await c.post('/register', newAccount(withFirst, { name: 'KONÉ Mariam', first_name: '  Mariam ' }));
      await c.post('/register', newAccount(without, { name: 'KONÉ Mariam' }));
      await c.post('/register', newAccount(mail('long'), { first_name: 'x'.repeat(81) }));
      expect((await c.visit('/register')).body.props.errors).toEqual({
        first_name: 'Le champ prénom ne doit pas dépasser 80 caractères.',
      });
      await t.settle();
      expect((await t.db('users').where({ email: withFirst }).first())!.first_name).toBe('Mariam');
      expect((await t.db('users').where({ email: without }).first())!.first_name).toBeNull();
      await t
        .db('users')
        .whereIn('email', [withFirst, without])
        .update({ email_verified_at: '2026-01-01T00:00:00.000Z' });

      const a = new Client(t);
      await a.login(withFirst, 'Secret-1234');
      const dash = await a.visit('/dashboard');
      expect(dash.body.props.greeting).toMatch(/^(Bonjour|Bonsoir), Mariam$/);
      expect(dash.body.props.auth.user.first_name).toBe('Mariam');
      const b = new Client(t);
      await b.login(without, 'Secret-1234');
      expect((await b.visit('/dashboard')).body.props.greeting).toMatch(/^(Bonjour|Bonsoir), KONÉ Mariam$/);
      // The profile sets it.
      await b.send('patch', '/profile', { name: 'KONÉ Mariam', first_name: 'Mariam', email: without });
      expect((await b.visit('/dashboard')).body.props.greeting).toMatch(/^(Bonjour|Bonsoir), Mariam$/);
      await b.send('patch', '/profile', { name: 'KONÉ Mariam', first_name: ['Mariam'], email: without });
      expect((await b.visit('/profile')).body.props.errors).toEqual({
        first_name: 'Le champ prénom doit être un texte.',
      });
      expect((await t.db('users').where({ email: without }).first())!.first_name).toBe('Mariam');
      // An empty first name clears it: the greeting goes back to the full name.
      await b.send('patch', '/profile', { name: 'KONÉ Mariam', first_name: '', email: without });
      expect((await t.db('users').where({ email: without }).first())!.first_name).toBeNull();
    });

    it('lets the administrator turn self-registration off, and only them', async () => {
      const admin = new Client(t);
      await admin.login();
      const page = await admin.visit('/parametres/societe/comptes');
      expect(page.body.component).toBe('settings/company/Accounts');
      expect(page.body.props).toMatchObject({ allow_registration: true, can_manage: true });
      expect((await new Client(t).visit('/')).body.props.canRegister).toBe(true);

      const viewerEmail = mail('viewer');
      await userWithPermissions(t, viewerEmail, ['menu.parametres', 'menu.parametres.societe']);
      const viewer = new Client(t);
      await viewer.login(viewerEmail, 'User-Secret-123');
      expect((await viewer.visit('/parametres/societe/comptes')).body.props.can_manage).toBe(false);
      expect((await viewer.send('put', '/parametres/societe/comptes', { allow_registration: false })).status).toBe(403);
      expect((await new Client(t).visit('/')).body.props.canRegister).toBe(true);

      try {
        const res = await admin.send('put', '/parametres/societe/comptes', { allow_registration: false });
        expect(res.headers.location).toBe('/parametres/societe/comptes');
        expect((await admin.visit('/parametres/societe/comptes')).body.props.allow_registration).toBe(false);
        expect(await count(t, 'audit_log', { action: 'company.registration' })).toBeGreaterThan(0);

        const guest = new Client(t);
        expect((await guest.visit('/')).body.props.canRegister).toBe(false);
        expect((await guest.visit('/login')).body.props.canRegister).toBe(false);
        const form = await guest.visit('/register');
        expect(form.headers.location).toBe('/login');
        expect((await guest.visit('/login')).body.flash.error).toMatch(/création de compte est désactivée/);
        const users = await count(t, 'users');
        await guest.post('/register', newAccount(mail('closed')));
        await t.settle();
        expect(await count(t, 'users')).toBe(users);
      } finally {
        await admin.send('put', '/parametres/societe/comptes', { allow_registration: true });
      }
      expect((await new Client(t).visit('/')).body.props.canRegister).toBe(true);
    });
  });

  it('limits the resending of the verification link', async () => {
    const email = mail('resend');
    const c = new Client(t);
    await c.post('/register', newAccount(email));
    await t.settle();
    await c.login(email, 'Secret-1234');
    for (let i = 0; i < MAIL_LIMITS.email.limit + 3; i++) await c.post('/email/verification-notification');
    // The registration's own link, then at most `limit` resent ones.
    expect(t.mailer.sent.filter((m) => m.to === email).length).toBe(1 + MAIL_LIMITS.email.limit);
    await c.post('/email/verification-notification');
    expect((await c.visit('/verify-email')).body.flash.error).toMatch(TOO_MANY_REQUESTS);
  });

  describe('password checks after login', () => {
    it('throttles /confirm-password like the login, even with the right password', async () => {
      const email = mail('confirm');
      await userWithPermissions(t, email, ['menu.dashboard'], 'Right-Pass-123');
      const c = new Client(t);
      await c.login(email, 'Right-Pass-123');
      await Promise.all(Array.from({ length: 12 }, (_, i) => c.post('/confirm-password', { password: `faux-${i}` })));
      const res = await c.post(
        '/confirm-password',
        { password: 'Right-Pass-123' },
        { Referer: 'http://127.0.0.1/confirm-password' },
      );
      expect(res.headers.location).not.toBe('/dashboard');
      expect((await c.visit('/confirm-password')).body.props.errors.password).toMatch(TOO_MANY_TRIES);
      const hits = await t.db('throttle_hits').count<{ n: number }[]>({ n: '*' });
      // One hit per bucket (short and long window) for each password actually checked.
      expect(Number(hits[0].n)).toBe(2 * PASSWORD_CHECK_LIMITS.user.limit);
    });

    it('throttles PUT /password', async () => {
      const email = mail('pwd');
      await userWithPermissions(t, email, ['menu.dashboard', 'menu.profile'], 'Right-Pass-123');
      const c = new Client(t);
      await c.login(email, 'Right-Pass-123');
      const change = (current: string) =>
        c.send(
          'put',
          '/password',
          { current_password: current, password: 'Brand-New-456', password_confirmation: 'Brand-New-456' },
          { 'X-Inertia-Error-Bag': 'updatePassword' },
        );
      for (let i = 0; i < PASSWORD_CHECK_LIMITS.user.limit; i++) await change(`faux-${i}`);
      await change('Right-Pass-123');
      expect((await c.visit('/profile')).body.props.errors.updatePassword.current_password).toMatch(TOO_MANY_TRIES);
      expect(
        await verifyPassword((await t.db('users').where({ email }).first())!.password_hash, 'Right-Pass-123'),
      ).toBe(true);
    });
  });

  describe('e-mail change', () => {
    it('needs the current password and tells the previous address', async () => {
      const email = mail('move');
      await userWithPermissions(t, email, ['menu.dashboard', 'menu.profile'], 'Right-Pass-123');
      const c = new Client(t);
      await c.login(email, 'Right-Pass-123');
      const target = mail('moved');

      await c.send('patch', '/profile', { name: 'Awa Traoré', email: target });
      expect((await c.visit('/profile')).body.props.errors).toEqual({
        current_password: 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.',
      });
      await c.send('patch', '/profile', { name: 'Awa Traoré', email: target, current_password: 'faux' });
      expect((await c.visit('/profile')).body.props.errors).toEqual({
        current_password: 'Le mot de passe actuel est incorrect.',
      });
      expect(await count(t, 'users', { email })).toBe(1);
      expect(t.mailer.lastTo(email)).toBeUndefined();

      const res = await c.send('patch', '/profile', {
        name: 'Awa Traoré',
        email: target,
        current_password: 'Right-Pass-123',
      });
      expect(res.headers.location).toBe('/profile?status=verification-link-sent');
      expect(await count(t, 'users', { email: target })).toBe(1);
      const notice = t.mailer.lastTo(email);
      expect(notice?.subject).toBe('Votre adresse e-mail a été modifiée - SDSTOCK WEB 2.0');
      expect(notice?.text).toContain(target);
      expect(t.mailer.lastTo(target)?.subject).toMatch(/^Vérifiez/);
    });

    it('does not ask for the password when the e-mail stays the same', async () => {
      const email = mail('stay');
      await userWithPermissions(t, email, ['menu.dashboard', 'menu.profile']);
      const c = new Client(t);
      await c.login(email, 'User-Secret-123');
      const res = await c.send('patch', '/profile', { name: 'Awa Traoré Koné', email: email.toUpperCase() });
      expect(res.headers.location).toBe('/profile');
      expect((await t.db('users').where({ email }).first())!.name).toBe('Awa Traoré Koné');
    });
  });

  it('still logs the administrator in (throttles count failures only)', async () => {
    await new Client(t).login(ADMIN.email, ADMIN.password);
  });
});
