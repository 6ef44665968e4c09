import { type Request, Router } from 'express';
import type { AppContext } from '../context.js';
import { PRODUCT_UNITS, type ProductFilters } from '../../../shared/master-data.js';
import { paginate } from '../../db/paginate.js';
import { toBool } from '../../db/dialect.js';
import { categoryOptions } from '../../services/categories/categories.js';
import { getCurrency } from '../../services/company/get-company.js';
import { suggestCode } from '../../services/master-data/codes.js';
import { historyReasons, usageInfo } from '../../services/master-data/usage.js';
import {
  COST_SORTS,
  PRODUCT_SORTS,
  type ProductSort,
  createProduct,
  deleteProduct,
  findProduct,
  priceHistoryQuery,
  productsQuery,
  setProductActive,
  stockByLocation,
  stockTotals,
  updateProduct,
  withCategoryNames,
} from '../../services/products/products.js';
import { PRODUCT_IMPORT_COLUMNS, applyProductImport, previewProductImport, productImportColumns } from '../../services/products/import-products.js';
import { type ExportColumn, type ExportSpec, sendExport } from '../../services/tabular/export.js';
import { loadBatch, presentPreview } from '../../services/tabular/import-batches.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, importUpload, lifecycleRoutes, withFileErrors } from '../master-data.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { subjectHistory } from '../presenters/audit.js';
import { presentPriceHistory, presentProduct, presentProductRow, presentStock } from '../presenters/master-data.js';
import { flash, redirect } from '../respond.js';
import { productSchema } from '../schemas/products.js';
import { queryId, parseListParams, queryText, routeId, statusFilter } from '../query.js';
import { validate } from '../validation.js';
import { backTo } from '../errors.js';
import { NotFound } from '../../domain/errors.js';
import { may, recordAbilities, seesCosts } from '../../policies/index.js';

const BASE = '/fichiers/produits';
const HISTORY_PER_PAGE = 20;

/** A user who may not see costs may not sort on them either (the order would reveal them). */
function listSpec(showCosts: boolean) {
  return {
    sorts: showCosts ? PRODUCT_SORTS : PRODUCT_SORTS.filter((s) => !COST_SORTS.includes(s)),
    defaultSort: 'code' as ProductSort,
    filters: (q: Record<string, unknown>): ProductFilters => ({ category_id: queryId(q, 'category_id'), status: statusFilter(q) }),
  };
}

function exportSpec(currency: string, showCosts: boolean): ExportSpec<any> {
  const costs: ExportColumn<any>[] = showCosts
    ? [
        { header: "Prix d'achat", kind: 'money', value: (r) => Number(r.purchase_price) },
        { header: 'CMUP', kind: 'money', value: (r) => Number(r.cmup) },
      ]
    : [];
  return {
    fileName: 'produits',
    sheetName: 'Produits',
    currency,
    // Headers match the import columns, so an export can be edited and imported back.
    columns: [
      { header: 'Code', value: (r) => r.code, width: 12 },
      { header: 'Code-barres', value: (r) => r.barcode ?? '', width: 16 },
      { header: 'Désignation', value: (r) => r.name, width: 36 },
      { header: 'Catégorie', value: (r) => r.category_name, width: 20 },
      { header: 'Unité', value: (r) => r.unit, width: 10 },
      { header: 'Colisage', kind: 'integer', value: (r) => Number(r.pack_size) },
      ...costs,
      { header: 'Prix de détail', kind: 'money', value: (r) => Number(r.retail_price) },
      { header: 'Prix de gros', kind: 'money', value: (r) => Number(r.wholesale_price) },
      { header: 'Prix minimum', kind: 'money', value: (r) => Number(r.min_price) },
      { header: "Seuil d'alerte", kind: 'integer', value: (r) => Number(r.alert_threshold) },
      { header: 'Actif', value: (r) => toBool(r.active) },
    ],
  };
}

const importAccess = can('products.export', 'products.create');

export function productRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(BASE, requireAuth, requireVerified, can('menu.produits'));

  const formProps = async (req: Request, row: any | null) => {
    const showCosts = seesCosts(req.user!);
    return {
      product: row ? presentProduct(row, showCosts) : null,
      suggested_code: row ? row.code : await suggestCode(db, 'products'),
      categories: await categoryOptions(db, row ? Number(row.category_id) : null),
      units: [...PRODUCT_UNITS],
      currency: await getCurrency(db),
      show_costs: showCosts,
      can_change_prices: may(req.user!, 'prices.update') || !row,
    };
  };

  r.get(BASE, async (req, res) => {
    const showCosts = seesCosts(req.user!);
    const { page, ...params } = parseListParams(req, listSpec(showCosts));
    const rows = await paginate(productsQuery(db, params), page, params.per_page, (row) => row);
    const totals = await stockTotals(
      db,
      rows.data.map((p) => Number(p.id)),
    );
    const named = await withCategoryNames(db, rows.data);
    const products = { ...rows, data: named.map((row) => presentProductRow(row, showCosts, totals.get(Number(row.id)) ?? 0)) };
    await res.inertia.render('products/Index', {
      products,
      params,
      categories: await categoryOptions(db, params.filters.category_id ? Number(params.filters.category_id) : null),
      can: recordAbilities(req.user!, 'products'),
      currency: await getCurrency(db),
      show_costs: showCosts,
    });
  });

  r.get(`${BASE}/export`, can('products.export'), downloadGuard, async (req, res) => {
    const showCosts = seesCosts(req.user!);
    const params = parseListParams(req, listSpec(showCosts));
    await sendExport(res, exportFormat(req), exportSpec(await getCurrency(db), showCosts), await withCategoryNames(db, await productsQuery(db, params)));
  });

  r.get(`${BASE}/create`, can('products.create'), async (req, res) => {
    await res.inertia.render('products/Form', await formProps(req, null));
  });

  r.post(BASE, can('products.create'), async (req, res) => {
    const input = validate(productSchema(await getCurrency(db)), req.body);
    const id = await createProduct(db, input, actorOf(req));
    flash(req, 'success', `Produit ${input.name} créé.`);
    redirect(res, `${BASE}/${id}`);
  });

  // ——— Import ———
  r.get(`${BASE}/import`, importAccess, async (req, res) => {
    const previewId = queryText(req.query as Record<string, unknown>, 'preview');
    let preview = null;
    if (previewId) {
      const batch = await loadBatch(db, previewId, req.user!.row.id, 'products');
      if (!batch) throw new NotFound();
      preview = presentPreview(batch);
    }
    await res.inertia.render('products/Import', { preview, columns: productImportColumns(), can_update: may(req.user!, 'products.update') });
  });

  r.get(`${BASE}/import/modele`, importAccess, downloadGuard, async (req, res) => {
    const currency = await getCurrency(db);
    const spec = { fileName: 'modele-import-produits', sheetName: 'Produits', currency, columns: PRODUCT_IMPORT_COLUMNS.map((c) => ({ header: c.header, value: () => '' })) };
    await sendExport(res, exportFormat(req), spec, []);
  });

  const importRights = (req: Request) => ({ canUpdate: may(req.user!, 'products.update'), canChangePrices: may(req.user!, 'prices.update') });

  r.post(`${BASE}/import`, importAccess, ...importUpload(), async (req, res) => {
    const id = await withFileErrors(() => previewProductImport(db, req.importTable!, req.file!.originalname, actorOf(req), importRights(req)));
    redirect(res, `${BASE}/import?preview=${id}`);
  });

  r.post(
    `${BASE}/import/:batch/apply`,
    importAccess,
    backTo(() => `${BASE}/import`),
    async (req, res) => {
      const result = await applyProductImport(db, String(req.params.batch), actorOf(req), importRights(req));
      const categories = result.categories ? `, ${result.categories} catégorie(s) créée(s)` : '';
      flash(req, 'success', `Import terminé : ${result.created} produit(s) créé(s), ${result.updated} mis à jour${categories}.`);
      redirect(res, BASE);
    },
  );

  // ——— One product ———
  const load = async (id: unknown) => {
    const productId = routeId(id);
    const row = productId ? await findProduct(db, productId) : undefined;
    if (!row) throw new NotFound();
    return row;
  };

  r.get(`${BASE}/:id`, async (req, res) => {
    const row = await load(req.params.id);
    const id = Number(row.id);
    const showCosts = seesCosts(req.user!);
    const currency = await getCurrency(db);
    const stock = (await stockByLocation(db, id)).map(presentStock);
    const pageRaw = Number.parseInt(queryText(req.query as Record<string, unknown>, 'history_page'), 10);
    const price_history = await paginate(priceHistoryQuery(db, id, showCosts), Number.isFinite(pageRaw) ? pageRaw : 1, HISTORY_PER_PAGE, presentPriceHistory);
    const categories = new Map((await db('categories').select('id', 'name')).map((c) => [String(c.id), c.name as string]));
    await res.inertia.render('products/Show', {
      product: presentProduct(row, showCosts, stock.reduce((sum, s) => sum + s.quantity, 0)),
      stock,
      price_history,
      usage: usageInfo(await historyReasons(db, 'product', id, currency)),
      history: showCostsFilter(await subjectHistory(db, 'product', id, currency, { refs: { category_id: categories } }), showCosts),
      can: { ...recordAbilities(req.user!, 'products'), prices: may(req.user!, 'prices.update') },
      currency,
      show_costs: showCosts,
    });
  });

  r.get(`${BASE}/:id/edit`, can('products.update'), async (req, res) => {
    const row = await load(req.params.id);
    await res.inertia.render('products/Form', await formProps(req, row));
  });

  r.put(`${BASE}/:id`, can('products.update'), async (req, res) => {
    const row = await load(req.params.id);
    const input = validate(productSchema(await getCurrency(db)), req.body);
    // A user who may not see costs never receives the purchase price: the form cannot send it back.
    if (!seesCosts(req.user!)) input.purchase_price = Number(row.purchase_price);
    await updateProduct(db, Number(row.id), input, actorOf(req), { canChangePrices: may(req.user!, 'prices.update') });
    flash(req, 'success', `Produit ${input.name} enregistré.`);
    redirect(res, `${BASE}/${row.id}`);
  });

  lifecycleRoutes(r, {
    base: BASE,
    permission: 'products.delete',
    load,
    setActive: (id, active, actor) => setProductActive(db, id, active, actor),
    remove: (id, actor) => deleteProduct(db, id, actor),
    noun: 'Produit',
  });

  return r;
}

/** The audit history shows purchase price changes only to users who may see costs. */
function showCostsFilter<T extends { changes: Array<{ field: string }> }>(items: T[], showCosts: boolean): T[] {
  if (showCosts) return items;
  return items.map((item) => ({ ...item, changes: item.changes.filter((c) => c.field !== 'purchase_price' && c.field !== 'cmup') }));
}
