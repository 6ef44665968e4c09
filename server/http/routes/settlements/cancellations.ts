import type { Request } from 'express';
import { businessDate } from '../../../domain/dates.js';
import { Router } from 'express';
import type { SettlementCancellationFilters } from '../../../../shared/pages/cancellations.js';
import { formatMoney } from '../../../../shared/money.js';
import { ROUTES, route } from '../../../../shared/routes.js';
import { PAYMENT_METHODS } from '../../../../shared/treasury.js';
import { settlementCancelAbilities } from '../../../policies/index.js';
import { clientNameOf } from '../../../services/sales/sale-queries.js';
import { cancelSettlement } from '../../../services/settlements/cancel-settlement.js';
import { listSettlements } from '../../../services/settlements/settlement-queries.js';
import { actorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { requireAccountDocument } from '../../middleware/places.js';
import { presentSettlementCancellationRow } from '../../presenters/settlements/cancellations.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../../query.js';
import { backUrl, flash, redirect } from '../../respond.js';
import { cancelSchema } from '../../schemas/stock.js';
import { validate } from '../../validation.js';
import { signedIn } from '../../signed-in.js';

function settlementFilters(req: Request, today: string): SettlementCancellationFilters {
  const q = queryText(req.query, 'q', 40);
  return {
    ...period(req.query, today, 30, q),
    client_id: queryId(req.query, 'client_id'),
    method: queryChoice(req.query, 'method', ['', ...PAYMENT_METHODS, 'advance'] as const, ''),
    status: queryChoice(req.query, 'status', ['', 'validated', 'cancelled'] as const, ''),
    q,
    sort: queryChoice(req.query, 'sort', ['date', 'number', 'amount'] as const, 'date'),
    dir: queryChoice(req.query, 'dir', ['asc', 'desc'] as const, 'desc'),
  };
}

/**
 * Annulations et réimpressions › Règlements (issue 15): search the settlements (REG-) by number,
 * client, period, method, status; cancel one with a mandatory reason (`settlements.cancel`,
 * cancelSettlement: allocations, money, advance, invoices and client balance reversed, dated
 * today); reprint its receipt — the receipt's own print route, which marks every print after the
 * first DUPLICATA (`documents.reprint`). A settlement paid into an account the user does not work
 * on answers 404, like an unknown one.
 */
export function settlementCancellationRoutes({ db }: AppContext): Router {
  const r = Router();

  r.get(
    ROUTES['settlements.cancellations'],
    requireAuth,
    requireVerified,
    can('menu.annulation.reglement'),
    signedIn(async (req, res) => {
      const filters = settlementFilters(req, businessDate(req.user.company.timeZone));
      const currency = req.user.company.currency;
      await res.inertia.render('settlements/Cancellation', {
        filters,
        settlements: (
          await listSettlements(
            db,
            filters,
            req.user.places,
            queryPage(req.query),
            presentSettlementCancellationRow(currency),
            { mode: 'cancellation' },
          )
        ).settlements,
        client: filters.client_id ? await clientNameOf(db, Number(filters.client_id)) : null,
        can: settlementCancelAbilities(req.user),
      });
    }),
  );

  r.post(
    ROUTES['settlements.cancel'],
    requireAuth,
    requireVerified,
    can('menu.annulation.reglement', 'settlements.cancel'),
    requireAccountDocument(db, 'settlement'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(cancelSchema, req.body);
      const result = await cancelSettlement(db, id, input, actorOf(req));
      const currency = req.user.company.currency;
      const effects = [
        result.refunded
          ? `${formatMoney(result.refunded, currency)} sortis du compte qui les avait reçus`
          : 'l’acompte est rendu au client',
        result.invoices.length ? `reste à payer rétabli sur ${result.invoices.join(', ')}` : null,
      ].filter(Boolean);
      flash(req, 'success', `Règlement ${result.number} annulé : ${effects.join(', ')}.`);
      redirect(res, backUrl(req, route('settlements.cancellations')));
    }),
  );

  return r;
}
