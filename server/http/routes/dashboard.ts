import { type NextFunction, type Request, type Response, Router } from 'express';
import type { AppContext } from '../context.js';
import { MENU, filterMenu, menuLeaves } from '../../../shared/menu.js';
import { declareGuard, requireAuth, requireVerified } from '../middleware/auth.js';
import { HttpError } from '../errors.js';
import { dashboardGreeting } from '../presenters/dashboard.js';
import { hourIn } from '../../domain/dates.js';
import { companyTimeZone } from '../../services/company/get-company.js';

export function dashboardRoutes(ctx: AppContext): Router {
  const r = Router();
  // A new account without any role lands here too, to learn that an administrator must act.
  const dashboardGuard = declareGuard(
    (req: Request, _res: Response, next: NextFunction) => next(req.user!.roles.length === 0 || req.user!.permissions.has('menu.dashboard') ? undefined : new HttpError(403)),
    { kind: 'policy', label: 'menu.dashboard, ou aucun rôle encore', allows: (permissions) => permissions.has('menu.dashboard') },
  );
  r.get('/dashboard', requireAuth, requireVerified, dashboardGuard, async (req, res) => {
    const user = req.user!;
    const awaitingRole = user.roles.length === 0;
    return res.inertia.render('Dashboard', {
      greeting: dashboardGreeting(user.row, hourIn(await companyTimeZone(ctx.db))),
      awaitingRole,
      areas: () => menuLeaves(filterMenu(MENU, user.permissions)).filter((n) => n.to !== '/dashboard'),
    });
  });
  return r;
}
