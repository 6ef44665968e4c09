import type { Knex } from 'knex';
import { recordAudit } from '../audit/record-audit.js';
import { hashPassword } from '../../auth/passwords.js';
import type { Mailer } from '../../mail/mailer.js';
import { sendRegistrationAttemptNotice } from './account-mails.js';
import { insertUser } from './create-user.js';
import { sendVerificationEmail } from './email-verification.js';
import { emailTaken } from './profile.js';

export interface Registration {
  name: string;
  first_name?: string | null;
  email: string;
  password: string;
  ip?: string;
}

/**
 * Self-registration, answered the same whether or not the address has an account (the route says
 * « si cette adresse peut être utilisée, un e-mail vous a été envoyé » before this runs, in the
 * background). A new address: the account is created — without any role until an administrator
 * grants one — and a verification link is mailed. An address already in use: nothing is created or
 * changed, and its owner is told by mail that someone tried (they may have forgotten they have an
 * account: the mail leads to the login and the reset form).
 */
export async function registerOrNotify(
  db: Knex,
  mailer: Mailer,
  input: Registration,
  links: { appUrl: string; appKey: string },
): Promise<'created' | 'notified'> {
  const notifyOwner = async () => {
    const owner = await db('users').where({ email: input.email }).first('name', 'email');
    if (owner) await sendRegistrationAttemptNotice(mailer, links.appUrl, owner);
    return 'notified' as const;
  };
  if (await emailTaken(db, input.email)) return notifyOwner();
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    id = await db.transaction(async (trx) => {
      const newId = await insertUser(
        trx,
        { name: input.name, first_name: input.first_name, email: input.email },
        passwordHash,
      );
      await recordAudit(trx, {
        action: 'auth.register',
        user: { id: newId, name: input.name },
        subject: { type: 'user', id: newId, label: input.email },
        ip: input.ip,
      });
      return newId;
    });
  } catch (err) {
    // Two sign-ups with the same e-mail at once: the UNIQUE index decides.
    if (await emailTaken(db, input.email)) return notifyOwner();
    throw err;
  }
  await sendVerificationEmail(mailer, links.appUrl, links.appKey, { id, name: input.name, email: input.email });
  return 'created';
}
