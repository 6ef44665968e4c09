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
    for (const rule of ordered) {
      const recent = await trx('throttle_hits')
        .where('bucket', rule.bucket)
        .andWhere('hit_at', '>', now - rule.windowMs)
        .orderBy('hit_at', 'desc')
        .limit(rule.limit)
        .select('hit_at');
      if (recent.length >= rule.limit) waitMs = Math.max(waitMs, Number(recent[rule.limit - 1].hit_at) + rule.windowMs - now);
    }
    if (waitMs > 0) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    const ids: number[] = [];
    for (const rule of ordered) ids.push(await insertReturningId(trx, 'throttle_hits', { bucket: rule.bucket, hit_at: now }));
    return { ok: true, ids };
  });
}

/** Gives back the slots of an attempt that succeeded (a right password is not a failure). */
export async function releaseSlot(db: Knex | Knex.Transaction, slot: { ids: number[] }): Promise<void> {
  if (slot.ids.length) await db('throttle_hits').whereIn('id', slot.ids).delete();
}

/** Removes hits older than every window (the server sweeps hourly). */
export async function pruneThrottleHits(db: Knex, olderThanMs = 24 * 3_600_000, now = Date.now()): Promise<number> {
  return db('throttle_hits').where('hit_at', '<', now - olderThanMs).delete();
}

/** "dans 42 secondes" / "dans 3 minutes": the wait, in French, for the refusal messages. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} secondes`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const MINUTE = 60_000;

/** Login: per e-mail + address (DESIGN.md §8: 5 a minute), per account whatever the address, per address. */
export const LOGIN_LIMITS = {
  emailAndIp: { limit: 5, windowMs: MINUTE },
  account: { limit: 10, windowMs: 15 * MINUTE },
  ip: { limit: 50, windowMs: 15 * MINUTE },
} as const;

export function loginRules(email: string, ip: string): ThrottleRule[] {
  return [
    { bucket: throttleBucket('login', email, ip), ...LOGIN_LIMITS.emailAndIp },
    { bucket: throttleBucket('login-account', email), ...LOGIN_LIMITS.account },
    { bucket: throttleBucket('login-ip', ip), ...LOGIN_LIMITS.ip },
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
