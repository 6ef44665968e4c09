import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES } from '../../../shared/routes.js';
import { registrationOpen } from '../../services/company/get-company.js';
import { setRegistrationOpen } from '../../services/company/registration.js';
import { actorOf } from '../actor.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { flash, redirect } from '../respond.js';
import { accountSettingsSchema } from '../schemas/company.js';
import { validate } from '../validation.js';

/**
 * Paramètres › Société › Comptes: whether guests may create an account. Opening the screen needs
 * menu.parametres.societe; changing it needs company.manage.
 */
export function companySettingsRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  const PATH = ROUTES['company.accounts'];
  r.use(PATH, requireAuth, requireVerified, can('menu.parametres.societe'));

  r.get(PATH, async (req, res) =>
    res.inertia.render('settings/company/Accounts', {
      allow_registration: await registrationOpen(db),
      can_manage: req.user!.permissions.has('company.manage'),
    }),
  );

  r.put(PATH, can('company.manage'), async (req, res) => {
    const input = validate(accountSettingsSchema, req.body);
    await setRegistrationOpen(db, actorOf(req), input.allow_registration);
    flash(req, 'success', input.allow_registration ? 'La création de compte est ouverte aux visiteurs.' : 'La création de compte est désactivée.');
    redirect(res, PATH);
  });

  return r;
}
