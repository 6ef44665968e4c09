import session from 'express-session';
import type { Knex } from 'knex';

/**
 * express-session store in our database, so several server processes share sessions and an
 * administrator can end a user's sessions (user_id column).
 */
export class KnexSessionStore extends session.Store {
  constructor(
    private readonly db: Knex,
    private readonly idleMs: number,
  ) {
    super();
  }

  private expiryOf(sess: session.SessionData): number {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + this.idleMs;
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.db('sessions')
      .where({ sid })
      .andWhere('expires_at', '>', Date.now())
      .first('data')
      .then((row) => callback(null, row ? (JSON.parse(row.data) as session.SessionData) : null))
      .catch((err) => callback(err));
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    const row = {
      sid,
      data: JSON.stringify(sess),
      expires_at: this.expiryOf(sess),
      user_id: (sess as { userId?: number }).userId ?? null,
    };
    this.db('sessions')
      .insert(row)
      .onConflict('sid')
      .merge(['data', 'expires_at', 'user_id'])
      .then(() => callback?.())
      .catch((err) => callback?.(err));
  }

  /** Extends the idle deadline, writing only when it moved by more than a minute. */
  override touch(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = this.expiryOf(sess);
    this.db('sessions')
      .where({ sid })
      .andWhere('expires_at', '<', expiresAt - 60_000)
      .update({ expires_at: expiresAt })
      .then(() => callback?.())
      .catch((err) => callback?.(err));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.db('sessions')
      .where({ sid })
      .delete()
      .then(() => callback?.())
      .catch((err) => callback?.(err));
  }

  /** Removes expired rows; called from time to time, not on every request. */
  async prune(): Promise<number> {
    return this.db('sessions').where('expires_at', '<=', Date.now()).delete();
  }
}

/** Ends every session of a user (deactivation, password reset, account deletion). */
export async function destroyUserSessions(db: Knex | Knex.Transaction, userId: number, exceptSid?: string): Promise<void> {
  const q = db('sessions').where({ user_id: userId });
  if (exceptSid) q.andWhereNot({ sid: exceptSid });
  await q.delete();
}
