import { Router } from 'express';
import { ROUTES, route } from '../../../../shared/routes.js';
import { NotFound } from '../../../domain/errors.js';
import { onlyAllowedLocations } from '../../../policies/places.js';
import { seesCosts } from '../../../policies/index.js';
import { hiddenStockLocations } from '../../../services/stock/count-queries.js';
import { productStock } from '../../../services/stock/product-stock.js';
import type { AppContext } from '../../context.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { presentProductStock } from '../../presenters/stock/product-stock.js';
import { queryPage, routeId } from '../../query.js';
import { signedIn } from '../../signed-in.js';

/**
 * The stock sections of a product (stock per location, last movements, CMUP history), rendered by
 * resources/js/components/stock/ProductStockSections. `?mvt_page=N` pages through the movements.
 */
export function productStockRoutes({ db }: AppContext): Router {
  const r = Router();
  r.get(
    ROUTES['products.stock'],
    requireAuth,
    requireVerified,
    can('menu.produits'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const hidden = await hiddenStockLocations(db, req.user);
      const data = await productStock(db, id, queryPage(req.query, 'mvt_page'), 20, hidden, req.user.places);
      if (!data) throw new NotFound();
      // The places the user does not work in are not listed at all (their movements neither: `hidden`).
      data.locations = onlyAllowedLocations(req.user.places, data.locations, (l) => l.id);
      await res.inertia.render('products/Stock', {
        ...presentProductStock(data, seesCosts(req.user), hidden),
        back_url: route('products.show', { id }),
      });
    }),
  );
  return r;
}
