import type { Knex } from 'knex';
import { recordAudit } from '../audit/record-audit.js';
import { hashPassword } from '../../auth/passwords.js';
import { insertUser } from './create-user.js';
import { EMAIL_TAKEN, emailTaken } from './profile.js';
import { Refusal } from '../../domain/errors.js';

/** Self-registration: the account has no role until an administrator grants one. */
export async function registerUser(db: Knex, input: { name: string; email: string; password: string; ip?: string }): Promise<number> {
  if (await emailTaken(db, input.email)) throw new Refusal({ email: EMAIL_TAKEN });
  try {
    const passwordHash = await hashPassword(input.password);
    return await db.transaction(async (trx) => {
      const id = await insertUser(trx, { name: input.name, email: input.email }, passwordHash);
      await recordAudit(trx, { action: 'auth.register', user: { id, name: input.name }, subject: { type: 'user', id, label: input.email }, ip: input.ip });
      return id;
    });
  } catch (err) {
    // Two sign-ups with the same e-mail at once: the UNIQUE index decides.
    if (await emailTaken(db, input.email)) throw new Refusal({ email: EMAIL_TAKEN });
    throw err;
  }
}
