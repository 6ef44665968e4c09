import type { Knex } from 'knex';
import { type GrantColumns, type UserContext, type UserRow, userContextOf, withUserContext } from '../../auth/user-context.js';
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

/**
 * A live (not expired) session: its serialised data, its idle deadline (epoch ms), and its user's
 * context read in the same statement (server/auth/user-context.ts; undefined without a user, or
 * for a deleted or deactivated one) — one round trip for both on every signed-in request, the user
 * still read fresh each time. Undefined when there is no such session.
 */
export async function readSession(
  db: Knex,
  sid: string,
  now = Date.now(),
): Promise<(Pick<SessionRow, 'data' | 'expires_at' | 'user_id'> & { user: UserContext | undefined }) | undefined> {
  type Row = UserRow & GrantColumns & { session_data: string; session_expires_at: number | string; session_user_id: number | string | null };
  const row = (await prepared(
    db,
    withUserContext(db, db('sessions as s'), 's.user_id')
      .where('s.sid', sid)
      .andWhere('s.expires_at', '>', now)
      .first('s.data as session_data', 's.expires_at as session_expires_at', 's.user_id as session_user_id'),
  )) as Row | undefined;
  if (!row) return undefined;
  const { session_data: data, session_expires_at: expiresAt, session_user_id: userId, ...user } = row;
  return { data, expires_at: Number(expiresAt), user_id: userId === null ? null : Number(userId), user: userContextOf(user) };
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
