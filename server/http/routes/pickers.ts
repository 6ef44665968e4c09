import { type NextFunction, type Request, type Response, Router } from 'express';
import type { AppContext } from '../context.js';
import { searchClients, searchProducts } from '../../services/pickers/pickers.js';
import type { Permission } from '../../../shared/permissions.js';
import { queryId, queryText } from '../query.js';
import { CLIENT_PICKER_SCREENS, PRODUCT_PICKER_SCREENS, mayAny, seesCosts } from '../../policies/index.js';

/** JSON endpoints answer JSON errors (401/403), never a redirect or an HTML page. */
function jsonGuard(permissions: readonly Permission[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.user) return res.status(401).json({ message: 'Session expirée : veuillez vous reconnecter.' });
    if (!req.user.row.email_verified_at || !mayAny(req.user, permissions)) {
      return res.status(403).json({ message: "Vous n'avez pas la permission de rechercher ces fiches." });
    }
    next();
  };
}

export function pickerRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();

  r.get('/pickers/products', jsonGuard(PRODUCT_PICKER_SCREENS), async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const locationId = queryId(query, 'location_id');
    const result = await searchProducts(db, {
      q: queryText(query, 'q'),
      locationId: locationId ? Number(locationId) : null,
      showCosts: seesCosts(req.user!),
    });
    res.set('Cache-Control', 'no-store').json(result);
  });

  r.get('/pickers/clients', jsonGuard(CLIENT_PICKER_SCREENS), async (req, res) => {
    const items = await searchClients(db, { q: queryText(req.query as Record<string, unknown>, 'q') });
    res.set('Cache-Control', 'no-store').json({ items });
  });

  return r;
}
