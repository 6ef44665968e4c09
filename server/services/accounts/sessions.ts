import type { Knex } from 'knex';
import { lightWrite, prepared } from '../../db/dialect.js';

/**
 * The `sessions` table: one row per login session (sid, serialised data, idle deadline in epoch ms,
 * owning user). The express-session store (server/http/session/knex-store.ts) reads and writes
 * through these functions, and the account services end a user's sessions with them, so the table
 * has one owner.
 */
export interface SessionRow {
  sid: string;
  data: string;
  expires_at: number;
  user_id: number | null;
}

/** A live (not expired) session: its serialised data and its idle deadline (epoch ms); undefined when none. */
export async function readSession(db: Knex, sid: string, now = Date.now()): Promise<Pick<SessionRow, 'data' | 'expires_at'> | undefined> {
  const row = await prepared(db, db('sessions').where({ sid }).andWhere('expires_at', '>', now).first('data', 'expires_at'));
  return row ? { data: row.data as string, expires_at: Number(row.expires_at) } : undefined;
}

/** Creates or replaces a session row (a light write: see `lightWrite`). */
export async function saveSession(db: Knex, row: SessionRow): Promise<void> {
  await lightWrite(db, db('sessions').insert(row).onConflict('sid').merge(['data', 'expires_at', 'user_id']));
}

/** Moves the idle deadline to `expiresAt`, writing only when it moved by more than a minute. */
export async function extendSession(db: Knex, sid: string, expiresAt: number): Promise<void> {
  await lightWrite(db, db('sessions').where({ sid }).andWhere('expires_at', '<', expiresAt - 60_000).update({ expires_at: expiresAt }));
}

export async function deleteSession(db: Knex | Knex.Transaction, sid: string): Promise<void> {
  await db('sessions').where({ sid }).delete();
}

/** Removes expired rows; returns how many. */
export async function pruneSessions(db: Knex, now = Date.now()): Promise<number> {
  return db('sessions').where('expires_at', '<=', now).delete();
}

/** Ends every session of a user (deactivation, password reset, account deletion), except `exceptSid`. */
export async function destroyUserSessions(db: Knex | Knex.Transaction, userId: number, exceptSid?: string): Promise<void> {
  const q = db('sessions').where({ user_id: userId });
  if (exceptSid) q.andWhereNot({ sid: exceptSid });
  await q.delete();
}

/** Ends every session of every user (after a database restore: everyone signs in again). */
export async function destroyAllSessions(db: Knex | Knex.Transaction): Promise<number> {
  return db('sessions').delete();
}
