import type { Knex } from 'knex';
import { MENU_PERMISSIONS } from '../../shared/permissions.js';
import { toBool } from '../db/dialect.js';
import { type PlaceScope, placeScope } from '../policies/places.js';

export interface UserRow {
  id: number;
  name: string;
  /** The name to greet the person by (asked, never guessed from `name`); null when not given. */
  first_name: string | null;
  email: string;
  password_hash: string;
  email_verified_at: string | null;
  active: boolean | number;
  deleted_at: string | null;
  last_login_at: string | null;
  /** Works only in the places of user_locations (server/policies/places.ts). */
  places_restricted: boolean | number;
  /** Given an initial password by an administrator: must choose their own before anything else. */
  must_change_password: boolean | number;
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The signed-in user with what the guard and the shared props need. */
export interface UserContext {
  row: UserRow;
  roles: Array<{ id: number; name: string; is_admin: boolean }>;
  permissions: Set<string>;
  isAdmin: boolean;
  /** The places the user works in (server/policies/places.ts): every list and document asks it. */
  places: PlaceScope;
}

export async function findActiveUser(db: Knex, id: number): Promise<UserRow | undefined> {
  const row = await db<UserRow>('users').where({ id }).whereNull('deleted_at').first();
  return row && toBool(row.active) ? row : undefined;
}

/** Loads a user, their roles and the union of their roles' permissions (two indexed queries). */
export async function loadUserContext(db: Knex, id: number): Promise<UserContext | undefined> {
  const row = await findActiveUser(db, id);
  if (!row) return undefined;
  const roles = (await db('roles')
    .join('user_roles', 'user_roles.role_id', 'roles.id')
    .where('user_roles.user_id', id)
    .orderBy('roles.name')
    .select('roles.id', 'roles.name', 'roles.is_admin')) as Array<{ id: number; name: string; is_admin: unknown }>;
  const roleIds = roles.map((r) => r.id);
  const grants: Array<{ permission_name: string }> = roleIds.length
    ? await db('role_permissions').whereIn('role_id', roleIds).distinct('permission_name')
    : [];
  const isAdmin = roles.some((r) => toBool(r.is_admin));
  const restricted = !isAdmin && toBool(row.places_restricted);
  const locations: Array<{ location_id: number }> = restricted ? await db('user_locations').where({ user_id: id }).select('location_id') : [];
  const accounts: Array<{ account_id: number }> = restricted ? await db('user_treasury_accounts').where({ user_id: id }).select('account_id') : [];
  return {
    row,
    roles: roles.map((r) => ({ id: r.id, name: r.name, is_admin: toBool(r.is_admin) })),
    permissions: new Set(grants.map((g) => g.permission_name)),
    isAdmin,
    places: placeScope({ isAdmin, restricted, locationIds: locations.map((l) => Number(l.location_id)), treasuryAccountIds: accounts.map((a) => Number(a.account_id)) }),
  };
}

export function menuPermissionsOf(ctx: UserContext): string[] {
  return MENU_PERMISSIONS.filter((p) => ctx.permissions.has(p));
}
