import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ALL_PERMISSIONS, PERMISSION_CATALOGUE, SEEDED_ROLES } from '../../../shared/permissions.js';
import { createUser } from '../accounts/create-user.js';
import { createRole } from '../roles/create-role.js';
import { seedReference } from './reference-data.js';

/**
 * What a database needs before anyone can sign in: the permission catalogue, the six roles, the
 * reference data and the first administrator. Run at every start (server/main.ts), by
 * `npm run migrate` and the other scripts, and by the tests; each step is idempotent.
 */

/** Upserts the permission catalogue: new permissions appear, labels follow the code. */
export async function seedPermissions(db: Knex): Promise<void> {
  let position = 0;
  const rows = PERMISSION_CATALOGUE.flatMap((area) => [
    ...area.menu.map((p) => ({ name: p.name, area: area.area, label: p.label, kind: 'menu', position: position++ })),
    ...area.actions.map((p) => ({
      name: p.name,
      area: area.area,
      label: p.label,
      kind: 'action',
      position: position++,
    })),
  ]);
  await db.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) {
      await trx('permissions')
        .insert(rows.slice(i, i + 100))
        .onConflict('name')
        .merge(['area', 'label', 'kind', 'position']);
    }
    // The administrator role always holds every permission, including ones added by an upgrade.
    const adminRoles = await trx('roles').where({ is_admin: true }).select('id');
    for (const role of adminRoles) {
      const grants = ALL_PERMISSIONS.map((permission_name) => ({ role_id: role.id, permission_name }));
      for (let i = 0; i < grants.length; i += 200) {
        await trx('role_permissions')
          .insert(grants.slice(i, i + 200))
          .onConflict(['role_id', 'permission_name'])
          .ignore();
      }
    }
  });
}

/** The six roles of DESIGN.md §6, created once (afterwards they are data the admin edits). */
export async function seedRoles(db: Knex): Promise<void> {
  const existing = await db('roles').count<{ n: number }[]>({ n: '*' });
  if (Number(existing[0].n) > 0) return;
  for (const role of SEEDED_ROLES) {
    await createRole(db, {
      name: role.name,
      description: role.description,
      isAdmin: role.isAdmin,
      permissions: role.permissions,
    });
  }
}

/**
 * First administrator: ADMIN_EMAIL / ADMIN_PASSWORD when set, otherwise admin@sdstock.local with
 * a random password that is returned once so the caller prints it. Never a fixed password.
 */
export async function ensureAdministrator(
  db: Knex,
  admin: { email?: string; password?: string },
): Promise<{ email: string; password: string; generated: boolean } | null> {
  const users = await db('users').count<{ n: number }[]>({ n: '*' });
  if (Number(users[0].n) > 0) return null;
  const email = (admin.email ?? 'admin@sdstock.local').toLowerCase();
  const generated = !admin.password;
  const password = admin.password ?? randomBytes(12).toString('base64url');
  await createUser(db, { name: 'Administrateur', email, password, roleNames: ['Administrateur'], verified: true });
  return { email, password, generated };
}

export async function seedBase(db: Knex, admin: { email?: string; password?: string }) {
  await seedPermissions(db);
  await seedRoles(db);
  await seedReference(db);
  return ensureAdministrator(db, admin);
}
