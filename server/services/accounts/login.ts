import type { Knex } from 'knex';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords.js';
import type { UserRow } from '../../auth/user-context.js';
import { nowIso, toBool } from '../../db/dialect.js';
import { recordAudit } from '../audit/record-audit.js';
import { deviceCookieAfterLogin, parseDeviceCookie, validDevice } from './login-devices.js';
import { deviceLoginRules, loginRules, releaseSlot, takeSlot } from './throttle.js';

export type LoginResult =
  | { ok: true; user: UserRow & { credentials_version: number | string }; deviceCookie: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'deactivated' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Checks the credentials. The attempt is counted first, atomically (takeSlot — shared by all
 * server processes through the database); when a bucket is full the password is not checked at
 * all. From a browser whose device cookie holds a valid entry for the account, the attempt counts
 * against that entry only (deviceLoginRules); from any other, per e-mail + address, per account
 * and per address (loginRules — the address's guess bucket counts failures on existing accounts
 * only, every attempt is checked against it). A successful login gives its slot back and returns
 * the device cookie's new value; a failure keeps the slot. Unknown e-mail and wrong password give
 * the same answer after the same work. The audit entry (auth.login or auth.login_failed) is
 * written in the same transaction as the attempt's effects.
 */
export async function attemptLogin(
  db: Knex,
  input: { email: string; password: string; ip: string; deviceCookie?: string; appKey: string },
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const user = await db<UserRow & { credentials_version: number | string }>('users')
    .where({ email })
    .whereNull('deleted_at')
    .first();
  const entries = parseDeviceCookie(input.deviceCookie);
  const device = validDevice(input.appKey, entries, user);
  const slot = await takeSlot(
    db,
    device ? deviceLoginRules(Number(user!.id), device.deviceId) : loginRules(email, input.ip, user !== undefined),
  );
  if (!slot.ok) return { ok: false, reason: 'throttled', retryAfterSeconds: slot.retryAfterSeconds };

  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid || !toBool(user.active)) {
    await recordAudit(db, {
      action: 'auth.login_failed',
      subject: { type: 'user', id: input.email, label: input.email },
      ip: input.ip,
    });
    // Said only to whoever knows the password: a deactivated account, not a typing mistake.
    if (user && valid && user.deactivated_at) return { ok: false, reason: 'deactivated' };
    return { ok: false, reason: 'invalid' };
  }

  await db.transaction(async (trx) => {
    await releaseSlot(trx, slot);
    await trx('users').where({ id: user.id }).update({ last_login_at: nowIso() });
    await recordAudit(trx, {
      action: 'auth.login',
      user: { id: user.id, name: user.name },
      subject: { type: 'user', id: user.id, label: user.email },
      ip: input.ip,
    });
  });
  return { ok: true, user, deviceCookie: deviceCookieAfterLogin(input.appKey, entries, user) };
}
