import { type Request, Router } from 'express';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import type { ProductStockSectionsProps } from '../../../../shared/stock-pages.js';
import { productStock } from '../../../services/stock/queries.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { presentProductStock } from '../../presenters/stock.js';
import { queryPage, routeId } from '../../query.js';
import { NotFound } from '../../../domain/errors.js';
import { getCurrency } from '../../../services/company/get-company.js';
import { seesCosts } from '../../../policies/index.js';

/**
 * The stock sections of a product (stock per location, last movements, CMUP history), for the
 * product detail page: render these props with resources/js/components/stock/ProductStockSections.
 * `?mvt_page=N` pages through the movements. Null when the product does not exist.
 */
export async function productStockSections(db: Knex, req: Request, productId: number): Promise<ProductStockSectionsProps | null> {
  const data = await productStock(db, productId, queryPage(req.query, 'mvt_page'));
  if (!data) return null;
  return presentProductStock(data, seesCosts(req.user!), await getCurrency(db));
}

export function productStockRoutes({ db }: AppContext): Router {
  const r = Router();
  r.get('/fichiers/produits/:id/stock', requireAuth, requireVerified, can('menu.produits'), async (req, res) => {
    const id = routeId(req.params.id);
    const sections = await productStockSections(db, req, id);
    if (!sections) throw new NotFound();
    await res.inertia.render('products/Stock', { ...sections, back_url: `/fichiers/produits/${id}` });
  });
  return r;
}
