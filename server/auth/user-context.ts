import type { Knex } from 'knex';
import { MENU_PERMISSIONS, type MenuPermission } from '../../shared/permissions.js';
import type { VatSetting } from '../../shared/vat.js';
import { fromJsonArray, jsonArray, jsonArrayAgg, prepared, toBool } from '../db/dialect.js';
import { type PlaceScope, permissionsWithinPlaces, placeScope } from '../policies/places.js';

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
const USER_COLUMNS = [
  'id',
  'name',
  'first_name',
  'email',
  'password_hash',
  'email_verified_at',
  'active',
  'deleted_at',
  'last_login_at',
  'places_restricted',
  'must_change_password',
  'deactivated_at',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof UserRow>;

/** The signed-in user with what the guard and the shared props need. */
export interface UserContext {
  row: UserRow;
  roles: Array<{ id: number; name: string; is_admin: boolean }>;
  permissions: Set<string>;
  isAdmin: boolean;
  /** The places the user works in (server/policies/places.ts): every list and document asks it. */
  places: PlaceScope;
  /** The company settings of this request (the `company` shared prop, money formatting, business dates). */
  company: CompanySettings;
}

/** What a request needs of company_settings, read in the user's statement (no read of its own). */
export interface CompanySettings {
  currency: string;
  timeZone: string;
  vat: VatSetting;
  allowNegativeStock: boolean;
  /** Whether the company certifies its sales (a fiscal provider set): the certification column and card. */
  certifies: boolean;
}

export async function findActiveUser(db: Knex, id: number): Promise<UserRow | undefined> {
  const row = await db<UserRow>('users').where({ id }).whereNull('deleted_at').first();
  return row && toBool(row.active) ? row : undefined;
}

/** The user's grants, read beside their columns (see contextColumns): JSON arrays (jsonArrayAgg). */
export interface GrantColumns {
  /** [id, name, is_admin] of each role. */
  grant_roles: unknown;
  /** [account id, kind] of each treasury account ticked on the user's form. */
  grant_permissions: unknown;
  grant_locations: unknown;
  grant_accounts: unknown;
  /** [currency, time_zone, vat_enabled, vat_rate_bp, prices_include_vat, allow_negative_stock, fiscal_provider] of company_settings. */
  grant_company: unknown;
}

/**
 * The user's columns and, beside them, their roles, the permissions of those roles and their
 * allowed places, each aggregated into one JSON array by a subquery on its table's user_id index:
 * the whole context in one row (one row per grant would send the user's columns again with each of
 * an administrator's ~90 permissions, and cost twice as much to read).
 */
function contextColumns(db: Knex): Array<string | Knex.Raw> {
  const agg = (expression: string) => jsonArrayAgg(db, expression);
  return [
    ...USER_COLUMNS.map((c) => `u.${c}`),
    db.raw(
      `(SELECT ${agg(jsonArray(db, ['r.id', 'r.name', 'r.is_admin']))} FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS grant_roles`,
    ),
    db.raw(
      `(SELECT ${agg('rp.permission_name')} FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id) AS grant_permissions`,
    ),
    db.raw(`(SELECT ${agg('location_id')} FROM user_locations WHERE user_id = u.id) AS grant_locations`),
    db.raw(
      `(SELECT ${agg(jsonArray(db, ['uta.account_id', 'ta.kind']))} FROM user_treasury_accounts uta JOIN treasury_accounts ta ON ta.id = uta.account_id WHERE uta.user_id = u.id) AS grant_accounts`,
    ),
    db.raw(
      `(SELECT ${jsonArray(db, ['cs.currency', 'cs.time_zone', 'cs.vat_enabled', 'cs.vat_rate_bp', 'cs.prices_include_vat', 'cs.allow_negative_stock', 'cs.fiscal_provider'])} FROM company_settings cs WHERE cs.id = 1) AS grant_company`,
    ),
  ];
}

/**
 * Loads a user, their roles, the union of their roles' permissions and their allowed places in one
 * statement (read on every request on purpose: a role or a place changed applies at the user's
 * next request, whichever process serves it — never cached in process or in the session).
 */
export async function loadUserContext(db: Knex, id: number): Promise<UserContext | undefined> {
  const row = (await prepared(
    db,
    db('users as u')
      .where('u.id', id)
      .whereNull('u.deleted_at')
      .first(...contextColumns(db)),
  )) as (UserRow & GrantColumns) | undefined;
  return userContextOf(row);
}

/**
 * Joins to `qb` the user whose id is in `userIdColumn` (as u; a deleted user joins nothing) and
 * selects the columns userContextOf reads back: a user's context read in the statement of another
 * row that names the user (the session's).
 */
export function withUserContext(db: Knex, qb: Knex.QueryBuilder, userIdColumn: string): Knex.QueryBuilder {
  return qb
    .leftJoin('users as u', (j) => j.on('u.id', userIdColumn).andOnNull('u.deleted_at'))
    .select(...contextColumns(db));
}

/** The context of a user's row read with contextColumns; undefined without a user (or a row without one) or for a deactivated user. */
export function userContextOf(row: (UserRow & GrantColumns) | undefined): UserContext | undefined {
  if (!row || row.id === null || !toBool(row.active)) return undefined;
  const {
    grant_roles: roleRows,
    grant_permissions: permissionNames,
    grant_locations: locations,
    grant_accounts: accounts,
    grant_company: company,
    ...user
  } = row;
  const roles = fromJsonArray<[number | string, string, unknown]>(roleRows)
    .map(([id, name, admin]) => ({ id: Number(id), name, is_admin: toBool(admin) }))
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const isAdmin = roles.some((r) => r.is_admin);
  const restricted = !isAdmin && toBool(user.places_restricted);
  const ticked = restricted ? fromJsonArray<[number | string, string]>(accounts) : [];
  const places = placeScope({
    isAdmin,
    restricted,
    locationIds: restricted ? fromJsonArray<number | string>(locations).map(Number) : [],
    treasuryAccountIds: ticked.map(([id]) => Number(id)),
    deskAccountIds: ticked.filter(([, kind]) => kind === 'caisse').map(([id]) => Number(id)),
  });
  return {
    row: user,
    roles,
    permissions: permissionsWithinPlaces(new Set(fromJsonArray<string>(permissionNames)), places),
    isAdmin,
    places,
    company: companySettingsOf(company),
  };
}

/** The company settings column of contextColumns; the defaults of the reference seed when the row is missing. */
function companySettingsOf(column: unknown): CompanySettings {
  const [currency, timeZone, vatEnabled, vatRate, pricesIncludeVat, allowNegativeStock, fiscalProvider] =
    fromJsonArray<unknown>(column);
  const enabled = toBool(vatEnabled);
  return {
    currency: typeof currency === 'string' ? currency : 'XOF',
    timeZone: typeof timeZone === 'string' ? timeZone : 'Africa/Abidjan',
    vat: {
      enabled,
      rate: enabled ? Number(vatRate) : 0,
      pricesIncludeVat: pricesIncludeVat == null ? true : toBool(pricesIncludeVat),
    },
    allowNegativeStock: toBool(allowNegativeStock),
    certifies: typeof fiscalProvider === 'string' && fiscalProvider !== 'none',
  };
}

export function menuPermissionsOf(ctx: UserContext): MenuPermission[] {
  return MENU_PERMISSIONS.filter((p) => ctx.permissions.has(p));
}
