import { optionId } from '../../../../shared/lists.js';
import { type Request, Router } from 'express';
import { toBool } from '../../../db/dialect.js';
import type { AppContext } from '../../context.js';
import type { CountLineFilter } from '../../../../shared/stock-pages.js';
import { COUNT_STATUSES, MOVED_POLICIES, READJUSTMENT_REASONS, READJUSTMENT_REASON_ALLOWS_INCREASE, READJUSTMENT_REASON_LABELS } from '../../../../shared/stock.js';
import { abandonCount, createReadjustment, openCountSession, saveCounts, scanCount, validateCount } from '../../../services/stock/inventory.js';
import { allCountLines, countLines, countSession, countSessionFormData, listCountSessions, listReadjustments, locationRows, readjustmentDetail, sessionCategoryOptions } from '../../../services/stock/queries.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import {
  countSheetLines,
  countSummaryFor,
  presentCountLine,
  presentCountSession,
  presentCountSessionRow,
  presentLocations,
  presentPage,
  presentReadjustmentRow,
  previewResult,
  sessionAdjustmentPrint,
  readjustmentPrint,
} from '../../presenters/stock.js';
import { backUrl, flash, redirect } from '../../respond.js';
import { cancelSchema, countSessionSchema, readjustmentSchema, saveCountsSchema, scanSchema, validateCountSchema } from '../../schemas/stock.js';
import { validate } from '../../validation.js';
import { printMeta } from './helpers.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../../query.js';
import { actorOf } from '../../actor.js';
import { NotFound } from '../../../domain/errors.js';
import { companyToday, getCurrency } from '../../../services/company/get-company.js';
import { may, seesCosts, seesTheoreticalStock } from '../../../policies/index.js';

const BASE = '/operations/gestionstock';

declare module 'express-session' {
  interface SessionData {
    /** Last scan-to-count result, shown once on the count page. */
    stockLastScan?: { countId: number; name: string; code: string; counted: number; added: number };
  }
}

function reveals(req: Request, session: Record<string, unknown>): boolean {
  return seesTheoreticalStock(req.user!, { status: String(session.status), blind: toBool(session.blind) });
}

/** Inventaire: count sessions (snapshot, typed and scanned counts, validation) and readjustments. */
export function inventoryRoutes({ db }: AppContext): Router {
  const r = Router();
  r.use(BASE, requireAuth, requireVerified, can('menu.inventaire'));

  r.get(BASE, async (req, res) => {
    const today = await companyToday(db);
    const filters = { location_id: queryId(req.query, 'location_id'), status: queryChoice(req.query, 'status', ['', ...COUNT_STATUSES] as const, ''), ...period(req.query, today, 90) };
    const tab = queryChoice(req.query, 'tab', ['sessions', 'readjustments'] as const, 'sessions');
    const values = seesCosts(req.user!);
    await res.inertia.render('stock/inventory/Index', {
      currency: await getCurrency(db),
      tab,
      filters,
      sessions: presentPage(await listCountSessions(db, filters, tab === 'sessions' ? queryPage(req.query) : 1), (row) => presentCountSessionRow(row, values)),
      readjustments: presentPage(await listReadjustments(db, filters, tab === 'readjustments' ? queryPage(req.query) : 1), (row) => presentReadjustmentRow(row, values)),
      locations: presentLocations(await locationRows(db)),
      can: { count: may(req.user!, 'inventory.count'), validate: may(req.user!, 'inventory.validate') },
    });
  });

  r.get(`${BASE}/create`, can('inventory.count'), async (_req, res) => {
    const { categories, openSessions } = await countSessionFormData(db);
    await res.inertia.render('stock/inventory/Create', {
      today: await companyToday(db),
      locations: presentLocations(await locationRows(db)).filter((l) => l.active),
      categories,
      open_sessions: openSessions,
    });
  });

  r.post(BASE, can('inventory.count'), async (req, res) => {
    const input = validate(countSessionSchema, req.body);
    const { id, replayed } = await openCountSession(
      db,
      { idempotencyKey: input.idempotency_key, locationId: input.location_id, countDate: input.count_date, blind: input.blind, categoryIds: input.category_ids, note: input.note },
      actorOf(req),
    );
    flash(req, 'success', replayed ? `L'inventaire n° ${id} était déjà ouvert.` : `Inventaire n° ${id} ouvert : les quantités théoriques sont figées, le comptage peut commencer.`);
    redirect(res, `${BASE}/${id}`);
  });

  r.get(`${BASE}/reajustement`, can('inventory.validate'), async (_req, res) => {
    const locations = presentLocations(await locationRows(db)).filter((l) => l.active);
    await res.inertia.render('stock/inventory/Readjust', {
      currency: await getCurrency(db),
      today: await companyToday(db),
      locations,
      reasons: READJUSTMENT_REASONS.map((value) => ({ value, label: READJUSTMENT_REASON_LABELS[value], allows_increase: READJUSTMENT_REASON_ALLOWS_INCREASE[value] })),
      default_location_id: optionId(locations[0]),
    });
  });

  r.post(`${BASE}/reajustement`, can('inventory.validate'), async (req, res) => {
    const input = validate(readjustmentSchema, req.body);
    const result = await createReadjustment(
      db,
      {
        idempotencyKey: input.idempotency_key,
        locationId: input.location_id,
        adjustmentDate: input.adjustment_date,
        reason: input.reason,
        note: input.note,
        lines: input.lines.map((l) => ({ productId: l.product_id, direction: l.direction, quantity: l.quantity })),
      },
      actorOf(req),
    );
    flash(req, 'success', result.replayed ? `Le réajustement ${result.number} était déjà enregistré.` : `Réajustement ${result.number} enregistré.`);
    redirect(res, `${BASE}?tab=readjustments`);
  });

  r.get(`${BASE}/reajustements/:id/print`, async (req, res) => {
    const detail = await readjustmentDetail(db, routeId(req.params.id));
    if (!detail) throw new NotFound();
    await res.inertia.render('stock/inventory/AdjustmentPrint', { ...(await printMeta(db, req, `${BASE}?tab=readjustments`)), ...readjustmentPrint(detail) });
  });

  r.get(`${BASE}/:id`, async (req, res) => {
    const session = await countSession(db, routeId(req.params.id));
    if (!session) throw new NotFound();
    const validator = may(req.user!, 'inventory.validate');
    const reveal = reveals(req, session);
    const tab = queryChoice(req.query, 'tab', ['saisie', 'ecarts'] as const, session.status === 'open' ? 'saisie' : 'ecarts');
    const effectiveTab = tab === 'ecarts' && reveal && (session.status !== 'open' || validator) ? 'ecarts' : 'saisie';
    const filters = {
      q: queryText(req.query, 'q', 64),
      category_id: queryId(req.query, 'category_id'),
      show: queryChoice(req.query, 'show', ['all', 'uncounted', 'counted', 'differences', 'moved'] as const, 'all') as CountLineFilter,
    };
    const policy = queryChoice(req.query, 'policy', MOVED_POLICIES, 'snapshot');
    const zero = queryText(req.query, 'zero', 2) === '1';
    const costs = seesCosts(req.user!);
    const lastScan = req.session.stockLastScan?.countId === session.id ? req.session.stockLastScan : null;
    delete req.session.stockLastScan;
    const page = await countLines(db, session, filters, queryPage(req.query));
    await res.inertia.render('stock/inventory/Show', {
      currency: await getCurrency(db),
      session: presentCountSession(session),
      tab: effectiveTab,
      filters,
      lines: presentPage(page, (row) => presentCountLine(row, session, previewResult(row, session, { movedPolicy: policy, uncountedAsZero: zero }), reveal, costs)),
      categories: await sessionCategoryOptions(db, session.id),
      reveal,
      summary: reveal ? countSummaryFor(session, await allCountLines(db, session), { movedPolicy: policy, uncountedAsZero: zero }, costs) : null,
      preview_policy: policy,
      uncounted_as_zero: zero,
      last_scan: lastScan ? { name: lastScan.name, code: lastScan.code, counted: lastScan.counted, added: lastScan.added } : null,
      can: { count: may(req.user!, 'inventory.count'), validate: validator },
    });
  });

  r.post(`${BASE}/:id/counts`, can('inventory.count'), async (req, res) => {
    const id = routeId(req.params.id);
    const input = validate(saveCountsSchema, req.body);
    const { saved } = await saveCounts(db, id, input.lines.map((l) => ({ productId: l.product_id, counted: l.counted, expected: l.expected })), actorOf(req));
    flash(req, 'success', saved === 0 ? 'Aucun changement à enregistrer.' : `${saved} comptage${saved > 1 ? 's' : ''} enregistré${saved > 1 ? 's' : ''}.`);
    redirect(res, backUrl(req, `${BASE}/${id}`));
  });

  r.post(`${BASE}/:id/scan`, can('inventory.count'), async (req, res) => {
    const id = routeId(req.params.id);
    const input = validate(scanSchema, req.body);
    const result = await scanCount(db, id, input, actorOf(req));
    req.session.stockLastScan = { countId: id, name: result.name, code: result.code, counted: result.counted, added: result.added };
    redirect(res, backUrl(req, `${BASE}/${id}`));
  });

  r.post(`${BASE}/:id/validate`, can('inventory.validate'), async (req, res) => {
    const id = routeId(req.params.id);
    const input = validate(validateCountSchema, req.body);
    const result = await validateCount(db, id, { version: input.version, movedPolicy: input.moved_policy, uncountedAsZero: input.uncounted_as_zero }, actorOf(req));
    flash(req, 'success', `Inventaire ${result.number} validé : ${result.adjusted === 0 ? 'aucun écart, aucun ajustement' : `${result.adjusted} ajustement${result.adjusted > 1 ? 's' : ''} de stock`}.`);
    redirect(res, `${BASE}/${id}?tab=ecarts`);
  });

  r.post(`${BASE}/:id/abandon`, can('inventory.validate'), async (req, res) => {
    const id = routeId(req.params.id);
    const input = validate(cancelSchema, req.body);
    await abandonCount(db, id, input, actorOf(req));
    flash(req, 'success', `Inventaire n° ${id} abandonné : aucun ajustement n'a été fait.`);
    redirect(res, BASE);
  });

  // État de contrôle de stock (count sheet, A4). ?vierge=1: empty counted column for counting by hand.
  r.get(`${BASE}/:id/print`, async (req, res) => {
    const session = await countSession(db, routeId(req.params.id));
    if (!session) throw new NotFound();
    const reveal = reveals(req, session);
    const blank = queryText(req.query, 'vierge', 2) === '1';
    await res.inertia.render('stock/inventory/CountSheet', {
      ...(await printMeta(db, req, `${BASE}/${session.id}`)),
      session: presentCountSession(session),
      lines: countSheetLines(await allCountLines(db, session), reveal, blank),
      with_quantities: reveal,
    });
  });

  // État d'ajustement of a validated count (A4).
  r.get(`${BASE}/:id/ajustement`, async (req, res) => {
    const session = await countSession(db, routeId(req.params.id));
    if (!session || session.status !== 'validated') throw new NotFound();
    await res.inertia.render('stock/inventory/AdjustmentPrint', { ...(await printMeta(db, req, `${BASE}/${session.id}?tab=ecarts`)), ...sessionAdjustmentPrint(session, await allCountLines(db, session)) });
  });

  return r;
}
