import { Router } from 'express';
import type { AppContext } from '../context.js';
import { searchClients, searchProducts } from '../../services/pickers/pickers.js';
import type { ProductPickerResponse } from '../../../shared/pickers.js';
import { ROUTES } from '../../../shared/routes.js';
import { presentClientPickerItem } from '../presenters/clients.js';
import { presentProductPickerItem } from '../presenters/products.js';
import { queryId, queryText } from '../query.js';
import { CLIENT_PICKER_SCREENS, PRODUCT_PICKER_SCREENS, seesCosts } from '../../policies/index.js';
import { hiddenStockLocations } from '../../services/stock/count-queries.js';
import { jsonGuard } from '../middleware/json-guard.js';
import { signedIn } from '../signed-in.js';

export function pickerRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();

  r.get(
    ROUTES['pickers.products'],
    jsonGuard(PRODUCT_PICKER_SCREENS),
    signedIn(async (req, res) => {
      const query = req.query as Record<string, unknown>;
      const asked = queryId(query, 'location_id');
      // No stock figure for a location the user is counting blind, or does not work in.
      const locationId = asked && !(await hiddenStockLocations(db, req.user)).has(Number(asked)) ? Number(asked) : null;
      const found = await searchProducts(db, { q: queryText(query, 'q'), locationId });
      const showCosts = seesCosts(req.user);
      const items = found.rows.map((row) => presentProductPickerItem(row, showCosts, found.stock));
      const result: ProductPickerResponse = { items, exact: items.find((i) => i.id === found.exactId) ?? null };
      res.set('Cache-Control', 'no-store').json(result);
    }),
  );

  r.get(ROUTES['pickers.clients'], jsonGuard(CLIENT_PICKER_SCREENS), async (req, res) => {
    const items = (await searchClients(db, { q: queryText(req.query as Record<string, unknown>, 'q') })).map(
      presentClientPickerItem,
    );
    res.set('Cache-Control', 'no-store').json({ items });
  });

  return r;
}
