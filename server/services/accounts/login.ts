import type { Knex } from 'knex';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords.js';
import type { UserRow } from '../../auth/user-context.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { recordAudit } from '../audit/record-audit.js';
import { loginRules, releaseSlot, takeSlot } from './throttle.js';

export type LoginResult =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'deactivated' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Checks the credentials. The attempt is counted first, atomically (takeSlot: per e-mail + IP,
 * per account, per IP — shared by all server processes through the database); when a bucket is
 * full the password is not checked at all. A successful login gives its slot back; a failure keeps
 * it. Unknown e-mail and wrong password give the same answer after the same work. The audit entry
 * (auth.login or auth.login_failed) is written in the same transaction as the attempt's effects.
 */
export async function attemptLogin(db: Knex, input: { email: string; password: string; ip: string }): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const slot = await takeSlot(db, loginRules(email, input.ip));
  if (!slot.ok) return { ok: false, reason: 'throttled', retryAfterSeconds: slot.retryAfterSeconds };

  const user = await db<UserRow>('users').where({ email }).whereNull('deleted_at').first();
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid || !toBool(user.active)) {
    await recordAudit(db, { action: 'auth.login_failed', subject: { type: 'user', id: input.email, label: input.email }, ip: input.ip });
    // Said only to whoever knows the password: a deactivated account, not a typing mistake.
    if (user && valid && user.deactivated_at) return { ok: false, reason: 'deactivated' };
    return { ok: false, reason: 'invalid' };
  }

  await db.transaction(async (trx) => {
    await releaseSlot(trx, slot);
    await trx('users').where({ id: user.id }).update({ last_login_at: nowIso() });
    await recordAudit(trx, { action: 'auth.login', user: { id: user.id, name: user.name }, subject: { type: 'user', id: user.id, label: user.email }, ip: input.ip });
  });
  return { ok: true, user };
}
