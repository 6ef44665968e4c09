import { Router } from 'express';
import type { AppContext } from '../context.js';
import { sendEmailChangedNotice } from '../../services/accounts/account-mails.js';
import { sendVerificationEmail } from '../../services/accounts/email-verification.js';
import {
  deleteAccount,
  isLastActiveAdministrator,
  updatePassword,
  updateProfile,
} from '../../services/accounts/profile.js';
import { requireAuth } from '../middleware/auth.js';
import { flash, redirect } from '../respond.js';
import { deleteAccountSchema, profileSchema, updatePasswordSchema } from '../schemas/auth.js';
import { validate } from '../validation.js';
import { ROUTES } from '../../../shared/routes.js';
import { toBool } from '../../db/dialect.js';
import { changeInitialPassword } from '../../services/accounts/manage-users.js';
import { renewedDeviceCookie } from '../../services/accounts/login-devices.js';
import { deviceCookieOf, setDeviceCookie } from '../device-cookie.js';
import { changePasswordSchema } from '../schemas/users.js';
import { signedIn } from '../signed-in.js';

export function profileRoutes(ctx: AppContext): Router {
  const { db, config, mailer } = ctx;
  const r = Router();
  // The profile is open to every signed-in account, even one without a role yet: it is how a
  // new user fixes their name or deletes their account. menu.profile only shows it in the menu.
  r.use(['/profile', '/password'], requireAuth);

  r.get(
    '/profile',
    signedIn(async (req, res) =>
      res.inertia.render('profile/Edit', {
        mustVerifyEmail: !req.user.row.email_verified_at,
        status:
          typeof req.query.status === 'string' && req.query.status === 'verification-link-sent'
            ? 'Un lien de vérification a été envoyé à votre nouvelle adresse e-mail.'
            : null,
        isLastAdministrator: () => isLastActiveAdministrator(db, req.user.row.id),
      }),
    ),
  );

  r.patch(
    '/profile',
    signedIn(async (req, res) => {
      const input = validate(profileSchema, req.body);
      const { emailChanged, previousEmail } = await updateProfile(db, req.user.row, input, req.ip ?? null);
      if (emailChanged) {
        // The previous address hears of it: a session used by someone else cannot move the account quietly.
        await sendEmailChangedNotice(mailer, config.appUrl, { name: input.name, previousEmail, newEmail: input.email });
        await sendVerificationEmail(mailer, config.appUrl, config.appKey, {
          id: req.user.row.id,
          name: input.name,
          email: input.email,
        });
        flash(
          req,
          'success',
          'Profil enregistré. Un lien de vérification a été envoyé à votre nouvelle adresse e-mail.',
        );
        return redirect(res, '/profile?status=verification-link-sent');
      }
      flash(req, 'success', 'Profil enregistré.');
      redirect(res, '/profile');
    }),
  );

  r.put(
    '/password',
    signedIn(async (req, res) => {
      const input = validate(updatePasswordSchema, req.body);
      await updatePassword(db, req.user.row, input, req.sessionID, req.ip ?? null);
      // The change voided every device cookie of the account: this browser, which knows the new password, gets a new one.
      setDeviceCookie(
        res,
        await renewedDeviceCookie(db, config.appKey, req.user.row.id, deviceCookieOf(req)),
        config.secureCookies,
      );
      flash(req, 'success', 'Mot de passe modifié.');
      redirect(res, '/profile');
    }),
  );

  // The initial password given by an administrator is replaced here before anything else
  // (requirePasswordChosen sends every other request of such a user here).
  r.get(
    ROUTES['password.change'],
    requireAuth,
    signedIn(async (req, res) => {
      if (!toBool(req.user.row.must_change_password)) return redirect(res, '/dashboard');
      await res.inertia.render('auth/ChangePassword', { email: req.user.row.email });
    }),
  );

  r.put(
    ROUTES['password.change'],
    requireAuth,
    signedIn(async (req, res) => {
      if (!toBool(req.user.row.must_change_password)) return redirect(res, '/dashboard');
      const input = validate(changePasswordSchema, req.body);
      await changeInitialPassword(db, req.user.row, input.password, req.sessionID);
      setDeviceCookie(
        res,
        await renewedDeviceCookie(db, config.appKey, req.user.row.id, deviceCookieOf(req)),
        config.secureCookies,
      );
      flash(req, 'success', 'Mot de passe enregistré : bienvenue !');
      redirect(res, '/dashboard');
    }),
  );

  r.delete(
    '/profile',
    signedIn(async (req, res) => {
      const input = validate(deleteAccountSchema, req.body);
      await deleteAccount(db, req.user.row, input.password, req.ip);
      await new Promise<void>((resolve) => req.session.regenerate(() => resolve()));
      flash(req, 'success', 'Votre compte a été supprimé.');
      redirect(res, '/');
    }),
  );

  return r;
}
