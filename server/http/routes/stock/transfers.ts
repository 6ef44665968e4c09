import { type Request, Router } from 'express';
import type { AppContext } from '../../context.js';
import type { TransferListFilters } from '../../../../shared/stock-pages.js';
import { TRANSFER_STATUSES, type TransferStatus } from '../../../../shared/stock.js';
import { canTransfer } from '../../../domain/stock/transfer-state.js';
import { listTransfers, locationRows, transferDetail, transfersInTransit } from '../../../services/stock/queries.js';
import { cancelTransfer, createTransfer, receiveTransfer, recordTransferReprint } from '../../../services/stock/transfers.js';
import { can, canAny, requireAuth, requireVerified } from '../../middleware/auth.js';
import { presentLocations, presentPage, presentTransfer, presentTransferRow } from '../../presenters/stock.js';
import { backUrl, flash, redirect } from '../../respond.js';
import { cancelSchema, receptionSchema, transferSchema } from '../../schemas/stock.js';
import { validate } from '../../validation.js';
import { printMeta } from './helpers.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../../query.js';
import { actorOf } from '../../actor.js';
import { NotFound } from '../../../domain/errors.js';
import { companyToday, getCurrency } from '../../../services/company/get-company.js';
import { may, seesCosts } from '../../../policies/index.js';

const HUB = '/operations/sortiestock';
const BASE = '/operations/sortiestock/transferts';
const CANCELLATION = '/operations/transfert/annulation';

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
 * (search, cancel, reprint marked DUPLICATA).
 */
export function transferRoutes({ db }: AppContext): Router {
  const r = Router();
  r.use([HUB, CANCELLATION], requireAuth, requireVerified);

  // The stock-exit hub opens on its transfer tab (sales add their own tabs beside it).
  r.get(HUB, can('menu.sortiestock'), (_req, res) => redirect(res, BASE));

  r.get(BASE, can('menu.sortiestock'), async (req, res) => {
    const filters = transferFilters(req, await companyToday(db));
    await res.inertia.render('stock/transfers/Index', {
      filters,
      transfers: presentPage(await listTransfers(db, filters, queryPage(req.query)), presentTransferRow),
      locations: presentLocations(await locationRows(db)),
      in_transit: await transfersInTransit(db),
      can: { create: may(req.user!, 'transfers.create'), cancel: may(req.user!, 'transfers.cancel') },
    });
  });

  r.get(`${BASE}/create`, can('menu.sortiestock', 'transfers.create'), async (_req, res) => {
    const locations = presentLocations(await locationRows(db)).filter((l) => l.active);
    const from = locations.find((l) => l.kind === 'depot') ?? locations[0];
    const to = locations.find((l) => l.value !== from?.value && l.kind === 'boutique') ?? locations.find((l) => l.value !== from?.value);
    await res.inertia.render('stock/transfers/Create', { currency: await getCurrency(db), today: await companyToday(db), locations, default_from_id: from ? Number(from.value) : null, default_to_id: to ? Number(to.value) : null });
  });

  r.post(BASE, can('menu.sortiestock', 'transfers.create'), async (req, res) => {
    const input = validate(transferSchema, req.body);
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
    flash(req, 'success', result.replayed ? `Le transfert ${result.number} était déjà enregistré : il n'a pas été créé une seconde fois.` : `Transfert ${result.number} envoyé : la marchandise est en transit.`);
    redirect(res, `${BASE}/${result.id}`);
  });

  r.get(`${BASE}/:id`, canAny('menu.sortiestock', 'menu.annulation.transfert'), async (req, res) => {
    const detail = await transferDetail(db, routeId(req.params.id));
    if (!detail) throw new NotFound();
    const status = detail.transfer.status as TransferStatus;
    await res.inertia.render('stock/transfers/Show', {
      currency: await getCurrency(db),
      today: await companyToday(db),
      transfer: presentTransfer(detail, seesCosts(req.user!)),
      actions: { receive: canTransfer(status, 'receive'), cancel: canTransfer(status, 'cancel') },
      can: { receive: may(req.user!, 'transfers.create'), cancel: may(req.user!, 'transfers.cancel'), reprint: may(req.user!, 'documents.reprint') && may(req.user!, 'menu.annulation.transfert') },
    });
  });

  // Bon de transfert (A5). ?duplicata=1 after a counted reprint, ?print=1 opens the dialog.
  r.get(`${BASE}/:id/print`, canAny('menu.sortiestock', 'menu.annulation.transfert'), async (req, res) => {
    const id = routeId(req.params.id);
    const detail = await transferDetail(db, id);
    if (!detail) throw new NotFound();
    const duplicata = queryText(req.query, 'duplicata', 2) === '1';
    await res.inertia.render('stock/transfers/Print', {
      ...(await printMeta(db, req, duplicata ? CANCELLATION : `${BASE}/${id}`)),
      transfer: presentTransfer(detail, false),
      duplicata,
    });
  });

  r.post(`${BASE}/:id/receive`, can('transfers.create'), async (req, res) => {
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
        lines: input.lines.map((l) => ({ productId: l.product_id, quantityReceived: l.quantity_received, reason: l.reason ?? null })),
      },
      actorOf(req),
    );
    flash(req, 'success', result.status === 'received' ? `Transfert ${result.number} reçu.` : `Transfert ${result.number} reçu avec écart : les différences sont enregistrées.`);
    redirect(res, `${BASE}/${id}`);
  });

  r.post(`${BASE}/:id/cancel`, can('transfers.cancel'), async (req, res) => {
    const id = routeId(req.params.id);
    const input = validate(cancelSchema, req.body);
    const result = await cancelTransfer(db, id, input, actorOf(req));
    flash(req, 'success', `Transfert ${result.number} annulé : le stock est revenu à son état d'avant le transfert.`);
    redirect(res, backUrl(req, `${BASE}/${id}`));
  });

  // Annulation des transferts: search by number, date, locations.
  r.get(CANCELLATION, can('menu.annulation.transfert'), async (req, res) => {
    const filters = transferFilters(req, await companyToday(db));
    await res.inertia.render('stock/transfers/Cancellation', {
      filters,
      transfers: presentPage(await listTransfers(db, filters, queryPage(req.query)), presentTransferRow),
      locations: presentLocations(await locationRows(db)),
      searched: Object.keys(req.query).length > 0,
      can: { cancel: may(req.user!, 'transfers.cancel'), reprint: may(req.user!, 'documents.reprint') },
    });
  });

  r.post(`${CANCELLATION}/:id/reprint`, can('menu.annulation.transfert', 'documents.reprint'), async (req, res) => {
    const id = routeId(req.params.id);
    const { number, reprintCount } = await recordTransferReprint(db, id, actorOf(req));
    flash(req, 'success', `Réimpression n° ${reprintCount} de ${number} (DUPLICATA).`);
    redirect(res, `${BASE}/${id}/print?duplicata=1&print=1`);
  });

  return r;
}
