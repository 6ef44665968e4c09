import { type Request, type Response, Router } from 'express';
import { ROUTES, route } from '../../../shared/routes.js';
import type { SaleView } from '../../../shared/pages/sales.js';
import type { CreatedShare, DocumentSharing, PublicReceipt } from '../../../shared/shares.js';
import { PRINTOUT_SETTINGS, type Printout } from '../../../shared/print.js';
import { printSettingsFor } from '../../services/print/print-settings.js';
import { toBool } from '../../db/dialect.js';
import { NotFound } from '../../domain/errors.js';
import { SALE_SCREENS } from '../../policies/index.js';
import { receiptRules, takeSlot } from '../../services/accounts/throttle.js';
import { getCompany } from '../../services/company/get-company.js';
import { fiscalPrint } from '../../services/fiscal/print.js';
import { creditNoteDetail } from '../../services/sales/credit-note-queries.js';
import { saleDetail } from '../../services/sales/sale-queries.js';
import {
  type SharedDocument,
  activeShares,
  createShare,
  openShare,
  revokeShare,
} from '../../services/shares/document-shares.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { jsonGuard } from '../middleware/json-guard.js';
import { canAny, publicRoute, requireAuth, requireVerified } from '../middleware/auth.js';
import { requirePlace } from '../middleware/places.js';
import { presentPrintCompany } from '../presenters/print.js';
import { presentCreditNote } from '../presenters/sales/credit-notes.js';
import { presentSale } from '../presenters/sales.js';
import {
  presentCreditNoteReceipt,
  presentSaleReceipt,
  presentShareLink,
  presentSharing,
  saleReceiptPrintout,
  saleReceiptTitle,
  saleShareType,
} from '../presenters/shares.js';
import { routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { type SignedInRequest, signedIn } from '../signed-in.js';

/** The public address of a receipt: APP_URL, so the link works wherever the client opens it. */
export function receiptUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${route('receipts.show', { token })}`;
}

/** The « Partager » action of a sale's page. */
export async function saleSharing(ctx: AppContext, req: SignedInRequest, sale: SaleView): Promise<DocumentSharing> {
  return presentSharing({
    createUrl: route('sales.shares', { id: sale.id }),
    revokeUrl: (share) => route('sales.revokeShare', { id: sale.id, share }),
    phone: sale.client.phone,
    walkIn: sale.client.is_walk_in,
    timeZone: req.user.company.timeZone,
    title: saleReceiptTitle(sale),
    number: sale.number,
    clientName: sale.client.name,
    companyName: (await getCompany(ctx.db)).name,
    links: await activeShares(ctx.db, saleShareType(sale), sale.id),
  });
}

/** The « Partager » action of a credit note's page (the client is its sale's). */
export async function creditNoteSharing(
  ctx: AppContext,
  req: SignedInRequest,
  note: { id: number; number: string; client_name: string; client_phone: string | null; client_is_walk_in: unknown },
): Promise<DocumentSharing> {
  return presentSharing({
    createUrl: route('creditNotes.shares', { id: note.id }),
    revokeUrl: (share) => route('creditNotes.revokeShare', { id: note.id, share }),
    phone: note.client_phone,
    walkIn: toBool(note.client_is_walk_in),
    timeZone: req.user.company.timeZone,
    title: 'Avoir',
    number: note.number,
    clientName: note.client_name,
    companyName: (await getCompany(ctx.db)).name,
    links: await activeShares(ctx.db, 'creditNote', note.id),
  });
}

/**
 * « Partager »: a sales document's public receipt. Who may open the document may share it (the
 * document page's guards: its screens and its place); a link is made (JSON: its URL, the only time
 * it is known) or revoked (audited both). The receipt itself (`/recu/<token>`) opens without
 * signing in, read-only, throttled per IP like the other guest routes, never indexed; an unknown
 * token and a revoked one get the same 404 page. It writes no session (the CSRF check leaves its
 * GET alone: server/app.ts).
 */
export function shareRoutes(ctx: AppContext): Router {
  const { db, config } = ctx;
  const r = Router();

  const saleDocument = async (req: Request): Promise<SharedDocument> => {
    const detail = await saleDetail(db, routeId(req.params.id as string));
    if (!detail) throw new NotFound();
    return { type: saleShareType({ kind: detail.sale.kind }), id: Number(detail.sale.id), number: detail.sale.number };
  };
  const creditNoteDocument = async (req: Request): Promise<SharedDocument> => {
    const detail = await creditNoteDetail(db, routeId(req.params.id as string));
    if (!detail) throw new NotFound();
    return { type: 'creditNote', id: Number(detail.note.id), number: detail.note.number };
  };

  const create = (load: (req: Request) => Promise<SharedDocument>, revokeUrl: (id: number, share: number) => string) =>
    signedIn(async (req: SignedInRequest, res: Response) => {
      const document = await load(req);
      const { token, link } = await createShare(db, document, actorOf(req));
      const answer: CreatedShare = {
        url: receiptUrl(config.appUrl, token),
        link: presentShareLink(link, (share) => revokeUrl(document.id, share)),
      };
      res.set('Cache-Control', 'no-store').status(201).json(answer);
    });
  const revoke = (load: (req: Request) => Promise<SharedDocument>, show: (id: number) => string) =>
    signedIn(async (req: SignedInRequest, res: Response) => {
      const document = await load(req);
      await revokeShare(db, document, routeId(req.params.share as string), actorOf(req));
      flash(req, 'success', 'Lien révoqué : il n’ouvre plus le reçu.');
      redirect(res, show(document.id));
    });

  // A sale: opened from Sortie de stock and from Annulations › Factures, in the user's places.
  r.post(
    ROUTES['sales.shares'],
    jsonGuard(SALE_SCREENS),
    requirePlace(db, 'sale'),
    create(saleDocument, (id, share) => route('sales.revokeShare', { id, share })),
  );
  r.post(
    ROUTES['sales.revokeShare'],
    requireAuth,
    requireVerified,
    canAny(...SALE_SCREENS),
    requirePlace(db, 'sale'),
    revoke(saleDocument, (id) => route('sales.show', { id })),
  );
  r.post(
    ROUTES['creditNotes.shares'],
    jsonGuard(['menu.sortiestock']),
    requirePlace(db, 'creditNote'),
    create(creditNoteDocument, (id, share) => route('creditNotes.revokeShare', { id, share })),
  );
  r.post(
    ROUTES['creditNotes.revokeShare'],
    requireAuth,
    requireVerified,
    canAny('menu.sortiestock'),
    requirePlace(db, 'creditNote'),
    revoke(creditNoteDocument, (id) => route('creditNotes.show', { id })),
  );

  r.get(
    ROUTES['receipts.show'],
    publicRoute('a shared receipt: its random token is the right to read it'),
    async (req: Request, res: Response) => {
      res.set('X-Robots-Tag', 'noindex, nofollow');
      const slot = await takeSlot(db, receiptRules(req.ip ?? 'inconnue'));
      if (!slot.ok) {
        res.set('Retry-After', String(slot.retryAfterSeconds));
        throw new HttpError(429);
      }
      const opened = await openShare(db, String(req.params.token));
      if (!opened) throw new NotFound();
      const company = await getCompany(db);
      const header = presentPrintCompany(company);
      let receipt: PublicReceipt;
      let printout: Printout;
      if (opened.type === 'creditNote') {
        const detail = await creditNoteDetail(db, opened.id);
        if (!detail) throw new NotFound();
        printout = 'credit_note';
        receipt = presentCreditNoteReceipt(
          presentCreditNote(detail, false),
          header,
          await fiscalPrint(db, printout, opened.id),
        );
      } else {
        const detail = await saleDetail(db, opened.id);
        if (!detail) throw new NotFound();
        const sale = presentSale(detail, company.currency, false);
        printout = saleReceiptPrintout(sale);
        receipt = presentSaleReceipt(sale, header, await fiscalPrint(db, printout, opened.id));
      }
      const settings = await printSettingsFor(db, PRINTOUT_SETTINGS[printout]);
      res.set('Cache-Control', 'no-store');
      await res.inertia.render('receipts/Show', { receipt, settings });
    },
  );

  return r;
}
