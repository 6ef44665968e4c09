import { Router } from 'express';
import type { AppContext } from '../context.js';
import { ROUTES } from '../../../shared/routes.js';
import { LOCATION_KINDS, type LocationKind } from '../../../shared/locations.js';
import { type StatusFilter } from '../../../shared/lists.js';
import {
  CASH_DESK_SORTS,
  cashDeskUsage,
  createCashDesk,
  deleteCashDesk,
  findCashDesk,
  listCashDesks,
  setCashDeskActive,
  updateCashDesk,
} from '../../services/cash-desks/cash-desks.js';
import {
  LOCATION_SORTS,
  locationUsage,
  createLocation,
  deleteLocation,
  findLocation,
  listLocations,
  locationOptions,
  setLocationActive,
  updateLocation,
} from '../../services/locations/locations.js';
import { suggestCode, suggestLocationCodes } from '../../services/records/codes.js';
import { cashDeskAccountId } from '../../services/treasury/cash-desk-accounts.js';
import { accountLedgerProps } from './treasury-accounts.js';
import { businessDate } from '../../domain/dates.js';
import { actorOf } from '../actor.js';
import { lifecycleRoutes, recordLoader, saveRoutes } from '../record-routes.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { requireDesk, requirePlace } from '../middleware/places.js';
import { presentCashDeskRow } from '../presenters/cash-desks.js';
import { presentLocationRow } from '../presenters/locations.js';
import { cashDeskSchema, locationSchema } from '../schemas/company.js';
import { queryId, queryChoice, parseListParams, statusFilter } from '../query.js';
import { refuseUnallowedLocation } from '../../policies/places.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';
import { fiscalSettings, pointOfSaleFor } from '../../services/fiscal/settings.js';
import { storedSecret } from '../../services/fiscal/secret.js';
import type { DeskFiscalProps } from '../../../shared/pages/master-data.js';
import { managesSettings } from '../../policies/settings.js';

/**
 * Paramètres › Société: locations (emplacements) and cash desks (caisses). Opening the screens
 * needs menu.parametres.societe; every change needs company.manage (DESIGN.md §6).
 */
const MANAGE = 'company.manage';

const locationList = {
  sorts: LOCATION_SORTS,
  defaultSort: 'code' as const,
  filters: (q: Record<string, unknown>): { status: StatusFilter; kind: LocationKind | '' } => ({
    status: statusFilter(q),
    kind: queryChoice(q, 'kind', ['', ...LOCATION_KINDS] as const, ''),
  }),
};
const deskList = {
  sorts: CASH_DESK_SORTS,
  defaultSort: 'code' as const,
  filters: (q: Record<string, unknown>) => ({ status: statusFilter(q), location_id: queryId(q, 'location_id') }),
};

export function companyPlacesRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(
    [ROUTES['locations.index'], ROUTES['cashDesks.index']],
    requireAuth,
    requireVerified,
    can('menu.parametres.societe'),
  );
  // A location, or a cash desk, of a place the user does not work in: the 404 page (record, edit, archive…).
  r.use(ROUTES['locations.show'], requirePlace(db, 'location'));
  r.use(ROUTES['cashDesks.show'], requireDesk(db));
  const canManage = (req: SignedInRequest) => managesSettings(req.user, 'places');
  /** A desk form's certification facts: never the token, its state only. */
  const deskFiscal = async (
    desk: { location_id: number; fiscal_machine_token: string | null } | null,
  ): Promise<DeskFiscalProps> => {
    const settings = await fiscalSettings(db, ctx.config);
    return {
      provider: settings.provider,
      machine_token: storedSecret(ctx.config.appKey, desk?.fiscal_machine_token),
      inherited_point_of_sale: await pointOfSaleFor(db, settings, {
        locationId: desk ? Number(desk.location_id) : null,
        cashDeskId: null,
      }),
    };
  };

  // ——— Locations ———
  r.get(
    ROUTES['locations.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, locationList);
      const rows = await listLocations(db, { ...params, page }, req.user.places);
      const locations = { ...rows, data: rows.data.map(presentLocationRow) };
      await res.inertia.render('settings/locations/Index', { locations, params, can_manage: canManage(req) });
    }),
  );

  r.get(ROUTES['locations.create'], can(MANAGE), async (_req, res) => {
    await res.inertia.render('settings/locations/Form', {
      location: null,
      suggested_codes: await suggestLocationCodes(db),
      usage: null,
      can_manage: true,
    });
  });

  const loadLocation = recordLoader((id) => findLocation(db, id));

  const showLocation = signedIn(async (req, res) => {
    const row = await loadLocation(req.params.id);
    await res.inertia.render('settings/locations/Form', {
      location: presentLocationRow(row),
      suggested_codes: null,
      usage: await locationUsage(db, row),
      can_manage: canManage(req),
    });
  });
  r.get(ROUTES['locations.show'], showLocation);
  r.get(ROUTES['locations.edit'], can(MANAGE), showLocation);

  saveRoutes(r, {
    area: 'locations',
    permissions: { create: MANAGE, update: MANAGE },
    load: loadLocation,
    schema: () => locationSchema,
    create: (input, req) => createLocation(db, input, actorOf(req)),
    update: (id, input, req) => updateLocation(db, id, input, actorOf(req)),
    noun: 'Emplacement',
  });

  lifecycleRoutes(r, {
    area: 'locations',
    permission: MANAGE,
    load: loadLocation,
    setActive: (id, active, actor) => setLocationActive(db, id, active, actor),
    remove: (id, actor) => deleteLocation(db, id, actor),
    noun: 'Emplacement',
  });

  // ——— Cash desks ———
  r.get(
    ROUTES['cashDesks.index'],
    signedIn(async (req, res) => {
      const { page, ...params } = parseListParams(req, deskList);
      const rows = await listCashDesks(db, { ...params, page }, req.user.places);
      const cash_desks = { ...rows, data: rows.data.map(presentCashDeskRow) };
      await res.inertia.render('settings/cash-desks/Index', {
        cash_desks,
        params,
        locations: await locationOptions(
          db,
          req.user.places,
          params.filters.location_id ? Number(params.filters.location_id) : null,
        ),
        can_manage: canManage(req),
      });
    }),
  );

  r.get(
    ROUTES['cashDesks.create'],
    can(MANAGE),
    signedIn(async (req, res) => {
      await res.inertia.render('settings/cash-desks/Form', {
        cash_desk: null,
        suggested_code: await suggestCode(db, 'cash_desks'),
        locations: await locationOptions(db, req.user.places),
        usage: null,
        can_manage: true,
        ledger: null,
        fiscal: await deskFiscal(null),
      });
    }),
  );

  const loadDesk = recordLoader((id) => findCashDesk(db, id));

  /** The desk's page shows its ledger (money movements of its caisse account); its edit form does not. */
  const showDesk = (withLedger: boolean) =>
    signedIn(async (req, res) => {
      const row = await loadDesk(req.params.id);
      const currency = req.user.company.currency;
      const accountId = withLedger ? await cashDeskAccountId(db, Number(row.id)) : null;
      await res.inertia.render('settings/cash-desks/Form', {
        cash_desk: presentCashDeskRow(row),
        suggested_code: row.code,
        locations: await locationOptions(db, req.user.places, Number(row.location_id)),
        usage: await cashDeskUsage(db, row, currency),
        can_manage: canManage(req),
        ledger: accountId
          ? await accountLedgerProps(db, accountId, req.query, req.user.places, businessDate(req.user.company.timeZone))
          : null,
        fiscal: await deskFiscal(row),
      });
    });
  r.get(ROUTES['cashDesks.show'], showDesk(true));
  r.get(ROUTES['cashDesks.edit'], can(MANAGE), showDesk(false));

  saveRoutes(r, {
    area: 'cashDesks',
    permissions: { create: MANAGE, update: MANAGE },
    load: loadDesk,
    schema: () => cashDeskSchema,
    create: (input, req) => (
      refuseUnallowedLocation(req.user.places, input.location_id),
      createCashDesk(db, input, actorOf(req), ctx.config.appKey)
    ),
    update: (id, input, req) => (
      refuseUnallowedLocation(req.user.places, input.location_id),
      updateCashDesk(db, id, input, actorOf(req), ctx.config.appKey)
    ),
    noun: 'Caisse',
    feminine: true,
  });

  lifecycleRoutes(r, {
    area: 'cashDesks',
    permission: MANAGE,
    load: loadDesk,
    setActive: (id, active, actor) => setCashDeskActive(db, id, active, actor),
    remove: (id, actor) => deleteCashDesk(db, id, actor),
    noun: 'Caisse',
    feminine: true,
  });

  return r;
}
