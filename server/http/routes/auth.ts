import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context.js';
import { checkVerificationLink, markEmailVerified, sendVerificationEmail } from '../../services/accounts/email-verification.js';
import { attemptLogin } from '../../services/accounts/login.js';
import { signOut } from '../../services/accounts/logout.js';
import { requestPasswordReset, resetPassword } from '../../services/accounts/password-reset.js';
import { confirmPassword } from '../../services/accounts/profile.js';
import { registerUser } from '../../services/accounts/register.js';
import { waitText } from '../../services/accounts/throttle.js';
import { requireAuth, requireGuest } from '../middleware/auth.js';
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

const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
const RESET_LINK_SENT = 'Si un compte correspond à cette adresse, un lien de réinitialisation vient de lui être envoyé.';

/** Starts a fresh session for the user (new id, new CSRF token): no session fixation. */
async function signIn(req: Request, res: Response, ctx: AppContext, userId: number, remember: boolean): Promise<string | undefined> {
  const intended = req.session.intendedUrl;
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = userId;
  req.session.remember = remember;
  req.session.cookie.maxAge = remember ? REMEMBER_MS : ctx.config.sessionIdleMinutes * 60_000;
  rotateCsrfToken(req, res, ctx.config.secureCookies);
  return intended;
}

export function authRoutes(ctx: AppContext): Router {
  const { db, config, mailer } = ctx;
  const r = Router();

  r.get('/', (_req, res) => res.inertia.render('Welcome', { canRegister: true }));

  r.get('/login', requireGuest, (req, res) =>
    res.inertia.render('auth/Login', { status: (req.query.status as string) === 'reset' ? 'Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.' : null, canResetPassword: true, canRegister: true }),
  );

  r.post('/login', requireGuest, async (req, res) => {
    const input = validate(loginSchema, req.body);
    const ip = req.ip ?? 'inconnue';
    const result = await attemptLogin(db, { email: input.email, password: input.password, ip });
    if (!result.ok) {
      if (result.reason === 'throttled') {
        throw new Refusal({ email: `Trop de tentatives de connexion. Veuillez réessayer dans ${waitText(result.retryAfterSeconds)}.` });
      }
      throw new Refusal({ email: 'Ces identifiants ne correspondent à aucun compte actif.' });
    }
    const intended = await signIn(req, res, ctx, result.user.id, input.remember);
    redirect(res, intended && intended.startsWith('/') && !intended.startsWith('//') ? intended : '/dashboard');
  });

  r.get('/register', requireGuest, (_req, res) => res.inertia.render('auth/Register', {}));

  r.post('/register', requireGuest, async (req, res) => {
    const input = validate(registerSchema, req.body);
    const id = await registerUser(db, { name: input.name, email: input.email, password: input.password, ip: req.ip });
    await sendVerificationEmail(mailer, config.appUrl, config.appKey, { id, name: input.name, email: input.email });
    await signIn(req, res, ctx, id, false);
    flash(req, 'success', 'Votre compte a été créé. Un administrateur doit vous attribuer un rôle.');
    redirect(res, '/verify-email');
  });

  r.get('/forgot-password', requireGuest, (req, res) =>
    res.inertia.render('auth/ForgotPassword', { status: req.query.sent === '1' ? RESET_LINK_SENT : null }),
  );

  r.post('/forgot-password', requireGuest, async (req, res) => {
    const input = validate(forgotPasswordSchema, req.body);
    await requestPasswordReset(db, mailer, { email: input.email, appUrl: config.appUrl });
    flash(req, 'success', RESET_LINK_SENT);
    redirect(res, '/forgot-password?sent=1');
  });

  r.get('/reset-password/:token', requireGuest, (req, res) =>
    res.inertia.render('auth/ResetPassword', { token: String(req.params.token), email: typeof req.query.email === 'string' ? req.query.email : '' }),
  );

  r.post('/reset-password', requireGuest, async (req, res) => {
    const input = validate(resetPasswordSchema, req.body);
    const result = await resetPassword(db, { token: input.token, email: input.email, password: input.password, ip: req.ip });
    if (!result.ok) throw new Refusal({ [result.field]: result.message });
    flash(req, 'success', 'Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.');
    redirect(res, '/login?status=reset');
  });

  r.get('/verify-email', requireAuth, (req, res) => {
    if (req.user!.row.email_verified_at) return redirect(res, '/dashboard');
    return res.inertia.render('auth/VerifyEmail', {
      status: req.query.sent === '1' ? 'Un nouveau lien de vérification a été envoyé à votre adresse e-mail.' : null,
      email: req.user!.row.email,
    });
  });

  r.post('/email/verification-notification', requireAuth, async (req, res) => {
    const user = req.user!.row;
    if (user.email_verified_at) return redirect(res, '/dashboard');
    await sendVerificationEmail(mailer, config.appUrl, config.appKey, user);
    flash(req, 'success', 'Un nouveau lien de vérification a été envoyé à votre adresse e-mail.');
    redirect(res, '/verify-email?sent=1');
  });

  r.get('/verify-email/:id/:hash', requireAuth, async (req, res) => {
    const user = req.user!.row;
    const ok = checkVerificationLink(
      config.appKey,
      { id: String(req.params.id), hash: String(req.params.hash), expires: String(req.query.expires ?? ''), signature: String(req.query.signature ?? '') },
      user,
    );
    if (!ok) {
      flash(req, 'error', 'Ce lien de vérification est invalide ou a expiré. Demandez-en un nouveau.');
      return redirect(res, '/verify-email');
    }
    await markEmailVerified(db, user, req.ip);
    flash(req, 'success', 'Votre adresse e-mail est vérifiée.');
    redirect(res, '/dashboard');
  });

  r.get('/confirm-password', requireAuth, (_req, res) => res.inertia.render('auth/ConfirmPassword', {}));

  r.post('/confirm-password', requireAuth, async (req, res) => {
    const input = validate(confirmPasswordSchema, req.body);
    await confirmPassword(req.user!.row, input.password);
    req.session.passwordConfirmedAt = Date.now();
    const intended = req.session.intendedUrl;
    delete req.session.intendedUrl;
    redirect(res, intended && intended.startsWith('/') && !intended.startsWith('//') ? intended : '/dashboard');
  });

  r.post('/logout', async (req, res) => {
    await signOut(db, { sid: req.sessionID, user: req.user?.row ?? null, ip: req.ip });
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
    rotateCsrfToken(req, res, config.secureCookies);
    redirect(res, '/');
  });

  return r;
}
