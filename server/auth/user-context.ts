import type { Knex } from 'knex';
import { MENU_PERMISSIONS } from '../../shared/permissions.js';
import { prepared, toBool } from '../db/dialect.js';
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

/** The columns of UserRow, named (a prepared statement's result must not change shape: no u.*). */
const USER_COLUMNS = ['id', 'name', 'first_name', 'email', 'password_hash', 'email_verified_at', 'active', 'deleted_at', 'last_login_at', 'places_restricted', 'must_change_password', 'deactivated_at', 'created_at', 'updated_at'] as const satisfies ReadonlyArray<keyof UserRow>;

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

/** One row of the user's grants, read beside the user's columns (see GRANTS). */
interface GrantColumns {
  grant_kind: 'role' | 'permission' | 'location' | 'account' | null;
  grant_ref: number | string | null;
  grant_label: string | null;
  grant_flag: unknown;
}

/**
 * The user's roles, their permissions and allowed places as rows of one UNION ALL, each branch on
 * its table's user_id index; left-joined to the user so that a user without any grant still comes
 * back (one row of NULLs).
 */
const GRANTS = `
  SELECT 'role' AS grant_kind, r.id AS grant_ref, r.name AS grant_label, r.is_admin AS grant_flag
    FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ?
  UNION ALL
  SELECT 'permission', NULL, rp.permission_name, NULL
    FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = ?
  UNION ALL
  SELECT 'location', location_id, NULL, NULL FROM user_locations WHERE user_id = ?
  UNION ALL
  SELECT 'account', account_id, NULL, NULL FROM user_treasury_accounts WHERE user_id = ?`;

/**
 * Loads a user, their roles, the union of their roles' permissions and their allowed places in one
 * statement (read on every request on purpose: a role or a place changed applies at the user's
 * next request, whichever process serves it — never cached in process or in the session).
 */
export async function loadUserContext(db: Knex, id: number): Promise<UserContext | undefined> {
  const rows = (await prepared(
    db,
    db('users as u')
      .joinRaw(`LEFT JOIN (${GRANTS}) g ON 1 = 1`, [id, id, id, id])
      .where('u.id', id)
      .whereNull('u.deleted_at')
      .select(...USER_COLUMNS.map((c) => `u.${c}`), 'g.grant_kind', 'g.grant_ref', 'g.grant_label', 'g.grant_flag'),
  )) as Array<UserRow & GrantColumns>;
  if (!rows.length || !toBool(rows[0].active)) return undefined;
  const { grant_kind: _kind, grant_ref: _ref, grant_label: _label, grant_flag: _flag, ...row } = rows[0];
  const roles: UserContext['roles'] = [];
  const permissions = new Set<string>();
  const locationIds: number[] = [];
  const treasuryAccountIds: number[] = [];
  for (const g of rows) {
    if (g.grant_kind === 'role') roles.push({ id: Number(g.grant_ref), name: String(g.grant_label), is_admin: toBool(g.grant_flag) });
    else if (g.grant_kind === 'permission') permissions.add(String(g.grant_label));
    else if (g.grant_kind === 'location') locationIds.push(Number(g.grant_ref));
    else if (g.grant_kind === 'account') treasuryAccountIds.push(Number(g.grant_ref));
  }
  roles.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const isAdmin = roles.some((r) => r.is_admin);
  const restricted = !isAdmin && toBool(row.places_restricted);
  return {
    row,
    roles,
    permissions,
    isAdmin,
    places: placeScope({ isAdmin, restricted, locationIds: restricted ? locationIds : [], treasuryAccountIds: restricted ? treasuryAccountIds : [] }),
  };
}

export function menuPermissionsOf(ctx: UserContext): string[] {
  return MENU_PERMISSIONS.filter((p) => ctx.permissions.has(p));
}
