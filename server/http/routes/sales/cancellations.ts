import { Router } from 'express';
import { businessDate } from '../../../domain/dates.js';
import type { SaleCancellationFilters } from '../../../../shared/pages/cancellations.js';
import { ROUTES, route } from '../../../../shared/routes.js';
import { SALE_KINDS } from '../../../../shared/sales.js';
import { saleCancelAbilities } from '../../../policies/index.js';
import { cancelSale } from '../../../services/sales/cancel-sale.js';
import { listSaleCancellations } from '../../../services/sales/sale-cancellations.js';
import { clientNameOf } from '../../../services/sales/sale-queries.js';
import { locationRows } from '../../../services/stock/lookups.js';
import { actorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { requirePlace } from '../../middleware/places.js';
import { presentSaleCancellationRow } from '../../presenters/sales/cancellations.js';
import { presentLocations } from '../../presenters/stock/common.js';
import { queryChoice, queryPage, routeId } from '../../query.js';
import { backUrl, flash, redirect } from '../../respond.js';
import { saleCancelSchema } from '../../schemas/sales.js';
import { allPaymentAccounts, paymentAccounts } from '../../../services/treasury/accounts.js';
import { validate } from '../../validation.js';
import { formatMoney } from '../../../../shared/money.js';
import { saleFilters } from '../sales.js';
import { signedIn } from '../../signed-in.js';

/**
 * Annulations et réimpressions › Factures (issue 15): search the invoices (FAC-) and counter sales
 * (VB-) by number, client, period, status; cancel one with a mandatory reason (`invoices.cancel`,
 * cancelSale: refused while settlements are allocated to it), its refund paid from the accounts
 * that took the money or from another account of the user chosen in the dialog; reprint its invoice A6 / cash
 * invoice A6 / ticket — the print routes of the sale (sales.print ?format=a6, sales.ticket), which
 * mark every print after the first DUPLICATA, counted and audited (`documents.reprint`).
 */
export function saleCancellationRoutes({ db }: AppContext): Router {
  const r = Router();

  r.get(
    ROUTES['sales.cancellations'],
    requireAuth,
    requireVerified,
    can('menu.annulation.factures'),
    signedIn(async (req, res) => {
      const filters: SaleCancellationFilters = {
        ...saleFilters(req, businessDate(req.user.company.timeZone)),
        kind: queryChoice(req.query, 'kind', ['', ...SALE_KINDS] as const, ''),
      };
      const places = req.user.places;
      await res.inertia.render('sales/Cancellation', {
        filters,
        sales: await listSaleCancellations(db, filters, places, queryPage(req.query), presentSaleCancellationRow),
        client: filters.client_id ? await clientNameOf(db, Number(filters.client_id)) : null,
        locations: presentLocations(await locationRows(db, places)),
        can: saleCancelAbilities(req.user),
        // Where a refund may come from besides the accounts that took the money: every account the user works on.
        refund_accounts: saleCancelAbilities(req.user).cancel
          ? allPaymentAccounts(await paymentAccounts(db, { scope: places }))
          : [],
      });
    }),
  );

  r.post(
    ROUTES['sales.cancel'],
    requireAuth,
    requireVerified,
    can('menu.annulation.factures', 'invoices.cancel'),
    requirePlace(db, 'sale'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(saleCancelSchema, req.body);
      const result = await cancelSale(
        db,
        id,
        {
          reason: input.reason,
          version: input.version,
          refundAccountId: input.refund_account_id,
          places: req.user.places,
        },
        actorOf(req),
      );
      const currency = req.user.company.currency;
      const what = result.kind === 'counter' ? 'Vente' : 'Facture';
      const effects = [
        'la marchandise est revenue en stock',
        result.refunded ? `${formatMoney(result.refunded, currency)} remboursés` : null,
        result.balanceReleased ? `${formatMoney(result.balanceReleased, currency)} retirés du solde du client` : null,
      ].filter(Boolean);
      flash(req, 'success', `${what} ${result.number} annulée : ${effects.join(', ')}.`);
      redirect(res, backUrl(req, route('sales.cancellations')));
    }),
  );

  return r;
}
