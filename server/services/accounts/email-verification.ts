import type { Knex } from 'knex';
import { safeEqual, sha256, sign } from '../../auth/tokens.js';
import { nowIso } from '../../db/dialect.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Mailer } from '../../mail/mailer.js';

export const VERIFICATION_TTL_MS = 60 * 60 * 1000;

/** A link signed with the app key: it names the user, a hash of the e-mail and an expiry. */
export function verificationUrl(
  appUrl: string,
  appKey: string,
  user: { id: number; email: string },
  now = Date.now(),
): string {
  const expires = now + VERIFICATION_TTL_MS;
  const path = `/verify-email/${user.id}/${sha256(user.email).slice(0, 40)}`;
  const signature = sign(appKey, `${path}?expires=${expires}`);
  return `${appUrl}${path}?expires=${expires}&signature=${signature}`;
}

export function checkVerificationLink(
  appKey: string,
  input: { id: string; hash: string; expires: string; signature: string },
  user: { id: number; email: string },
): boolean {
  const path = `/verify-email/${input.id}/${input.hash}`;
  const expected = sign(appKey, `${path}?expires=${input.expires}`);
  if (!safeEqual(expected, input.signature)) return false;
  if (!/^\d+$/.test(input.expires) || Number(input.expires) < Date.now()) return false;
  return String(user.id) === input.id && safeEqual(sha256(user.email).slice(0, 40), input.hash);
}

export async function sendVerificationEmail(
  mailer: Mailer,
  appUrl: string,
  appKey: string,
  user: { id: number; name: string; email: string },
) {
  await mailer.send({
    to: user.email,
    subject: 'Vérifiez votre adresse e-mail - SDSTOCK WEB 2.0',
    text: [
      `Bonjour ${user.name},`,
      '',
      'Veuillez confirmer votre adresse e-mail en ouvrant ce lien (valable 60 minutes) :',
      verificationUrl(appUrl, appKey, user),
      '',
      'Si vous n’avez pas créé de compte, aucune action n’est requise.',
      '',
      'SDSTOCK WEB 2.0',
    ].join('\n'),
  });
}

/** Marks the address verified (once) and records auth.email_verified in the same transaction. */
export async function markEmailVerified(
  db: Knex,
  user: { id: number; name: string; email: string },
  ip?: string,
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('users')
      .where({ id: user.id })
      .whereNull('email_verified_at')
      .update({ email_verified_at: nowIso(), updated_at: nowIso() });
    await recordAudit(trx, {
      action: 'auth.email_verified',
      user: { id: user.id, name: user.name },
      subject: { type: 'user', id: user.id, label: user.email },
      ip,
    });
  });
}
