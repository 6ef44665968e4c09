import type { Knex } from 'knex';
import { sha256 } from '../../auth/tokens.js';
import { insertReturningId } from '../../db/dialect.js';
import { inTransaction, lockResource } from '../../db/transaction.js';

/**
 * The one throttle (DESIGN.md §8): login, password checks after login, reset and registration
 * mails. An attempt is counted — a row in throttle_hits for each of its buckets — BEFORE the check
 * it guards, in one transaction that first locks the buckets (BEGIN IMMEDIATE on SQLite, an
 * advisory lock per bucket on PostgreSQL). A parallel burst is therefore serialised: once a bucket
 * holds `limit` hits inside its window, every further attempt is refused without being checked.
 * A check that succeeds gives its own slot back (releaseSlot), so successful logins never count.
 */
export interface ThrottleRule {
  /** A bucket from throttleBucket(): kind + hashed identity (no e-mail or IP stored in clear). */
  bucket: string;
  limit: number;
  windowMs: number;
  /**
   * Backs off instead of locking: once the bucket holds `limit` hits inside the window, the next
   * attempt must come `baseMs` after the latest hit, twice as long after each further one, never
   * more than `maxMs` — never a lock for the whole window. Without it, a full bucket refuses
   * until its oldest counted hit leaves the window.
   */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * The bucket this attempt's hit is written to when it is not the one checked: the attempt is
   * checked against `bucket` (a full one refuses) without filling it. The same work as counting it
   * there, so the answer's timing does not tell the two apart.
   */
  countInto?: string;
}

export type Slot = { ok: true; ids: number[] } | { ok: false; retryAfterSeconds: number };

export function throttleBucket(kind: string, ...identity: (string | number)[]): string {
  return `${kind}:${sha256(identity.map((part) => String(part).trim().toLowerCase()).join('|')).slice(0, 40)}`;
}

/** Counts one attempt in every bucket, or none when any bucket is full (then says how long to wait). */
export async function takeSlot(db: Knex, rules: ThrottleRule[], now = Date.now()): Promise<Slot> {
  // A fixed lock order: two attempts sharing buckets never wait on each other in a cycle.
  const ordered = [...rules].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  return inTransaction(db, async (trx) => {
    for (const rule of ordered) await lockResource(trx, `throttle:${rule.bucket}`);
    let waitMs = 0;
    for (const rule of ordered) waitMs = Math.max(waitMs, await waitOf(trx, rule, now));
    if (waitMs > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    const ids: number[] = [];
    for (const rule of ordered)
      ids.push(await insertReturningId(trx, 'throttle_hits', { bucket: rule.countInto ?? rule.bucket, hit_at: now }));
    return { ok: true, ids };
  });
}

/** How long an attempt must wait for this bucket (0: it may go now), read under the bucket's lock. */
async function waitOf(trx: Knex.Transaction, rule: ThrottleRule, now: number): Promise<number> {
  const inWindow = trx('throttle_hits')
    .where('bucket', rule.bucket)
    .andWhere('hit_at', '>', now - rule.windowMs);
  if (rule.backoff) {
    const row = (await inWindow.first(trx.raw('COUNT(*) AS n'), trx.raw('MAX(hit_at) AS latest'))) as {
      n: number | string;
      latest: number | string | null;
    };
    const over = Number(row.n) - rule.limit;
    if (over < 0) return 0;
    return Number(row.latest) + Math.min(rule.backoff.maxMs, rule.backoff.baseMs * 2 ** Math.min(over, 30)) - now;
  }
  const recent = await inWindow.orderBy('hit_at', 'desc').limit(rule.limit).select('hit_at');
  return recent.length >= rule.limit ? Number(recent[rule.limit - 1].hit_at) + rule.windowMs - now : 0;
}

/** Gives back the slots of an attempt that succeeded (a right password is not a failure). */
export async function releaseSlot(db: Knex | Knex.Transaction, slot: { ids: number[] }): Promise<void> {
  if (slot.ids.length) await db('throttle_hits').whereIn('id', slot.ids).delete();
}

/** Removes hits older than every window (the server sweeps hourly). */
export async function pruneThrottleHits(db: Knex, olderThanMs = 24 * 3_600_000, now = Date.now()): Promise<number> {
  return db('throttle_hits')
    .where('hit_at', '<', now - olderThanMs)
    .delete();
}

/** "dans 42 secondes" / "dans 3 minutes": the wait, in French, for the refusal messages. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} secondes`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const MINUTE = 60_000;

/**
 * Login (DESIGN.md §8), after OWASP's device cookies (services/accounts/login-devices.ts). From a
 * browser holding a valid device cookie of the account, an attempt counts against that device
 * cookie only: others' failures never lock its owner out, and a device cookie that fails too often
 * is locked out itself. From any other browser: per e-mail + address (5 a minute), per account
 * whatever the address (10 in 15 minutes), and per address two buckets that back off rather than
 * lock — the failures on existing accounts (the guesses: 20 in 15 minutes, then 5 s, 10 s… up to a
 * minute between attempts) and every attempt, unknown e-mails included (a flood: 300 in 15
 * minutes, then the same back-off): failures on unknown e-mails slow a colleague behind the same
 * address down only past a flood, and then by seconds. Every attempt is checked against every
 * bucket, known e-mail or not: the answer is the same.
 */
export const LOGIN_LIMITS = {
  emailAndIp: { limit: 5, windowMs: MINUTE },
  account: { limit: 10, windowMs: 15 * MINUTE },
  ipAccounts: { limit: 20, windowMs: 15 * MINUTE, backoff: { baseMs: 5_000, maxMs: MINUTE } },
  ip: { limit: 300, windowMs: 15 * MINUTE, backoff: { baseMs: 5_000, maxMs: MINUTE } },
  device: { limit: 5, windowMs: MINUTE },
  deviceLong: { limit: 10, windowMs: 15 * MINUTE },
} as const;

/**
 * A login from a browser without a valid device cookie of the account. `accountExists` says
 * whether the address's guess bucket counts it: an attempt on an unknown e-mail is checked against
 * it all the same, its hit written apart (`countInto`).
 */
export function loginRules(email: string, ip: string, accountExists: boolean): ThrottleRule[] {
  const guesses = throttleBucket('login-ip-accounts', ip);
  return [
    { bucket: throttleBucket('login', email, ip), ...LOGIN_LIMITS.emailAndIp },
    { bucket: throttleBucket('login-account', email), ...LOGIN_LIMITS.account },
    {
      bucket: guesses,
      ...LOGIN_LIMITS.ipAccounts,
      ...(accountExists ? {} : { countInto: throttleBucket('login-ip-unknown', ip) }),
    },
    { bucket: throttleBucket('login-ip', ip), ...LOGIN_LIMITS.ip },
  ];
}

/** A login from a browser presenting a valid device cookie of the account: counted against that device cookie only. */
export function deviceLoginRules(userId: number, deviceId: string): ThrottleRule[] {
  return [
    { bucket: throttleBucket('login-device', userId, deviceId), ...LOGIN_LIMITS.device },
    { bucket: throttleBucket('login-device-long', userId, deviceId), ...LOGIN_LIMITS.deviceLong },
  ];
}

/** Password checks of a signed-in user (confirmation, password or e-mail change, deletion). */
export const PASSWORD_CHECK_LIMITS = {
  user: { limit: 5, windowMs: MINUTE },
  userLong: { limit: 10, windowMs: 15 * MINUTE },
} as const;

export function passwordCheckRules(userId: number): ThrottleRule[] {
  return [
    { bucket: throttleBucket('password-check', userId), ...PASSWORD_CHECK_LIMITS.user },
    { bucket: throttleBucket('password-check-long', userId), ...PASSWORD_CHECK_LIMITS.userLong },
  ];
}

/** Mails sent to an address typed by a guest (reset link, registration) or resent (verification link): per address and per IP. */
export const MAIL_LIMITS = {
  email: { limit: 3, windowMs: 15 * MINUTE },
  ip: { limit: 10, windowMs: 15 * MINUTE },
} as const;

export function guestMailRules(kind: 'reset' | 'register' | 'verify', email: string, ip: string): ThrottleRule[] {
  return [
    { bucket: throttleBucket(`${kind}-email`, email), ...MAIL_LIMITS.email },
    { bucket: throttleBucket(`${kind}-ip`, ip), ...MAIL_LIMITS.ip },
  ];
}

/** Requests of one REST API token (/api/v1): beyond the limit, 429 with Retry-After. */
export const API_TOKEN_LIMITS = {
  token: { limit: 120, windowMs: MINUTE },
} as const;

export function apiTokenRules(tokenId: number): ThrottleRule[] {
  return [{ bucket: throttleBucket('api-token', tokenId), ...API_TOKEN_LIMITS.token }];
}

/**
 * Public receipts opened from a shared link (/recu/<token>), per IP: a client opens theirs a few
 * times; a token cannot be guessed (32 random bytes), this only keeps a flood of attempts off the
 * database.
 */
export const RECEIPT_LIMITS = {
  ip: { limit: 30, windowMs: MINUTE },
} as const;

export function receiptRules(ip: string): ThrottleRule[] {
  return [{ bucket: throttleBucket('receipt-ip', ip), ...RECEIPT_LIMITS.ip }];
}
