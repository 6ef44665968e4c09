import type { Knex } from 'knex';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { UserRow } from '../../auth/user-context.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { destroyUserSessions } from './sessions.js';
import { recordAudit } from '../audit/record-audit.js';
import { Refusal } from '../../domain/errors.js';

export async function emailTaken(db: Knex | Knex.Transaction, email: string, exceptUserId?: number): Promise<boolean> {
  const q = db('users').where({ email });
  if (exceptUserId) q.andWhereNot({ id: exceptUserId });
  return (await q.first('id')) !== undefined;
}

export const EMAIL_TAKEN = 'Cette adresse e-mail est déjà utilisée.';

/** Name and e-mail; a changed e-mail must be verified again. Returns whether it changed. */
export async function updateProfile(db: Knex, user: UserRow, input: { name: string; email: string }): Promise<{ emailChanged: boolean }> {
  return db.transaction(async (trx) => {
    if (await emailTaken(trx, input.email, user.id)) throw new Refusal({ email: EMAIL_TAKEN });
    const emailChanged = input.email !== user.email;
    await trx('users')
      .where({ id: user.id })
      .update({ name: input.name, email: input.email, updated_at: nowIso(), ...(emailChanged ? { email_verified_at: null } : {}) });
    await recordAudit(trx, {
      action: 'profile.update',
      user: { id: user.id, name: input.name },
      subject: { type: 'user', id: user.id, label: input.email },
      details: { before: { name: user.name, email: user.email }, after: { name: input.name, email: input.email } },
    });
    return { emailChanged };
  });
}

export async function updatePassword(
  db: Knex,
  user: UserRow,
  input: { current_password: string; password: string },
  keepSid: string,
): Promise<void> {
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw new Refusal({ current_password: 'Le mot de passe actuel est incorrect.' });
  }
  const hash = await hashPassword(input.password);
  await db.transaction(async (trx) => {
    await trx('users').where({ id: user.id }).update({ password_hash: hash, updated_at: nowIso() });
    // Other browsers signed in with the old password are signed out.
    await destroyUserSessions(trx, user.id, keepSid);
    await recordAudit(trx, { action: 'profile.password', user: { id: user.id, name: user.name }, subject: { type: 'user', id: user.id, label: user.email } });
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

/**
 * Deletes the account: the row stays (documents and the audit log point to it) but is anonymised,
 * deactivated and its sessions ended, and the e-mail becomes free again.
 */
/** The user retypes their password before a sensitive action; a wrong one is refused on the field. */
export async function confirmPassword(user: Pick<UserRow, 'password_hash'>, password: string, field = 'password'): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) throw new Refusal({ [field]: 'Le mot de passe est incorrect.' });
}

export async function deleteAccount(db: Knex, user: UserRow, password: string, ip?: string): Promise<void> {
  await confirmPassword(user, password);
  await db.transaction(async (trx) => {
    if (toBool(user.active) && (await isLastActiveAdministrator(trx, user.id))) {
      throw new Refusal({ password: 'Vous êtes le dernier administrateur actif : ce compte ne peut pas être supprimé.' });
    }
    const now = nowIso();
    await trx('users').where({ id: user.id }).update({
      name: 'Compte supprimé',
      email: `supprime-${user.id}@invalid.local`,
      password_hash: '',
      active: false,
      deleted_at: now,
      updated_at: now,
    });
    await trx('user_roles').where({ user_id: user.id }).delete();
    await destroyUserSessions(trx, user.id);
    await recordAudit(trx, { action: 'profile.delete', user: { id: user.id, name: user.name }, subject: { type: 'user', id: user.id, label: user.email }, ip });
  });
}
