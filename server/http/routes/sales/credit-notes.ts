import { type Request, Router } from 'express';
import { businessDate } from '../../../domain/dates.js';
import { ROUTES, route } from '../../../../shared/routes.js';
import type { CreditNoteListFilters } from '../../../../shared/pages/sales.js';
import { NotFound } from '../../../domain/errors.js';
import { mayReprint, seesCosts } from '../../../policies/index.js';
import { printCount } from '../../../services/print/record-print.js';
import {
  correctableSale,
  creditNoteDetail,
  creditNoteRefundTotal,
  creditNotesForExport,
  listCreditNotes,
} from '../../../services/sales/credit-note-queries.js';
import { createCreditNote } from '../../../services/sales/credit-notes.js';
import { locationRows } from '../../../services/stock/lookups.js';
import { allPaymentAccounts, paymentAccounts } from '../../../services/treasury/accounts.js';
import { type ExportSpec, buildExport } from '../../../services/tabular/export.js';
import { actorOf } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { downloadGuard, exportFormat, sendFile } from '../../files.js';
import { can, requireAuth, requireVerified } from '../../middleware/auth.js';
import { assertPlace, requirePlace } from '../../middleware/places.js';
import { allowsLocation } from '../../../policies/places.js';
import { presentPrintState } from '../../presenters/print.js';
import {
  presentCorrectableSale,
  presentCreditNote,
  presentCreditNoteRow,
} from '../../presenters/sales/credit-notes.js';
import { presentLocations } from '../../presenters/stock/common.js';
import { printFrame } from '../../printouts.js';
import { period, queryChoice, queryId, queryPage, queryText, routeId } from '../../query.js';
import { flash, redirect } from '../../respond.js';
import { creditNoteSchema } from '../../schemas/sales.js';
import { validate } from '../../validation.js';
import { signedIn } from '../../signed-in.js';
import { creditNoteListAbilities } from '../../../policies/sales.js';
import { creditNoteSharing } from '../shares.js';

import { FISCAL_FILTER_STATES } from '../../../../shared/fiscal.js';
import { listShowsFiscal } from '../../../services/fiscal/list-column.js';

function filtersOf(req: Request, today: string): CreditNoteListFilters {
  const q = queryText(req.query, 'q', 40);
  return {
    ...period(req.query, today, 30, q),
    location_id: queryId(req.query, 'location_id'),
    fiscal: queryChoice(req.query, 'fiscal', ['', ...FISCAL_FILTER_STATES] as const, ''),
    q,
    sort: queryChoice(req.query, 'sort', ['date', 'number', 'total'] as const, 'date'),
    dir: queryChoice(req.query, 'dir', ['asc', 'desc'] as const, 'desc'),
  };
}

const exportSpec = (currency: string): ExportSpec<Record<string, any>> => ({
  fileName: 'corrections-ventes-boutique',
  sheetName: 'Avoirs',
  currency,
  columns: [
    { header: 'N° avoir', value: (r) => r.number, width: 18 },
    { header: 'Date', value: (r) => r.credit_date, width: 12 },
    { header: 'Vente corrigée', value: (r) => r.sale_number, width: 18 },
    { header: 'Emplacement', value: (r) => r.location_name, width: 20 },
    { header: 'Client', value: (r) => r.client_name, width: 24 },
    { header: 'Lignes', kind: 'integer', value: (r) => Number(r.line_count) },
    { header: 'Remboursé', kind: 'money', value: (r) => Number(r.refunded), width: 14 },
    { header: 'Motif', value: (r) => r.reason, width: 36 },
    { header: 'Par', value: (r) => r.created_by_name, width: 20 },
  ],
});

/**
 * Correction vente boutique (Sortie de stock): the credit notes (AV-) list, the correction form
 * (find a VB- by its number or by scanning its ticket, give back some or all of its lines with a
 * reason), a credit note's page and its A5 printout (DUPLICATA after the first print).
 */
export function creditNoteRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['creditNotes.index'], requireAuth, requireVerified);

  r.get(
    ROUTES['creditNotes.index'],
    can('menu.sortiestock'),
    signedIn(async (req, res) => {
      const filters = filtersOf(req, businessDate(req.user.company.timeZone));
      const user = req.user;
      await res.inertia.render('sales/credit-notes/Index', {
        filters,
        credit_notes: await listCreditNotes(db, filters, user.places, queryPage(req.query), presentCreditNoteRow),
        refund_total: await creditNoteRefundTotal(db, filters, user.places),
        locations: presentLocations(await locationRows(db, user.places)),
        fiscal_column: filters.fiscal !== '' || (await listShowsFiscal(db, ['creditNote'], user.company.certifies)),
        can: creditNoteListAbilities(user),
      });
    }),
  );

  r.get(
    ROUTES['creditNotes.export'],
    can('menu.sortiestock'),
    downloadGuard,
    signedIn(async (req, res) => {
      const filters = filtersOf(req, businessDate(req.user.company.timeZone));
      sendFile(
        res,
        await buildExport(
          exportFormat(req),
          exportSpec(req.user.company.currency),
          await creditNotesForExport(db, filters, req.user.places),
        ),
      );
    }),
  );

  // ?vente=VB-2026-000012 (typed, or scanned from the ticket's barcode).
  r.get(
    ROUTES['creditNotes.create'],
    can('menu.sortiestock', 'sales.correct'),
    signedIn(async (req, res) => {
      const searched = queryText(req.query, 'vente', 40).trim();
      const sale = searched ? await correctableSale(db, searched) : null;
      // A sale of a place the user does not work in reads as an unknown number.
      const found = sale && allowsLocation(req.user.places, sale.sale.location_id) ? sale : null;
      let notFound: string | null = null;
      if (searched && !found) notFound = `Aucune vente ne porte le numéro « ${searched} ».`;
      else if (found && found.sale.kind !== 'counter')
        notFound = `${found.sale.number} est une facture (vente détaillée) : seules les ventes boutique se corrigent ici.`;
      else if (found && found.sale.status === 'cancelled')
        notFound = `La vente ${found.sale.number} est annulée : il n’y a rien à corriger.`;
      await res.inertia.render('sales/credit-notes/Create', {
        searched,
        sale: found && !notFound ? presentCorrectableSale(found) : null,
        not_found: notFound,
        // Where the refund may come from besides the shop's desk: every account the user works on.
        refund_accounts:
          found && !notFound ? allPaymentAccounts(await paymentAccounts(db, { scope: req.user.places })) : [],
      });
    }),
  );

  r.post(
    ROUTES['creditNotes.index'],
    can('menu.sortiestock', 'sales.correct'),
    signedIn(async (req, res) => {
      const input = validate(creditNoteSchema, req.body);
      await assertPlace(db, req.user.places, 'sale', input.sale_id);
      const result = await createCreditNote(
        db,
        {
          idempotencyKey: input.idempotency_key,
          saleId: input.sale_id,
          reason: input.reason,
          version: input.version,
          lines: input.lines.map((l) => ({ saleLineId: l.sale_line_id, quantity: l.quantity })),
          refundAccountId: input.refund_account_id,
          places: req.user.places,
        },
        actorOf(req),
      );
      flash(
        req,
        'success',
        result.replayed
          ? `L’avoir ${result.number} était déjà enregistré : il n’a pas été créé une seconde fois.`
          : `Avoir ${result.number} enregistré : la marchandise est revenue en stock et le client est remboursé.`,
      );
      redirect(res, route('creditNotes.show', { id: result.id }));
    }),
  );

  r.get(
    ROUTES['creditNotes.show'],
    can('menu.sortiestock'),
    requirePlace(db, 'creditNote'),
    signedIn(async (req, res) => {
      const detail = await creditNoteDetail(db, routeId(req.params.id));
      if (!detail) throw new NotFound();
      await res.inertia.render('sales/credit-notes/Show', {
        credit_note: presentCreditNote(detail, seesCosts(req.user)),
        print: presentPrintState(
          await printCount(db, { printout: 'credit_note', id: Number(detail.note.id) }),
          mayReprint(req.user),
        ),
        sharing: await creditNoteSharing(ctx, req, {
          id: Number(detail.note.id),
          number: detail.note.number,
          client_name: detail.note.client_name,
          client_phone: detail.note.client_phone ?? null,
          client_is_walk_in: detail.note.client_is_walk_in,
        }),
      });
    }),
  );

  // Avoir (A5): the first print is the original, every later one a DUPLICATA (printFrame).
  r.get(
    ROUTES['creditNotes.print'],
    can('menu.sortiestock'),
    requirePlace(db, 'creditNote'),
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const detail = await creditNoteDetail(db, id);
      if (!detail) throw new NotFound();
      const frame = await printFrame(ctx, req, res, {
        document: { printout: 'credit_note', id, number: detail.note.number },
        back: route('creditNotes.show', { id }),
      });
      await res.inertia.render('sales/credit-notes/Print', { ...frame, credit_note: presentCreditNote(detail, false) });
    }),
  );

  return r;
}
