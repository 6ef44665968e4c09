import { optionId } from '../../../../shared/lists.js';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { EntryListFilters } from '../../../../shared/stock-pages.js';
import { ENTRY_STATUSES } from '../../../../shared/stock.js';
import { cancelStockEntry, createStockEntry } from '../../../services/stock/entries.js';
import { activeSupplierRows, allSupplierRows, entryDetail, entryStatementRows, listEntries, locationRows } from '../../../services/stock/queries.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { presentEntry, presentEntryRow, presentEntryStatement, presentLocations, presentOptions, presentPage } from '../../presenters/stock.js';
import { flash, redirect } from '../../respond.js';
import { cancelSchema, stockEntrySchema } from '../../schemas/stock.js';
import { validate } from '../../validation.js';
import { printMeta } from './helpers.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../../query.js';
import { actorOf } from '../../actor.js';
import { NotFound } from '../../../domain/errors.js';
import { companyToday, getCurrency } from '../../../services/company/get-company.js';
import { may } from '../../../policies/index.js';

const BASE = '/operations/entreestock';

function entryFilters(req: import('express').Request, today: string): EntryListFilters {
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
export function stockEntryRoutes({ db }: AppContext): Router {
  const r = Router();
  r.use(BASE, requireAuth, requireVerified, can('menu.entreestock'));

  r.get(BASE, async (req, res) => {
    const filters = entryFilters(req, await companyToday(db));
    const list = await listEntries(db, filters, queryPage(req.query));
    await res.inertia.render('stock/entries/Index', {
      currency: await getCurrency(db),
      filters,
      entries: presentPage(list, presentEntryRow),
      totals: list.totals,
      suppliers: presentOptions(await allSupplierRows(db)),
      locations: presentLocations(await locationRows(db)),
      can: { create: may(req.user!, 'stock_entries.create'), cancel: may(req.user!, 'stock_entries.cancel') },
    });
  });

  r.get(`${BASE}/create`, can('stock_entries.create'), async (req, res) => {
    const locations = presentLocations(await locationRows(db)).filter((l) => l.active);
    await res.inertia.render('stock/entries/Create', {
      currency: await getCurrency(db),
      today: await companyToday(db),
      suppliers: presentOptions(await activeSupplierRows(db)),
      locations,
      default_location_id: optionId(locations.find((l) => l.kind === 'depot') ?? locations[0]),
    });
  });

  r.post(BASE, can('stock_entries.create'), async (req, res) => {
    const input = validate(stockEntrySchema, req.body);
    const result = await createStockEntry(
      db,
      {
        idempotencyKey: input.idempotency_key,
        supplierId: input.supplier_id,
        locationId: input.location_id,
        entryDate: input.entry_date,
        supplierRef: input.supplier_ref,
        note: input.note,
        lines: input.lines.map((l) => ({ productId: l.product_id, unit: l.unit, quantity: l.quantity, unitCost: l.unit_cost })),
      },
      actorOf(req),
    );
    flash(req, 'success', result.replayed ? `L'entrée ${result.number} était déjà enregistrée : elle n'a pas été créée une seconde fois.` : `Entrée de stock ${result.number} validée.`);
    redirect(res, `${BASE}/${result.id}`);
  });

  // État des entrées de stock for a period (A4), with the list filters.
  r.get(`${BASE}/etat`, async (req, res) => {
    // A statement always covers a period, even when the list was searched by number.
    const today = await companyToday(db);
    const filters = { ...entryFilters(req, today), ...period(req.query, today) };
    const includeCancelled = queryText(req.query, 'cancelled', 2) === '1';
    const { rows, truncated } = await entryStatementRows(db, filters, includeCancelled);
    const statement = presentEntryStatement(rows);
    const supplier = filters.supplier_id ? await db('suppliers').where({ id: Number(filters.supplier_id) }).first('name') : null;
    const location = filters.location_id ? await db('locations').where({ id: Number(filters.location_id) }).first('name') : null;
    await res.inertia.render('stock/entries/Statement', {
      ...(await printMeta(db, req, `${BASE}?${new URLSearchParams({ from: filters.from, to: filters.to }).toString()}`)),
      filters: { from: filters.from, to: filters.to, supplier: supplier?.name ?? null, location: location?.name ?? null, include_cancelled: includeCancelled },
      ...statement,
      truncated,
    });
  });

  r.get(`${BASE}/:id`, async (req, res) => {
    const detail = await entryDetail(db, routeId(req.params.id));
    if (!detail) throw new NotFound();
    await res.inertia.render('stock/entries/Show', {
      currency: await getCurrency(db),
      entry: presentEntry(detail),
      can: { cancel: may(req.user!, 'stock_entries.cancel'), create: may(req.user!, 'stock_entries.create') },
    });
  });

  r.get(`${BASE}/:id/print`, async (req, res) => {
    const id = routeId(req.params.id);
    const detail = await entryDetail(db, id);
    if (!detail) throw new NotFound();
    await res.inertia.render('stock/entries/Print', { ...(await printMeta(db, req, `${BASE}/${id}`)), entry: presentEntry(detail) });
  });

  r.post(`${BASE}/:id/cancel`, can('stock_entries.cancel'), async (req, res) => {
    const id = routeId(req.params.id);
    const input = validate(cancelSchema, req.body);
    const result = await cancelStockEntry(db, id, input, actorOf(req));
    flash(req, 'success', `Entrée ${result.number} annulée : la marchandise est sortie du stock.`);
    redirect(res, `${BASE}/${id}`);
  });

  return r;
}
