import type { Knex } from 'knex';
import { hashPassword } from '../../auth/passwords.js';
import { randomToken, sha256 } from '../../auth/tokens.js';
import { nowIso } from '../../db/dialect.js';
import { devicesRevoked } from './login-devices.js';
import { destroyUserSessions } from './sessions.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit } from '../audit/record-audit.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Sends a reset link when the e-mail belongs to an active account. The caller answers the same
 * thing either way, so the form does not reveal which e-mails exist.
 */
export async function requestPasswordReset(
  db: Knex,
  mailer: Mailer,
  input: { email: string; appUrl: string },
): Promise<void> {
  const user = await db('users')
    .where({ email: input.email, active: true })
    .whereNull('deleted_at')
    .first('id', 'name', 'email');
  if (!user) return;
  await sendPasswordLink(db, mailer, { user, appUrl: input.appUrl, kind: 'reset' });
}

/** An invitation link lasts longer than a reset link: the new user may read their mail days later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Issues a set-password link (replacing any unused one) and mails it: `reset` (« mot de passe
 * oublié », or sent by an administrator from Paramètres › Utilisateurs, valid 60 minutes) or
 * `invite` (a new account created by an administrator, valid 7 days). The link opens the reset
 * page; choosing the password there ends every session of the account.
 */
export async function sendPasswordLink(
  db: Knex | Knex.Transaction,
  mailer: Mailer,
  input: { user: { id: number; name: string; email: string }; appUrl: string; kind: 'reset' | 'invite' },
): Promise<void> {
  const { user } = input;
  const token = randomToken();
  const write = async (trx: Knex.Transaction) => {
    await trx('password_resets').where({ user_id: user.id }).whereNull('used_at').delete();
    await trx('password_resets').insert({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: Date.now() + (input.kind === 'invite' ? INVITATION_TTL_MS : RESET_TOKEN_TTL_MS),
      created_at: nowIso(),
    });
  };
  if (db.isTransaction) await write(db as Knex.Transaction);
  else await db.transaction(write);
  const link = `${input.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  await mailer.send(
    input.kind === 'invite'
      ? {
          to: user.email,
          subject: 'Votre compte SDSTOCK WEB 2.0 a été créé',
          text: [
            `Bonjour ${user.name},`,
            '',
            'Un administrateur vient de vous créer un compte SDSTOCK WEB 2.0 avec cette adresse e-mail.',
            '',
            'Pour choisir votre mot de passe et activer votre accès, ouvrez ce lien (valable 7 jours) :',
            link,
            '',
            'Si vous n’attendiez pas ce message, ignorez-le : sans mot de passe choisi, personne ne peut se connecter à ce compte.',
            '',
            'SDSTOCK WEB 2.0',
          ].join('\n'),
        }
      : {
          to: user.email,
          subject: 'Réinitialisation de votre mot de passe - SDSTOCK WEB 2.0',
          text: [
            `Bonjour ${user.name},`,
            '',
            'Vous recevez cet e-mail parce que nous avons reçu une demande de réinitialisation du mot de passe de votre compte.',
            '',
            `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 60 minutes) :`,
            link,
            '',
            'Si vous n’êtes pas à l’origine de cette demande, aucune action n’est requise.',
            '',
            'SDSTOCK WEB 2.0',
          ].join('\n'),
        },
  );
}

export type ResetResult = { ok: true } | { ok: false; field: 'email'; message: string };

/** Sets the new password if the token is valid, unused and recent; ends every session of the user. */
export async function resetPassword(
  db: Knex,
  input: { token: string; email: string; password: string; ip?: string },
): Promise<ResetResult> {
  const invalid: ResetResult = {
    ok: false,
    field: 'email',
    message: 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez en demander un nouveau.',
  };
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (trx) => {
    const row = await trx('password_resets')
      .join('users', 'users.id', 'password_resets.user_id')
      .where('password_resets.token_hash', sha256(input.token))
      .first(
        'password_resets.id',
        'password_resets.expires_at',
        'password_resets.used_at',
        'users.id as user_id',
        'users.email',
        'users.name',
      );
    if (!row || row.used_at || Number(row.expires_at) < Date.now() || row.email !== input.email) return invalid;
    await trx('password_resets').where({ id: row.id }).update({ used_at: nowIso() });
    // The person chose their own password: no forced change at the next login.
    await trx('users')
      .where({ id: row.user_id })
      .update({
        password_hash: passwordHash,
        must_change_password: false,
        updated_at: nowIso(),
        ...devicesRevoked(trx),
      });
    await destroyUserSessions(trx, row.user_id);
    await recordAudit(trx, {
      action: 'auth.password_reset',
      user: { id: row.user_id, name: row.name },
      subject: { type: 'user', id: row.user_id, label: row.email },
      ip: input.ip,
    });
    return { ok: true } as const;
  });
}
