import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { UserSort, UserStatusFilter } from '../../../shared/users.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { randomToken } from '../../auth/tokens.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { type ListQuery, paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import { lockResource } from '../../db/transaction.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { type Actor, auditUser } from '../actor.js';
import { maySetGrantsOf } from '../../policies/index.js';
import { recordAudit } from '../audit/record-audit.js';
import { insertUser } from './create-user.js';
import { sendPasswordLink } from './password-reset.js';
import { EMAIL_TAKEN, emailTaken } from './profile.js';
import { devicesRevoked } from './login-devices.js';
import { destroyUserSessions } from './sessions.js';
import { orderByFrench } from '../../db/french-order.js';
import type { UsersRow } from '../../db/tables.generated.js';

/**
 * Paramètres › Utilisateurs: the accounts an administrator manages — list, creation (invitation
 * mail or initial password to change at first login), roles, allowed places
 * (server/policies/places.ts), deactivation (ends the sessions at once), reactivation, reset link.
 * The last active administrator can never be deactivated nor lose the administrator role: checked
 * under one lock (`administrators`), so two administrators deactivating each other at the same
 * moment cannot both succeed. Every change leaves an audit entry in its transaction.
 */

export type UserListQuery = ListQuery<UserSort, { status: UserStatusFilter; role_id: string }>;

const SORTS: Record<UserSort, string> = { name: 'users.name', email: 'users.email', last_login: 'users.last_login_at' };

/** A user as Paramètres › Utilisateurs shows them: the row with their roles and places. */
export type ManagedUser = UsersRow & {
  role_names: string[];
  role_ids: number[];
  is_admin: boolean;
  location_ids: number[];
  location_names: string[];
  treasury_account_ids: number[];
  treasury_account_names: string[];
};

export async function listUsers(db: Knex, params: UserListQuery): Promise<Paginated<ManagedUser>> {
  const qb = db('users').whereNull('users.deleted_at').select('users.*');
  whereSearch(qb, db, params.q, { contains: ['users.name', 'users.email'] });
  if (params.filters.status === 'active') qb.where('users.active', true);
  else if (params.filters.status === 'inactive') qb.where('users.active', false);
  if (params.filters.role_id)
    qb.whereIn('users.id', db('user_roles').where('role_id', Number(params.filters.role_id)).select('user_id'));
  (params.sort === 'name'
    ? orderByFrench(qb, db, { name: 'users.name' }, params.dir)
    : qb.orderBy(SORTS[params.sort], params.dir)
  ).orderBy('users.id');
  const page = await paginate(qb, params.page, params.per_page);
  return { ...page, data: await withRolesAndPlaces(db, page.data) };
}

/** Adds each user's roles (names, ids, admin) and allowed locations (ids, names) in two queries. */
async function withRolesAndPlaces(db: Knex | Knex.Transaction, users: UsersRow[]): Promise<ManagedUser[]> {
  const ids = users.map((u) => Number(u.id));
  if (!ids.length) return [];
  const roles = await db('user_roles')
    .join('roles', 'roles.id', 'user_roles.role_id')
    .whereIn('user_roles.user_id', ids)
    .orderBy('roles.name')
    .select('user_roles.user_id', 'roles.id', 'roles.name', 'roles.is_admin');
  const places = await db('user_locations')
    .join('locations', 'locations.id', 'user_locations.location_id')
    .whereIn('user_locations.user_id', ids)
    .orderBy('locations.name')
    .select('user_locations.user_id', 'locations.id', 'locations.name');
  const accounts = await db('user_treasury_accounts')
    .join('treasury_accounts', 'treasury_accounts.id', 'user_treasury_accounts.account_id')
    .whereIn('user_treasury_accounts.user_id', ids)
    .orderBy('treasury_accounts.name')
    .select('user_treasury_accounts.user_id', 'treasury_accounts.id', 'treasury_accounts.name');
  return users.map((u) => {
    const mine = roles.filter((r) => Number(r.user_id) === Number(u.id));
    const here = places.filter((p) => Number(p.user_id) === Number(u.id));
    return {
      ...u,
      role_names: mine.map((r) => r.name as string),
      role_ids: mine.map((r) => Number(r.id)),
      is_admin: mine.some((r) => toBool(r.is_admin)),
      location_ids: here.map((p) => Number(p.id)),
      location_names: here.map((p) => p.name as string),
      treasury_account_ids: accounts.filter((a) => Number(a.user_id) === Number(u.id)).map((a) => Number(a.id)),
      treasury_account_names: accounts.filter((a) => Number(a.user_id) === Number(u.id)).map((a) => a.name as string),
    };
  });
}

export async function findManagedUser(db: Knex | Knex.Transaction, id: number): Promise<ManagedUser | undefined> {
  const row = await db('users').where({ id }).whereNull('deleted_at').first();
  if (!row) return undefined;
  return (await withRolesAndPlaces(db, [row]))[0];
}

export async function roleOptions(
  db: Knex,
): Promise<Array<{ id: number; name: string; description: string; is_admin: boolean }>> {
  const rows = await orderByFrench(db('roles').orderBy('is_admin', 'desc'), db, { name: 'name' }).select(
    'id',
    'name',
    'description',
    'is_admin',
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    description: r.description ?? '',
    is_admin: toBool(r.is_admin),
  }));
}

export async function treasuryAccountOptions(
  db: Knex,
): Promise<Array<{ id: number; name: string; kind: string; active: boolean }>> {
  const rows = await orderByFrench(db('treasury_accounts').orderBy([{ column: 'active', order: 'desc' }, 'kind']), db, {
    name: 'name',
  }).select('id', 'name', 'kind', 'active');
  return rows.map((r) => ({ id: Number(r.id), name: r.name, kind: r.kind, active: toBool(r.active) }));
}

export async function allLocationOptions(
  db: Knex,
): Promise<Array<{ id: number; name: string; kind: string; active: boolean }>> {
  const rows = await orderByFrench(db('locations').orderBy([{ column: 'active', order: 'desc' }, 'kind']), db, {
    name: 'name',
  }).select('id', 'name', 'kind', 'active');
  return rows.map((r) => ({ id: Number(r.id), name: r.name, kind: r.kind, active: toBool(r.active) }));
}

export interface UserInput {
  name: string;
  first_name: string | null;
  email: string;
  role_ids: number[];
  places_restricted: boolean;
  location_ids: number[];
  treasury_account_ids: number[];
}

export interface NewUserInput extends UserInput {
  onboarding: 'invite' | 'password';
  /** Required when onboarding is 'password' (checked by the schema). */
  password: string | null;
}

/** Known role ids and location ids, else a field refusal. */
async function checkReferences(
  trx: Knex.Transaction,
  input: UserInput,
): Promise<{ adminRole: boolean; roleNames: string[] }> {
  const roles = input.role_ids.length
    ? await trx('roles').whereIn('id', input.role_ids).select('id', 'name', 'is_admin')
    : [];
  if (roles.length !== new Set(input.role_ids).size)
    throw new Refusal({ role_ids: 'Un des rôles choisis n’existe plus. Rechargez la page.' });
  if (input.places_restricted) {
    const found = input.location_ids.length
      ? await trx('locations').whereIn('id', input.location_ids).select('id')
      : [];
    if (found.length !== new Set(input.location_ids).size)
      throw new Refusal({ location_ids: 'Un des emplacements choisis n’existe plus. Rechargez la page.' });
    if (input.location_ids.length === 0 && !roles.some((r) => toBool(r.is_admin)))
      throw new Refusal({ location_ids: 'Cochez au moins un emplacement, ou choisissez « Tous les emplacements ».' });
    const accounts = input.treasury_account_ids.length
      ? await trx('treasury_accounts').whereIn('id', input.treasury_account_ids).select('id')
      : [];
    if (accounts.length !== new Set(input.treasury_account_ids).size)
      throw new Refusal({ treasury_account_ids: 'Un des comptes choisis n’existe plus. Rechargez la page.' });
  }
  return { adminRole: roles.some((r) => toBool(r.is_admin)), roleNames: roles.map((r) => r.name as string).sort() };
}

async function writePlaces(trx: Knex.Transaction, userId: number, input: UserInput): Promise<void> {
  await trx('user_locations').where({ user_id: userId }).delete();
  await trx('user_treasury_accounts').where({ user_id: userId }).delete();
  const ids = input.places_restricted ? [...new Set(input.location_ids)] : [];
  if (ids.length) await trx('user_locations').insert(ids.map((location_id) => ({ user_id: userId, location_id })));
  const accounts = input.places_restricted ? [...new Set(input.treasury_account_ids)] : [];
  if (accounts.length)
    await trx('user_treasury_accounts').insert(accounts.map((account_id) => ({ user_id: userId, account_id })));
}

async function placeNames(
  trx: Knex.Transaction,
  input: UserInput,
): Promise<{ locations: string[]; treasury_accounts: string[] } | 'tous'> {
  if (!input.places_restricted) return 'tous';
  const ids = [...new Set(input.location_ids)];
  const accounts = [...new Set(input.treasury_account_ids)];
  return {
    locations: ids.length
      ? (await trx('locations').whereIn('id', ids).orderBy('name').select('name')).map((r) => r.name as string)
      : [],
    treasury_accounts: accounts.length
      ? (await trx('treasury_accounts').whereIn('id', accounts).orderBy('name').select('name')).map(
          (r) => r.name as string,
        )
      : [],
  };
}

/**
 * Creates an account (e-mail counted as verified: an administrator vouches for it). `invite`: no
 * usable password, a set-password link valid 7 days is mailed; `password`: the given password,
 * to be changed at the first login (must_change_password).
 */
export async function createManagedUser(
  db: Knex,
  mailer: Mailer,
  appUrl: string,
  input: NewUserInput,
  actor: Actor,
): Promise<number> {
  // An invited user has a random password nobody knows until they choose theirs from the link.
  const passwordHash = await hashPassword(
    input.onboarding === 'password' && input.password ? input.password : randomToken(32),
  );
  const id = await db.transaction(async (trx) => {
    if (await emailTaken(trx, input.email)) throw new Refusal({ email: EMAIL_TAKEN });
    const { roleNames } = await checkReferences(trx, input);
    const userId = await insertUser(
      trx,
      { name: input.name, first_name: input.first_name, email: input.email, verified: true },
      passwordHash,
    );
    await trx('users')
      .where({ id: userId })
      .update({ places_restricted: input.places_restricted, must_change_password: input.onboarding === 'password' });
    if (input.role_ids.length)
      await trx('user_roles').insert([...new Set(input.role_ids)].map((role_id) => ({ user_id: userId, role_id })));
    await writePlaces(trx, userId, input);
    await recordAudit(trx, {
      action: 'users.created',
      user: auditUser(actor),
      subject: { type: 'user', id: userId, label: input.email },
      details: {
        after: {
          name: input.name,
          first_name: input.first_name,
          email: input.email,
          roles: roleNames,
          places: await placeNames(trx, input),
          onboarding: input.onboarding === 'invite' ? 'invitation par e-mail' : 'mot de passe initial',
        },
      },
      ip: actor.ip,
    });
    return userId;
  });
  if (input.onboarding === 'invite')
    await sendPasswordLink(db, mailer, {
      user: { id, name: input.name, email: input.email.trim().toLowerCase() },
      appUrl,
      kind: 'invite',
    });
  return id;
}

/** The other active administrators (the user `exceptId` left out), read under the administrators lock. */
async function otherActiveAdministrators(trx: Knex.Transaction, exceptId: number): Promise<number> {
  const rows = await trx('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .join('roles', 'roles.id', 'user_roles.role_id')
    .where('roles.is_admin', true)
    .where('users.active', true)
    .whereNull('users.deleted_at')
    .whereNot('users.id', exceptId)
    .distinct('users.id');
  return rows.length;
}

/** Serialises every change that can remove an administrator (PostgreSQL row locks on the users involved too). */
async function lockAdministrators(trx: Knex.Transaction, userId: number): Promise<void> {
  await lockResource(trx, 'administrators');
  await trx('users').where({ id: userId }).forUpdate().first('id');
}

/**
 * No one grants themselves anything: their own roles, places, treasury accounts and active state
 * are changed by another administrator, whatever the editor's permissions (their name and e-mail
 * stay theirs to edit). Each field changed on one's own account is refused on that field.
 */
export const OWN_ROLES = 'Vous ne pouvez pas modifier vos propres rôles : un autre administrateur doit le faire.';
export const OWN_PLACES =
  'Vous ne pouvez pas modifier vos propres emplacements : un autre administrateur doit le faire.';
export const OWN_ACCOUNTS =
  'Vous ne pouvez pas modifier vos propres comptes de trésorerie : un autre administrateur doit le faire.';

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const x = new Set(a.map(Number));
  const y = new Set(b.map(Number));
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** The grants `input` would change on the account `before` (the fields of the form), refused on each. */
function refuseOwnGrants(before: ManagedUser, input: UserInput): void {
  const errors: Record<string, string> = {};
  if (!sameIds(before.role_ids, input.role_ids)) errors.role_ids = OWN_ROLES;
  const restricted = toBool(before.places_restricted);
  if (restricted !== input.places_restricted || (restricted && !sameIds(before.location_ids, input.location_ids)))
    errors.location_ids = OWN_PLACES;
  if (restricted && input.places_restricted && !sameIds(before.treasury_account_ids, input.treasury_account_ids))
    errors.treasury_account_ids = OWN_ACCOUNTS;
  if (Object.keys(errors).length) throw new Refusal(errors);
}

export const LAST_ADMIN_ROLE = 'C’est le dernier administrateur actif : il doit garder le rôle administrateur.';
export const LAST_ADMIN_DEACTIVATE = 'C’est le dernier administrateur actif : il ne peut pas être désactivé.';

/** Saves name, e-mail, roles and places; says whether the e-mail changed (the previous address is told). */
export async function updateManagedUser(
  db: Knex,
  id: number,
  input: UserInput,
  actor: Actor,
): Promise<{ previousEmail: string; emailChanged: boolean }> {
  return db.transaction(async (trx) => {
    await lockAdministrators(trx, id);
    const before = await findManagedUser(trx, id);
    if (!before) throw new NotFound();
    if (!maySetGrantsOf(actor, id)) refuseOwnGrants(before, input);
    if (await emailTaken(trx, input.email, id)) throw new Refusal({ email: EMAIL_TAKEN });
    const { adminRole, roleNames } = await checkReferences(trx, input);
    if (before.is_admin && !adminRole && toBool(before.active) && (await otherActiveAdministrators(trx, id)) === 0)
      throw new Refusal({ role_ids: LAST_ADMIN_ROLE });
    const email = input.email.trim().toLowerCase();
    await trx('users')
      .where({ id })
      .update({
        name: input.name.trim(),
        first_name: input.first_name?.trim() || null,
        email,
        places_restricted: input.places_restricted,
        updated_at: nowIso(),
      });
    await trx('user_roles').where({ user_id: id }).delete();
    if (input.role_ids.length)
      await trx('user_roles').insert([...new Set(input.role_ids)].map((role_id) => ({ user_id: id, role_id })));
    await writePlaces(trx, id, input);
    await recordAudit(trx, {
      action: 'users.updated',
      user: auditUser(actor),
      subject: { type: 'user', id, label: email },
      details: {
        before: {
          name: before.name,
          first_name: before.first_name,
          email: before.email,
          roles: [...before.role_names].sort(),
          places: toBool(before.places_restricted)
            ? { locations: before.location_names, treasury_accounts: before.treasury_account_names }
            : 'tous',
        },
        after: {
          name: input.name.trim(),
          first_name: input.first_name,
          email,
          roles: roleNames,
          places: await placeNames(trx, input),
        },
      },
      ip: actor.ip,
    });
    return { previousEmail: before.email as string, emailChanged: before.email !== email };
  });
}

/**
 * Deactivates (every session of the user ends in the same transaction: their next request is
 * signed out, and they cannot log in) or reactivates an account. Nobody deactivates themselves;
 * the last active administrator is never deactivated.
 */
export async function setManagedUserActive(
  db: Knex,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<{ email: string }> {
  return db.transaction(async (trx) => {
    await lockAdministrators(trx, id);
    const user = await findManagedUser(trx, id);
    if (!user) throw new NotFound();
    if (!maySetGrantsOf(actor, id))
      throw Refusal.action(
        active
          ? 'Vous ne pouvez pas réactiver votre propre compte : un autre administrateur doit le faire.'
          : 'Vous ne pouvez pas désactiver votre propre compte.',
      );
    if (toBool(user.active) === active) return { email: user.email as string };
    if (!active && user.is_admin && (await otherActiveAdministrators(trx, id)) === 0)
      throw Refusal.action(LAST_ADMIN_DEACTIVATE);
    const now = nowIso();
    await trx('users')
      .where({ id })
      .update({ active, deactivated_at: active ? null : now, updated_at: now, ...(active ? {} : devicesRevoked(trx)) });
    if (!active) {
      await destroyUserSessions(trx, id);
      // A pending invitation or reset link no longer opens the account.
      await trx('password_resets').where({ user_id: id }).whereNull('used_at').delete();
    }
    await recordAudit(trx, {
      action: active ? 'users.reactivated' : 'users.deactivated',
      user: auditUser(actor),
      subject: { type: 'user', id, label: user.email },
      ip: actor.ip,
    });
    return { email: user.email as string };
  });
}

/** Mails the user a link to choose a new password (valid 60 minutes); refused for a deactivated account. */
export async function sendManagedResetLink(
  db: Knex,
  mailer: Mailer,
  appUrl: string,
  id: number,
  actor: Actor,
): Promise<{ email: string }> {
  const user = await findManagedUser(db, id);
  if (!user) throw new NotFound();
  if (!toBool(user.active))
    throw Refusal.action('Ce compte est désactivé : réactivez-le avant de lui envoyer un lien.');
  await sendPasswordLink(db, mailer, { user: { id, name: user.name, email: user.email }, appUrl, kind: 'reset' });
  await recordAudit(db, {
    action: 'users.reset_link_sent',
    user: auditUser(actor),
    subject: { type: 'user', id, label: user.email },
    ip: actor.ip,
  });
  return { email: user.email as string };
}

/** The first-login change of an initial password: the new one must differ; other sessions end. */
export async function changeInitialPassword(
  db: Knex,
  user: { id: number; name: string; email: string; password_hash: string },
  password: string,
  keepSid: string,
): Promise<void> {
  if (await verifyPassword(user.password_hash, password))
    throw new Refusal({ password: 'Choisissez un mot de passe différent de celui qui vous a été donné.' });
  const hash = await hashPassword(password);
  await db.transaction(async (trx) => {
    await trx('users')
      .where({ id: user.id })
      .update({ password_hash: hash, must_change_password: false, updated_at: nowIso(), ...devicesRevoked(trx) });
    await destroyUserSessions(trx, user.id, keepSid);
    await recordAudit(trx, {
      action: 'profile.initial_password_changed',
      user: { id: user.id, name: user.name },
      subject: { type: 'user', id: user.id, label: user.email },
    });
  });
}
