import { Router } from 'express';
import { businessDate } from '../../../domain/dates.js';
import { ROUTES, route } from '../../../../shared/routes.js';
import { formatMoney } from '../../../../shared/money.js';
import { NotFound } from '../../../domain/errors.js';
import { SALE_SCREENS, saleAbilities } from '../../../policies/index.js';
import { printBack } from './print-back.js';
import { refuseUnallowedLocation } from '../../../policies/places.js';
import { requirePlace } from '../../middleware/places.js';
import { nowIso } from '../../../db/dialect.js';
import { TICKET_CERTIFICATION_WAIT_MS, waitForCertification } from '../../../services/fiscal/print.js';
import { ticketWidth } from '../../../services/print/ticket-width.js';
import { createCounterSale } from '../../../services/sales/counter-sale.js';
import {
  activeMobileOperators,
  counterLocationRows,
  counterTicket,
  sellerCounterSale,
  walkInClientRow,
} from '../../../services/sales/counter-queries.js';
import { actorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { can, canAny, requireAuth, requireVerified } from '../../middleware/auth.js';
import { backTo } from '../../errors.js';
import { printFrame } from '../../printouts.js';
import {
  presentCounterClient,
  presentCounterLocations,
  presentLastSale,
  presentOperators,
  presentParkedSale,
  presentTicket,
} from '../../presenters/sales/counter.js';
import { queryChoice, queryId, routeId } from '../../query.js';
import { flash, redirect } from '../../respond.js';
import { counterParkedIdSchema, parkSaleSchema, saleInputOf, saleSchema } from '../../schemas/sales.js';
import { discardParkedSale, parkSale, parkedSales } from '../../../services/sales/parked-sales.js';
import { validate } from '../../validation.js';
import { signedIn } from '../../signed-in.js';
import { counterAbilities } from '../../../policies/sales.js';

/**
 * Vente boutique (issue 14): the counter screen of a shop's till and its cash ticket. A counter
 * sale is validated by createSale like every sale; the route only fixes what the counter is: the
 * kind (counter), paid now (comptant: no credit at the till), dated today — whatever the body says.
 * The cash lands in the desk of the chosen shop (createSale resolves it from the location).
 */
export function counterRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use([ROUTES['counter.index'], ROUTES['sales.ticket']], requireAuth, requireVerified);

  r.get(
    ROUTES['counter.index'],
    can('menu.sortiestock'),
    signedIn(async (req, res) => {
      const lastId = queryId(req.query, 'vente');
      const last = lastId ? await sellerCounterSale(db, Number(lastId), actorOf(req).id) : undefined;
      await res.inertia.render('sales/counter/Index', {
        form_loaded_at: nowIso(),
        locations: presentCounterLocations(await counterLocationRows(db, req.user.places)),
        places_restricted: !req.user.places.all,
        walk_in: presentCounterClient(await walkInClientRow(db)),
        operators: presentOperators(await activeMobileOperators(db, req.user.places)),
        last_sale: last ? presentLastSale(last) : null,
        parked: (await parkedSales(db, actorOf(req).id, req.user.places)).map(presentParkedSale),
        ticket_width: await ticketWidth(db),
        can: counterAbilities(req.user),
      });
    }),
  );

  // A refused sale goes back to the counter (its fields keep what was typed).
  r.post(
    ROUTES['counter.store'],
    can('menu.sortiestock', 'sales.create'),
    backTo(() => route('counter.index')),
    signedIn(async (req, res) => {
      const currency = req.user.company.currency;
      const body = typeof req.body === 'object' && req.body !== null ? req.body : {};
      // The counter's own terms, never the body's: a counter sale, paid now, today.
      const input = validate(saleSchema(currency), {
        ...body,
        kind: 'counter',
        payment_mode: 'cash',
        due_date: null,
        sale_date: businessDate(req.user.company.timeZone),
      });
      const { parked_id } = validate(counterParkedIdSchema, body);
      refuseUnallowedLocation(req.user.places, input.location_id);
      const result = await createCounterSale(
        db,
        {
          ...saleInputOf(input, {
            idempotencyKey: input.idempotency_key,
            kind: 'counter',
            formLoadedAt: input.form_loaded_at,
            places: req.user.places,
          }),
          parkedSaleId: parked_id,
        },
        saleAbilities(req.user),
        actorOf(req),
      );
      const change = result.change > 0 ? ` Monnaie à rendre : ${formatMoney(result.change, currency)}.` : '';
      flash(
        req,
        'success',
        result.replayed
          ? `La vente ${result.number} était déjà enregistrée : elle n’a pas été créée une seconde fois.`
          : `Vente ${result.number} validée : ${formatMoney(result.total, currency)}.${change}`,
      );
      redirect(res, route('counter.index', { vente: result.id }));
    }),
  );

  // Mettre en attente: the basket is kept (per user and shop) until it is resumed and validated, or discarded.
  r.post(
    ROUTES['counter.park'],
    requireAuth,
    requireVerified,
    can('menu.sortiestock', 'sales.create'),
    backTo(() => route('counter.index')),
    signedIn(async (req, res) => {
      const input = validate(parkSaleSchema(req.user.company.currency), req.body ?? {});
      const parked = await parkSale(
        db,
        {
          parkedSaleId: input.parked_id,
          locationId: input.location_id,
          clientId: input.client_id,
          discount: input.discount,
          lines: input.lines.map((l) => ({
            productId: l.product_id,
            quantity: l.quantity,
            unitPrice: l.unit_price,
            discount: l.discount,
          })),
          places: req.user.places,
        },
        actorOf(req),
      );
      const currency = req.user.company.currency;
      flash(
        req,
        'success',
        `Vente mise en attente : ${parked.lineCount} ligne${parked.lineCount > 1 ? 's' : ''}, ${formatMoney(parked.total, currency)}.`,
      );
      redirect(res, route('counter.index'));
    }),
  );

  // A basket on hold discarded (another user's answers 404, like an unknown one).
  r.delete(
    ROUTES['counter.parked'],
    requireAuth,
    requireVerified,
    can('menu.sortiestock', 'sales.create'),
    signedIn(async (req, res) => {
      await discardParkedSale(db, routeId(req.params.id), actorOf(req).id);
      flash(req, 'success', 'Vente en attente supprimée.');
      redirect(res, route('counter.index'));
    }),
  );

  // Ticket de caisse (80 / 58 mm): the first print is the original, every later one a DUPLICATA
  // (printFrame). ?print=1 opens the dialog (the counter prints it in its print frame); ?width=58
  // or ?width=80 overrides the ticket width for this print.
  // Another shop's ticket answers 404, like an unknown one.
  r.get(
    ROUTES['sales.ticket'],
    canAny(...SALE_SCREENS),
    requirePlace(db, 'sale'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await counterTicket(db, id);
      if (!detail) throw new NotFound();
      const asked = queryChoice(req.query, 'width', ['', '80', '58'] as const, '');
      const width = asked === '58' ? '58mm' : asked === '80' ? '80mm' : await ticketWidth(db);
      // A ticket printed right after its sale gives the DGI a few seconds to certify it.
      await waitForCertification(db, ['counterSale'], id, TICKET_CERTIFICATION_WAIT_MS);
      const frame = await printFrame(ctx, req, res, {
        document: { printout: 'sale_ticket', id, number: detail.sale.number },
        back: printBack(req, route('counter.index')),
      });
      // The roll's width is the ticket's format: the setting, or this print's override.
      await res.inertia.render('sales/counter/Ticket', {
        ...frame,
        settings: { ...frame.settings, format: width },
        width,
        ticket: presentTicket(detail),
      });
    }),
  );

  return r;
}
