import { type Request, Router } from 'express';
import { businessDate } from '../../../domain/dates.js';
import { ROUTES, route } from '../../../../shared/routes.js';
import type { TransferListFilters } from '../../../../shared/pages/stock.js';
import { TRANSFER_STATUSES } from '../../../../shared/stock.js';
import { NotFound } from '../../../domain/errors.js';
import { TRANSFER_CANCEL_SCREENS, mayReprint, seesCosts, transferAbilities } from '../../../policies/index.js';
import { locationRows } from '../../../services/stock/lookups.js';
import { listTransfers, transferDetail, transfersInTransit } from '../../../services/stock/transfer-queries.js';
import { cancelTransfer, createTransfer, receiveTransfer } from '../../../services/stock/transfers.js';
import { actorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { can, canAny, requireAuth, requireVerified } from '../../middleware/auth.js';
import { requirePlace } from '../../middleware/places.js';
import { EVERY_PLACE, allowsLocation, refuseUnallowedLocation } from '../../../policies/places.js';
import { printCount } from '../../../services/print/record-print.js';
import { printFrame } from '../../printouts.js';
import { presentPrintState } from '../../presenters/print.js';
import { defaultTransferWay, presentLocations } from '../../presenters/stock/common.js';
import { presentTransfer, presentTransferRow, transferActions } from '../../presenters/stock/transfers.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../../query.js';
import { backUrl, flash, redirect } from '../../respond.js';
import { cancelSchema, receptionSchema, transferSchema } from '../../schemas/stock.js';
import { validate } from '../../validation.js';
import { signedIn, type SignedInRequest } from '../../signed-in.js';

function transferFilters(req: Request, today: string): TransferListFilters {
  const q = queryText(req.query, 'q', 40);
  return {
    ...period(req.query, today, 30, q),
    status: queryChoice(req.query, 'status', ['', ...TRANSFER_STATUSES] as const, ''),
    from_location_id: queryId(req.query, 'from_location_id'),
    to_location_id: queryId(req.query, 'to_location_id'),
    q,
    sort: queryChoice(req.query, 'sort', ['date', 'number', 'status'] as const, 'date'),
    dir: queryChoice(req.query, 'dir', ['asc', 'desc'] as const, 'desc'),
  };
}

/**
 * Transfers: the transfer tab of the "Sortie de stock" hub (list, new transfer, detail with
 * reception and cancellation, bon de transfert A5) and the "Annulation des transferts" screen
 * (search, cancel, reprint: a DUPLICATA, as every print after the first).
 */
export function transferRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use([ROUTES.stockExits, ROUTES['transfers.cancellations']], requireAuth, requireVerified);

  // The stock-exit hub opens on its transfer tab (sales add their own tabs beside it).
  r.get(ROUTES.stockExits, can('menu.sortiestock'), (_req, res) => redirect(res, route('transfers.index')));

  // The transfer list and the cancellation screen search the same list with the same filters.
  const transferList = async (req: SignedInRequest) => {
    const filters = transferFilters(req, businessDate(req.user.company.timeZone));
    return {
      filters,
      transfers: await listTransfers(db, filters, req.user.places, queryPage(req.query), presentTransferRow),
      locations: presentLocations(await locationRows(db, req.user.places)),
    };
  };

  r.get(
    ROUTES['transfers.index'],
    can('menu.sortiestock'),
    signedIn(async (req, res) => {
      const { create, cancel } = transferAbilities(req.user);
      await res.inertia.render('stock/transfers/Index', {
        ...(await transferList(req)),
        in_transit: await transfersInTransit(db, req.user.places),
        can: { create, cancel },
      });
    }),
  );

  r.get(
    ROUTES['transfers.create'],
    can('menu.sortiestock', 'transfers.create'),
    signedIn(async (req, res) => {
      // Sent from a place the user works in, to any active location.
      const locations = presentLocations(await locationRows(db, req.user.places)).filter((l) => l.active);
      const destinations = presentLocations(await locationRows(db, EVERY_PLACE)).filter((l) => l.active);
      const way = defaultTransferWay(locations);
      const to = way.default_to_id ?? destinations.find((l) => l.value !== String(way.default_from_id))?.value;
      await res.inertia.render('stock/transfers/Create', {
        locations,
        destinations,
        ...way,
        default_to_id: to ? Number(to) : null,
      });
    }),
  );

  r.post(
    ROUTES['transfers.index'],
    can('menu.sortiestock', 'transfers.create'),
    signedIn(async (req, res) => {
      const input = validate(transferSchema, req.body);
      refuseUnallowedLocation(req.user.places, input.from_location_id, 'from_location_id');
      const result = await createTransfer(
        db,
        {
          idempotencyKey: input.idempotency_key,
          fromLocationId: input.from_location_id,
          toLocationId: input.to_location_id,
          transferDate: input.transfer_date,
          note: input.note,
          lines: input.lines.map((l) => ({ productId: l.product_id, quantity: l.quantity })),
        },
        actorOf(req),
      );
      flash(
        req,
        'success',
        result.replayed
          ? `Le transfert ${result.number} était déjà enregistré : il n’a pas été créé une seconde fois.`
          : `Transfert ${result.number} envoyé : la marchandise est en transit.`,
      );
      redirect(res, route('transfers.show', { id: result.id }));
    }),
  );

  r.get(
    ROUTES['transfers.show'],
    canAny('menu.sortiestock', 'menu.annulation.transfert'),
    requirePlace(db, 'transfer'),
    signedIn(async (req, res) => {
      const detail = await transferDetail(db, routeId(req.params.id));
      if (!detail) throw new NotFound();
      const { receive, cancel, reprint } = transferAbilities(req.user);
      // The receiving place receives, the sending place cancels (requirePlace guards the actions).
      const places = req.user.places;
      await res.inertia.render('stock/transfers/Show', {
        transfer: presentTransfer(detail, seesCosts(req.user)),
        actions: transferActions(detail.transfer),
        can: {
          receive: receive && allowsLocation(places, detail.transfer.to_location_id),
          cancel: cancel && allowsLocation(places, detail.transfer.from_location_id),
          reprint,
        },
        print: presentPrintState(
          await printCount(db, { printout: 'transfer', id: Number(detail.transfer.id) }),
          mayReprint(req.user),
        ),
      });
    }),
  );

  // Bon de transfert (A5): the first print is the original, every later one a DUPLICATA (printFrame).
  // ?print=1 opens the dialog; ?retour=annulation comes back to the cancellation screen.
  r.get(
    ROUTES['transfers.print'],
    canAny('menu.sortiestock', 'menu.annulation.transfert'),
    requirePlace(db, 'transfer'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await transferDetail(db, id);
      if (!detail) throw new NotFound();
      const back =
        queryChoice(req.query, 'retour', ['', 'annulation'] as const, '') === 'annulation'
          ? route('transfers.cancellations')
          : route('transfers.show', { id });
      const frame = await printFrame(ctx, req, res, {
        document: { printout: 'transfer', id, number: detail.transfer.number },
        back,
      });
      await res.inertia.render('stock/transfers/Print', {
        ...frame,
        transfer: presentTransfer(detail, false, seesCosts(req.user)),
      });
    }),
  );

  r.post(
    ROUTES['transfers.receive'],
    can('menu.sortiestock', 'transfers.create'),
    requirePlace(db, 'transfer', ['to']),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(receptionSchema, req.body);
      const result = await receiveTransfer(
        db,
        id,
        {
          idempotencyKey: input.idempotency_key,
          version: input.version,
          receivedDate: input.received_date,
          note: input.note,
          lines: input.lines.map((l) => ({
            productId: l.product_id,
            quantityReceived: l.quantity_received,
            reason: l.reason ?? null,
          })),
        },
        actorOf(req),
      );
      flash(
        req,
        'success',
        result.status === 'received'
          ? `Transfert ${result.number} reçu.`
          : `Transfert ${result.number} reçu avec écart : les différences sont enregistrées.`,
      );
      redirect(res, route('transfers.show', { id }));
    }),
  );

  // Cancelled from the transfer's page (Sortie de stock) or from the cancellation screen: either screen.
  r.post(
    ROUTES['transfers.cancel'],
    canAny(...TRANSFER_CANCEL_SCREENS),
    can('transfers.cancel'),
    requirePlace(db, 'transfer', ['from']),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(cancelSchema, req.body);
      const result = await cancelTransfer(db, id, input, actorOf(req));
      flash(req, 'success', `Transfert ${result.number} annulé : le stock est revenu à son état d’avant le transfert.`);
      redirect(res, backUrl(req, route('transfers.show', { id })));
    }),
  );

  // Annulation des transferts: search by number, date, locations.
  r.get(
    ROUTES['transfers.cancellations'],
    can('menu.annulation.transfert'),
    signedIn(async (req, res) => {
      const { cancel, reprint } = transferAbilities(req.user);
      await res.inertia.render('stock/transfers/Cancellation', {
        ...(await transferList(req)),
        can: { cancel, reprint },
      });
    }),
  );

  return r;
}
