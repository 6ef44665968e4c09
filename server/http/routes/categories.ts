import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../context.js';
import type { CategoryFilters } from '../../../shared/master-data.js';
import { paginate } from '../../db/paginate.js';
import { toBool } from '../../db/dialect.js';
import { CATEGORY_SORTS, categoriesQuery, createCategory, deleteCategory, findCategory, setCategoryActive, updateCategory } from '../../services/categories/categories.js';
import { getCurrency } from '../../services/company/get-company.js';
import { suggestCode } from '../../services/master-data/codes.js';
import { historyReasons, usageInfo } from '../../services/master-data/usage.js';
import { type ExportSpec, sendExport } from '../../services/tabular/export.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, lifecycleRoutes } from '../master-data.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { subjectHistory } from '../presenters/audit.js';
import { presentCategoryRow } from '../presenters/master-data.js';
import { flash, redirect } from '../respond.js';
import { categorySchema } from '../schemas/products.js';
import { parseListParams, routeId, statusFilter } from '../query.js';
import { validate } from '../validation.js';
import { NotFound } from '../../domain/errors.js';
import { recordAbilities } from '../../policies/index.js';

const BASE = '/fichiers/categories';

const listSpec = {
  sorts: CATEGORY_SORTS,
  defaultSort: 'name' as const,
  filters: (q: Record<string, unknown>): CategoryFilters => ({ status: statusFilter(q) }),
};

const exportSpec = (currency: string): ExportSpec<any> => ({
  fileName: 'categories',
  sheetName: 'Catégories',
  currency,
  columns: [
    { header: 'Code', value: (r) => r.code, width: 12 },
    { header: 'Nom', value: (r) => r.name, width: 32 },
    { header: 'Description', value: (r) => r.description, width: 40 },
    { header: 'Produits', kind: 'integer', value: (r) => Number(r.product_count ?? 0) },
    { header: 'Active', value: (r) => toBool(r.active) },
  ],
});

/** Categories have no separate page: their form shows the record, its usage and its history. */
export function categoryRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(BASE, requireAuth, requireVerified, can('menu.categories'));

  r.get(BASE, async (req, res) => {
    const { page, ...params } = parseListParams(req, listSpec);
    const categories = await paginate(categoriesQuery(db, params), page, params.per_page, presentCategoryRow);
    await res.inertia.render('categories/Index', { categories, params, can: recordAbilities(req.user!, 'categories') });
  });

  r.get(`${BASE}/export`, can('categories.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    await sendExport(res, exportFormat(req), exportSpec(await getCurrency(db)), await categoriesQuery(db, params));
  });

  r.get(`${BASE}/create`, can('categories.create'), async (req, res) => {
    await res.inertia.render('categories/Form', { category: null, suggested_code: await suggestCode(db, 'categories'), usage: null, can: recordAbilities(req.user!, 'categories'), history: [] });
  });

  r.post(BASE, can('categories.create'), async (req, res) => {
    const input = validate(categorySchema, req.body);
    const id = await createCategory(db, input, actorOf(req));
    flash(req, 'success', `Catégorie ${input.name} créée.`);
    redirect(res, `${BASE}/${id}`);
  });

  const load = async (id: unknown) => {
    const categoryId = routeId(id);
    const row = categoryId ? await findCategory(db, categoryId) : undefined;
    if (!row) throw new NotFound();
    return row;
  };

  const show = async (req: Request, res: Response) => {
    const row = await load(req.params.id);
    const currency = await getCurrency(db);
    await res.inertia.render('categories/Form', {
      category: presentCategoryRow(row),
      suggested_code: row.code,
      usage: usageInfo(await historyReasons(db, 'category', Number(row.id))),
      can: recordAbilities(req.user!, 'categories'),
      history: await subjectHistory(db, 'category', Number(row.id), currency),
    });
  };
  r.get(`${BASE}/:id`, show);
  r.get(`${BASE}/:id/edit`, can('categories.update'), show);

  r.put(`${BASE}/:id`, can('categories.update'), async (req, res) => {
    const row = await load(req.params.id);
    const input = validate(categorySchema, req.body);
    await updateCategory(db, Number(row.id), input, actorOf(req));
    flash(req, 'success', `Catégorie ${input.name} enregistrée.`);
    redirect(res, `${BASE}/${row.id}`);
  });

  lifecycleRoutes(r, {
    base: BASE,
    permission: 'categories.delete',
    load,
    setActive: (id, active, actor) => setCategoryActive(db, id, active, actor),
    remove: (id, actor) => deleteCategory(db, id, actor),
    noun: 'Catégorie',
    feminine: true,
  });

  return r;
}
