/** Paramètres › Utilisateurs: the props of its pages (shared/pages.ts registers them). */
import type { ListParams, Option, Paginated } from './lists.js';

export const USER_STATUSES = ['active', 'inactive', 'all'] as const;
export type UserStatusFilter = (typeof USER_STATUSES)[number];
export const USER_SORTS = ['name', 'email', 'last_login'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** How a new user gets their first password: an invitation mail with a link, or a password given now. */
export const USER_ONBOARDING = ['invite', 'password'] as const;
export type UserOnboarding = (typeof USER_ONBOARDING)[number];

export interface UserListRow {
  id: number;
  name: string;
  first_name: string | null;
  email: string;
  roles: string[];
  /** « Tous les emplacements », or the names of the allowed ones. */
  places: string;
  active: boolean;
  last_login_at: string | null;
  must_change_password: boolean;
}

export interface UserRecord extends UserListRow {
  role_ids: number[];
  places_restricted: boolean;
  location_ids: number[];
  treasury_account_ids: number[];
  is_admin: boolean;
  deactivated_at: string | null;
  created_at: string;
  /** The signed-in user looking at their own account (no deactivation of oneself). */
  is_self: boolean;
  /** Whether the viewer may change this account's roles, places, accounts and state (never their own: maySetGrantsOf). */
  can_set_grants: boolean;
}

export interface UserFormOptions {
  roles: Array<Option & { is_admin: boolean; description: string }>;
  locations: Array<Option & { kind: string; active: boolean }>;
  /** Caisses, banques and mobile-money wallets (kind: caisse | banque | mobile_money). */
  treasury_accounts: Array<Option & { kind: string; active: boolean }>;
}

export interface UserPages {
  'settings/users/Index': {
    users: Paginated<UserListRow>;
    params: ListParams<{ status: UserStatusFilter; role_id: string }>;
    roles: Option[];
    can_manage: boolean;
  };
  'settings/users/Form': UserFormOptions & {
    user: UserRecord | null;
    /** The record is shown read-only (no users.manage, or the show page before « Modifier »). */
    editable: boolean;
    can_manage: boolean;
  };
  /** Forced change of the initial password given by an administrator, before anything else. */
  'auth/ChangePassword': { email: string };
}

export const USER_PAGE_NAMES = [
  'settings/users/Index',
  'settings/users/Form',
  'auth/ChangePassword',
] as const satisfies ReadonlyArray<keyof UserPages>;

/** What a deactivated user reads at the login form (after typing the right password). */
export const ACCOUNT_DEACTIVATED =
  'Ce compte a été désactivé par un administrateur : vous ne pouvez plus vous connecter. Adressez-vous à votre administrateur.';
