import { type NextFunction, type Request, type Response, Router } from 'express';
import type { AppContext } from '../context.js';
import { searchClients, searchProducts } from '../../services/pickers/pickers.js';
import type { ProductPickerResponse } from '../../../shared/records.js';
import type { Permission } from '../../../shared/permissions.js';
import { ROUTES } from '../../../shared/routes.js';
import { presentClientPickerItem } from '../presenters/clients.js';
import { presentProductPickerItem } from '../presenters/products.js';
import { queryId, queryText } from '../query.js';
import { CLIENT_PICKER_SCREENS, PRODUCT_PICKER_SCREENS, blindStockLocations, mayAny, seesCosts } from '../../policies/index.js';
import { openBlindCounts } from '../../services/stock/count-queries.js';

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

  r.get(ROUTES['pickers.products'], jsonGuard(PRODUCT_PICKER_SCREENS), async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const asked = queryId(query, 'location_id');
    // No stock figure for a location the user is counting blind.
    const locationId = asked && !blindStockLocations(req.user!, await openBlindCounts(db)).has(Number(asked)) ? Number(asked) : null;
    const found = await searchProducts(db, { q: queryText(query, 'q'), locationId });
    const showCosts = seesCosts(req.user!);
    const items = found.rows.map((row) => presentProductPickerItem(row, showCosts, found.stock));
    const result: ProductPickerResponse = { items, exact: items.find((i) => i.id === found.exactId) ?? null };
    res.set('Cache-Control', 'no-store').json(result);
  });

  r.get(ROUTES['pickers.clients'], jsonGuard(CLIENT_PICKER_SCREENS), async (req, res) => {
    const items = (await searchClients(db, { q: queryText(req.query as Record<string, unknown>, 'q') })).map(presentClientPickerItem);
    res.set('Cache-Control', 'no-store').json({ items });
  });

  return r;
}
