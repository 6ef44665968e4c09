import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { subjectHistory } from '../../services/audit/history.js';
import { deskPointsOfSale, fiscalScreen } from '../../services/fiscal/settings-screen.js';
import { updateFiscalSettings } from '../../services/fiscal/update-settings.js';
import { actorOf } from '../actor.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentHistory } from '../presenters/audit.js';
import { presentFiscalScreen } from '../presenters/fiscal-settings.js';
import { flash, redirect } from '../respond.js';
import { fiscalSettingsSchema } from '../schemas/fiscal-settings.js';
import { validate } from '../validation.js';
import { signedIn } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

/**
 * Paramètres › Société › Facturation électronique: the certification service (FNE, e-MECeF), its
 * address and key, the seller's regime and establishment, the default tax group, the B2C threshold.
 * Opening it needs menu.parametres.societe (the key is only ever shown masked); changing it needs
 * company.manage, like the other Société screens.
 */
export function fiscalSettingsRoutes(ctx: AppContext): Router {
  const { db, config } = ctx;
  const r = Router();
  const FISCAL = ROUTES['company.fiscal'];

  r.use(FISCAL, requireAuth, requireVerified, can('menu.parametres.societe'));

  r.get(
    FISCAL,
    signedIn(async (req, res) => {
      const screen = await fiscalScreen(db, config);
      const currency = req.user.company.currency;
      res.inertia.render(
        'settings/company/Fiscal',
        presentFiscalScreen(screen, {
          desks: await deskPointsOfSale(db, req.user.places, screen.settings.fallbackPointOfSale),
          history: presentHistory(await subjectHistory(db, 'fiscal_settings', 1), currency),
          canManage: managesSettings(req.user, 'company'),
          currency,
        }),
      );
    }),
  );

  r.put(
    FISCAL,
    can('company.manage'),
    signedIn(async (req, res) => {
      const input = validate(fiscalSettingsSchema(req.user.company.currency), req.body);
      await updateFiscalSettings(db, config, actorOf(req), input);
      flash(req, 'success', 'Paramètres de facturation électronique enregistrés.');
      redirect(res, route('company.fiscal'));
    }),
  );

  return r;
}
