import { Router } from 'express';
import type { AppContext } from '../context.js';
import type { SupplierFilters } from '../../../shared/master-data.js';
import { paginate } from '../../db/paginate.js';
import { toBool } from '../../db/dialect.js';
import { getCurrency } from '../../services/company/get-company.js';
import { suggestCode } from '../../services/master-data/codes.js';
import { historyReasons, usageInfo } from '../../services/master-data/usage.js';
import { SUPPLIER_SORTS, createSupplier, deleteSupplier, findSupplier, setSupplierActive, suppliersQuery, updateSupplier } from '../../services/suppliers/suppliers.js';
import { type ExportSpec, sendExport } from '../../services/tabular/export.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, lifecycleRoutes } from '../master-data.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { subjectHistory } from '../presenters/audit.js';
import { presentSupplier, presentSupplierRow } from '../presenters/master-data.js';
import { flash, redirect } from '../respond.js';
import { supplierSchema } from '../schemas/suppliers.js';
import { queryChoice, parseListParams, routeId, statusFilter } from '../query.js';
import { validate } from '../validation.js';
import { NotFound } from '../../domain/errors.js';
import { recordAbilities } from '../../policies/index.js';

const BASE = '/fichiers/fournisseurs';

const listSpec = {
  sorts: SUPPLIER_SORTS,
  defaultSort: 'code' as const,
  filters: (q: Record<string, unknown>): SupplierFilters => ({ status: statusFilter(q), balance: queryChoice(q, 'balance', ['', 'owed'] as const, '') }),
};

function exportSpec(currency: string): ExportSpec<any> {
  return {
    fileName: 'fournisseurs',
    sheetName: 'Fournisseurs',
    currency,
    columns: [
      { header: 'Code', value: (r) => r.code, width: 12 },
      { header: 'Nom', value: (r) => r.name, width: 32 },
      { header: 'Téléphone', value: (r) => r.phone },
      { header: 'E-mail', value: (r) => r.email, width: 28 },
      { header: 'Adresse', value: (r) => r.address, width: 30 },
      { header: 'N° contribuable', value: (r) => r.tax_number },
      { header: 'Solde dû', kind: 'money', value: (r) => Number(r.balance) },
      { header: 'Actif', value: (r) => toBool(r.active) },
    ],
  };
}

export function supplierRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(BASE, requireAuth, requireVerified, can('menu.fournisseurs'));

  r.get(BASE, async (req, res) => {
    const { page, ...params } = parseListParams(req, listSpec);
    const suppliers = await paginate(suppliersQuery(db, params), page, params.per_page, presentSupplierRow);
    await res.inertia.render('suppliers/Index', { suppliers, params, can: recordAbilities(req.user!, 'suppliers'), currency: await getCurrency(db) });
  });

  r.get(`${BASE}/export`, can('suppliers.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    await sendExport(res, exportFormat(req), exportSpec(await getCurrency(db)), await suppliersQuery(db, params));
  });

  r.get(`${BASE}/create`, can('suppliers.create'), async (_req, res) => {
    await res.inertia.render('suppliers/Form', { supplier: null, suggested_code: await suggestCode(db, 'suppliers') });
  });

  r.post(BASE, can('suppliers.create'), async (req, res) => {
    const input = validate(supplierSchema, req.body);
    const id = await createSupplier(db, input, actorOf(req));
    flash(req, 'success', `Fournisseur ${input.name} créé.`);
    redirect(res, `${BASE}/${id}`);
  });

  const load = async (id: unknown) => {
    const supplierId = routeId(id);
    const row = supplierId ? await findSupplier(db, supplierId) : undefined;
    if (!row) throw new NotFound();
    return row;
  };

  r.get(`${BASE}/:id`, async (req, res) => {
    const row = await load(req.params.id);
    const currency = await getCurrency(db);
    await res.inertia.render('suppliers/Show', {
      supplier: presentSupplier(row),
      usage: usageInfo(await historyReasons(db, 'supplier', Number(row.id), currency)),
      history: await subjectHistory(db, 'supplier', Number(row.id), currency),
      can: recordAbilities(req.user!, 'suppliers'),
      currency,
    });
  });

  r.get(`${BASE}/:id/edit`, can('suppliers.update'), async (req, res) => {
    const row = await load(req.params.id);
    await res.inertia.render('suppliers/Form', { supplier: presentSupplier(row), suggested_code: row.code });
  });

  r.put(`${BASE}/:id`, can('suppliers.update'), async (req, res) => {
    const row = await load(req.params.id);
    const input = validate(supplierSchema, req.body);
    await updateSupplier(db, Number(row.id), input, actorOf(req));
    flash(req, 'success', `Fournisseur ${input.name} enregistré.`);
    redirect(res, `${BASE}/${row.id}`);
  });

  lifecycleRoutes(r, {
    base: BASE,
    permission: 'suppliers.delete',
    load,
    setActive: (id, active, actor) => setSupplierActive(db, id, active, actor),
    remove: (id, actor) => deleteSupplier(db, id, actor),
    noun: 'Fournisseur',
  });

  return r;
}
