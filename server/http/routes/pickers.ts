import { type NextFunction, type Request, type Response, Router } from 'express';
import type { AppContext } from '../../app.js';
import { searchClients, searchProducts } from '../../services/pickers/pickers.js';
import { canSeeCosts } from '../master-data.js';
import { queryString, routeId } from '../list-params.js';

/**
 * Menu permissions that open a screen where products (or clients) are picked. Later areas add
 * theirs here if a new screen needs a picker.
 */
export const PRODUCT_PICKER_PERMISSIONS = [
  'menu.produits',
  'menu.centraleprix',
  'menu.entreestock',
  'menu.sortiestock',
  'menu.inventaire',
  'menu.editions.stock',
  'menu.editions.situation',
  'menu.editions.ca',
];
export const CLIENT_PICKER_PERMISSIONS = [
  'menu.clients',
  'menu.sortiestock',
  'menu.reglement',
  'menu.annulation.factures',
  'menu.annulation.reglement',
  'menu.editions.situation',
  'menu.editions.ca',
  'menu.editions.reglement',
  'menu.editions.creance',
];

/** JSON endpoints answer JSON errors (401/403), never a redirect or an HTML page. */
function jsonGuard(permissions: string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.user) return res.status(401).json({ message: 'Session expirée : veuillez vous reconnecter.' });
    if (!req.user.row.email_verified_at || !permissions.some((p) => req.user!.permissions.has(p))) {
      return res.status(403).json({ message: "Vous n'avez pas la permission de rechercher ces fiches." });
    }
    next();
  };
}

export function pickerRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();

  r.get('/pickers/products', jsonGuard(PRODUCT_PICKER_PERMISSIONS), async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const locationRaw = queryString(query, 'location_id');
    const result = await searchProducts(db, {
      q: queryString(query, 'q'),
      locationId: locationRaw ? routeId(locationRaw) : null,
      showCosts: canSeeCosts(req),
    });
    res.set('Cache-Control', 'no-store').json(result);
  });

  r.get('/pickers/clients', jsonGuard(CLIENT_PICKER_PERMISSIONS), async (req, res) => {
    const items = await searchClients(db, { q: queryString(req.query as Record<string, unknown>, 'q') });
    res.set('Cache-Control', 'no-store').json({ items });
  });

  return r;
}
