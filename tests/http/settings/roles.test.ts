import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../shared/permissions.js';
import { createRole } from '../../../server/services/roles/create-role.js';
import { createUser } from '../../../server/services/accounts/create-user.js';
import { ADMIN, Client, type TestApp, createTestApp, userWithPermissions } from '../../support/app.js';
import { testDatabases } from '../../support/databases.js';
import { submitExpectingErrors } from '../../support/master-data.js';
import { uniqueTag } from '../../support/unique.js';

const ROLES = '/admin/role-permissions';

describe.each(testDatabases())('paramètres › rôles et permissions (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  const roleId = async (name: string) => (await t.db('roles').where({ name }).first('id'))?.id as number | undefined;
  const grants = async (id: number) =>
    (
      (await t.db('role_permissions').where({ role_id: id }).select('permission_name')) as Array<{
        permission_name: string;
      }>
    )
      .map((g) => g.permission_name)
      .sort();
  const roleCount = async () => Number((await t.db('roles').count({ n: '*' }).first())!.n);
  const audits = async (action: string, subjectId: number) =>
    t
      .db('audit_log')
      .where({ action, subject_type: 'role', subject_id: String(subjectId) })
      .orderBy('id');
  /** A role of the test's own, with these permissions. */
  const makeRole = async (permissions: string[]) => {
    const name = `Rôle ${uniqueTag()}`;
    return { name, id: await createRole(t.db, { name, permissions }) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = new Client(t);
    await admin.login();
    await admin.post('/confirm-password', { password: ADMIN.password });
  });
  afterAll(() => t.close());

  it('asks a manager to confirm the password before the screen and before any change, and writes nothing until then', async () => {
    const c = new Client(t);
    await c.login();
    const page = await c.visit(ROLES);
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/confirm-password');
    const before = await roleCount();
    const refused = await c.post(ROLES, { name: `Rôle ${uniqueTag()}` });
    expect(refused.headers.location).toBe('/confirm-password');
    expect(await roleCount()).toBe(before);
    await c.post('/confirm-password', { password: ADMIN.password });
    const ok = await c.visit(ROLES);
    expect(ok.status).toBe(200);
    expect(ok.body.component).toBe('settings/roles/Index');
  });

  it('lists the seeded roles with their users and permissions, the administrator first', async () => {
    const res = await admin.visit(ROLES);
    const roles = res.body.props.roles as Array<{
      name: string;
      is_admin: boolean;
      user_count: number;
      permission_count: number;
    }>;
    expect(roles[0]).toMatchObject({
      name: 'Administrateur',
      is_admin: true,
      permission_count: ALL_PERMISSIONS.length,
    });
    expect(roles[0].user_count).toBeGreaterThanOrEqual(1);
    expect(roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Gérant', 'Caissier', 'Magasinier', 'Vendeur', 'Comptable']),
    );
    expect(res.body.props.can_manage).toBe(true);
  });

  it('creates a role (audited), refuses a name already taken whatever its case, an empty name and an unknown permission', async () => {
    const name = `Livreur ${uniqueTag()}`;
    const res = await admin.post(ROLES, {
      name,
      description: 'Livre les commandes',
      permissions: ['menu.dashboard', 'menu.clients'],
    });
    expect(res.status).toBe(303);
    const id = (await roleId(name))!;
    expect(res.headers.location).toBe(`${ROLES}/${id}`);
    expect(await grants(id)).toEqual(['menu.clients', 'menu.dashboard']);
    const [entry] = await audits('role.created', id);
    expect(JSON.parse(entry.details!).after).toMatchObject({ name, permissions: ['menu.dashboard', 'menu.clients'] });

    const before = await roleCount();
    expect(await submitExpectingErrors(admin, 'post', ROLES, { name: `  ${name.toUpperCase()} ` }, ROLES)).toEqual({
      name: 'Un rôle porte déjà ce nom.',
    });
    expect((await submitExpectingErrors(admin, 'post', ROLES, { name: '' }, ROLES)).name).toMatch(/obligatoire/);
    expect(
      (
        await submitExpectingErrors(
          admin,
          'post',
          ROLES,
          { name: `X ${uniqueTag()}`, permissions: ['menu.nimporte'] },
          ROLES,
        )
      ).permissions,
    ).toMatch(/Permission inconnue/);
    expect(
      (
        await submitExpectingErrors(
          admin,
          'post',
          ROLES,
          { name: `X ${uniqueTag()}`, permissions: 'menu.clients' },
          ROLES,
        )
      ).permissions,
    ).toBeTruthy();
    expect(await roleCount()).toBe(before);
  });

  it('two creations of the same name at the same moment make one role and one French refusal', async () => {
    const other = new Client(t);
    await other.login();
    await other.post('/confirm-password', { password: ADMIN.password });
    const name = `Simultané ${uniqueTag()}`;
    const answers = await Promise.all([admin, other].map((c) => c.post(ROLES, { name })));
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(
      await t
        .db('roles')
        .where({ name })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
    ).toBe(1);
    const refused = [admin, other].find((_, i) => !/\/\d+$/.test(answers[i].headers.location))!;
    expect((await refused.visit(ROLES)).body.props.errors).toEqual({ name: 'Un rôle porte déjà ce nom.' });
  });

  it('renames a role and sets its permissions from the matrix, audited with what was added and removed', async () => {
    const role = await makeRole(['menu.dashboard', 'menu.clients', 'clients.create']);
    const name = `Renommé ${uniqueTag()}`;
    const res = await admin.send('put', `${ROLES}/${role.id}`, {
      name,
      description: 'Nouvelle description',
      permissions: ['menu.dashboard', 'menu.clients', 'clients.update', 'menu.fichiers'],
    });
    expect(res.status).toBe(303);
    const page = await admin.visit(`${ROLES}/${role.id}`);
    expect(page.body.component).toBe('settings/roles/Edit');
    expect(page.body.props.role).toMatchObject({
      name,
      description: 'Nouvelle description',
      permissions: ['menu.dashboard', 'menu.fichiers', 'menu.clients', 'clients.update'],
    });
    const [entry] = await audits('role.updated', role.id);
    const details = JSON.parse(entry.details!);
    expect(details.before).toMatchObject({ name: role.name, description: '' });
    expect(details.after).toMatchObject({ name, description: 'Nouvelle description' });
    expect(details.added.sort()).toEqual(['clients.update', 'menu.fichiers']);
    expect(details.removed).toEqual(['clients.create']);
    // The role's page shows it in French, permissions by their labels.
    const history = (await admin.visit(`${ROLES}/${role.id}`)).body.props.history;
    expect(history[0]).toMatchObject({
      action: 'role.updated',
      action_label: 'Modification',
      user_name: 'Administrateur',
    });
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', label: 'Nom', before: role.name, after: name },
        {
          field: 'permissions',
          label: 'Permissions (retirées → ajoutées)',
          before: 'Créer des clients',
          after: expect.stringMatching(/^(Menu Fichiers, Modifier des clients|Modifier des clients, Menu Fichiers)$/),
        },
      ]),
    );
    // Saving the same thing again writes no audit entry.
    await admin.send('put', `${ROLES}/${role.id}`, {
      name,
      description: 'Nouvelle description',
      permissions: ['menu.dashboard', 'menu.clients', 'clients.update', 'menu.fichiers'],
    });
    expect(await audits('role.updated', role.id)).toHaveLength(1);
  });

  it('keeps the administrator role locked to every permission', async () => {
    const id = (await roleId('Administrateur'))!;
    const errors = await submitExpectingErrors(
      admin,
      'put',
      `${ROLES}/${id}`,
      { name: 'Administrateur', permissions: ALL_PERMISSIONS.filter((p) => p !== 'menu.clients') },
      `${ROLES}/${id}`,
    );
    expect(errors.permissions).toMatch(/Administrateur garde toutes les permissions/);
    expect(await grants(id)).toHaveLength(ALL_PERMISSIONS.length);
    expect(await audits('role.updated', id)).toHaveLength(0);
    const del = await admin.send('delete', `${ROLES}/${id}`);
    expect(del.status).toBe(303);
    expect(await roleId('Administrateur')).toBe(id);
  });

  it('duplicates a role with its permissions under a free name (audited)', async () => {
    const role = await makeRole(['menu.dashboard', 'menu.caisse', 'cash.closing']);
    const first = await admin.post(`${ROLES}/${role.id}/duplicate`);
    const second = await admin.post(`${ROLES}/${role.id}/duplicate`);
    const copy = (await roleId(`Copie de ${role.name}`))!;
    const copy2 = (await roleId(`Copie de ${role.name} (2)`))!;
    expect(first.headers.location).toBe(`${ROLES}/${copy}`);
    expect(second.headers.location).toBe(`${ROLES}/${copy2}`);
    expect(await grants(copy)).toEqual(await grants(role.id));
    const [entry] = await audits('role.duplicated', copy);
    expect(JSON.parse(entry.details!).source).toEqual({ id: role.id, name: role.name });
  });

  it('refuses to delete a role while a user holds it, then deletes it once nobody does (audited)', async () => {
    const role = await makeRole(['menu.dashboard']);
    const userId = await createUser(t.db, {
      name: 'Porteur du rôle',
      email: `${uniqueTag().toLowerCase()}@test.local`,
      password: 'User-Secret-123',
      roleNames: [role.name],
      verified: true,
    });
    const refused = await admin.send(
      'delete',
      `${ROLES}/${role.id}`,
      {},
      { Referer: `http://127.0.0.1${ROLES}/${role.id}` },
    );
    expect(refused.status).toBe(303);
    expect((await admin.follow(refused)).body.props.flash.error).toMatch(/attribué à un utilisateur/);
    expect(await roleId(role.name)).toBe(role.id);
    expect(await audits('role.deleted', role.id)).toHaveLength(0);

    await t.db('user_roles').where({ user_id: userId }).delete();
    const res = await admin.send('delete', `${ROLES}/${role.id}`);
    expect(res.headers.location).toBe(ROLES);
    expect(await roleId(role.name)).toBeUndefined();
    expect(await grants(role.id)).toEqual([]);
    const [entry] = await audits('role.deleted', role.id);
    expect(JSON.parse(entry.details!).before).toMatchObject({ name: role.name, permissions: ['menu.dashboard'] });
  });

  it('a role change takes effect at the next request of a user already signed in', async () => {
    const role = await makeRole(['menu.dashboard', 'menu.fichiers', 'menu.clients']);
    const email = `${uniqueTag().toLowerCase()}@test.local`;
    await createUser(t.db, {
      name: 'Caissière',
      email,
      password: 'User-Secret-123',
      roleNames: [role.name],
      verified: true,
    });
    const user = new Client(t);
    await user.login(email, 'User-Secret-123');
    const before = await user.visit('/fichiers/clients');
    expect(before.status).toBe(200);
    expect(before.body.props.auth.user.menu_permissions).toContain('menu.clients');

    await admin.send('put', `${ROLES}/${role.id}`, {
      name: role.name,
      permissions: ['menu.dashboard', 'menu.fichiers'],
    });
    // Same session, no new sign-in: the screen is closed and its menu entry gone.
    expect((await user.visit('/fichiers/clients')).status).toBe(403);
    const dashboard = await user.visit('/dashboard');
    expect(dashboard.body.props.auth.user.menu_permissions).not.toContain('menu.clients');

    await admin.send('put', `${ROLES}/${role.id}`, {
      name: role.name,
      permissions: ['menu.dashboard', 'menu.fichiers', 'menu.clients', 'clients.create'],
    });
    const after = await user.visit('/fichiers/clients');
    expect(after.status).toBe(200);
    expect(after.body.props.auth.user.all_permissions).toContain('clients.create');
  });

  it('shows the roles read-only to a user without roles.manage, and refuses every change to them', async () => {
    const viewer = await userWithPermissions(t, `${uniqueTag().toLowerCase()}@test.local`, [
      'menu.parametres',
      'menu.parametres.roles',
    ]);
    const c = new Client(t);
    await c.login(viewer.email, viewer.password);
    const res = await c.visit(ROLES);
    expect(res.status).toBe(200);
    expect(res.body.props.can_manage).toBe(false);
    const role = await makeRole(['menu.dashboard']);
    const show = await c.visit(`${ROLES}/${role.id}`);
    expect(show.body.props.can_manage).toBe(false);
    const before = await roleCount();
    expect((await c.post(ROLES, { name: `Y ${uniqueTag()}` })).status).toBe(403);
    expect((await c.send('put', `${ROLES}/${role.id}`, { name: role.name, permissions: ALL_PERMISSIONS })).status).toBe(
      403,
    );
    expect((await c.post(`${ROLES}/${role.id}/duplicate`)).status).toBe(403);
    expect((await c.send('delete', `${ROLES}/${role.id}`)).status).toBe(403);
    expect(await roleCount()).toBe(before);
    expect(await grants(role.id)).toEqual(['menu.dashboard']);
    expect((await c.visit(`${ROLES}/999999`)).status).toBe(404);
  });

  it('answers 404 for a role that does not exist', async () => {
    expect((await admin.visit(`${ROLES}/999999`)).status).toBe(404);
    expect((await admin.visit(`${ROLES}/abc`)).status).toBe(404);
  });
});
