import type { Knex } from 'knex';
import { ALL_PERMISSIONS, type Permission, isKnownPermission } from '../../../shared/permissions.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import { compareFrench } from '../../domain/records/collation.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';
import { diffFields } from '../audit/diff.js';

/**
 * Paramètres › Rôles et permissions: roles are data (DESIGN.md §6). Create, rename, duplicate,
 * delete (refused while a user holds the role) and the permission matrix. The administrator role
 * keeps every permission of the catalogue (seedPermissions adds new ones at each start); its
 * permissions cannot be changed here. Every change is audited with its before/after. A change is
 * effective at the affected users' next request: loadUserContext (server/auth/user-context.ts)
 * reads the grants on every request, nothing caches them.
 */

export interface RoleSummary {
  id: number;
  name: string;
  description: string;
  is_admin: boolean;
  user_count: number;
  permission_count: number;
}

export interface RoleDetail extends RoleSummary {
  permissions: Permission[];
}

export interface RoleInput {
  name: string;
  description: string;
}

const ADMIN_LOCKED = 'Le rôle Administrateur garde toutes les permissions : elles ne peuvent pas être retirées.';

/** Every role with its user and permission counts, in French order. */
export async function listRoles(db: Knex): Promise<RoleSummary[]> {
  const roles = await db('roles').select('id', 'name', 'description', 'is_admin');
  const users: Array<{ role_id: number; n: number | string }> = await db('user_roles')
    .join('users', 'users.id', 'user_roles.user_id')
    .whereNull('users.deleted_at')
    .groupBy('user_roles.role_id')
    .select('user_roles.role_id')
    .count({ n: '*' });
  const grants: Array<{ role_id: number; n: number | string }> = await db('role_permissions')
    .groupBy('role_id')
    .select('role_id')
    .count({ n: '*' });
  const userCount = new Map(users.map((u) => [Number(u.role_id), Number(u.n)]));
  const grantCount = new Map(grants.map((g) => [Number(g.role_id), Number(g.n)]));
  return roles
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      description: r.description,
      is_admin: toBool(r.is_admin),
      user_count: userCount.get(Number(r.id)) ?? 0,
      permission_count: grantCount.get(Number(r.id)) ?? 0,
    }))
    .sort((a, b) => Number(b.is_admin) - Number(a.is_admin) || compareFrench(a.name, b.name));
}

async function roleRow(db: Knex | Knex.Transaction, id: number) {
  const row = await db('roles').where({ id }).first('id', 'name', 'description', 'is_admin');
  if (!row) throw new NotFound();
  return {
    id: Number(row.id),
    name: String(row.name),
    description: String(row.description),
    is_admin: toBool(row.is_admin),
  };
}

async function grantsOf(db: Knex | Knex.Transaction, id: number): Promise<Permission[]> {
  const rows: Array<{ permission_name: string }> = await db('role_permissions')
    .where({ role_id: id })
    .select('permission_name');
  const held = new Set(rows.map((r) => r.permission_name));
  return ALL_PERMISSIONS.filter((p) => held.has(p));
}

async function userCountOf(db: Knex | Knex.Transaction, id: number): Promise<number> {
  const row = await db('user_roles')
    .join('users', 'users.id', 'user_roles.user_id')
    .where('user_roles.role_id', id)
    .whereNull('users.deleted_at')
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export async function getRole(db: Knex, id: number): Promise<RoleDetail> {
  const role = await roleRow(db, id);
  const permissions = await grantsOf(db, id);
  return { ...role, user_count: await userCountOf(db, id), permission_count: permissions.length, permissions };
}

/** Names are unique regardless of case and surrounding spaces (« caissier » is « Caissier »). */
async function assertNameFree(trx: Knex.Transaction, name: string, exceptId: number | null) {
  const rows: Array<{ id: number; name: string }> = await trx('roles').select('id', 'name');
  const wanted = name.trim().toLocaleLowerCase('fr');
  if (rows.some((r) => Number(r.id) !== exceptId && r.name.trim().toLocaleLowerCase('fr') === wanted)) {
    throw new Refusal({ name: 'Un rôle porte déjà ce nom.' });
  }
}

/** A name taken by a concurrent request between the check and the write: the same French message. */
async function nameRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolationColumn(err) !== null) throw new Refusal({ name: 'Un rôle porte déjà ce nom.' });
    throw err;
  }
}

function checkPermissions(permissions: readonly string[]): Permission[] {
  const unknown = permissions.filter((p) => !isKnownPermission(p));
  if (unknown.length) throw new Refusal({ permissions: `Permission inconnue : ${unknown.join(', ')}.` });
  const wanted = new Set(permissions);
  return ALL_PERMISSIONS.filter((p) => wanted.has(p));
}

async function writeGrants(trx: Knex.Transaction, roleId: number, permissions: readonly Permission[]) {
  await trx('role_permissions').where({ role_id: roleId }).delete();
  const rows = permissions.map((permission_name) => ({ role_id: roleId, permission_name }));
  for (let i = 0; i < rows.length; i += 200) await trx('role_permissions').insert(rows.slice(i, i + 200));
}

/** A new role: a name, a description, and the permissions chosen (none by default). */
export async function createRoleFromForm(
  db: Knex,
  actor: Actor,
  input: RoleInput & { permissions?: readonly string[] },
): Promise<number> {
  const permissions = checkPermissions(input.permissions ?? []);
  return nameRace(() =>
    db.transaction(async (trx) => {
      await assertNameFree(trx, input.name, null);
      const now = nowIso();
      const id = await insertReturningId(trx, 'roles', {
        name: input.name,
        description: input.description,
        is_admin: false,
        created_at: now,
        updated_at: now,
      });
      await writeGrants(trx, id, permissions);
      await recordAudit(trx, {
        action: 'role.created',
        user: auditUser(actor),
        subject: { type: 'role', id, label: input.name },
        details: { after: { name: input.name, description: input.description, permissions } },
        ip: actor.ip,
      });
      return id;
    }),
  );
}

/**
 * Renames a role and sets its permissions (the whole matrix is sent). For the administrator role
 * only the name and description may change: a permission set other than « everything » is refused.
 */
export async function updateRole(
  db: Knex,
  actor: Actor,
  id: number,
  input: RoleInput & { permissions: readonly string[] },
): Promise<void> {
  const permissions = checkPermissions(input.permissions);
  await nameRace(() =>
    db.transaction(async (trx) => {
      const before = await roleRow(trx, id);
      await assertNameFree(trx, input.name, id);
      const held = await grantsOf(trx, id);
      if (before.is_admin && permissions.length !== ALL_PERMISSIONS.length)
        throw new Refusal({ permissions: ADMIN_LOCKED });
      const fields = diffFields(before, { name: input.name, description: input.description }, ['name', 'description']);
      const added = permissions.filter((p) => !held.includes(p));
      const removed = held.filter((p) => !permissions.includes(p));
      if (!fields && !added.length && !removed.length) return;
      await trx('roles')
        .where({ id })
        .update({ name: input.name, description: input.description, updated_at: nowIso() });
      if (added.length || removed.length) await writeGrants(trx, id, permissions);
      await recordAudit(trx, {
        action: 'role.updated',
        user: auditUser(actor),
        subject: { type: 'role', id, label: input.name },
        details: {
          before: { ...(fields?.before ?? {}), ...(removed.length ? { permissions: removed } : {}) },
          after: { ...(fields?.after ?? {}), ...(added.length ? { permissions: added } : {}) },
          added,
          removed,
        },
        ip: actor.ip,
      });
    }),
  );
}

/** « Copie de Caissier », then « Copie de Caissier (2) »… — a free name within the column's 60 characters. */
async function copyName(trx: Knex.Transaction, name: string): Promise<string> {
  const taken = new Set(
    ((await trx('roles').select('name')) as Array<{ name: string }>).map((r) => r.name.trim().toLocaleLowerCase('fr')),
  );
  const base = `Copie de ${name}`.slice(0, 54);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base} (${n})`;
    if (!taken.has(candidate.toLocaleLowerCase('fr'))) return candidate;
  }
}

/** A copy of a role (permissions included), never an administrator role; returns the new id. */
export async function duplicateRole(db: Knex, actor: Actor, id: number): Promise<number> {
  return nameRace(() =>
    db.transaction(async (trx) => {
      const source = await roleRow(trx, id);
      const permissions = await grantsOf(trx, id);
      const name = await copyName(trx, source.name);
      const now = nowIso();
      const copy = await insertReturningId(trx, 'roles', {
        name,
        description: source.description,
        is_admin: false,
        created_at: now,
        updated_at: now,
      });
      await writeGrants(trx, copy, permissions);
      await recordAudit(trx, {
        action: 'role.duplicated',
        user: auditUser(actor),
        subject: { type: 'role', id: copy, label: name },
        details: {
          source: { id: source.id, name: source.name },
          after: { name, description: source.description, permissions },
        },
        ip: actor.ip,
      });
      return copy;
    }),
  );
}

/** Deletes a role nobody holds; the administrator role is never deleted. */
export async function deleteRole(db: Knex, actor: Actor, id: number): Promise<string> {
  return db.transaction(async (trx) => {
    const role = await roleRow(trx, id);
    if (role.is_admin) throw Refusal.action('Le rôle Administrateur ne peut pas être supprimé.');
    const holders = await userCountOf(trx, id);
    if (holders > 0) {
      throw Refusal.action(
        `Le rôle « ${role.name} » est attribué à ${holders === 1 ? 'un utilisateur' : `${holders} utilisateurs`} : retirez-le-leur avant de le supprimer.`,
      );
    }
    // A deleted user's grants would otherwise block the foreign key on some databases.
    await trx('user_roles').where({ role_id: id }).delete();
    const permissions = await grantsOf(trx, id);
    await trx('role_permissions').where({ role_id: id }).delete();
    await trx('roles').where({ id }).delete();
    await recordAudit(trx, {
      action: 'role.deleted',
      user: auditUser(actor),
      subject: { type: 'role', id, label: role.name },
      details: { before: { name: role.name, description: role.description, permissions } },
      ip: actor.ip,
    });
    return role.name;
  });
}
