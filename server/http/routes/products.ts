import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES } from '../../../shared/routes.js';
import {
  PRODUCT_STOCK_FILTERS,
  PRODUCT_UNITS,
  type ProductFilters,
  type ProductStockFilter,
} from '../../../shared/products.js';
import { subjectHistory } from '../../services/audit/history.js';
import { categoryNames, categoryOptions } from '../../services/categories/categories.js';
import { priceMargin } from '../../../shared/vat.js';
import { getCompany } from '../../services/company/get-company.js';
import { locationOptions } from '../../services/locations/locations.js';
import { suggestCode } from '../../services/records/codes.js';
import { recordUsage } from '../../services/records/usage.js';
import {
  type ProductSort,
  createProduct,
  deleteProduct,
  exportProducts,
  findProduct,
  listProducts,
  priceHistory,
  productSorts,
  productStock,
  setProductActive,
  updateProduct,
} from '../../services/products/products.js';
import { PRODUCT_IMPORT } from '../../services/products/import-products.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { importRoutes } from '../import-routes.js';
import { lifecycleRoutes, recordLoader, saveRoutes } from '../record-routes.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentHistory } from '../presenters/audit.js';
import {
  presentLocationThresholds,
  presentPriceHistory,
  presentProduct,
  presentProductRow,
  presentStock,
} from '../presenters/products.js';
import { productSchema } from '../schemas/products.js';
import { queryChoice, queryId, queryPage, parseListParams, statusFilter } from '../query.js';
import { hiddenCostFields, recordAbilities, seesCosts } from '../../policies/index.js';
import { onlyAllowedLocations } from '../../policies/places.js';
import { hiddenStockLocations, visibleStockLocations } from '../../services/stock/count-queries.js';
import { locationThresholds } from '../../services/stock/alert-thresholds.js';
import { formatCount } from '../../../shared/quantity.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';
import { mayChangePrices, productAbilities } from '../../policies/products.js';

const HISTORY_PER_PAGE = 20;

/**
 * blind: a location's stock is hidden from the user (counted blind, or not one of their places:
 * hiddenStockLocations) — an order by the total stock would reveal it, so it is not offered. The
 * « sous le seuil » filter stays: it is counted over the locations they see (visibleStockLocations).
 */
function listSpec(showCosts: boolean, blind = false) {
  return {
    sorts: blind ? productSorts(showCosts).filter((s) => s !== 'stock') : productSorts(showCosts),
    defaultSort: 'code' as ProductSort,
    filters: (q: Record<string, unknown>): ProductFilters => ({
      category_id: queryId(q, 'category_id'),
      status: statusFilter(q),
      location_id: queryId(q, 'location_id'),
      stock: queryChoice<ProductStockFilter>(q, 'stock', ['', ...PRODUCT_STOCK_FILTERS], ''),
    }),
  };
}

export function productRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['products.index'], requireAuth, requireVerified, can('menu.produits'));

  const formProps = async (req: SignedInRequest, row: any | null) => {
    const showCosts = seesCosts(req.user);
    return {
      product: row ? presentProduct(row, showCosts) : null,
      suggested_code: row ? row.code : await suggestCode(db, 'products'),
      categories: await categoryOptions(db, row ? Number(row.category_id) : null),
      units: [...PRODUCT_UNITS],
      currency: req.user.company.currency,
      show_costs: showCosts,
      can_change_prices: mayChangePrices(req.user) || !row,
      default_tax_group: (await getCompany(db)).default_tax_group,
      location_thresholds: presentLocationThresholds(
        await locationThresholds(db, row ? Number(row.id) : null, req.user.places),
      ),
    };
  };

  r.get(
    ROUTES['products.index'],
    signedIn(async (req, res) => {
      const showCosts = seesCosts(req.user);
      // A total over all locations would include one the user counts blind: left out meanwhile, and
      // the stock at a location counted blind too.
      const hidden = await hiddenStockLocations(db, req.user);
      const blind = hidden.size > 0;
      const { page, ...params } = parseListParams(req, listSpec(showCosts, blind));
      // The page and the filters' options do not wait for each other (PostgreSQL: a connection each).
      // « Sous le seuil »: at the filtered location, else at the places whose stock the user sees.
      const alertLocations = await visibleStockLocations(db, req.user, hidden);
      const [rows, categories, locations] = await Promise.all([
        listProducts(db, { ...params, page }, alertLocations),
        categoryOptions(db, params.filters.category_id ? Number(params.filters.category_id) : null),
        locationOptions(db, req.user.places, params.filters.location_id ? Number(params.filters.location_id) : null),
      ]);
      const hiddenHere = params.filters.location_id ? hidden.has(Number(params.filters.location_id)) : false;
      const products = {
        ...rows,
        data: rows.data.map((row) =>
          presentProductRow(
            blind ? { ...row, stock_total: null, stock_location: hiddenHere ? null : row.stock_location } : row,
            showCosts,
          ),
        ),
      };
      await res.inertia.render('products/Index', {
        products,
        params,
        categories,
        locations,
        can: recordAbilities(req.user, 'products'),
        show_costs: showCosts,
      });
    }),
  );

  r.get(
    ROUTES['products.export'],
    can('products.export'),
    downloadGuard,
    signedIn(async (req, res) => {
      const showCosts = seesCosts(req.user);
      // Same filters as the list: no « sous le seuil » over stock the user may not see.
      const hidden = await hiddenStockLocations(db, req.user);
      const params = parseListParams(req, listSpec(showCosts, hidden.size > 0));
      sendFile(
        res,
        await exportProducts(db, params, exportFormat(req), {
          showCosts,
          scope: req.user.places,
          alertLocations: await visibleStockLocations(db, req.user, hidden),
        }),
      );
    }),
  );

  r.get(
    ROUTES['products.create'],
    can('products.create'),
    signedIn(async (req, res) => {
      await res.inertia.render('products/Form', await formProps(req, null));
    }),
  );

  // ——— Import ———
  importRoutes(r, ctx, {
    area: 'products',
    importer: PRODUCT_IMPORT,
    page: 'products/Import',
    done: (result) => {
      const categories = result.categories ? `, ${formatCount(result.categories, 'catégorie créée')}` : '';
      return `Import terminé : ${formatCount(result.created, 'produit créé')}, ${result.updated} mis à jour${categories}.`;
    },
  });

  // ——— One product ———
  const load = recordLoader((id) => findProduct(db, id));

  r.get(
    ROUTES['products.show'],
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const id = Number(row.id);
      const showCosts = seesCosts(req.user);
      const currency = req.user.company.currency;
      const stock = await productStock(db, id);
      // Margins over the CMUP, on the prices VAT excluded (the cost is), for users who see costs.
      const vat = req.user.company.vat;
      const margins = showCosts
        ? {
            retail: priceMargin(Number(row.retail_price), Number(row.cmup), vat),
            wholesale: priceMargin(Number(row.wholesale_price), Number(row.cmup), vat),
            prices_include_vat: vat.enabled && vat.pricesIncludeVat,
          }
        : undefined;
      const hidden = await hiddenStockLocations(db, req.user);
      const history = await priceHistory(db, id, {
        showCosts,
        page: queryPage(req.query as Record<string, unknown>, 'history_page'),
        perPage: HISTORY_PER_PAGE,
      });
      await res.inertia.render('products/Show', {
        product: presentProduct({ ...row, stock_total: hidden.size ? null : stock.total }, showCosts),
        default_tax_group: (await getCompany(db)).default_tax_group,
        ...(margins ? { margins } : {}),
        stock: onlyAllowedLocations(req.user.places, stock.levels, (level) => level.id).map((level) =>
          presentStock(level, Number(row.alert_threshold), hidden),
        ),
        price_history: { ...history, data: history.data.map(presentPriceHistory) },
        usage: await recordUsage(db, 'product', id, currency),
        history: presentHistory(await subjectHistory(db, 'product', id), currency, {
          refs: { category_id: await categoryNames(db) },
          hide: hiddenCostFields(req.user),
        }),
        can: productAbilities(req.user),
        show_costs: showCosts,
      });
    }),
  );

  r.get(
    ROUTES['products.edit'],
    can('products.update'),
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      await res.inertia.render('products/Form', await formProps(req, row));
    }),
  );

  saveRoutes(r, {
    area: 'products',
    permissions: { create: 'products.create', update: 'products.update' },
    load: load,
    schema: (req) => productSchema(req.user.company.currency),
    create: (input, req) => createProduct(db, input, actorOf(req), req.user.places),
    update: (id, input, req) =>
      updateProduct(db, id, input, actorOf(req), {
        canChangePrices: mayChangePrices(req.user),
        seesCosts: seesCosts(req.user),
        scope: req.user.places,
      }),
    noun: 'Produit',
  });

  lifecycleRoutes(r, {
    area: 'products',
    permission: 'products.delete',
    load,
    setActive: (id, active, actor) => setProductActive(db, id, active, actor),
    remove: (id, actor) => deleteProduct(db, id, actor),
    noun: 'Produit',
  });

  return r;
}
