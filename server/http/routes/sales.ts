import { type Request, Router } from 'express';
import { businessDate } from '../../domain/dates.js';
import { optionId } from '../../../shared/lists.js';
import { ROUTES, route } from '../../../shared/routes.js';
import type { SaleListFilters } from '../../../shared/pages/sales.js';
import { PAYMENT_MODES, SALE_DOCUMENT_TYPES, SALE_STATUS_LABELS, type SaleKind } from '../../../shared/sales.js';
import { PAYMENT_METHODS } from '../../../shared/treasury.js';
import { FISCAL_FILTER_STATES } from '../../../shared/fiscal.js';
import { listShowsFiscal } from '../../services/fiscal/list-column.js';
import { NotFound } from '../../domain/errors.js';
import { SALE_SCREENS, mayReprint, saleAbilities, seesCosts } from '../../policies/index.js';
import { subjectHistory } from '../../services/audit/history.js';
import { printCount } from '../../services/print/record-print.js';
import { createSale } from '../../services/sales/create-sale.js';
import { nonCashAccounts, paymentAccounts } from '../../services/treasury/accounts.js';
import { clientForSale, clientNameOf, exportSales, listSales, saleDetail } from '../../services/sales/sale-queries.js';
import { locationRows } from '../../services/stock/lookups.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { downloadGuard, exportFormat, sendFile } from '../files.js';
import { can, canAny, requireAuth, requireVerified } from '../middleware/auth.js';
import { requirePlace } from '../middleware/places.js';
import { refuseUnallowedLocation } from '../../policies/places.js';
import { printFrame } from '../printouts.js';
import { presentHistory } from '../presenters/audit.js';
import { presentClientPickerItem } from '../presenters/clients.js';
import { presentPrintState } from '../presenters/print.js';
import { presentSale, presentSaleRow } from '../presenters/sales.js';
import { defaultDepot, presentLocations } from '../presenters/stock/common.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { saleInputOf, saleSchema } from '../schemas/sales.js';
import { validate } from '../validation.js';
import { creditNoteRoutes } from './sales/credit-notes.js';
import { saleSharing } from './shares.js';
import { printBack } from './sales/print-back.js';
import { signedIn } from '../signed-in.js';

/** Days of credit the form proposes for a credit sale (its due date, editable; the schema requires one). */
export const DEFAULT_CREDIT_DAYS = 30;

const SALE_STATUS_FILTERS = [
  '',
  ...(Object.keys(SALE_STATUS_LABELS) as Array<keyof typeof SALE_STATUS_LABELS>),
] as const;

export function saleFilters(req: Request, today: string): SaleListFilters {
  const q = queryText(req.query, 'q', 40);
  return {
    ...period(req.query, today, 30, q),
    client_id: queryId(req.query, 'client_id'),
    location_id: queryId(req.query, 'location_id'),
    status: queryChoice(req.query, 'status', SALE_STATUS_FILTERS, ''),
    mode: queryChoice(req.query, 'mode', ['', ...PAYMENT_MODES] as const, ''),
    method: queryChoice(req.query, 'method', ['', ...PAYMENT_METHODS] as const, ''),
    fiscal: queryChoice(req.query, 'fiscal', ['', ...FISCAL_FILTER_STATES] as const, ''),
    q,
    sort: queryChoice(req.query, 'sort', ['date', 'number', 'amount'] as const, 'date'),
    dir: queryChoice(req.query, 'dir', ['asc', 'desc'] as const, 'desc'),
  };
}

/**
 * Sortie de stock › Ventes détaillées (invoices, FAC-) and Ventes boutique (counter sales, VB-):
 * the two lists (one page component, `kind` from the route), the « Vente détaillée » form and its
 * validation through createSale (the kind is the route's, never the body's), a sale's page and its
 * printouts (facture A5, facture comptant A5; a reprint is a DUPLICATA, A5 or A6).
 */
export function saleRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(creditNoteRoutes(ctx));
  r.use([ROUTES['sales.invoices'], ROUTES['sales.counterSales'], ROUTES['sales.show']], requireAuth, requireVerified);
  r.use([ROUTES['sales.invoices'], ROUTES['sales.counterSales']], can('menu.sortiestock'));
  // A sale's page and printouts open from Sortie de stock and from Annulations › Factures.
  r.use(ROUTES['sales.show'], canAny(...SALE_SCREENS));
  // Another place's sale (its page, its printouts): the 404 page, like an unknown one.
  r.use(ROUTES['sales.show'], requirePlace(db, 'sale'));

  const list = (kind: SaleKind) =>
    signedIn(async (req, res) => {
      const filters = saleFilters(req, businessDate(req.user.company.timeZone));
      const { sales, totals } = await listSales(
        db,
        { ...filters, kind },
        req.user.places,
        queryPage(req.query),
        presentSaleRow,
      );
      const client = filters.client_id ? await clientNameOf(db, Number(filters.client_id)) : null;
      await res.inertia.render('sales/Index', {
        kind,
        filters,
        sales,
        totals,
        client,
        locations: presentLocations(await locationRows(db, req.user.places)),
        fiscal_column:
          filters.fiscal !== '' || (await listShowsFiscal(db, [SALE_DOCUMENT_TYPES[kind]], req.user.company.certifies)),
        can: { create: saleAbilities(req.user).create, export: true },
      });
    });
  const exportList = (kind: SaleKind) =>
    signedIn(async (req, res) => {
      const filters = saleFilters(req, businessDate(req.user.company.timeZone));
      sendFile(
        res,
        await exportSales(db, { ...filters, kind }, req.user.places, exportFormat(req), req.user.company.currency),
      );
    });
  r.get(ROUTES['sales.invoices'], list('invoice'));
  r.get(ROUTES['sales.invoices.export'], downloadGuard, exportList('invoice'));
  r.get(ROUTES['sales.counterSales'], list('counter'));
  r.get(ROUTES['sales.counterSales.export'], downloadGuard, exportList('counter'));

  r.get(
    ROUTES['sales.invoices.create'],
    can('sales.create'),
    signedIn(async (req, res) => {
      const company = req.user.company;
      const options = presentLocations(await locationRows(db, req.user.places))
        .filter((l) => l.active)
        .map((l) => ({ ...l, kind: l.kind === 'boutique' ? ('boutique' as const) : ('depot' as const) }));
      const rights = saleAbilities(req.user);
      const clientId = queryId(req.query, 'client_id');
      const client = clientId ? await clientForSale(db, Number(clientId)) : undefined;
      await res.inertia.render('sales/Create', {
        currency: company.currency,
        today: businessDate(req.user.company.timeZone),
        form_loaded_at: new Date().toISOString(),
        locations: options,
        default_location_id: optionId(defaultDepot(options)),
        vat: {
          enabled: company.vat.enabled,
          rate_bp: company.vat.rate,
          prices_include_vat: company.vat.pricesIncludeVat,
        },
        credit_days: DEFAULT_CREDIT_DAYS,
        rights: { below_min_price: rights.belowMinPrice, beyond_credit_limit: rights.beyondCreditLimit },
        accounts: nonCashAccounts(await paymentAccounts(db, { scope: req.user.places })),
        client: client ? presentClientPickerItem(client) : null,
      });
    }),
  );

  r.post(
    ROUTES['sales.invoices'],
    can('sales.create'),
    signedIn(async (req, res) => {
      // The kind is the route's: this form makes invoices, whatever the body says.
      const input = validate(saleSchema(req.user.company.currency), { ...(req.body ?? {}), kind: 'invoice' });
      refuseUnallowedLocation(req.user.places, input.location_id);
      const rights = saleAbilities(req.user);
      const result = await createSale(
        db,
        saleInputOf(input, {
          idempotencyKey: input.idempotency_key,
          kind: 'invoice',
          formLoadedAt: input.form_loaded_at,
          places: req.user.places,
        }),
        { belowMinPrice: rights.belowMinPrice, beyondCreditLimit: rights.beyondCreditLimit },
        actorOf(req),
      );
      flash(
        req,
        'success',
        result.replayed
          ? `La facture ${result.number} était déjà enregistrée : elle n’a pas été créée une seconde fois.`
          : `Facture ${result.number} validée.`,
      );
      redirect(res, route('sales.show', { id: result.id }));
    }),
  );

  r.get(
    ROUTES['sales.show'],
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await saleDetail(db, id);
      if (!detail) throw new NotFound();
      const currency = req.user.company.currency;
      const sale = presentSale(detail, currency, seesCosts(req.user));
      await res.inertia.render('sales/Show', {
        sale,
        history: presentHistory(await subjectHistory(db, 'sale', id), currency),
        print: presentPrintState(
          await printCount(db, { printout: printoutOf(detail.sale.payment_mode), id }),
          mayReprint(req.user),
        ),
        can: { create: saleAbilities(req.user).create },
        sharing: await saleSharing(ctx, req, sale),
      });
    }),
  );

  // Facture A5 (credit sale) or facture comptant A5 (cash sale, with the payments and the change).
  // The first print is the original; every later one a DUPLICATA (printFrame), at A5 or, asked with ?format=a6, A6.
  r.get(
    ROUTES['sales.print'],
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await saleDetail(db, id);
      if (!detail) throw new NotFound();
      const currency = req.user.company.currency;
      const frame = await printFrame(ctx, req, res, {
        document: { printout: printoutOf(detail.sale.payment_mode), id, number: detail.sale.number },
        back: printBack(req, route('sales.show', { id })),
      });
      // A reprint may be asked small: the same page at A6 instead of the format of Paramètres › Impression.
      const a6 = Boolean(frame.copy?.duplicata) && queryChoice(req.query, 'format', ['', 'a6'] as const, '') === 'a6';
      // A printout goes to the customer: never costs nor margins, whoever prints it.
      await res.inertia.render('sales/Print', {
        ...frame,
        settings: a6 ? { ...frame.settings, format: 'A6' } : frame.settings,
        sale: presentSale(detail, currency, false),
      });
    }),
  );

  return r;
}

/** The printout of a sale: a cash sale's invoice shows what was paid and the change. */
export function printoutOf(paymentMode: string): 'invoice' | 'cash_invoice' {
  return paymentMode === 'cash' ? 'cash_invoice' : 'invoice';
}
