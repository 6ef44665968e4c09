import type { Express } from 'express';
import type { AppContext } from '../context.js';
import { authRoutes } from './auth.js';
import { categoryRoutes } from './categories.js';
import { clientRoutes } from './clients.js';
import { companyPlacesRoutes } from './company-places.js';
import { companySettingsRoutes } from './company-settings.js';
import { pickerRoutes } from './pickers.js';
import { priceCentreRoutes } from './price-centre.js';
import { dashboardRoutes } from './dashboard.js';
import { productRoutes } from './products.js';
import { profileRoutes } from './profile.js';
import { saleRoutes } from './sales.js';
import { stockRoutes } from './stock.js';
import { searchRoutes } from './search.js';
import { supplierRoutes } from './suppliers.js';

/** Every area registers its routes here, in one place. */
export function registerRoutes(app: Express, ctx: AppContext): void {
  app.use(authRoutes(ctx));
  app.use(profileRoutes(ctx));
  app.use(dashboardRoutes(ctx));
  app.use(stockRoutes(ctx));
  app.use(saleRoutes(ctx));
  app.use(clientRoutes(ctx));
  app.use(pickerRoutes(ctx));
  app.use(searchRoutes(ctx));
  app.use(supplierRoutes(ctx));
  app.use(categoryRoutes(ctx));
  app.use(productRoutes(ctx));
  app.use(priceCentreRoutes(ctx));
  app.use(companyPlacesRoutes(ctx));
  app.use(companySettingsRoutes(ctx));
}
