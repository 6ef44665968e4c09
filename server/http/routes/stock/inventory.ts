import { Router } from 'express';
import { businessDate } from '../../../domain/dates.js';
import { optionId } from '../../../../shared/lists.js';
import { ROUTES, route } from '../../../../shared/routes.js';
import type { CountLineFilter } from '../../../../shared/pages/stock.js';
import {
  COUNT_STATUSES,
  MOVED_POLICIES,
  READJUSTMENT_REASONS,
  READJUSTMENT_REASON_ALLOWS_INCREASE,
  READJUSTMENT_REASON_LABELS,
} from '../../../../shared/stock.js';
import { NotFound } from '../../../domain/errors.js';
import { countAbilities, seesCosts, seesCountDifferences, seesTheoreticalStock } from '../../../policies/index.js';
import {
  countAdjustment,
  countLines,
  countSession,
  countSessionFormData,
  countSheetRows,
  countSummary,
  listCountSessions,
  listReadjustments,
  readjustmentDetail,
  sessionCategoryOptions,
} from '../../../services/stock/count-queries.js';
import {
  abandonCount,
  createReadjustment,
  openCountSession,
  saveCounts,
  scanCount,
  validateCount,
} from '../../../services/stock/inventory.js';
import { locationRows } from '../../../services/stock/lookups.js';
import { actorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { requirePlace } from '../../middleware/places.js';
import { refuseUnallowedLocation } from '../../../policies/places.js';
import { printFrame } from '../../printouts.js';
import { presentLocations } from '../../presenters/stock/common.js';
import {
  countReference,
  countSheetLines,
  presentCountLine,
  presentCountSession,
  presentCountSessionRow,
  presentCountSummary,
  presentReadjustmentRow,
  readjustmentPrint,
  sessionAdjustmentPrint,
} from '../../presenters/stock/inventory.js';
import { period, queryChoice, queryFlag, queryId, queryPage, queryText, routeId } from '../../query.js';
import { backUrl, flash, redirect } from '../../respond.js';
import {
  cancelSchema,
  countSessionSchema,
  readjustmentSchema,
  saveCountsSchema,
  scanSchema,
  validateCountSchema,
} from '../../schemas/stock.js';
import { validate } from '../../validation.js';
import { signedIn } from '../../signed-in.js';

declare module 'express-session' {
  interface SessionData {
    /** Last scan-to-count result, shown once on the count page. */
    stockLastScan?: { countId: number; name: string; code: string; counted: number; added: number };
  }
}

/** Inventaire: count sessions (snapshot, typed and scanned counts, validation) and readjustments. */
export function inventoryRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['inventory.index'], requireAuth, requireVerified, can('menu.inventaire'));

  r.get(
    ROUTES['inventory.index'],
    signedIn(async (req, res) => {
      const today = businessDate(req.user.company.timeZone);
      const filters = {
        location_id: queryId(req.query, 'location_id'),
        status: queryChoice(req.query, 'status', ['', ...COUNT_STATUSES] as const, ''),
        ...period(req.query, today, 90),
      };
      const tab = queryChoice(req.query, 'tab', ['sessions', 'readjustments'] as const, 'sessions');
      const values = seesCosts(req.user);
      await res.inertia.render('stock/inventory/Index', {
        tab,
        filters,
        sessions: await listCountSessions(
          db,
          filters,
          req.user.places,
          tab === 'sessions' ? queryPage(req.query) : 1,
          (row) => presentCountSessionRow(row, values),
        ),
        readjustments: await listReadjustments(
          db,
          filters,
          req.user.places,
          tab === 'readjustments' ? queryPage(req.query) : 1,
          (row) => presentReadjustmentRow(row, values),
        ),
        locations: presentLocations(await locationRows(db, req.user.places)),
        can: countAbilities(req.user),
      });
    }),
  );

  r.get(
    ROUTES['inventory.create'],
    can('inventory.count'),
    signedIn(async (req, res) => {
      const { categories, openSessions } = await countSessionFormData(db, req.user.places);
      await res.inertia.render('stock/inventory/Create', {
        locations: presentLocations(await locationRows(db, req.user.places)).filter((l) => l.active),
        categories,
        open_sessions: openSessions,
      });
    }),
  );

  r.post(
    ROUTES['inventory.index'],
    can('inventory.count'),
    signedIn(async (req, res) => {
      const input = validate(countSessionSchema, req.body);
      refuseUnallowedLocation(req.user.places, input.location_id);
      const { id, number, replayed } = await openCountSession(
        db,
        {
          idempotencyKey: input.idempotency_key,
          locationId: input.location_id,
          countDate: input.count_date,
          blind: input.blind,
          categoryIds: input.category_ids,
          note: input.note,
        },
        actorOf(req),
      );
      flash(
        req,
        'success',
        replayed
          ? `L’inventaire ${number} était déjà ouvert.`
          : `Inventaire ${number} ouvert : les quantités théoriques sont figées, le comptage peut commencer.`,
      );
      redirect(res, route('inventory.show', { id }));
    }),
  );

  r.get(
    ROUTES['inventory.readjust'],
    can('inventory.validate'),
    signedIn(async (req, res) => {
      const locations = presentLocations(await locationRows(db, req.user.places)).filter((l) => l.active);
      await res.inertia.render('stock/inventory/Readjust', {
        locations,
        reasons: READJUSTMENT_REASONS.map((value) => ({
          value,
          label: READJUSTMENT_REASON_LABELS[value],
          allows_increase: READJUSTMENT_REASON_ALLOWS_INCREASE[value],
        })),
        default_location_id: optionId(locations[0]),
      });
    }),
  );

  r.post(
    ROUTES['inventory.readjust'],
    can('inventory.validate'),
    signedIn(async (req, res) => {
      const input = validate(readjustmentSchema, req.body);
      refuseUnallowedLocation(req.user.places, input.location_id);
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
      flash(
        req,
        'success',
        result.replayed
          ? `Le réajustement ${result.number} était déjà enregistré.`
          : `Réajustement ${result.number} enregistré.`,
      );
      redirect(res, route('inventory.index', { tab: 'readjustments' }));
    }),
  );

  r.get(
    ROUTES['inventory.readjustmentPrint'],
    requirePlace(db, 'adjustment'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await readjustmentDetail(db, id);
      if (!detail) throw new NotFound();
      await res.inertia.render('stock/inventory/AdjustmentPrint', {
        ...(await printFrame(ctx, req, res, {
          document: { printout: 'stock_adjustment', id, number: detail.adjustment.number },
          back: route('inventory.index', { tab: 'readjustments' }),
        })),
        ...readjustmentPrint(detail, seesCosts(req.user)),
      });
    }),
  );

  r.get(
    ROUTES['inventory.show'],
    requirePlace(db, 'count'),
    signedIn(async (req, res) => {
      const session = await countSession(db, routeId(req.params.id));
      if (!session) throw new NotFound();
      const reveal = seesTheoreticalStock(req.user, session);
      const tab = queryChoice(
        req.query,
        'tab',
        ['saisie', 'ecarts'] as const,
        session.status === 'open' ? 'saisie' : 'ecarts',
      );
      const effectiveTab = tab === 'ecarts' && seesCountDifferences(req.user, session) ? 'ecarts' : 'saisie';
      const filters = {
        q: queryText(req.query, 'q', 64),
        category_id: queryId(req.query, 'category_id'),
        show: queryChoice(
          req.query,
          'show',
          ['all', 'uncounted', 'counted', 'differences', 'moved'] as const,
          'all',
        ) as CountLineFilter,
      };
      const options = {
        movedPolicy: queryChoice(req.query, 'policy', MOVED_POLICIES, 'snapshot'),
        uncountedAsZero: queryFlag(req.query, 'zero'),
      };
      const costs = seesCosts(req.user);
      const lastScan = req.session.stockLastScan?.countId === session.id ? req.session.stockLastScan : null;
      delete req.session.stockLastScan;
      await res.inertia.render('stock/inventory/Show', {
        session: presentCountSession(session),
        tab: effectiveTab,
        filters,
        lines: await countLines(db, session, filters, queryPage(req.query), (row) =>
          presentCountLine(row, session, options, reveal, costs),
        ),
        categories: await sessionCategoryOptions(db, session.id),
        reveal,
        summary: reveal ? presentCountSummary(await countSummary(db, session, options), costs) : null,
        show_values: costs,
        preview_policy: options.movedPolicy,
        uncounted_as_zero: options.uncountedAsZero,
        last_scan: lastScan
          ? { name: lastScan.name, code: lastScan.code, counted: lastScan.counted, added: lastScan.added }
          : null,
        can: countAbilities(req.user),
      });
    }),
  );

  r.post(
    ROUTES['inventory.counts'],
    can('inventory.count'),
    requirePlace(db, 'count'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(saveCountsSchema, req.body);
      const { saved } = await saveCounts(
        db,
        id,
        input.lines.map((l) => ({ productId: l.product_id, counted: l.counted, expected: l.expected })),
        actorOf(req),
      );
      flash(
        req,
        'success',
        saved === 0
          ? 'Aucun changement à enregistrer.'
          : `${saved} comptage${saved > 1 ? 's' : ''} enregistré${saved > 1 ? 's' : ''}.`,
      );
      redirect(res, backUrl(req, route('inventory.show', { id })));
    }),
  );

  r.post(
    ROUTES['inventory.scan'],
    can('inventory.count'),
    requirePlace(db, 'count'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(scanSchema, req.body);
      const result = await scanCount(db, id, input, actorOf(req));
      req.session.stockLastScan = {
        countId: id,
        name: result.name,
        code: result.code,
        counted: result.counted,
        added: result.added,
      };
      redirect(res, backUrl(req, route('inventory.show', { id })));
    }),
  );

  r.post(
    ROUTES['inventory.validate'],
    can('inventory.validate'),
    requirePlace(db, 'count'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(validateCountSchema, req.body);
      const result = await validateCount(
        db,
        id,
        { version: input.version, movedPolicy: input.moved_policy, uncountedAsZero: input.uncounted_as_zero },
        actorOf(req),
      );
      flash(
        req,
        'success',
        `Inventaire ${result.number} validé : ${result.adjusted === 0 ? 'aucun écart, aucun ajustement' : `${result.adjusted} ajustement${result.adjusted > 1 ? 's' : ''} de stock`}.`,
      );
      redirect(res, route('inventory.show', { id }, { tab: 'ecarts' }));
    }),
  );

  r.post(
    ROUTES['inventory.abandon'],
    can('inventory.validate'),
    requirePlace(db, 'count'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(cancelSchema, req.body);
      const { number } = await abandonCount(db, id, input, actorOf(req));
      flash(
        req,
        'success',
        `Inventaire ${number} abandonné : il garde son numéro avec le statut « Annulé », aucun ajustement n’a été fait.`,
      );
      redirect(res, route('inventory.index'));
    }),
  );

  // État de contrôle de stock (count sheet, A4). ?vierge=1: empty counted column for counting by hand.
  r.get(
    ROUTES['inventory.sheet'],
    requirePlace(db, 'count'),
    signedIn(async (req, res) => {
      const session = await countSession(db, routeId(req.params.id));
      if (!session) throw new NotFound();
      const reveal = seesTheoreticalStock(req.user, session);
      const blank = queryFlag(req.query, 'vierge');
      const document = {
        printout: blank ? ('count_blank_sheet' as const) : ('count_sheet' as const),
        id: Number(session.id),
        number: countReference(session),
      };
      await res.inertia.render('stock/inventory/CountSheet', {
        ...(await printFrame(ctx, req, res, { document, back: route('inventory.show', { id: session.id }) })),
        session: presentCountSession(session),
        lines: countSheetLines(await countSheetRows(db, session), reveal, blank),
        with_quantities: reveal,
      });
    }),
  );

  // État d'ajustement of a validated count (A4).
  r.get(
    ROUTES['inventory.adjustment'],
    requirePlace(db, 'count'),
    signedIn(async (req, res) => {
      const session = await countSession(db, routeId(req.params.id));
      if (!session || session.status !== 'validated') throw new NotFound();
      await res.inertia.render('stock/inventory/AdjustmentPrint', {
        ...(await printFrame(ctx, req, res, {
          document: { printout: 'count_adjustment', id: Number(session.id), number: session.number },
          back: route('inventory.show', { id: session.id }, { tab: 'ecarts' }),
        })),
        ...sessionAdjustmentPrint(session, await countAdjustment(db, session), seesCosts(req.user)),
      });
    }),
  );

  return r;
}
