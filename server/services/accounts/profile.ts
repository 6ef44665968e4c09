import type { Knex } from 'knex';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { UserRow } from '../../auth/user-context.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { devicesRevoked } from './login-devices.js';
import { destroyUserSessions } from './sessions.js';
import { recordAudit } from '../audit/record-audit.js';
import { Refusal } from '../../domain/errors.js';
import { passwordCheckRules, releaseSlot, takeSlot, waitText } from './throttle.js';

export async function emailTaken(db: Knex | Knex.Transaction, email: string, exceptUserId?: number): Promise<boolean> {
  const q = db('users').where({ email });
  if (exceptUserId) q.andWhereNot({ id: exceptUserId });
  return (await q.first('id')) !== undefined;
}

export const EMAIL_TAKEN = 'Cette adresse e-mail est déjà utilisée.';

export const CURRENT_PASSWORD_FOR_EMAIL = 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.';

/**
 * A signed-in user's password check (confirmation, password or e-mail change, deletion), throttled
 * like the login: the attempt is counted before argon2 runs (per user: 5 a minute, 10 in 15
 * minutes), a right password gives its slot back. A wrong or throttled one is refused on `field`.
 */
export async function checkPassword(
  db: Knex,
  user: Pick<UserRow, 'id' | 'password_hash'>,
  password: string,
  field: string,
  wrongMessage: string,
): Promise<void> {
  const slot = await takeSlot(db, passwordCheckRules(user.id));
  if (!slot.ok)
    throw new Refusal({ [field]: `Trop de tentatives. Veuillez réessayer dans ${waitText(slot.retryAfterSeconds)}.` });
  if (!(await verifyPassword(user.password_hash, password))) throw new Refusal({ [field]: wrongMessage });
  await releaseSlot(db, slot);
}

/**
 * Name, first name and e-mail. Changing the e-mail needs the current password (a borrowed session
 * must not be able to move the account to another address, then reset its password) and the new
 * address must be verified again. Returns whether the e-mail changed and the previous one, which
 * the caller notifies.
 */
export async function updateProfile(
  db: Knex,
  user: UserRow,
  input: { name: string; first_name?: string | null; email: string; current_password?: string | null },
  ip: string | null = null,
): Promise<{ emailChanged: boolean; previousEmail: string }> {
  const emailChanged = input.email !== user.email;
  if (emailChanged) {
    if (!input.current_password) throw new Refusal({ current_password: CURRENT_PASSWORD_FOR_EMAIL });
    await checkPassword(db, user, input.current_password, 'current_password', 'Le mot de passe actuel est incorrect.');
  }
  const firstName = input.first_name === undefined ? (user.first_name ?? null) : input.first_name;
  return db.transaction(async (trx) => {
    if (await emailTaken(trx, input.email, user.id)) throw new Refusal({ email: EMAIL_TAKEN });
    await trx('users')
      .where({ id: user.id })
      .update({
        name: input.name,
        first_name: firstName,
        email: input.email,
        updated_at: nowIso(),
        ...(emailChanged ? { email_verified_at: null } : {}),
      });
    await recordAudit(trx, {
      action: 'profile.update',
      user: { id: user.id, name: input.name },
      subject: { type: 'user', id: user.id, label: input.email },
      details: {
        before: { name: user.name, first_name: user.first_name ?? null, email: user.email },
        after: { name: input.name, first_name: firstName, email: input.email },
      },
      ip,
    });
    return { emailChanged, previousEmail: user.email };
  });
}

export async function updatePassword(
  db: Knex,
  user: UserRow,
  input: { current_password: string; password: string },
  keepSid: string,
  ip: string | null = null,
): Promise<void> {
  await checkPassword(db, user, input.current_password, 'current_password', 'Le mot de passe actuel est incorrect.');
  const hash = await hashPassword(input.password);
  await db.transaction(async (trx) => {
    await trx('users')
      .where({ id: user.id })
      .update({ password_hash: hash, updated_at: nowIso(), ...devicesRevoked(trx) });
    // Other browsers signed in with the old password are signed out (and their device cookies void).
    await destroyUserSessions(trx, user.id, keepSid);
    await recordAudit(trx, {
      action: 'profile.password',
      user: { id: user.id, name: user.name },
      subject: { type: 'user', id: user.id, label: user.email },
      ip,
    });
  });
}

/** Whether this user is the only active, non-deleted holder of an administrator role. */
export async function isLastActiveAdministrator(db: Knex | Knex.Transaction, userId: number): Promise<boolean> {
  const admins = await db('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .join('roles', 'roles.id', 'user_roles.role_id')
    .where('roles.is_admin', true)
    .andWhere('users.active', true)
    .whereNull('users.deleted_at')
    .distinct('users.id');
  return admins.length === 1 && Number(admins[0].id) === userId;
}

/** The user retypes their password before a sensitive action; a wrong one is refused on the field (throttled). */
export async function confirmPassword(
  db: Knex,
  user: Pick<UserRow, 'id' | 'password_hash'>,
  password: string,
  field = 'password',
): Promise<void> {
  await checkPassword(db, user, password, field, 'Le mot de passe est incorrect.');
}

/**
 * Deletes the account: the row stays (documents and the audit log point to it) but is anonymised,
 * deactivated and its sessions ended, and the e-mail becomes free again.
 */
export async function deleteAccount(db: Knex, user: UserRow, password: string, ip?: string): Promise<void> {
  await confirmPassword(db, user, password);
  await db.transaction(async (trx) => {
    if (toBool(user.active) && (await isLastActiveAdministrator(trx, user.id))) {
      throw new Refusal({
        password: 'Vous êtes le dernier administrateur actif : ce compte ne peut pas être supprimé.',
      });
    }
    const now = nowIso();
    await trx('users')
      .where({ id: user.id })
      .update({
        name: 'Compte supprimé',
        email: `supprime-${user.id}@invalid.local`,
        password_hash: '',
        active: false,
        deleted_at: now,
        updated_at: now,
        ...devicesRevoked(trx),
      });
    await trx('user_roles').where({ user_id: user.id }).delete();
    await destroyUserSessions(trx, user.id);
    await recordAudit(trx, {
      action: 'profile.delete',
      user: { id: user.id, name: user.name },
      subject: { type: 'user', id: user.id, label: user.email },
      ip,
    });
  });
}
