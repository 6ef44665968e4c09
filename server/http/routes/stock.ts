import { Router } from 'express';
import type { AppContext } from '../context.js';
import { stockEntryRoutes } from './stock/entries.js';
import { inventoryRoutes } from './stock/inventory.js';
import { productStockRoutes } from './stock/product-stock.js';
import { transferRoutes } from './stock/transfers.js';

/** Stock (issue 5): entries, transfers and their cancellation, inventory, product stock. */
export function stockRoutes(ctx: AppContext): Router {
  const r = Router();
  r.use(stockEntryRoutes(ctx));
  r.use(transferRoutes(ctx));
  r.use(inventoryRoutes(ctx));
  r.use(productStockRoutes(ctx));
  return r;
}
