import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES } from '../../../shared/routes.js';
import type { SupplierFilters } from '../../../shared/suppliers.js';
import { suggestCode } from '../../services/records/codes.js';
import { recordUsage } from '../../services/records/usage.js';
import { subjectHistory } from '../../services/audit/history.js';
import {
  SUPPLIER_SORTS,
  createSupplier,
  deleteSupplier,
  exportSuppliers,
  findSupplier,
  listSuppliers,
  setSupplierActive,
  updateSupplier,
} from '../../services/suppliers/suppliers.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { lifecycleRoutes, recordLoader, saveRoutes } from '../record-routes.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentHistory } from '../presenters/audit.js';
import { presentSupplier, presentSupplierRow } from '../presenters/suppliers.js';
import { supplierSchema } from '../schemas/suppliers.js';
import { queryChoice, parseListParams, statusFilter } from '../query.js';
import { recordAbilities } from '../../policies/index.js';
import { signedIn } from '../signed-in.js';

const listSpec = {
  sorts: SUPPLIER_SORTS,
  defaultSort: 'code' as const,
  filters: (q: Record<string, unknown>): SupplierFilters => ({
    status: statusFilter(q),
    balance: queryChoice(q, 'balance', ['', 'owed'] as const, ''),
  }),
};

export function supplierRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['suppliers.index'], requireAuth, requireVerified, can('menu.fournisseurs'));

  r.get(
    ROUTES['suppliers.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, listSpec);
      const rows = await listSuppliers(db, { ...params, page });
      const suppliers = { ...rows, data: rows.data.map(presentSupplierRow) };
      await res.inertia.render('suppliers/Index', {
        suppliers,
        params,
        can: recordAbilities(req.user, 'suppliers'),
      });
    }),
  );

  r.get(ROUTES['suppliers.export'], can('suppliers.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    sendFile(res, await exportSuppliers(db, params, exportFormat(req)));
  });

  r.get(ROUTES['suppliers.create'], can('suppliers.create'), async (_req, res) => {
    await res.inertia.render('suppliers/Form', { supplier: null, suggested_code: await suggestCode(db, 'suppliers') });
  });

  const load = recordLoader((id) => findSupplier(db, id));

  r.get(
    ROUTES['suppliers.show'],
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const currency = req.user.company.currency;
      await res.inertia.render('suppliers/Show', {
        supplier: presentSupplier(row),
        usage: await recordUsage(db, 'supplier', Number(row.id), currency),
        history: presentHistory(await subjectHistory(db, 'supplier', Number(row.id)), currency),
        can: recordAbilities(req.user, 'suppliers'),
      });
    }),
  );

  r.get(ROUTES['suppliers.edit'], can('suppliers.update'), async (req, res) => {
    const row = await load(req.params.id);
    await res.inertia.render('suppliers/Form', { supplier: presentSupplier(row), suggested_code: row.code });
  });

  saveRoutes(r, {
    area: 'suppliers',
    permissions: { create: 'suppliers.create', update: 'suppliers.update' },
    load: load,
    schema: () => supplierSchema,
    create: (input, req) => createSupplier(db, input, actorOf(req)),
    update: (id, input, req) => updateSupplier(db, id, input, actorOf(req)),
    noun: 'Fournisseur',
  });

  lifecycleRoutes(r, {
    area: 'suppliers',
    permission: 'suppliers.delete',
    load,
    setActive: (id, active, actor) => setSupplierActive(db, id, active, actor),
    remove: (id, actor) => deleteSupplier(db, id, actor),
    noun: 'Fournisseur',
  });

  return r;
}
