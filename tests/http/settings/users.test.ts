import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DEACTIVATED } from '../../../shared/users.js';
import {
  LAST_ADMIN_DEACTIVATE,
  LAST_ADMIN_ROLE,
  OWN_ACCOUNTS,
  OWN_PLACES,
  OWN_ROLES,
  setManagedUserActive,
} from '../../../server/services/accounts/manage-users.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { uniqueTag } from '../../support/unique.js';

const USERS = '/parametres/utilisateurs';
const CHANGE = '/mot-de-passe/changer';

/** A signed-in client whose password was confirmed just now (the guard of every user change). */
async function confirmedClient(t: TestApp, email = ADMIN.email, password = ADMIN.password): Promise<Client> {
  const c = new Client(t);
  await c.login(email, password);
  const res = await c.post('/confirm-password', { password });
  expect(res.status).toBe(303);
  return c;
}

const roleId = async (t: TestApp, name: string) => Number((await t.db('roles').where({ name }).first('id'))!.id);
const locationId = async (t: TestApp, code: string) =>
  Number((await t.db('locations').where({ code }).first('id'))!.id);
const userByEmail = (t: TestApp, email: string) => t.db('users').where({ email }).first();
const audits = async (t: TestApp, action: string, subjectId: number) =>
  Number(
    (await t
      .db('audit_log')
      .where({ action, subject_type: 'user', subject_id: String(subjectId) })
      .count({ n: '*' })
      .first())!.n,
  );
const userCount = async (t: TestApp) => Number((await t.db('users').count({ n: '*' }).first())!.n);

describe.each(testDatabases())('paramètres › utilisateurs (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await confirmedClient(t);
  });
  afterAll(() => t.close());

  /** Creates a user through the form; returns their id. */
  const create = async (c: Client, body: Record<string, unknown>) => {
    const res = await c.post(USERS, body);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/\/parametres\/utilisateurs\/\d+$/);
    return Number(res.headers.location.split('/').pop());
  };

  it('opens with menu.parametres.users; changes need users.manage', async () => {
    const tag = uniqueTag().toLowerCase();
    const none = await userWithPermissions(t, `aucun-${tag}@test.local`, ['menu.dashboard']);
    const c1 = await confirmedClient(t, none.email, none.password);
    expect((await c1.visit(USERS)).status).toBe(403);
    const reader = await userWithPermissions(t, `lecteur-${tag}@test.local`, [
      'menu.dashboard',
      'menu.parametres',
      'menu.parametres.users',
    ]);
    const c2 = await confirmedClient(t, reader.email, reader.password);
    const list = await c2.visit(USERS);
    expect(list.status).toBe(200);
    expect(list.body.component).toBe('settings/users/Index');
    expect(list.body.props.can_manage).toBe(false);
    expect((await c2.visit(`${USERS}/create`)).status).toBe(403);
    const before = await userCount(t);
    expect((await c2.post(USERS, { name: 'X', email: `x-${tag}@test.local`, role_ids: [] })).status).toBe(403);
    expect((await c2.send('put', `${USERS}/${reader.id}`, { name: 'X', email: reader.email })).status).toBe(403);
    expect((await c2.post(`${USERS}/${none.id}/desactiver`)).status).toBe(403);
    expect(await userCount(t)).toBe(before);
  });

  it('lists users with search, role and status filters, never a password hash', async () => {
    const tag = uniqueTag().toLowerCase();
    const cashier = await roleId(t, 'Caissier');
    const id = await create(admin, {
      name: `Koné ${tag}`,
      email: `kone-${tag}@test.local`,
      role_ids: [String(cashier)],
      onboarding: 'invite',
    });
    const page = await admin.visit(`${USERS}?q=${tag}&role_id=${cashier}`);
    expect(page.body.props.users.data).toHaveLength(1);
    const row = page.body.props.users.data[0];
    expect(row).toMatchObject({
      id,
      name: `Koné ${tag}`,
      roles: ['Caissier'],
      places: 'Tous les emplacements',
      active: true,
      last_login_at: null,
    });
    expect(JSON.stringify(page.body.props)).not.toMatch(/password_hash|\$argon2/);
    expect((await admin.visit(`${USERS}?q=${tag}&status=inactive`)).body.props.users.data).toHaveLength(0);
    expect(
      (await admin.visit(`${USERS}?q=${tag}&role_id=${await roleId(t, 'Magasinier')}`)).body.props.users.data,
    ).toHaveLength(0);
  });

  it('asks for the password again (3 hours) before any change: nothing written without it', async () => {
    const tag = uniqueTag().toLowerCase();
    const c = new Client(t);
    await c.login();
    const form = await c.visit(`${USERS}/create`);
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/confirm-password');
    const before = await userCount(t);
    const res = await c.post(USERS, {
      name: 'Sans confirmation',
      email: `sans-${tag}@test.local`,
      onboarding: 'invite',
    });
    expect(res.headers.location).toBe('/confirm-password');
    expect(await userCount(t)).toBe(before);
    const target = await userWithPermissions(t, `cible-${tag}@test.local`, ['menu.dashboard']);
    expect((await c.post(`${USERS}/${target.id}/desactiver`)).headers.location).toBe('/confirm-password');
    expect((await userByEmail(t, target.email))!.active).toBeTruthy();
  });

  it('refuses bad input on the fields in French, nothing written', async () => {
    const tag = uniqueTag().toLowerCase();
    const before = await userCount(t);
    const referer = { Referer: `http://localhost${USERS}/create` };
    await admin.post(
      USERS,
      { name: '', email: 'pas-une-adresse', onboarding: 'password', password: 'court', password_confirmation: 'court' },
      referer,
    );
    let errors = (await admin.visit(`${USERS}/create`)).body.props.errors;
    expect(errors).toMatchObject({
      name: expect.stringMatching(/nom/i),
      email: 'L’adresse e-mail n’est pas valide.',
      password: 'Le mot de passe doit contenir au moins 8 caractères.',
    });
    await admin.post(
      USERS,
      {
        name: 'Diallo',
        email: `d-${tag}@test.local`,
        onboarding: 'password',
        password: 'Secret-12345',
        password_confirmation: 'Secret-99999',
      },
      referer,
    );
    expect((await admin.visit(`${USERS}/create`)).body.props.errors).toEqual({
      password_confirmation: 'La confirmation du mot de passe ne correspond pas.',
    });
    await admin.post(USERS, { name: 'Doublon', email: ADMIN.email, onboarding: 'invite' }, referer);
    expect((await admin.visit(`${USERS}/create`)).body.props.errors).toEqual({
      email: 'Cette adresse e-mail est déjà utilisée.',
    });
    await admin.post(
      USERS,
      { name: 'Rôles', email: `r-${tag}@test.local`, role_ids: ['abc'], onboarding: 'invite' },
      referer,
    );
    errors = (await admin.visit(`${USERS}/create`)).body.props.errors;
    expect(errors.role_ids).toBe('Choix de rôles invalide.');
    await admin.post(
      USERS,
      { name: 'Lieux', email: `l-${tag}@test.local`, places_restricted: '1', location_ids: [], onboarding: 'invite' },
      referer,
    );
    expect((await admin.visit(`${USERS}/create`)).body.props.errors).toEqual({
      location_ids: 'Cochez au moins un emplacement, ou choisissez « Tous les emplacements ».',
    });
    await admin.post(
      USERS,
      {
        name: 'Lieux',
        email: `l-${tag}@test.local`,
        places_restricted: '1',
        location_ids: ['999999'],
        onboarding: 'invite',
      },
      referer,
    );
    expect((await admin.visit(`${USERS}/create`)).body.props.errors.location_ids).toMatch(/n’existe plus/);
    expect(await userCount(t)).toBe(before);
  });

  it('creates a user by invitation: a 7-day link to choose the password, audited', async () => {
    const tag = uniqueTag().toLowerCase();
    const email = `invite-${tag}@test.local`;
    const shop = await locationId(t, 'BTQ01');
    const id = await create(admin, {
      name: `Invité ${tag}`,
      first_name: 'Awa',
      email,
      role_ids: [String(await roleId(t, 'Caissier'))],
      places_restricted: '1',
      location_ids: [String(shop)],
      onboarding: 'invite',
    });
    const row = (await userByEmail(t, email))!;
    expect(row.email_verified_at).not.toBeNull();
    expect(Boolean(Number(row.must_change_password))).toBe(false);
    expect(await t.db('user_locations').where({ user_id: id }).pluck('location_id')).toEqual([shop]);
    const mail = t.mailer.lastTo(email);
    expect(mail?.subject).toBe('Votre compte SDSTOCK WEB 2.0 a été créé');
    expect(mail?.text).toMatch(/valable 7 jours/);
    expect(await audits(t, 'users.created', id)).toBe(1);
    // Nobody can log in before the password is chosen from the link.
    const guest = new Client(t);
    const link = new URL(t.mailer.linkIn(mail));
    const token = link.pathname.split('/').pop()!;
    await guest.post('/reset-password', {
      token,
      email,
      password: 'Choisi-12345',
      password_confirmation: 'Choisi-12345',
    });
    await guest.login(email, 'Choisi-12345');
    expect((await guest.visit('/dashboard')).status).toBe(200);
  });

  it('creates a user with an initial password that must be changed at the first login', async () => {
    const tag = uniqueTag().toLowerCase();
    const email = `initial-${tag}@test.local`;
    const id = await create(admin, {
      name: `Initial ${tag}`,
      email,
      role_ids: [String(await roleId(t, 'Vendeur'))],
      onboarding: 'password',
      password: 'Donne-12345',
      password_confirmation: 'Donne-12345',
    });
    expect(t.mailer.lastTo(email)).toBeUndefined();
    const c = new Client(t);
    await c.login(email, 'Donne-12345');
    for (const url of ['/dashboard', '/profile', USERS]) {
      const res = await c.visit(url);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(CHANGE);
    }
    expect((await c.visit(CHANGE)).body.component).toBe('auth/ChangePassword');
    await c.send(
      'put',
      CHANGE,
      { password: 'Donne-12345', password_confirmation: 'Donne-12345' },
      { Referer: `http://localhost${CHANGE}` },
    );
    expect((await c.visit(CHANGE)).body.props.errors).toEqual({
      password: 'Choisissez un mot de passe différent de celui qui vous a été donné.',
    });
    const done = await c.send('put', CHANGE, { password: 'Mien-123456', password_confirmation: 'Mien-123456' });
    expect(done.headers.location).toBe('/dashboard');
    expect((await c.visit('/dashboard')).status).toBe(200);
    expect(Boolean(Number((await userByEmail(t, email))!.must_change_password))).toBe(false);
    expect(await audits(t, 'profile.initial_password_changed', id)).toBe(1);
  });

  it('edits name, e-mail, roles and places, audited; the previous address is told', async () => {
    const tag = uniqueTag().toLowerCase();
    const email = `edit-${tag}@test.local`;
    const id = await create(admin, {
      name: `Edit ${tag}`,
      email,
      role_ids: [String(await roleId(t, 'Vendeur'))],
      onboarding: 'invite',
    });
    const shop = await locationId(t, 'BTQ01');
    const desk = Number((await t.db('treasury_accounts').where({ kind: 'caisse', location_id: shop }).first('id'))!.id);
    const res = await admin.send('put', `${USERS}/${id}`, {
      name: `Edité ${tag}`,
      email: `edite-${tag}@test.local`,
      role_ids: [String(await roleId(t, 'Magasinier'))],
      places_restricted: '1',
      location_ids: [String(shop)],
      treasury_account_ids: [String(desk)],
    });
    expect(res.status).toBe(303);
    const show = await admin.visit(`${USERS}/${id}`);
    expect(show.body.props.user).toMatchObject({
      name: `Edité ${tag}`,
      email: `edite-${tag}@test.local`,
      roles: ['Magasinier'],
      places_restricted: true,
      location_ids: [shop],
      treasury_account_ids: [desk],
      places: 'Boutique 1',
    });
    expect(show.body.props.treasury_accounts.map((a: { value: string }) => Number(a.value))).toContain(desk);
    // Back to every place: the lists of places are emptied.
    await admin.send('put', `${USERS}/${id}`, {
      name: `Edité ${tag}`,
      email: `edite-${tag}@test.local`,
      role_ids: [],
      places_restricted: '0',
      location_ids: [String(shop)],
      treasury_account_ids: [String(desk)],
    });
    expect(Number((await t.db('user_treasury_accounts').where({ user_id: id }).count({ n: '*' }).first())!.n)).toBe(0);
    expect(Number((await t.db('user_locations').where({ user_id: id }).count({ n: '*' }).first())!.n)).toBe(0);
    expect(await audits(t, 'users.updated', id)).toBe(2);
    expect(t.mailer.lastTo(email)?.subject).toMatch(/adresse e-mail a été modifiée/);
  });

  it('deactivation ends the sessions at once and login says so; reactivation opens it again', async () => {
    const tag = uniqueTag().toLowerCase();
    const target = await userWithPermissions(t, `desact-${tag}@test.local`, ['menu.dashboard']);
    const c = new Client(t);
    await c.login(target.email, target.password);
    expect((await c.visit('/dashboard')).status).toBe(200);
    const res = await admin.post(`${USERS}/${target.id}/desactiver`);
    expect(res.status).toBe(303);
    expect(Number((await t.db('sessions').where({ user_id: target.id }).count({ n: '*' }).first())!.n)).toBe(0);
    expect((await c.visit('/dashboard')).headers.location).toBe('/login');
    const again = new Client(t);
    await again.post('/login', { email: target.email, password: target.password });
    expect((await again.visit('/login')).body.props.errors).toEqual({ email: ACCOUNT_DEACTIVATED });
    // A wrong password learns nothing about the account's state.
    const guess = new Client(t);
    await guess.post('/login', { email: target.email, password: 'Mauvais-1234' });
    expect((await guess.visit('/login')).body.props.errors).toEqual({
      email: 'Ces identifiants ne correspondent à aucun compte actif.',
    });
    // A reset link is refused for a deactivated account.
    const refused = await admin.post(`${USERS}/${target.id}/lien-mot-de-passe`);
    expect((await admin.follow(refused)).body.flash.error).toBe(
      'Ce compte est désactivé : réactivez-le avant de lui envoyer un lien.',
    );
    expect(await audits(t, 'users.deactivated', target.id)).toBe(1);

    await admin.post(`${USERS}/${target.id}/reactiver`);
    await again.login(target.email, target.password);
    expect((await again.visit('/dashboard')).status).toBe(200);
    expect(await audits(t, 'users.reactivated', target.id)).toBe(1);
  });

  it('sends a reset link (60 minutes), audited', async () => {
    const tag = uniqueTag().toLowerCase();
    const target = await userWithPermissions(t, `reset-${tag}@test.local`, ['menu.dashboard']);
    const res = await admin.post(`${USERS}/${target.id}/lien-mot-de-passe`);
    expect((await admin.follow(res)).body.flash.success).toBe(
      `Un lien pour choisir un nouveau mot de passe a été envoyé à ${target.email}.`,
    );
    expect(t.mailer.lastTo(target.email)?.text).toMatch(/valable 60 minutes/);
    expect(await audits(t, 'users.reset_link_sent', target.id)).toBe(1);
  });

  it('nobody deactivates their own account', async () => {
    const me = (await userByEmail(t, ADMIN.email))!;
    const res = await admin.post(`${USERS}/${me.id}/desactiver`);
    expect((await admin.follow(res)).body.flash.error).toBe('Vous ne pouvez pas désactiver votre propre compte.');
    expect((await userByEmail(t, ADMIN.email))!.active).toBeTruthy();
  });

  it('nobody changes their own roles, places, treasury accounts or active state, whatever their permissions: another administrator must', async () => {
    const tag = uniqueTag().toLowerCase();
    const manager = await userWithPermissions(t, `soi-${tag}@test.local`, [
      'menu.dashboard',
      'menu.parametres',
      'menu.parametres.users',
      'users.manage',
    ]);
    const shop = await locationId(t, 'BTQ01');
    const depot = await locationId(t, 'DEP01');
    const desk = Number((await t.db('treasury_accounts').where({ kind: 'caisse', location_id: shop }).first('id'))!.id);
    await t.db('users').where({ id: manager.id }).update({ places_restricted: true });
    await t.db('user_locations').insert({ user_id: manager.id, location_id: shop });
    const m = await confirmedClient(t, manager.email, manager.password);
    const own = (await t.db('user_roles').where({ user_id: manager.id }).pluck('role_id')).map(String);
    const body = {
      name: `Soi ${tag}`,
      email: manager.email,
      role_ids: own,
      places_restricted: '1',
      location_ids: [String(shop)],
      treasury_account_ids: [] as string[],
    };
    const edit = `${USERS}/${manager.id}/edit`;
    const form = await m.visit(edit);
    expect(form.body.props.user).toMatchObject({ is_self: true, can_set_grants: false });
    const grants = async () => ({
      roles: (await t.db('user_roles').where({ user_id: manager.id }).pluck('role_id')).map(Number).sort(),
      locations: (await t.db('user_locations').where({ user_id: manager.id }).pluck('location_id')).map(Number).sort(),
      accounts: (await t.db('user_treasury_accounts').where({ user_id: manager.id }).pluck('account_id')).map(Number),
      restricted: !!(await userByEmail(t, manager.email))!.places_restricted,
      active: !!(await userByEmail(t, manager.email))!.active,
    });
    const before = await grants();
    const updates = await audits(t, 'users.updated', manager.id);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ role_ids: [...own, String(await roleId(t, 'Administrateur'))] }, { role_ids: OWN_ROLES }],
      [{ role_ids: [] }, { role_ids: OWN_ROLES }],
      [{ places_restricted: '0' }, { location_ids: OWN_PLACES }],
      [{ location_ids: [String(shop), String(depot)] }, { location_ids: OWN_PLACES }],
      [{ treasury_account_ids: [String(desk)] }, { treasury_account_ids: OWN_ACCOUNTS }],
      [
        {
          role_ids: [String(await roleId(t, 'Gérant'))],
          location_ids: [String(depot)],
          treasury_account_ids: [String(desk)],
        },
        { role_ids: OWN_ROLES, location_ids: OWN_PLACES, treasury_account_ids: OWN_ACCOUNTS },
      ],
    ];
    for (const [patch, errors] of cases) {
      await m.send('put', `${USERS}/${manager.id}`, { ...body, ...patch }, { Referer: `http://localhost${edit}` });
      expect((await m.visit(edit)).body.props.errors, JSON.stringify(patch)).toEqual(errors);
    }
    expect(await grants()).toEqual(before);
    expect(await audits(t, 'users.updated', manager.id)).toBe(updates);
    // Their own name and e-mail stay theirs to edit (the grants sent unchanged).
    expect((await m.send('put', `${USERS}/${manager.id}`, body)).headers.location).toBe(`${USERS}/${manager.id}`);
    expect((await userByEmail(t, manager.email))!.name).toBe(`Soi ${tag}`);
    expect(await grants()).toEqual(before);
    // Their active state too: neither deactivated nor reactivated by themselves.
    const refused = await m.post(`${USERS}/${manager.id}/desactiver`);
    expect((await m.follow(refused)).body.flash.error).toBe('Vous ne pouvez pas désactiver votre propre compte.');
    await expect(
      setManagedUserActive(t.db, manager.id, true, { id: manager.id, name: 'Soi', ip: null }),
    ).rejects.toMatchObject({ errors: { action: expect.stringMatching(/réactiver votre propre compte/) } });
    expect(await grants()).toEqual(before);
    // Another administrator does it: the form lets them, and the change is made.
    expect((await admin.visit(edit)).body.props.user).toMatchObject({ is_self: false, can_set_grants: true });
    await admin.send('put', `${USERS}/${manager.id}`, {
      ...body,
      location_ids: [String(shop), String(depot)],
      treasury_account_ids: [String(desk)],
    });
    expect((await grants()).locations).toEqual([shop, depot].sort((x, y) => x - y));
    expect((await grants()).accounts).toEqual([desk]);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await admin.visit(`${USERS}/999999`)).status).toBe(404);
    expect((await admin.post(`${USERS}/999999/desactiver`)).status).toBe(404);
  });
});

describe.each(testDatabases())('paramètres › utilisateurs: the last administrator (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('can neither be deactivated nor lose the administrator role; two administrators cannot deactivate each other at once', async () => {
    const admin = (await userByEmail(t, ADMIN.email))!;
    // A user manager who is not an administrator.
    const manager = await userWithPermissions(t, 'gestion@test.local', [
      'menu.dashboard',
      'menu.parametres',
      'menu.parametres.users',
      'users.manage',
    ]);
    const m = await confirmedClient(t, manager.email, manager.password);
    const refused = await m.post(`${USERS}/${admin.id}/desactiver`);
    expect((await m.follow(refused)).body.flash.error).toBe(LAST_ADMIN_DEACTIVATE);
    expect((await userByEmail(t, ADMIN.email))!.active).toBeTruthy();
    await m.send(
      'put',
      `${USERS}/${admin.id}`,
      { name: admin.name, email: admin.email, role_ids: [String(await roleId(t, 'Gérant'))] },
      { Referer: `http://localhost${USERS}/${admin.id}/edit` },
    );
    expect((await m.visit(`${USERS}/${admin.id}/edit`)).body.props.errors).toEqual({ role_ids: LAST_ADMIN_ROLE });
    expect(await t.db('user_roles').where({ user_id: admin.id }).pluck('role_id')).toEqual([
      await roleId(t, 'Administrateur'),
    ]);

    // Two more administrators; the first one leaves. B and C then deactivate each other at once.
    const a = await confirmedClient(t);
    const adminRole = String(await roleId(t, 'Administrateur'));
    const ids: number[] = [];
    for (const who of ['b', 'c']) {
      const res = await a.post(USERS, {
        name: `Admin ${who}`,
        email: `admin-${who}@test.local`,
        role_ids: [adminRole],
        onboarding: 'password',
        password: 'Admin-12345',
        password_confirmation: 'Admin-12345',
      });
      ids.push(Number(res.headers.location.split('/').pop()));
      await t
        .db('users')
        .where({ id: ids.at(-1) })
        .update({ must_change_password: false });
    }
    const b = await confirmedClient(t, 'admin-b@test.local', 'Admin-12345');
    const c = await confirmedClient(t, 'admin-c@test.local', 'Admin-12345');
    expect((await b.post(`${USERS}/${admin.id}/desactiver`)).status).toBe(303);
    expect((await userByEmail(t, ADMIN.email))!.active).toBeFalsy();
    await Promise.all([b.post(`${USERS}/${ids[1]}/desactiver`), c.post(`${USERS}/${ids[0]}/desactiver`)]);
    const active = await t.db('users').whereIn('id', ids).where({ active: true }).pluck('id');
    expect(active).toHaveLength(1);
  });
});
