import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { safeEqual, sign } from '../../auth/tokens.js';

/**
 * Device cookies (OWASP, « Slow down online guessing attacks with device cookies »): after a
 * successful login the browser keeps a signed entry naming the user; a login attempt presenting a
 * valid entry for the account it names is counted against that entry only (deviceLoginRules,
 * throttle.ts), so the failures of others — any address, any number — never lock the owner out of
 * the browser they use, and an entry that fails too often is locked out itself.
 *
 * One cookie holds the entries of the last few accounts signed in on the browser (a shop's shared
 * computer), the latest first: `userId.deviceId.signature`, joined by `~`. The signature is an HMAC
 * with APP_KEY of the user, the device id and the user's credentials_version, which every password
 * change, reset, deactivation and deletion increments (`devicesRevoked`): every entry signed
 * before is void from then on.
 */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** Accounts remembered by one browser. */
export const DEVICE_ENTRIES_MAX = 5;

export interface DeviceEntry {
  userId: number;
  deviceId: string;
  signature: string;
}

/** The user columns an entry is checked against. */
export interface DeviceOwner {
  id: number;
  credentials_version: number | string;
}

const ENTRY = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

function signatureOf(appKey: string, userId: number, deviceId: string, version: number | string): string {
  return sign(appKey, `login-device|${userId}|${deviceId}|${Number(version)}`).slice(0, 22);
}

/** The well-formed entries of a cookie value (anything else is ignored), at most DEVICE_ENTRIES_MAX. */
export function parseDeviceCookie(value: string | undefined): DeviceEntry[] {
  if (!value || value.length > 1_000) return [];
  const entries: DeviceEntry[] = [];
  for (const part of value.split('~')) {
    const m = ENTRY.exec(part);
    if (m && entries.length < DEVICE_ENTRIES_MAX)
      entries.push({ userId: Number(m[1]), deviceId: m[2], signature: m[3] });
  }
  return entries;
}

/**
 * The entry of `user` among the cookie's when its signature holds under the user's current
 * credentials version; undefined otherwise (no user, no entry, forged or revoked). One signature
 * is computed whether or not an entry names the user.
 */
export function validDevice(
  appKey: string,
  entries: DeviceEntry[],
  user: DeviceOwner | undefined,
): DeviceEntry | undefined {
  const entry = user ? entries.find((e) => e.userId === Number(user.id)) : undefined;
  const expected = signatureOf(appKey, entry?.userId ?? 0, entry?.deviceId ?? '', user?.credentials_version ?? 0);
  return entry && safeEqual(entry.signature, expected) ? entry : undefined;
}

/** The cookie's value after `user` signed in: a new entry for them first, their older ones dropped, the others kept. */
export function deviceCookieAfterLogin(appKey: string, entries: DeviceEntry[], user: DeviceOwner): string {
  const deviceId = randomBytes(12).toString('base64url');
  const fresh: DeviceEntry = {
    userId: Number(user.id),
    deviceId,
    signature: signatureOf(appKey, Number(user.id), deviceId, user.credentials_version),
  };
  return [fresh, ...entries.filter((e) => e.userId !== fresh.userId)]
    .slice(0, DEVICE_ENTRIES_MAX)
    .map((e) => `${e.userId}.${e.deviceId}.${e.signature}`)
    .join('~');
}

/**
 * The column change that voids every device cookie of a user, for the UPDATE of users that
 * changes their password, deactivates or deletes the account.
 */
export function devicesRevoked(db: Knex | Knex.Transaction): { credentials_version: Knex.Raw } {
  return { credentials_version: db.raw('credentials_version + 1') };
}

/**
 * The device cookie of a browser that just proved the user's password elsewhere than at login (a
 * password change voids its entry with every other: it gets a new one, the others' entries kept).
 */
export async function renewedDeviceCookie(
  db: Knex,
  appKey: string,
  userId: number,
  cookie: string | undefined,
): Promise<string> {
  const user = (await db('users').where({ id: userId }).first('id', 'credentials_version')) as DeviceOwner;
  return deviceCookieAfterLogin(appKey, parseDeviceCookie(cookie), user);
}
