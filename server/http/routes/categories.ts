import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES } from '../../../shared/routes.js';
import type { CategoryFilters } from '../../../shared/categories.js';
import { subjectHistory } from '../../services/audit/history.js';
import {
  CATEGORY_SORTS,
  createCategory,
  deleteCategory,
  exportCategories,
  findCategory,
  listCategories,
  setCategoryActive,
  updateCategory,
} from '../../services/categories/categories.js';
import { suggestCode } from '../../services/records/codes.js';
import { recordUsage } from '../../services/records/usage.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { lifecycleRoutes, recordLoader, saveRoutes } from '../record-routes.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentHistory } from '../presenters/audit.js';
import { presentCategoryRow } from '../presenters/categories.js';
import { categorySchema } from '../schemas/products.js';
import { parseListParams, statusFilter } from '../query.js';
import { recordAbilities } from '../../policies/index.js';
import { signedIn } from '../signed-in.js';

const listSpec = {
  sorts: CATEGORY_SORTS,
  defaultSort: 'name' as const,
  filters: (q: Record<string, unknown>): CategoryFilters => ({ status: statusFilter(q) }),
};

/** Categories have no separate page: their form shows the record, its usage and its history. */
export function categoryRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['categories.index'], requireAuth, requireVerified, can('menu.categories'));

  r.get(
    ROUTES['categories.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, listSpec);
      const rows = await listCategories(db, { ...params, page });
      const categories = { ...rows, data: rows.data.map(presentCategoryRow) };
      await res.inertia.render('categories/Index', {
        categories,
        params,
        can: recordAbilities(req.user, 'categories'),
      });
    }),
  );

  r.get(ROUTES['categories.export'], can('categories.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    sendFile(res, await exportCategories(db, params, exportFormat(req)));
  });

  r.get(
    ROUTES['categories.create'],
    can('categories.create'),
    signedIn(async (req, res) => {
      await res.inertia.render('categories/Form', {
        category: null,
        suggested_code: await suggestCode(db, 'categories'),
        usage: null,
        can: recordAbilities(req.user, 'categories'),
        history: [],
      });
    }),
  );

  const load = recordLoader((id) => findCategory(db, id));

  const show = signedIn(async (req, res) => {
    const row = await load(req.params.id);
    const currency = req.user.company.currency;
    await res.inertia.render('categories/Form', {
      category: presentCategoryRow(row),
      suggested_code: row.code,
      usage: await recordUsage(db, 'category', Number(row.id)),
      can: recordAbilities(req.user, 'categories'),
      history: presentHistory(await subjectHistory(db, 'category', Number(row.id)), currency),
    });
  });
  r.get(ROUTES['categories.show'], show);
  r.get(ROUTES['categories.edit'], can('categories.update'), show);

  saveRoutes(r, {
    area: 'categories',
    permissions: { create: 'categories.create', update: 'categories.update' },
    load: load,
    schema: () => categorySchema,
    create: (input, req) => createCategory(db, input, actorOf(req)),
    update: (id, input, req) => updateCategory(db, id, input, actorOf(req)),
    noun: 'Catégorie',
    feminine: true,
  });

  lifecycleRoutes(r, {
    area: 'categories',
    permission: 'categories.delete',
    load,
    setActive: (id, active, actor) => setCategoryActive(db, id, active, actor),
    remove: (id, actor) => deleteCategory(db, id, actor),
    noun: 'Catégorie',
    feminine: true,
  });

  return r;
}
