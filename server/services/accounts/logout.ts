import type { Knex } from 'knex';
import { recordAudit } from '../audit/record-audit.js';
import { deleteSession } from './sessions.js';

/**
 * Ends a signed-in session: removes its row and records auth.logout in the same transaction. The
 * caller then gives the browser a fresh (anonymous) session.
 */
export async function signOut(
  db: Knex,
  input: { sid: string; user: { id: number; name: string; email: string } | null; ip?: string },
): Promise<void> {
  await db.transaction(async (trx) => {
    await deleteSession(trx, input.sid);
    if (input.user) {
      const { id, name, email } = input.user;
      await recordAudit(trx, {
        action: 'auth.logout',
        user: { id, name },
        subject: { type: 'user', id, label: email },
        ip: input.ip,
      });
    }
  });
}
