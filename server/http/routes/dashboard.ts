import { Router } from 'express';
import type { AppContext } from '../context.js';
import { MENU, filterMenu, menuLeaves } from '../../../shared/menu.js';
import { requireAuth, requireVerified } from '../middleware/auth.js';
import { HttpError } from '../errors.js';

function greeting(hour: number): string {
  return hour < 18 ? 'Bonjour' : 'Bonsoir';
}

export function dashboardRoutes(_ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard', requireAuth, requireVerified, (req, res) => {
    const user = req.user!;
    // A new account without any role lands here too, to learn that an administrator must act.
    const awaitingRole = user.roles.length === 0;
    if (!awaitingRole && !user.permissions.has('menu.dashboard')) throw new HttpError(403);
    return res.inertia.render('Dashboard', {
      greeting: `${greeting(new Date().getHours())}, ${user.row.name.trim().split(/\s+/)[0]}`,
      awaitingRole,
      areas: () => menuLeaves(filterMenu(MENU, user.permissions)).filter((n) => n.to !== '/dashboard'),
    });
  });
  return r;
}
