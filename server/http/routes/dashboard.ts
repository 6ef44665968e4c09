import { Router } from 'express';
import type { AppContext } from '../context.js';
import { MENU, filterMenu, menuLeaves } from '../../../shared/menu.js';
import { requireAuth, requireVerified } from '../middleware/auth.js';
import { HttpError } from '../errors.js';
import { dashboardGreeting } from '../presenters/dashboard.js';
import { hourIn } from '../../domain/dates.js';
import { companyTimeZone } from '../../services/company/get-company.js';

export function dashboardRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard', requireAuth, requireVerified, async (req, res) => {
    const user = req.user!;
    // A new account without any role lands here too, to learn that an administrator must act.
    const awaitingRole = user.roles.length === 0;
    if (!awaitingRole && !user.permissions.has('menu.dashboard')) throw new HttpError(403);
    return res.inertia.render('Dashboard', {
      greeting: dashboardGreeting(user.row, hourIn(await companyTimeZone(ctx.db))),
      awaitingRole,
      areas: () => menuLeaves(filterMenu(MENU, user.permissions)).filter((n) => n.to !== '/dashboard'),
    });
  });
  return r;
}
