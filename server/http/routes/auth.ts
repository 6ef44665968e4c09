import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context.js';
import {
  checkVerificationLink,
  markEmailVerified,
  sendVerificationEmail,
} from '../../services/accounts/email-verification.js';
import { attemptLogin } from '../../services/accounts/login.js';
import { signOut } from '../../services/accounts/logout.js';
import { requestPasswordReset, resetPassword } from '../../services/accounts/password-reset.js';
import { confirmPassword } from '../../services/accounts/profile.js';
import { ACCOUNT_DEACTIVATED } from '../../../shared/users.js';
import { registerOrNotify } from '../../services/accounts/register.js';
import { guestMailRules, takeSlot, waitText } from '../../services/accounts/throttle.js';
import { registrationOpen } from '../../services/company/get-company.js';
import { deviceCookieOf, setDeviceCookie } from '../device-cookie.js';
import { publicRoute, requireAuth, requireGuest } from '../middleware/auth.js';
import { rotateCsrfToken } from '../middleware/csrf.js';
import { flash, redirect } from '../respond.js';
import {
  confirmPasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../schemas/auth.js';
import { validate } from '../validation.js';
import { Refusal } from '../../domain/errors.js';
import { signedIn } from '../signed-in.js';

const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
const RESET_LINK_SENT =
  'Si un compte correspond à cette adresse, un lien de réinitialisation vient de lui être envoyé.';
export const REGISTRATION_SENT =
  'Si cette adresse peut être utilisée, un e-mail vient de vous y être envoyé : suivez le lien qu’il contient pour vérifier votre adresse, puis connectez-vous. Un administrateur vous attribuera ensuite un rôle.';
export const REGISTRATION_CLOSED = 'La création de compte est désactivée. Demandez un compte à l’administrateur.';

/** A guest form that mails an address it is given: counted per address typed and per IP first. */
async function takeGuestMailSlot(
  ctx: AppContext,
  kind: 'reset' | 'register',
  email: string,
  ip: string,
): Promise<void> {
  const slot = await takeSlot(ctx.db, guestMailRules(kind, email, ip));
  if (!slot.ok)
    throw new Refusal({ email: `Trop de demandes. Veuillez réessayer dans ${waitText(slot.retryAfterSeconds)}.` });
}

/** Starts a fresh session for the user (new id, new CSRF token): no session fixation. */
async function signIn(
  req: Request,
  res: Response,
  ctx: AppContext,
  user: { id: number; credentials_version: number | string },
  remember: boolean,
): Promise<string | undefined> {
  const intended = req.session.intendedUrl;
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = user.id;
  req.session.credentialsVersion = Number(user.credentials_version);
  req.session.remember = remember;
  req.session.cookie.maxAge = remember ? REMEMBER_MS : ctx.config.sessionIdleMinutes * 60_000;
  rotateCsrfToken(req, res, ctx.config.secureCookies);
  return intended;
}

export function authRoutes(ctx: AppContext): Router {
  const { db, config, mailer } = ctx;
  const r = Router();

  r.get('/', publicRoute('the welcome page'), async (_req, res) =>
    res.inertia.render('Welcome', { canRegister: await registrationOpen(db) }),
  );

  const LOGIN_STATUS: Record<string, string> = {
    reset: 'Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.',
    registered: REGISTRATION_SENT,
  };
  r.get('/login', requireGuest, async (req, res) =>
    res.inertia.render('auth/Login', {
      status: LOGIN_STATUS[String(req.query.status ?? '')] ?? null,
      canResetPassword: true,
      canRegister: await registrationOpen(db),
    }),
  );

  r.post('/login', requireGuest, async (req, res) => {
    const input = validate(loginSchema, req.body);
    const ip = req.ip ?? 'inconnue';
    const result = await attemptLogin(db, {
      email: input.email,
      password: input.password,
      ip,
      deviceCookie: deviceCookieOf(req),
      appKey: config.appKey,
    });
    if (!result.ok) {
      if (result.reason === 'throttled') {
        throw new Refusal({
          email: `Trop de tentatives de connexion. Veuillez réessayer dans ${waitText(result.retryAfterSeconds)}.`,
        });
      }
      if (result.reason === 'deactivated') throw new Refusal({ email: ACCOUNT_DEACTIVATED });
      throw new Refusal({ email: 'Ces identifiants ne correspondent à aucun compte actif.' });
    }
    setDeviceCookie(res, result.deviceCookie, config.secureCookies);
    const intended = await signIn(req, res, ctx, result.user, input.remember);
    redirect(res, intended && intended.startsWith('/') && !intended.startsWith('//') ? intended : '/dashboard');
  });

  r.get('/register', requireGuest, async (req, res) => {
    if (!(await registrationOpen(db))) {
      flash(req, 'error', REGISTRATION_CLOSED);
      return redirect(res, '/login');
    }
    return res.inertia.render('auth/Register', {});
  });

  /**
   * The same answer, in the same time, for a new address and one already in use: the account (or
   * the notice to the existing owner) is made in the background, after the answer. Nobody is signed
   * in here — the new user verifies the address from the mail, then logs in.
   */
  r.post('/register', requireGuest, async (req, res) => {
    if (!(await registrationOpen(db))) throw Refusal.action(REGISTRATION_CLOSED);
    const input = validate(registerSchema, req.body);
    const ip = req.ip ?? 'inconnue';
    await takeGuestMailSlot(ctx, 'register', input.email, ip);
    ctx.background.run('inscription', () =>
      registerOrNotify(
        db,
        mailer,
        { name: input.name, first_name: input.first_name, email: input.email, password: input.password, ip },
        config,
      ),
    );
    flash(req, 'success', REGISTRATION_SENT);
    redirect(res, '/login?status=registered');
  });

  r.get('/forgot-password', requireGuest, (req, res) =>
    res.inertia.render('auth/ForgotPassword', { status: req.query.sent === '1' ? RESET_LINK_SENT : null }),
  );

  /** Same answer, same time, known address or not: the lookup and the mail run after the answer. */
  r.post('/forgot-password', requireGuest, async (req, res) => {
    const input = validate(forgotPasswordSchema, req.body);
    await takeGuestMailSlot(ctx, 'reset', input.email, req.ip ?? 'inconnue');
    ctx.background.run('lien de réinitialisation', () =>
      requestPasswordReset(db, mailer, { email: input.email, appUrl: config.appUrl }),
    );
    flash(req, 'success', RESET_LINK_SENT);
    redirect(res, '/forgot-password?sent=1');
  });

  r.get('/reset-password/:token', requireGuest, (req, res) =>
    res.inertia.render('auth/ResetPassword', {
      token: String(req.params.token),
      email: typeof req.query.email === 'string' ? req.query.email : '',
    }),
  );

  r.post('/reset-password', requireGuest, async (req, res) => {
    const input = validate(resetPasswordSchema, req.body);
    const result = await resetPassword(db, {
      token: input.token,
      email: input.email,
      password: input.password,
      ip: req.ip,
    });
    if (!result.ok) throw new Refusal({ [result.field]: result.message });
    flash(req, 'success', 'Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.');
    redirect(res, '/login?status=reset');
  });

  r.get(
    '/verify-email',
    requireAuth,
    signedIn((req, res) => {
      if (req.user.row.email_verified_at) return redirect(res, '/dashboard');
      return res.inertia.render('auth/VerifyEmail', {
        status: req.query.sent === '1' ? 'Un nouveau lien de vérification a été envoyé à votre adresse e-mail.' : null,
        email: req.user.row.email,
      });
    }),
  );

  r.post(
    '/email/verification-notification',
    requireAuth,
    signedIn(async (req, res) => {
      const user = req.user.row;
      if (user.email_verified_at) return redirect(res, '/dashboard');
      const slot = await takeSlot(db, guestMailRules('verify', user.email, req.ip ?? 'inconnue'));
      if (!slot.ok)
        throw Refusal.action(`Trop de demandes. Veuillez réessayer dans ${waitText(slot.retryAfterSeconds)}.`);
      await sendVerificationEmail(mailer, config.appUrl, config.appKey, user);
      flash(req, 'success', 'Un nouveau lien de vérification a été envoyé à votre adresse e-mail.');
      redirect(res, '/verify-email?sent=1');
    }),
  );

  r.get(
    '/verify-email/:id/:hash',
    requireAuth,
    signedIn(async (req, res) => {
      const user = req.user.row;
      const ok = checkVerificationLink(
        config.appKey,
        {
          id: String(req.params.id),
          hash: String(req.params.hash),
          expires: String(req.query.expires ?? ''),
          signature: String(req.query.signature ?? ''),
        },
        user,
      );
      if (!ok) {
        flash(req, 'error', 'Ce lien de vérification est invalide ou a expiré. Demandez-en un nouveau.');
        return redirect(res, '/verify-email');
      }
      await markEmailVerified(db, user, req.ip);
      flash(req, 'success', 'Votre adresse e-mail est vérifiée.');
      redirect(res, '/dashboard');
    }),
  );

  r.get('/confirm-password', requireAuth, (_req, res) => res.inertia.render('auth/ConfirmPassword', {}));

  r.post(
    '/confirm-password',
    requireAuth,
    signedIn(async (req, res) => {
      const input = validate(confirmPasswordSchema, req.body);
      await confirmPassword(db, req.user.row, input.password);
      req.session.passwordConfirmedAt = Date.now();
      const intended = req.session.intendedUrl;
      delete req.session.intendedUrl;
      redirect(res, intended && intended.startsWith('/') && !intended.startsWith('//') ? intended : '/dashboard');
    }),
  );

  r.post('/logout', publicRoute('signing out is open to anyone, signed in or not'), async (req, res) => {
    await signOut(db, { sid: req.sessionID, user: req.user?.row ?? null, ip: req.ip });
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
    rotateCsrfToken(req, res, config.secureCookies);
    redirect(res, '/');
  });

  return r;
}
