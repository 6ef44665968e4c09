import { Router } from 'express';
import type { AppContext } from '../context.js';
import { CLIENT_KINDS, type ClientFilters, PRICE_LEVELS } from '../../../shared/clients.js';
import { ROUTES, route } from '../../../shared/routes.js';
import {
  CLIENT_SORTS,
  createClient,
  deleteClient,
  exportClients,
  findClient,
  listClients,
  setClientActive,
  updateClient,
  clientUsage,
} from '../../services/clients/clients.js';
import { CLIENT_IMPORT } from '../../services/clients/import-clients.js';
import { subjectHistory } from '../../services/audit/history.js';
import { clientStatement, exportClientStatement, type StatementPeriod } from '../../services/receivables/statement.js';
import { isIsoDate, businessDate } from '../../domain/dates.js';
import { Refusal } from '../../domain/errors.js';
import { printFrame } from '../printouts.js';
import { presentStatementPrint, presentStatementSection } from '../presenters/client-statement.js';
import { suggestCode } from '../../services/records/codes.js';
import { actorOf } from '../actor.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { importRoutes } from '../import-routes.js';
import { lifecycleRoutes, recordLoader, saveRoutes } from '../record-routes.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentHistory } from '../presenters/audit.js';
import { presentClient, presentClientRow } from '../presenters/clients.js';
import { clientSchema } from '../schemas/clients.js';
import { queryChoice, queryPage, queryText, parseListParams, statusFilter } from '../query.js';
import type { Request } from 'express';
import { may, recordAbilities } from '../../policies/index.js';
import { toBool } from '../../db/dialect.js';
import { listSales } from '../../services/sales/sale-queries.js';
import { presentSaleRow } from '../presenters/sales.js';
import { formatCount } from '../../../shared/quantity.js';
import { signedIn } from '../signed-in.js';

const listSpec = {
  sorts: CLIENT_SORTS,
  defaultSort: 'code' as const,
  filters: (q: Record<string, unknown>): ClientFilters => ({
    kind: queryChoice(q, 'kind', ['', ...CLIENT_KINDS] as const, ''),
    price_level: queryChoice(q, 'price_level', ['', ...PRICE_LEVELS] as const, ''),
    status: statusFilter(q),
  }),
};

/**
 * The period of a statement of account: ?from=&to= (YYYY-MM-DD), by default from the first day of
 * the current year to today; reversed dates are put back in order.
 */
function statementPeriod(req: Request, today: string): StatementPeriod {
  const q = req.query as Record<string, unknown>;
  let from = queryText(q, 'from', 10);
  let to = queryText(q, 'to', 10);
  if (!isIsoDate(to)) to = today;
  if (!isIsoDate(from)) from = `${to.slice(0, 4)}-01-01`;
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

/**
 * Why a user gets no statement of this client, or null: the walk-in client (CLIENT COMPTANT) has
 * no account, every sale of theirs is paid at the sale. Receivables belong to the client, not to a
 * place: a cashier of any place sees and settles every open invoice of a client (the settlement
 * form), and so opens the client's statement, which covers every place and ends on their balance —
 * a user restricted to some places included.
 */
function statementUnavailable(client: Record<string, any>): string | null {
  if (toBool(client.is_walk_in))
    return 'Le client comptant n’a pas de compte : ses ventes sont payées à la vente, sans relevé de compte.';
  return null;
}

export function clientRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['clients.index'], requireAuth, requireVerified, can('menu.clients'));

  r.get(
    ROUTES['clients.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, listSpec);
      const rows = await listClients(db, { ...params, page });
      const clients = { ...rows, data: rows.data.map(presentClientRow) };
      await res.inertia.render('clients/Index', {
        clients,
        params,
        can: recordAbilities(req.user, 'clients'),
      });
    }),
  );

  r.get(ROUTES['clients.export'], can('clients.export'), downloadGuard, async (req, res) => {
    const params = parseListParams(req, listSpec);
    sendFile(res, await exportClients(db, params, exportFormat(req)));
  });

  r.get(ROUTES['clients.create'], can('clients.create'), async (req, res) => {
    await res.inertia.render('clients/Form', {
      client: null,
      suggested_code: await suggestCode(db, 'clients'),
    });
  });

  // ——— Import ———
  importRoutes(r, ctx, {
    area: 'clients',
    importer: CLIENT_IMPORT,
    page: 'clients/Import',
    done: (result) => `Import terminé : ${formatCount(result.created, 'client créé')}, ${result.updated} mis à jour.`,
  });

  // ——— One client ———
  const load = recordLoader((id) => findClient(db, id));

  r.get(
    ROUTES['clients.show'],
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const currency = req.user.company.currency;
      const today = businessDate(req.user.company.timeZone);
      const statementNote = statementUnavailable(row);
      await res.inertia.render('clients/Show', {
        client: presentClient(row),
        usage: await clientUsage(db, row, currency),
        history: presentHistory(await subjectHistory(db, 'client', Number(row.id)), currency),
        can: recordAbilities(req.user, 'clients'),
        // Its invoices and counter sales (every date, newest first), for those who open the sales screens.
        sales: may(req.user, 'menu.sortiestock')
          ? await listSales(
              db,
              {
                kind: null,
                from: '',
                to: '',
                client_id: String(row.id),
                location_id: '',
                status: '',
                mode: '',
                method: '',
                fiscal: '',
                q: '',
                sort: 'date',
                dir: 'desc',
              },
              req.user.places,
              queryPage(req.query, 'ventes'),
              presentSaleRow,
              10,
            )
          : null,
        statement: statementNote
          ? null
          : presentStatementSection(
              await clientStatement(db, Number(row.id), statementPeriod(req, today)),
              queryPage(req.query, 'releve'),
              today,
            ),
        statement_note: statementNote,
      });
    }),
  );

  // Relevé de compte (A4) for the period of the client's page.
  r.get(
    ROUTES['clients.statementPrint'],
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const today = businessDate(req.user.company.timeZone);
      const period = statementPeriod(req, today);
      const back = route('clients.show', { id: row.id }, { from: period.from, to: period.to });
      res.locals.refusalBack = () => back;
      const note = statementUnavailable(row);
      if (note) throw Refusal.action(note);
      const statement = await clientStatement(db, Number(row.id), period);
      await res.inertia.render(
        'clients/Statement',
        presentStatementPrint(await printFrame(ctx, req, res, { document: null, back }), row, statement, today),
      );
    }),
  );

  r.get(
    ROUTES['clients.statementExport'],
    can('clients.export'),
    downloadGuard,
    signedIn(async (req, res) => {
      const row = await load(req.params.id);
      const period = statementPeriod(req, businessDate(req.user.company.timeZone));
      res.locals.refusalBack = () => route('clients.show', { id: row.id }, { from: period.from, to: period.to });
      const note = statementUnavailable(row);
      if (note) throw Refusal.action(note);
      sendFile(
        res,
        await exportClientStatement(
          db,
          { id: Number(row.id), code: row.code, name: row.name },
          period,
          exportFormat(req),
          req.user.company.currency,
        ),
      );
    }),
  );

  r.get(ROUTES['clients.edit'], can('clients.update'), async (req, res) => {
    const row = await load(req.params.id);
    await res.inertia.render('clients/Form', {
      client: presentClient(row),
      suggested_code: row.code,
    });
  });

  saveRoutes(r, {
    area: 'clients',
    permissions: { create: 'clients.create', update: 'clients.update' },
    load: load,
    schema: (req) => clientSchema(req.user.company.currency),
    create: (input, req) => createClient(db, input, actorOf(req)),
    update: (id, input, req) => updateClient(db, id, input, actorOf(req)),
    noun: 'Client',
  });

  lifecycleRoutes(r, {
    area: 'clients',
    permission: 'clients.delete',
    load,
    setActive: (id, active, actor) => setClientActive(db, id, active, actor),
    remove: (id, actor) => deleteClient(db, id, actor),
    noun: 'Client',
  });

  return r;
}
