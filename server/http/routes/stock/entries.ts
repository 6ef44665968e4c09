import { type Request, Router } from 'express';
import { businessDate } from '../../../domain/dates.js';
import { optionId } from '../../../../shared/lists.js';
import { ROUTES, route } from '../../../../shared/routes.js';
import type { EntryListFilters } from '../../../../shared/pages/stock.js';
import { ENTRY_STATUSES, type EntryKind } from '../../../../shared/stock.js';
import { NotFound } from '../../../domain/errors.js';
import { entryAbilities, mayReprint, seesCosts, withoutCosts } from '../../../policies/index.js';
import { cancelStockEntry, createStockEntry } from '../../../services/stock/entries.js';
import {
  entryCancellationShortages,
  entryDetail,
  entryStatement,
  listEntries,
} from '../../../services/stock/entry-queries.js';
import { activeSupplierRows, allSupplierRows, locationRows } from '../../../services/stock/lookups.js';
import { OPENING_STOCK_IMPORT } from '../../../services/stock/import-opening-stock.js';
import { actorOf } from '../../actor.js';
import { importRoutes } from '../../import-routes.js';
import type { AppContext } from '../../context.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { requirePlace } from '../../middleware/places.js';
import { refuseUnallowedLocation } from '../../../policies/places.js';
import { printCount } from '../../../services/print/record-print.js';
import { printFrame } from '../../printouts.js';
import { presentPrintState } from '../../presenters/print.js';
import { defaultDepot, presentLocations, presentOptions } from '../../presenters/stock/common.js';
import {
  presentEntry,
  presentEntryCancellation,
  presentEntryRow,
  presentEntryStatement,
} from '../../presenters/stock/entries.js';
import { period, queryChoice, queryFlag, queryId, queryPage, queryText, routeId } from '../../query.js';
import { flash, redirect } from '../../respond.js';
import { cancelSchema, stockEntrySchema } from '../../schemas/stock.js';
import { validate } from '../../validation.js';
import { formatCount } from '../../../../shared/quantity.js';
import { signedIn } from '../../signed-in.js';

function entryFilters(req: Request, today: string): EntryListFilters {
  const q = queryText(req.query, 'q');
  return {
    ...period(req.query, today, 30, q),
    supplier_id: queryId(req.query, 'supplier_id'),
    location_id: queryId(req.query, 'location_id'),
    status: queryChoice(req.query, 'status', ['', ...ENTRY_STATUSES] as const, ''),
    q,
    sort: queryChoice(req.query, 'sort', ['date', 'number', 'supplier', 'amount'] as const, 'date'),
    dir: queryChoice(req.query, 'dir', ['asc', 'desc'] as const, 'desc'),
  };
}

/** Entrée de stock: list, new entry, detail, cancellation, printouts. */
export function stockEntryRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['entries.index'], requireAuth, requireVerified, can('menu.entreestock'));

  r.get(
    ROUTES['entries.index'],
    signedIn(async (req, res) => {
      const costs = seesCosts(req.user);
      const filters = entryFilters(req, businessDate(req.user.company.timeZone));
      // Sorting by amount would tell the amounts apart: only for those who see them.
      if (!costs && filters.sort === 'amount') filters.sort = 'date';
      const { entries, totals } = await listEntries(db, filters, req.user.places, queryPage(req.query), (r) =>
        presentEntryRow(r, costs),
      );
      await res.inertia.render('stock/entries/Index', {
        filters,
        entries,
        totals: withoutCosts(totals, costs),
        suppliers: presentOptions(await allSupplierRows(db)),
        locations: presentLocations(await locationRows(db, req.user.places)),
        can: entryAbilities(req.user),
      });
    }),
  );

  // The entry form: a supplier's entry, or « Stock initial » (no supplier) on its own URL.
  const entryForm = (kind: EntryKind) =>
    signedIn(async (req, res) => {
      const locations = presentLocations(await locationRows(db, req.user.places)).filter((l) => l.active);
      await res.inertia.render('stock/entries/Create', {
        kind,
        suppliers: kind === 'opening' ? [] : presentOptions(await activeSupplierRows(db)),
        locations,
        default_location_id: optionId(defaultDepot(locations)),
      });
    });
  r.get(ROUTES['entries.create'], can('stock_entries.create'), entryForm('supplier'));
  // « Stock initial »: typed (the entry form) or imported from a file (the one import flow);
  // registered before entries.show, whose :id would take "stock-initial".
  r.get(ROUTES['openingStock.create'], can('stock_entries.create'), entryForm('opening'));
  importRoutes(r, ctx, {
    area: 'openingStock',
    importer: OPENING_STOCK_IMPORT,
    page: 'stock/entries/OpeningImport',
    done: (result) =>
      `Stock initial importé : ${formatCount(result.lines, 'ligne')} en ${formatCount(result.entries.length, 'entrée')} (${result.entries.join(', ')}).`,
    doneUrl: () => route('entries.index', { status: 'validated' }),
  });

  r.post(
    ROUTES['entries.index'],
    can('stock_entries.create'),
    signedIn(async (req, res) => {
      const input = validate(stockEntrySchema(req.user.company.currency), req.body);
      refuseUnallowedLocation(req.user.places, input.location_id);
      const result = await createStockEntry(
        db,
        {
          idempotencyKey: input.idempotency_key,
          kind: input.kind,
          supplierId: input.supplier_id,
          locationId: input.location_id,
          entryDate: input.entry_date,
          supplierRef: input.supplier_ref,
          note: input.note,
          lines: input.lines.map((l) => ({
            productId: l.product_id,
            unit: l.unit,
            quantity: l.quantity,
            ...(l.pack_cost !== undefined ? { packCost: l.pack_cost } : { unitCost: l.unit_cost ?? 0 }),
          })),
        },
        actorOf(req),
      );
      const what = input.kind === 'opening' ? 'Stock initial' : 'Entrée de stock';
      flash(
        req,
        'success',
        result.replayed
          ? `L’entrée ${result.number} était déjà enregistrée : elle n’a pas été créée une seconde fois.`
          : `${what} ${result.number} validé${input.kind === 'opening' ? '' : 'e'}.`,
      );
      redirect(res, route('entries.show', { id: result.id }));
    }),
  );

  // État des entrées de stock for a period (A4), with the list filters.
  r.get(
    ROUTES['entries.statement'],
    signedIn(async (req, res) => {
      // A statement always covers a period, even when the list was searched by number.
      const today = businessDate(req.user.company.timeZone);
      const filters = { ...entryFilters(req, today), ...period(req.query, today) };
      const includeCancelled = queryFlag(req.query, 'cancelled');
      const statement = await entryStatement(db, filters, req.user.places, includeCancelled);
      await res.inertia.render('stock/entries/Statement', {
        ...(await printFrame(ctx, req, res, {
          document: null,
          back: route('entries.index', { from: filters.from, to: filters.to }),
        })),
        ...presentEntryStatement(statement, includeCancelled, filters, seesCosts(req.user)),
      });
    }),
  );

  r.get(
    ROUTES['entries.show'],
    requirePlace(db, 'entry'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await entryDetail(db, id);
      if (!detail) throw new NotFound();
      const validated = detail.entry.status === 'validated';
      await res.inertia.render('stock/entries/Show', {
        entry: presentEntry(detail, seesCosts(req.user)),
        can: entryAbilities(req.user),
        cancellation: presentEntryCancellation(
          detail.entry,
          validated ? await entryCancellationShortages(db, id) : null,
        ),
        print: presentPrintState(await printCount(db, { printout: 'stock_entry', id }), mayReprint(req.user)),
      });
    }),
  );

  r.get(
    ROUTES['entries.print'],
    requirePlace(db, 'entry'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await entryDetail(db, id);
      if (!detail) throw new NotFound();
      const frame = await printFrame(ctx, req, res, {
        document: { printout: 'stock_entry', id, number: detail.entry.number },
        back: route('entries.show', { id }),
      });
      await res.inertia.render('stock/entries/Print', { ...frame, entry: presentEntry(detail, seesCosts(req.user)) });
    }),
  );

  r.post(
    ROUTES['entries.cancel'],
    can('stock_entries.cancel'),
    requirePlace(db, 'entry'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(cancelSchema, req.body);
      const result = await cancelStockEntry(db, id, input, actorOf(req));
      flash(req, 'success', `Entrée ${result.number} annulée : la marchandise est sortie du stock.`);
      redirect(res, route('entries.show', { id }));
    }),
  );

  return r;
}
