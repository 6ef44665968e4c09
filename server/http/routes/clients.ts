import { Router } from 'express';
import type { AppContext } from '../context.js';
import { CLIENT_KINDS, type ClientFilters, PRICE_LEVELS } from '../../../shared/master-data.js';
import { CLIENT_KIND_LABELS, PRICE_LEVEL_LABELS } from '../../../shared/master-data.js';
import { paginate } from '../../db/paginate.js';
import { toBool } from '../../db/dialect.js';
import { CLIENT_SORTS, clientsQuery, createClient, deleteClient, findClient, setClientActive, updateClient } from '../../services/clients/clients.js';
import { CLIENT_IMPORT_COLUMNS, applyClientImport, clientImportColumns, previewClientImport } from '../../services/clients/import-clients.js';
import { getCurrency } from '../../services/company/get-company.js';
import { suggestCode } from '../../services/master-data/codes.js';
import { historyReasons, usageInfo } from '../../services/master-data/usage.js';
import { type ExportSpec, sendExport } from '../../services/tabular/export.js';
import { loadBatch, presentPreview } from '../../services/tabular/import-batches.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, importUpload, lifecycleRoutes, withFileErrors } from '../master-data.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { subjectHistory } from '../presenters/audit.js';
import { presentClient, presentClientRow } from '../presenters/clients.js';
import { flash, redirect } from '../respond.js';
import { clientSchema } from '../schemas/clients.js';
import { queryChoice, parseListParams, queryText, routeId, statusFilter } from '../query.js';
import { validate } from '../validation.js';
import { backTo } from '../errors.js';
import { NotFound } from '../../domain/errors.js';
import { may, recordAbilities } from '../../policies/index.js';

const BASE = '/fichiers/clients';

const listSpec = {
  sorts: CLIENT_SORTS,
  defaultSort: 'code' as const,
  filters: (q: Record<string, unknown>): ClientFilters => ({
    kind: queryChoice(q, 'kind', ['', ...CLIENT_KINDS] as const, ''),
    price_level: queryChoice(q, 'price_level', ['', ...PRICE_LEVELS] as const, ''),
    status: statusFilter(q),
  }),
};

function exportSpec(currency: string): ExportSpec<any> {
  return {
    fileName: 'clients',
    sheetName: 'Clients',
    currency,
    columns: [
      { header: 'Code', value: (r) => r.code, width: 12 },
      { header: 'Nom', value: (r) => r.name, width: 32 },
      { header: 'Type', value: (r) => CLIENT_KIND_LABELS[r.kind as keyof typeof CLIENT_KIND_LABELS] ?? r.kind },
      { header: 'Téléphone', value: (r) => r.phone },
      { header: 'E-mail', value: (r) => r.email, width: 28 },
      { header: 'Adresse', value: (r) => r.address, width: 30 },
      { header: 'Ville', value: (r) => r.city },
      { header: 'N° contribuable', value: (r) => r.tax_number },
      { header: 'Niveau de prix', value: (r) => PRICE_LEVEL_LABELS[r.price_level as keyof typeof PRICE_LEVEL_LABELS] ?? r.price_level },
      { header: 'Plafond de crédit', kind: 'money', value: (r) => Number(r.credit_limit) },
      { header: 'Solde', kind: 'money', value: (r) => Number(r.balance) },
      { header: 'Actif', value: (r) => toBool(r.active) },
    ],
  };
}

export function clientRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(BASE, requireAuth, requireVerified, can('menu.clients'));

  r.get(BASE, async (req, res) => {
    const params = parseListParams(req, listSpec);
    const currency = await getCurrency(db);
    const clients = await paginate(clientsQuery(db, params), params.page, params.per_page, presentClientRow);
    const { page: _page, ...rest } = params;
    await res.inertia.render('clients/Index', { clients, params: rest, can: recordAbilities(req.user!, 'clients'), currency });
  });

  r.get(`${BASE}/export`, can('clients.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    const currency = await getCurrency(db);
    const rows = await clientsQuery(db, params);
    await sendExport(res, exportFormat(req), exportSpec(currency), rows);
  });

  r.get(`${BASE}/create`, can('clients.create'), async (_req, res) => {
    await res.inertia.render('clients/Form', { client: null, suggested_code: await suggestCode(db, 'clients'), currency: await getCurrency(db) });
  });

  r.post(BASE, can('clients.create'), async (req, res) => {
    const input = validate(clientSchema(await getCurrency(db)), req.body);
    const id = await createClient(db, input, actorOf(req));
    flash(req, 'success', `Client ${input.name} créé.`);
    redirect(res, `${BASE}/${id}`);
  });

  // ——— Import ———
  r.get(`${BASE}/import`, can('clients.export', 'clients.create'), async (req, res) => {
    const previewId = queryText(req.query as Record<string, unknown>, 'preview');
    let preview = null;
    if (previewId) {
      const batch = await loadBatch(db, previewId, req.user!.row.id, 'clients');
      if (!batch) throw new NotFound();
      preview = presentPreview(batch);
    }
    await res.inertia.render('clients/Import', { preview, columns: clientImportColumns(), can_update: may(req.user!, 'clients.update') });
  });

  r.get(`${BASE}/import/modele`, can('clients.export', 'clients.create'), downloadGuard, async (req, res) => {
    const currency = await getCurrency(db);
    const spec = { fileName: 'modele-import-clients', sheetName: 'Clients', currency, columns: CLIENT_IMPORT_COLUMNS.map((c) => ({ header: c.header, value: () => '' })) };
    await sendExport(res, exportFormat(req), spec, []);
  });

  r.post(`${BASE}/import`, can('clients.export', 'clients.create'), ...importUpload(), async (req, res) => {
    const id = await withFileErrors(() => previewClientImport(db, req.importTable!, req.file!.originalname, actorOf(req), may(req.user!, 'clients.update')));
    redirect(res, `${BASE}/import?preview=${id}`);
  });

  r.post(
    `${BASE}/import/:batch/apply`,
    can('clients.export', 'clients.create'),
    backTo(() => `${BASE}/import`),
    async (req, res) => {
      const result = await applyClientImport(db, String(req.params.batch), actorOf(req), may(req.user!, 'clients.update'));
      flash(req, 'success', `Import terminé : ${result.created} client(s) créé(s), ${result.updated} mis à jour.`);
      redirect(res, BASE);
    },
  );

  // ——— One client ———
  const load = async (id: unknown) => {
    const clientId = routeId(id);
    const row = clientId ? await findClient(db, clientId) : undefined;
    if (!row) throw new NotFound();
    return row;
  };

  r.get(`${BASE}/:id`, async (req, res) => {
    const row = await load(req.params.id);
    const currency = await getCurrency(db);
    const walkIn = toBool(row.is_walk_in);
    const reasons = walkIn ? [] : await historyReasons(db, 'client', Number(row.id), currency);
    const block = walkIn ? 'Le CLIENT COMPTANT sert à toutes les ventes au comptant.' : null;
    await res.inertia.render('clients/Show', {
      client: presentClient(row),
      usage: usageInfo(reasons, { archive: block, delete: block }),
      history: await subjectHistory(db, 'client', Number(row.id), currency),
      can: recordAbilities(req.user!, 'clients'),
      currency,
    });
  });

  r.get(`${BASE}/:id/edit`, can('clients.update'), async (req, res) => {
    const row = await load(req.params.id);
    await res.inertia.render('clients/Form', { client: presentClient(row), suggested_code: row.code, currency: await getCurrency(db) });
  });

  r.put(`${BASE}/:id`, can('clients.update'), async (req, res) => {
    const row = await load(req.params.id);
    const input = validate(clientSchema(await getCurrency(db)), req.body);
    await updateClient(db, Number(row.id), input, actorOf(req));
    flash(req, 'success', `Client ${input.name} enregistré.`);
    redirect(res, `${BASE}/${row.id}`);
  });

  lifecycleRoutes(r, {
    base: BASE,
    permission: 'clients.delete',
    load,
    setActive: (id, active, actor) => setClientActive(db, id, active, actor),
    remove: (id, actor) => deleteClient(db, id, actor),
    noun: 'Client',
  });

  return r;
}
