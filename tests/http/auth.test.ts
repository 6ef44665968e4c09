import argon2 from 'argon2';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../server/app.js';
import { PASSWORD_HASH_OPTIONS, verifyPassword } from '../../server/auth/passwords.js';
import { verifyAuditChain } from '../../server/services/audit/record-audit.js';
import { ADMIN, Client, TEST_VERSION, type TestApp, createTestApp, userWithPermissions } from '../support/app.js';
import { testDatabases } from '../support/databases.js';

function sessionId(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const c = cookies.find((x) => x.startsWith(`${SESSION_COOKIE}=`));
  return c?.split(';')[0].split('=')[1];
}

async function count(t: TestApp, table: string, where: Record<string, unknown> = {}) {
  const rows = await t.db(table).where(where).count<{ n: number }[]>({ n: '*' });
  return Number(rows[0].n);
}

describe.each(testDatabases())('accounts (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  // Every client here comes from 127.0.0.1: each test starts with no throttled attempt counted.
  beforeEach(async () => {
    await t.db('throttle_hits').delete();
  });

  describe('first start', () => {
    it('seeds the six roles, the catalogue and the administrator with every permission', async () => {
      // Other tests add roles of their own through userWithPermissions, all named 'Rôle <e-mail>'.
      const roles = (await t.db('roles').orderBy('name').pluck('name')) as string[];
      expect(roles.filter((name) => !name.startsWith('Rôle '))).toEqual([
        'Administrateur',
        'Caissier',
        'Comptable',
        'Gérant',
        'Magasinier',
        'Vendeur',
      ]);
      expect(await t.db('roles').where({ is_admin: true }).pluck('name')).toEqual(['Administrateur']);
      const c = new Client(t);
      await c.login();
      const page = await c.visit('/dashboard');
      expect(page.body.props.auth.user.roles).toEqual([{ name: 'Administrateur' }]);
      expect(page.body.props.auth.user.menu_permissions).toContain('menu.parametres.backup');
      expect(page.body.props.auth.user.all_permissions).toContain('backup.manage');
      expect(page.body.props.auth.user).not.toHaveProperty('password_hash');
      expect(page.body.props.auth.user.gravatar).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}/);
    });
  });

  describe('login', () => {
    it('refuses empty fields with French messages on each field', async () => {
      const c = new Client(t);
      const res = await c.post('/login', { email: '', password: '' });
      expect(res.status).toBe(303);
      const page = await c.visit('/login');
      expect(page.body.props.errors.email).toBe('L’adresse e-mail est obligatoire.');
      expect(page.body.props.errors.password).toBe('Le mot de passe est obligatoire.');
    });

    // The suite hashes at a test cost (server/auth/passwords.ts); a real server's hashes are at the
    // production cost, and the login reads the cost from the stored hash.
    it('signs in with a password hashed at the production cost, and refuses a wrong one', async () => {
      const user = await userWithPermissions(t, 'cout-production@test.local', ['menu.dashboard']);
      const hash = await argon2.hash(user.password, PASSWORD_HASH_OPTIONS);
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      await t.db('users').where({ id: user.id }).update({ password_hash: hash });
      const wrong = new Client(t);
      await wrong.post('/login', { email: user.email, password: `${user.password}x` });
      expect((await wrong.visit('/dashboard')).headers.location).toBe('/login');
      const c = new Client(t);
      await c.login(user.email, user.password);
      expect((await c.visit('/dashboard')).body.props.auth.user.email).toBe(user.email);
    });

    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      const c = new Client(t);
      await c.post('/login', { email: ADMIN.email, password: 'mauvais-mot-de-passe' }, { Referer: 'http://x/login' });
      const wrong = await c.visit('/login');
      await c.post('/login', { email: 'inconnu@test.local', password: 'mauvais-mot-de-passe' });
      const unknown = await c.visit('/login');
      expect(wrong.body.props.errors).toEqual({ email: 'Ces identifiants ne correspondent à aucun compte actif.' });
      expect(unknown.body.props.errors).toEqual(wrong.body.props.errors);
      const dash = await c.visit('/dashboard');
      expect(dash.status).toBe(303);
      expect(dash.headers.location).toBe('/login');
    });

    it('throttles the 6th failed attempt of an e-mail and IP within a minute, even with the right password', async () => {
      const email = 'throttle@test.local';
      await userWithPermissions(t, email, ['menu.dashboard'], 'Right-Pass-123');
      const c = new Client(t);
      for (let i = 0; i < 5; i++) {
        await c.post('/login', { email, password: `faux-${i}` });
        const page = await c.visit('/login');
        expect(page.body.props.errors.email).toBe('Ces identifiants ne correspondent à aucun compte actif.');
      }
      await c.post('/login', { email, password: 'Right-Pass-123' });
      const page = await c.visit('/login');
      expect(page.body.props.errors.email).toMatch(
        /^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ (secondes|minutes)\.$/,
      );
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
      // Attempts are stored in the database (shared by processes): ageing them lifts the limit.
      await t.db('throttle_hits').update({ hit_at: Date.now() - 16 * 60_000 });
      const ok = await c.post('/login', { email, password: 'Right-Pass-123' });
      expect(ok.headers.location).toBe('/dashboard');
    });

    it('changes the session id at login and ends the session at logout', async () => {
      const c = new Client(t);
      const guest = await c.visit('/login');
      const before = sessionId(guest);
      expect(before).toBeTruthy();
      const login = await c.login();
      const after = sessionId(login);
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      const userId = (await t.db('users').where({ email: ADMIN.email }).first('id'))!.id;
      expect(await count(t, 'sessions', { user_id: userId })).toBeGreaterThan(0);
      const sid = decodeURIComponent(after!).replace(/^s:/, '').split('.')[0];
      expect(await count(t, 'sessions', { sid })).toBe(1);
      const out = await c.post('/logout');
      expect(out.status).toBe(303);
      expect(out.headers.location).toBe('/');
      expect(await count(t, 'sessions', { sid })).toBe(0);
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
    });

    it('sets HttpOnly SameSite=Lax session cookies, a readable XSRF cookie, and no-store on private pages', async () => {
      const c = new Client(t);
      const res = await c.login();
      const cookies = ([] as string[]).concat(res.headers['set-cookie']);
      const session = cookies.find((x) => x.startsWith(`${SESSION_COOKIE}=`))!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Secure/i);
      const xsrf = cookies.find((x) => x.startsWith('XSRF-TOKEN='))!;
      expect(xsrf).not.toMatch(/HttpOnly/i);
      const dash = await c.visit('/dashboard');
      expect(dash.headers['cache-control']).toBe('no-store');
      expect(dash.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    });

    it('treats a session idle past its deadline as signed out', async () => {
      const c = new Client(t);
      await c.login();
      expect((await c.visit('/dashboard')).status).toBe(200);
      const userId = (await t.db('users').where({ email: ADMIN.email }).first('id'))!.id;
      await t
        .db('sessions')
        .where({ user_id: userId })
        .update({ expires_at: Date.now() - 1000 });
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
    });

    it('keeps a remembered session for 30 days', async () => {
      const c = new Client(t);
      const res = await c.post('/login', { email: ADMIN.email, password: ADMIN.password, remember: true });
      const session = ([] as string[])
        .concat(res.headers['set-cookie'])
        .find((x) => x.startsWith(`${SESSION_COOKIE}=`))!;
      const expires = new Date(session.match(/Expires=([^;]+)/i)![1]).getTime();
      expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    });

    it('returns to the page asked before login', async () => {
      const c = new Client(t);
      await c.visit('/profile');
      const res = await c.login();
      expect(res.headers.location).toBe('/profile');
    });

    it('refuses a mutating request without a valid CSRF token', async () => {
      const c = new Client(t);
      await c.ensureToken();
      const res = await c.agent
        .post('/login')
        .set({ 'X-Inertia': 'true', 'X-Inertia-Version': TEST_VERSION })
        .send({ email: ADMIN.email, password: ADMIN.password });
      expect(res.status).toBe(419);
      const other = new Client(t);
      await other.ensureToken();
      const forged = await c.agent
        .post('/login')
        .set({ 'X-Inertia': 'true', 'X-Inertia-Version': TEST_VERSION, 'X-XSRF-TOKEN': other.xsrf })
        .send({ email: ADMIN.email, password: ADMIN.password });
      expect(forged.status).toBe(419);
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
    });

    it('writes an audit entry for logins and keeps the chain intact', async () => {
      const before = await count(t, 'audit_log', { action: 'auth.login' });
      await new Client(t).login();
      expect(await count(t, 'audit_log', { action: 'auth.login' })).toBe(before + 1);
      expect(await verifyAuditChain(t.db)).toBeNull();
    });
  });

  describe('register', () => {
    it('validates every field in French and writes nothing', async () => {
      const c = new Client(t);
      const users = await count(t, 'users');
      await c.post('/register', { name: '', email: 'pas-un-email', password: 'court', password_confirmation: 'autre' });
      const page = await c.visit('/register');
      expect(page.body.props.errors).toMatchObject({
        name: 'Le champ nom est obligatoire.',
        email: 'L’adresse e-mail n’est pas valide.',
        password: 'Le mot de passe doit contenir au moins 8 caractères.',
      });
      await c.post('/register', {
        name: 'Moussa',
        email: 'moussa@test.local',
        password: 'Secret-1234',
        password_confirmation: 'Secret-9999',
      });
      expect((await c.visit('/register')).body.props.errors).toEqual({
        password_confirmation: 'La confirmation du mot de passe ne correspond pas.',
      });
      expect(await count(t, 'users')).toBe(users);
    });

    it('creates an account without a role, signs nobody in, and sends a verification link that works once logged in', async () => {
      const c = new Client(t);
      const res = await c.post('/register', {
        name: 'DIALLO Fatou',
        first_name: 'Fatou',
        email: 'fatou@test.local',
        password: 'Secret-1234',
        password_confirmation: 'Secret-1234',
      });
      expect(res.headers.location).toBe('/login?status=registered');
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
      await t.settle();
      const user = (await t.db('users').where({ email: 'fatou@test.local' }).first())!;
      expect(user.first_name).toBe('Fatou');
      expect(user.email_verified_at).toBeNull();
      expect(await count(t, 'user_roles', { user_id: user.id })).toBe(0);
      expect(user.password_hash).toMatch(/^\$argon2id\$/);

      await c.login('fatou@test.local', 'Secret-1234');
      const notice = await c.visit('/verify-email');
      expect(notice.body.component).toBe('auth/VerifyEmail');
      expect((await c.visit('/dashboard')).headers.location).toBe('/verify-email');

      const link = new URL(t.mailer.linkIn(t.mailer.lastTo('fatou@test.local')));
      // Change the signature's first character to another one (a fixed 'X' would be no change 1 time in 64).
      const tampered = await c.visit(
        link.pathname +
          link.search.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'X' ? 'Y' : 'X'}`),
      );
      expect(tampered.headers.location).toBe('/verify-email');
      const ok = await c.visit(link.pathname + link.search);
      expect(ok.headers.location).toBe('/dashboard');
      const dash = await c.visit('/dashboard');
      expect(dash.body.component).toBe('Dashboard');
      expect(dash.body.props.awaitingRole).toBe(true);
      expect(dash.body.props.areas).toEqual([]);
      expect(dash.body.props.auth.user.menu_permissions).toEqual([]);
      expect(dash.body.props.greeting).toMatch(/^(Bonjour|Bonsoir), Fatou$/);
    });

    it('refuses an expired verification link', async () => {
      const c = new Client(t);
      await c.post('/register', {
        name: 'Koffi',
        email: 'koffi@test.local',
        password: 'Secret-1234',
        password_confirmation: 'Secret-1234',
      });
      await t.settle();
      await c.login('koffi@test.local', 'Secret-1234');
      const { verificationUrl } = await import('../../server/services/accounts/email-verification.js');
      const user = (await t.db('users').where({ email: 'koffi@test.local' }).first())!;
      const old = new URL(verificationUrl('http://x', t.config.appKey, user, Date.now() - 61 * 60_000));
      const res = await c.visit(old.pathname + old.search);
      expect(res.headers.location).toBe('/verify-email');
      expect((await t.db('users').where({ id: user.id }).first())!.email_verified_at).toBeNull();
    });
  });

  describe('password reset', () => {
    it('answers the same for unknown and known e-mails and mails only the known one', async () => {
      const c = new Client(t);
      const sent = t.mailer.sent.length;
      const unknown = await c.post('/forgot-password', { email: 'personne@test.local' });
      await t.settle();
      expect(t.mailer.sent.length).toBe(sent);
      const known = await c.post('/forgot-password', { email: ADMIN.email });
      await t.settle();
      expect(t.mailer.sent.length).toBe(sent + 1);
      expect(unknown.headers.location).toBe(known.headers.location);
      const page = await c.visit(known.headers.location);
      expect(page.body.props.status).toMatch(/Si un compte correspond/);
      expect(page.body.flash.success).toMatch(/Si un compte correspond/);
      const row = (await t.db('password_resets').orderBy('id', 'desc').first())!;
      const token = t.mailer.linkIn(t.mailer.lastTo(ADMIN.email)).match(/reset-password\/([^?]+)/)![1];
      expect(row.token_hash).not.toBe(token); // stored hashed
      expect(row.token_hash).toHaveLength(64);
    });

    it('resets once with a valid token, then refuses the used token', async () => {
      const email = 'reset@test.local';
      await userWithPermissions(t, email, ['menu.dashboard'], 'Old-Pass-123');
      const other = new Client(t);
      await other.login(email, 'Old-Pass-123');
      const c = new Client(t);
      await c.post('/forgot-password', { email });
      await t.settle();
      const link = new URL(t.mailer.linkIn(t.mailer.lastTo(email)));
      const form = await c.visit(link.pathname + link.search);
      expect(form.body.component).toBe('auth/ResetPassword');
      expect(form.body.props.email).toBe(email);
      const token = form.body.props.token;

      await c.post('/reset-password', { token, email, password: 'New-Pass-456', password_confirmation: 'Nope-456' });
      expect((await c.visit('/login')).body.props.errors).toEqual({
        password_confirmation: 'La confirmation du mot de passe ne correspond pas.',
      });

      const ok = await c.post('/reset-password', {
        token,
        email,
        password: 'New-Pass-456',
        password_confirmation: 'New-Pass-456',
      });
      expect(ok.headers.location).toBe('/login?status=reset');
      const user = (await t.db('users').where({ email }).first())!;
      expect(await verifyPassword(user.password_hash, 'New-Pass-456')).toBe(true);
      // Sessions opened with the old password are ended.
      expect((await other.visit('/dashboard')).headers.location).toBe('/login');

      await c.post('/reset-password', {
        token,
        email,
        password: 'Third-Pass-789',
        password_confirmation: 'Third-Pass-789',
      });
      expect((await c.visit('/login')).body.props.errors.email).toMatch(/invalide ou a expiré/);
      expect(await verifyPassword((await t.db('users').where({ email }).first())!.password_hash, 'New-Pass-456')).toBe(
        true,
      );
    });

    it('refuses an expired token and a token for another e-mail', async () => {
      const email = 'expired@test.local';
      await userWithPermissions(t, email, ['menu.dashboard'], 'Old-Pass-123');
      const c = new Client(t);
      await c.post('/forgot-password', { email });
      await t.settle();
      const token = decodeURIComponent(t.mailer.linkIn(t.mailer.lastTo(email)).match(/reset-password\/([^?]+)/)![1]);
      await c.post('/reset-password', {
        token,
        email: ADMIN.email,
        password: 'New-Pass-456',
        password_confirmation: 'New-Pass-456',
      });
      expect((await c.visit('/login')).body.props.errors.email).toMatch(/invalide ou a expiré/);
      await t.db('password_resets').update({ expires_at: Date.now() - 1000 });
      await c.post('/reset-password', {
        token,
        email,
        password: 'New-Pass-456',
        password_confirmation: 'New-Pass-456',
      });
      expect((await c.visit('/login')).body.props.errors.email).toMatch(/invalide ou a expiré/);
      expect(await verifyPassword((await t.db('users').where({ email }).first())!.password_hash, 'Old-Pass-123')).toBe(
        true,
      );
    });
  });

  describe('confirm password', () => {
    it('refuses a wrong password and returns to the intended page with the right one', async () => {
      const c = new Client(t);
      await c.login();
      await c.post('/confirm-password', { password: 'faux' }, { Referer: 'http://127.0.0.1/confirm-password' });
      expect((await c.visit('/confirm-password')).body.props.errors).toEqual({
        password: 'Le mot de passe est incorrect.',
      });
      const ok = await c.post('/confirm-password', { password: ADMIN.password });
      expect(ok.headers.location).toBe('/dashboard');
    });
  });

  describe('profile', () => {
    it('updates the name, and asks to verify a new e-mail again', async () => {
      const email = 'profil@test.local';
      await userWithPermissions(t, email, ['menu.dashboard', 'menu.profile']);
      const c = new Client(t);
      await c.login(email, 'User-Secret-123');
      await c.send('patch', '/profile', { name: '', email: 'x' });
      const errors = (await c.visit('/profile')).body.props.errors;
      expect(errors).toEqual({ name: 'Le champ nom est obligatoire.', email: 'L’adresse e-mail n’est pas valide.' });

      await c.send('patch', '/profile', { name: 'Awa Koné', email: ADMIN.email, current_password: 'User-Secret-123' });
      expect((await c.visit('/profile')).body.props.errors).toEqual({
        email: 'Cette adresse e-mail est déjà utilisée.',
      });

      const res = await c.send('patch', '/profile', { name: 'KONÉ Awa', first_name: 'Awa', email });
      expect(res.status).toBe(303);
      const page = await c.visit('/profile');
      expect(page.body.flash).toEqual({ success: 'Profil enregistré.' });
      expect(page.body.props.auth.user.name).toBe('KONÉ Awa');
      expect(page.body.props.auth.user.first_name).toBe('Awa');

      await c.send('patch', '/profile', {
        name: 'KONÉ Awa',
        email: 'nouvelle@test.local',
        current_password: 'User-Secret-123',
      });
      const user = (await t.db('users').where({ email: 'nouvelle@test.local' }).first())!;
      expect(user.email_verified_at).toBeNull();
      expect(t.mailer.lastTo('nouvelle@test.local')?.subject).toMatch(/Vérifiez/);
    });

    it('changes the password only with the right current one', async () => {
      const email = 'motdepasse@test.local';
      await userWithPermissions(t, email, ['menu.dashboard']);
      const c = new Client(t);
      await c.login(email, 'User-Secret-123');
      await c.send(
        'put',
        '/password',
        { current_password: 'faux', password: 'Nouveau-123', password_confirmation: 'Nouveau-123' },
        { 'X-Inertia-Error-Bag': 'updatePassword' },
      );
      expect((await c.visit('/profile')).body.props.errors).toEqual({
        updatePassword: { current_password: 'Le mot de passe actuel est incorrect.' },
      });
      await c.send('put', '/password', {
        current_password: 'User-Secret-123',
        password: 'Nouveau-123',
        password_confirmation: 'Nouveau-123',
      });
      expect(await verifyPassword((await t.db('users').where({ email }).first())!.password_hash, 'Nouveau-123')).toBe(
        true,
      );
      expect((await c.visit('/dashboard')).status).toBe(200); // this session stays open
    });

    it('deletes an account with its password, and never the last active administrator', async () => {
      const c = new Client(t);
      await c.login();
      const page = await c.visit('/profile');
      expect(page.body.props.isLastAdministrator).toBe(true);
      await c.send('delete', '/profile', { password: ADMIN.password }, { 'X-Inertia-Error-Bag': 'userDeletion' });
      expect((await c.visit('/profile')).body.props.errors.userDeletion.password).toMatch(
        /dernier administrateur actif/,
      );
      expect(await count(t, 'users', { email: ADMIN.email })).toBe(1);

      const email = 'partant@test.local';
      await userWithPermissions(t, email, ['menu.dashboard']);
      const d = new Client(t);
      await d.login(email, 'User-Secret-123');
      await d.send('delete', '/profile', { password: 'faux' });
      expect((await d.visit('/profile')).body.props.errors).toEqual({ password: 'Le mot de passe est incorrect.' });
      const res = await d.send('delete', '/profile', { password: 'User-Secret-123' });
      expect(res.headers.location).toBe('/');
      expect(await count(t, 'users', { email })).toBe(0);
      expect((await d.visit('/dashboard')).headers.location).toBe('/login');
      const again = new Client(t);
      await again.post('/login', { email, password: 'User-Secret-123' });
      expect((await again.visit('/login')).body.props.errors).toEqual({
        email: 'Ces identifiants ne correspondent à aucun compte actif.',
      });
      expect((await again.visit('/dashboard')).headers.location).toBe('/login');
    });
  });

  describe('permissions', () => {
    it('renders the 403 page for a user without the permission and lists only allowed areas', async () => {
      const email = 'limite@test.local';
      await userWithPermissions(t, email, ['menu.profile', 'menu.fichiers', 'menu.clients']);
      const c = new Client(t);
      await c.login(email, 'User-Secret-123');
      const res = await c.visit('/dashboard');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ component: 'Error', props: { status: 403 } });

      const withDash = 'tableau@test.local';
      await userWithPermissions(t, withDash, ['menu.dashboard', 'menu.fichiers', 'menu.clients', 'menu.produits']);
      const d = new Client(t);
      await d.login(withDash, 'User-Secret-123');
      const dash = await d.visit('/dashboard');
      expect(dash.status).toBe(200);
      expect(dash.body.props.areas.map((a: { to: string }) => a.to)).toEqual([
        '/fichiers/clients',
        '/fichiers/produits',
      ]);
      expect(dash.body.props.auth.user.menu_permissions).toEqual([
        'menu.dashboard',
        'menu.fichiers',
        'menu.clients',
        'menu.produits',
      ]);
    });

    it('signs out a deactivated user at their next request', async () => {
      const email = 'desactive@test.local';
      const { id } = await userWithPermissions(t, email, ['menu.dashboard']);
      const c = new Client(t);
      await c.login(email, 'User-Secret-123');
      expect((await c.visit('/dashboard')).status).toBe(200);
      await t.db('users').where({ id }).update({ active: false });
      expect((await c.visit('/dashboard')).headers.location).toBe('/login');
    });

    it('sends guests to the login page and signed-in users away from guest pages', async () => {
      const guest = new Client(t);
      expect((await guest.visit('/profile')).headers.location).toBe('/login');
      const c = new Client(t);
      await c.login();
      expect((await c.visit('/login')).headers.location).toBe('/dashboard');
      expect((await c.visit('/register')).headers.location).toBe('/dashboard');
    });
  });
});
