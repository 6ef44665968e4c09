import { maySetGrantsOf } from '../../policies/index.js';
import type { Option } from '../../../shared/lists.js';
import type { UserFormOptions, UserListRow, UserRecord } from '../../../shared/users.js';
import { toBool } from '../../db/dialect.js';
import type { ManagedUser } from '../../services/accounts/manage-users.js';

/** A user as the list shows them: never the password hash nor any token. */
export function presentUserRow(row: ManagedUser): UserListRow {
  const restricted = toBool(row.places_restricted) && !row.is_admin;
  const names: string[] = row.location_names ?? [];
  return {
    id: Number(row.id),
    name: row.name,
    first_name: row.first_name ?? null,
    email: row.email,
    roles: row.role_names ?? [],
    places: !restricted ? 'Tous les emplacements' : names.length ? names.join(', ') : 'Aucun emplacement',
    active: toBool(row.active),
    last_login_at: row.last_login_at ?? null,
    must_change_password: toBool(row.must_change_password),
  };
}

export function presentUserRecord(row: ManagedUser, viewerId: number): UserRecord {
  return {
    ...presentUserRow(row),
    role_ids: row.role_ids ?? [],
    places_restricted: toBool(row.places_restricted),
    location_ids: row.location_ids ?? [],
    treasury_account_ids: row.treasury_account_ids ?? [],
    is_admin: !!row.is_admin,
    deactivated_at: row.deactivated_at ?? null,
    created_at: row.created_at,
    is_self: Number(row.id) === viewerId,
    can_set_grants: maySetGrantsOf({ id: viewerId }, Number(row.id)),
  };
}

type PlaceOption = { id: number; name: string; kind: string; active: boolean };

export function presentUserFormOptions(
  roles: Array<{ id: number; name: string; description: string; is_admin: boolean }>,
  locations: PlaceOption[],
  accounts: PlaceOption[],
): UserFormOptions {
  return {
    roles: roles.map((r) => ({ value: String(r.id), label: r.name, description: r.description, is_admin: r.is_admin })),
    locations: locations.map((l) => ({ value: String(l.id), label: l.name, kind: l.kind, active: l.active })),
    treasury_accounts: accounts.map((a) => ({ value: String(a.id), label: a.name, kind: a.kind, active: a.active })),
  };
}

export function presentRoleFilter(roles: Array<{ id: number; name: string }>): Option[] {
  return roles.map((r) => ({ value: String(r.id), label: r.name }));
}
