import { type NextFunction, type Request, type Response, Router } from 'express';
import { businessDate } from '../../domain/dates.js';
import { ROUTES, route } from '../../../shared/routes.js';
import type { SettlementListFilters } from '../../../shared/pages/settlements.js';
import { SETTLEMENT_STATUSES } from '../../../shared/settlements.js';
import { PAYMENT_METHODS } from '../../../shared/treasury.js';
import { NotFound } from '../../domain/errors.js';
import { SETTLEMENT_SCREENS, mayReprint } from '../../policies/index.js';
import { subjectHistory } from '../../services/audit/history.js';
import { printCount } from '../../services/print/record-print.js';
import { createSettlement } from '../../services/settlements/create-settlement.js';
import {
  clientForSettlement,
  exportSettlements,
  listSettlements,
  openInvoices,
  settlementDetail,
  settlementFilterOptions,
} from '../../services/settlements/settlement-queries.js';
import { clientNameOf } from '../../services/sales/sale-queries.js';
import { allPaymentAccounts, paymentAccounts } from '../../services/treasury/accounts.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { backTo } from '../errors.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { can, canAny, requireAuth, requireVerified } from '../middleware/auth.js';
import { requireAccountDocument } from '../middleware/places.js';
import { presentHistory } from '../presenters/audit.js';
import { presentPrintState } from '../presenters/print.js';
import {
  presentOpenInvoice,
  presentSettlement,
  presentSettlementClient,
  presentSettlementRow,
} from '../presenters/settlements.js';
import { printFrame } from '../printouts.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { settlementInput, settlementSchema } from '../schemas/settlements.js';
import { validate } from '../validation.js';
import { signedIn } from '../signed-in.js';
import { settlementAbilities, settlementListAbilities } from '../../policies/sales.js';

function filtersOf(req: Request, today: string): SettlementListFilters {
  const q = queryText(req.query, 'q', 40);
  return {
    ...period(req.query, today, 30, q),
    client_id: queryId(req.query, 'client_id'),
    method: queryChoice(req.query, 'method', ['', ...PAYMENT_METHODS, 'advance'] as const, ''),
    account_id: queryId(req.query, 'account_id'),
    user_id: queryId(req.query, 'user_id'),
    status: queryChoice(req.query, 'status', ['', ...SETTLEMENT_STATUSES] as const, ''),
    q,
    sort: queryChoice(req.query, 'sort', ['date', 'number', 'amount'] as const, 'date'),
    dir: queryChoice(req.query, 'dir', ['asc', 'desc'] as const, 'desc'),
  };
}

/**
 * Trésorerie › Règlement (issue 15): the list of client settlements (REG-) with totals by method
 * and its export, the new-settlement form (a client's open invoices, the allocation preview), the
 * validation through createSettlement, a settlement's page and its receipt (A5, or 80 mm with
 * ?format=80mm; every print after the first a DUPLICATA).
 *
 * `/:id` routes answer only numeric ids, so sibling paths under /operations/reglement (the
 * cancellations screen) are served by their own router whatever the mounting order. A settlement
 * paid into an account the user does not work on answers 404, like an unknown one.
 */
export function settlementRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  const numericId = (req: Request, _res: Response, next: NextFunction) =>
    /^\d+$/.test(String(req.params.id)) ? next() : next('route');
  const inPlace = requireAccountDocument(db, 'settlement');
  const guard = [requireAuth, requireVerified, can('menu.reglement')];
  // A settlement's page and receipt also open from Annulations › Règlements (reprint as DUPLICATA).
  const documentGuard = [requireAuth, requireVerified, canAny(...SETTLEMENT_SCREENS)];

  r.get(
    ROUTES['settlements.index'],
    ...guard,
    signedIn(async (req, res) => {
      const filters = filtersOf(req, businessDate(req.user.company.timeZone));
      const user = req.user;
      const { settlements, totals } = await listSettlements(
        db,
        filters,
        user.places,
        queryPage(req.query),
        presentSettlementRow,
      );
      const options = await settlementFilterOptions(db, user.places);
      await res.inertia.render('settlements/Index', {
        filters,
        settlements,
        totals,
        client: filters.client_id ? await clientNameOf(db, Number(filters.client_id)) : null,
        accounts: options.accounts.map((a) => ({ value: String(a.id), label: a.name })),
        users: options.users.map((u) => ({ value: String(u.id), label: u.name })),
        can: settlementListAbilities(user),
      });
    }),
  );

  r.get(
    ROUTES['settlements.export'],
    ...guard,
    downloadGuard,
    signedIn(async (req, res) => {
      const filters = filtersOf(req, businessDate(req.user.company.timeZone));
      sendFile(
        res,
        await exportSettlements(db, filters, req.user.places, exportFormat(req), req.user.company.currency),
      );
    }),
  );

  // ?client_id=N: the client (balance, advance) and their open invoices, oldest due first.
  r.get(
    ROUTES['settlements.create'],
    ...guard,
    can('settlements.create'),
    signedIn(async (req, res) => {
      const today = businessDate(req.user.company.timeZone);
      const clientId = queryId(req.query, 'client_id');
      const client = clientId ? await clientForSettlement(db, Number(clientId)) : undefined;
      await res.inertia.render('settlements/Create', {
        currency: req.user.company.currency,
        today,
        client: client ? presentSettlementClient(client) : null,
        invoices: client ? (await openInvoices(db, Number(client.id))).map((i) => presentOpenInvoice(i, today)) : [],
        accounts: allPaymentAccounts(await paymentAccounts(db, { scope: req.user.places })),
      });
    }),
  );

  r.post(
    ROUTES['settlements.index'],
    ...guard,
    can('settlements.create'),
    backTo(() => route('settlements.create')),
    signedIn(async (req, res) => {
      const body = validate(settlementSchema(req.user.company.currency), req.body);
      const result = await createSettlement(
        db,
        { ...settlementInput(body, body.idempotency_key), places: req.user.places },
        actorOf(req),
      );
      const advance = result.advance > 0 ? ' Le surplus est gardé en acompte au client.' : '';
      flash(
        req,
        'success',
        result.replayed
          ? `Le règlement ${result.number} était déjà enregistré : il n’a pas été créé une seconde fois.`
          : `Règlement ${result.number} validé.${advance}`,
      );
      redirect(res, route('settlements.show', { id: result.id }));
    }),
  );

  r.get(
    ROUTES['settlements.show'],
    numericId,
    ...documentGuard,
    inPlace,
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await settlementDetail(db, id);
      if (!detail) throw new NotFound();
      const currency = req.user.company.currency;
      await res.inertia.render('settlements/Show', {
        settlement: presentSettlement(detail),
        history: presentHistory(await subjectHistory(db, 'settlement', id), currency),
        print: presentPrintState(await printCount(db, { printout: 'settlement_receipt', id }), mayReprint(req.user)),
        can: settlementAbilities(req.user),
      });
    }),
  );

  // Reçu de règlement: A5 (Paramètres › Impression), or on a till roll with ?format=80mm.
  r.get(
    ROUTES['settlements.print'],
    numericId,
    ...documentGuard,
    inPlace,
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await settlementDetail(db, id);
      if (!detail) throw new NotFound();
      const frame = await printFrame(ctx, req, res, {
        document: { printout: 'settlement_receipt', id, number: detail.settlement.number },
        back:
          queryChoice(req.query, 'retour', ['', 'annulation'] as const, '') === 'annulation'
            ? route('settlements.cancellations')
            : route('settlements.show', { id }),
      });
      const asked = queryChoice(req.query, 'format', ['', '80mm', 'a5'] as const, '');
      const format = asked === '80mm' ? '80mm' : asked === 'a5' ? 'A5' : frame.settings.format;
      await res.inertia.render('settlements/Print', {
        ...frame,
        settings: { ...frame.settings, format },
        roll: format === '80mm' || format === '58mm',
        settlement: presentSettlement(detail),
      });
    }),
  );

  return r;
}
