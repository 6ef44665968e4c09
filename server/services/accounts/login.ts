import type { Knex } from 'knex';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords.js';
import type { UserRow } from '../../auth/user-context.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { recordAudit } from '../audit/record-audit.js';

export const MAX_LOGIN_FAILURES = 5;
export const THROTTLE_WINDOW_MS = 60_000;

export type LoginResult =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export function throttleKey(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

/**
 * Checks the credentials. Failures are counted per e-mail + IP in the database (shared by all
 * server processes); the 6th attempt within a minute is refused without checking the password.
 * Unknown e-mail and wrong password give the same answer after the same work. The audit entry
 * (auth.login or auth.login_failed) is written in the same transaction as the attempt's effects.
 */
export async function attemptLogin(db: Knex, input: { email: string; password: string; ip: string }): Promise<LoginResult> {
  const key = throttleKey(input.email, input.ip);
  const since = Date.now() - THROTTLE_WINDOW_MS;
  const recent = await db('login_failures').where('throttle_key', key).andWhere('failed_at', '>', since).orderBy('failed_at').select('failed_at');
  if (recent.length >= MAX_LOGIN_FAILURES) {
    const oldest = Number(recent[recent.length - MAX_LOGIN_FAILURES].failed_at);
    return { ok: false, reason: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil((oldest + THROTTLE_WINDOW_MS - Date.now()) / 1000)) };
  }

  const user = await db<UserRow>('users').where({ email: input.email.trim().toLowerCase() }).whereNull('deleted_at').first();
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid || !toBool(user.active)) {
    await db.transaction(async (trx) => {
      await trx('login_failures').insert({ throttle_key: key, failed_at: Date.now() });
      await trx('login_failures').where('failed_at', '<', since).delete();
      await recordAudit(trx, { action: 'auth.login_failed', subject: { type: 'user', id: input.email, label: input.email }, ip: input.ip });
    });
    return { ok: false, reason: 'invalid' };
  }

  await db.transaction(async (trx) => {
    await trx('login_failures').where('throttle_key', key).delete();
    await trx('users').where({ id: user.id }).update({ last_login_at: nowIso() });
    await recordAudit(trx, { action: 'auth.login', user: { id: user.id, name: user.name }, subject: { type: 'user', id: user.id, label: user.email }, ip: input.ip });
  });
  return { ok: true, user };
}
