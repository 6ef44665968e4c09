import session from 'express-session';
import type { Knex } from 'knex';
import type { SessionUser } from './types.js';
import {
  deleteSession,
  extendSession,
  insertSession,
  insertSignedInSession,
  pruneSessions,
  readSession,
  updateSession,
} from '../../services/accounts/sessions.js';

/**
 * express-session store in our database, so several server processes share sessions and an
 * administrator can end a user's sessions (user_id column). The table's rows are read and written by server/services/accounts/sessions.ts.
 */
export class KnexSessionStore extends session.Store {
  /**
   * The deadline each session object was read or last stored with (it lives as long as its
   * request), so a touch within a minute of it writes nothing and sends nothing: the row read at
   * the start of the request, or saved by it, already says so.
   */
  private readonly stored = new WeakMap<object, number>();
  /** What was read with each session (its deadline, its user), until express-session builds the request's session from it. */
  private readonly read = new WeakMap<object, { deadline: number; user: SessionUser }>();
  /**
   * The session objects whose row exists: read from the store, or inserted by this request. Their
   * saves only update (a row deleted meanwhile is never recreated); any other session is one
   * express-session generated in this request (no cookie, an unknown or ended one, a regenerate),
   * and its first save inserts it.
   */
  private readonly inStore = new WeakSet<object>();

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
    readSession(this.db, sid)
      .then((row) => {
        if (!row) return callback(null, null);
        const sess = JSON.parse(row.data) as session.SessionData;
        this.read.set(sess, { deadline: row.expires_at, user: { userId: row.user_id, context: row.user } });
        callback(null, sess);
      })
      .catch((err) => callback(err));
  }

  /**
   * express-session's own, then what was read with the data goes to this request: the deadline for
   * its touch, the user for loadUser (server/http/middleware/auth.ts).
   */
  override createSession(
    req: Parameters<session.Store['createSession']>[0],
    sess: session.SessionData,
  ): session.Session & session.SessionData {
    const read = this.read.get(sess);
    const created = super.createSession(req, sess);
    if (read) {
      this.stored.set(created, read.deadline);
      this.inStore.add(created);
      req.sessionUser = read.user;
    }
    return created;
  }

  /**
   * Stores the session: an UPDATE for one whose row exists (read, or inserted earlier by this
   * request) — a session ended while its request ran stays ended —, an INSERT for one generated in
   * this request; a login's only while the user's credentials are still those it checked.
   */
  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    const expiresAt = this.expiryOf(sess);
    const row = { sid, data: JSON.stringify(sess), expires_at: expiresAt, user_id: sess.userId ?? null };
    const write = this.inStore.has(sess)
      ? updateSession(this.db, row)
      : sess.userId !== undefined && sess.credentialsVersion !== undefined
        ? insertSignedInSession(this.db, { ...row, user_id: sess.userId }, sess.credentialsVersion)
        : insertSession(this.db, row);
    write
      .then(() => {
        this.stored.set(sess, expiresAt);
        this.inStore.add(sess);
        callback?.();
      })
      .catch((err) => callback?.(err));
  }

  /**
   * Extends the idle deadline, writing only when it moved by more than a minute: a request within
   * a minute of the deadline it read (or stored) sends nothing; otherwise the guarded UPDATE.
   */
  override touch(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    const stored = this.stored.get(sess);
    if (stored !== undefined && Math.abs(this.expiryOf(sess) - stored) <= 60_000) {
      callback?.();
      return;
    }
    extendSession(this.db, sid, this.expiryOf(sess))
      .then(() => callback?.())
      .catch((err) => callback?.(err));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    deleteSession(this.db, sid)
      .then(() => callback?.())
      .catch((err) => callback?.(err));
  }

  /** Removes expired rows; called from time to time, not on every request. */
  async prune(): Promise<number> {
    return pruneSessions(this.db);
  }
}
