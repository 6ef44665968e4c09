import type { Mailer } from '../../mail/mailer.js';

/**
 * Notices sent to an account's owner about their account: its e-mail changed, or someone tried to
 * register with their address. The owner learns of it even when the person acting is not them.
 */
export async function sendEmailChangedNotice(
  mailer: Mailer,
  appUrl: string,
  input: { name: string; previousEmail: string; newEmail: string },
): Promise<void> {
  await mailer.send({
    to: input.previousEmail,
    subject: 'Votre adresse e-mail a été modifiée - SDSTOCK WEB 2.0',
    text: [
      `Bonjour ${input.name},`,
      '',
      `L’adresse e-mail de connexion de votre compte SDSTOCK WEB 2.0 vient d’être changée de ${input.previousEmail} en ${input.newEmail}.`,
      '',
      'Si vous êtes à l’origine de ce changement, aucune action n’est requise.',
      'Sinon, prévenez immédiatement votre administrateur : il peut désactiver le compte et rétablir l’adresse.',
      '',
      appUrl,
      '',
      'SDSTOCK WEB 2.0',
    ].join('\n'),
  });
}

export async function sendRegistrationAttemptNotice(
  mailer: Mailer,
  appUrl: string,
  input: { name: string; email: string },
): Promise<void> {
  await mailer.send({
    to: input.email,
    subject: 'Tentative de création de compte avec votre adresse - SDSTOCK WEB 2.0',
    text: [
      `Bonjour ${input.name},`,
      '',
      'Quelqu’un vient de demander la création d’un compte SDSTOCK WEB 2.0 avec votre adresse e-mail. Vous avez déjà un compte : aucun autre n’a été créé et le vôtre n’a pas été modifié.',
      '',
      `Si c’était vous, connectez-vous : ${appUrl}/login`,
      `Mot de passe oublié ? Demandez un nouveau lien : ${appUrl}/forgot-password`,
      '',
      'Si ce n’était pas vous, ignorez ce message.',
      '',
      'SDSTOCK WEB 2.0',
    ].join('\n'),
  });
}
