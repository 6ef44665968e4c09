import type { Response } from 'express';
import type { SignedInRequest } from './signed-in.js';
import { PRINTOUT_SETTINGS, type PrintDocumentType, type PrintMeta } from '../../shared/print.js';
import { mayReprint } from '../policies/index.js';
import { getCompany } from '../services/company/get-company.js';
import { fiscalPrint } from '../services/fiscal/print.js';
import { printSettingsFor } from '../services/print/print-settings.js';
import { printToken } from '../services/print/print-token.js';
import { type PrintedDocument, nextCopy } from '../services/print/record-print.js';
import { actorOf } from './actor.js';
import type { AppContext } from './context.js';
import { presentPrintMeta } from './presenters/print.js';

/**
 * The frame props of a print route, and the one door every printout goes through. A print route
 * shows a preview and counts nothing: for a document (`document` given) the preview says what the
 * paper WILL say — the original if it was never printed, else DUPLICATA n° N+1 (nextCopy; refused,
 * back to `back`, to a user who may not reprint) — and carries the signed `print_token` that the
 * preview's « Imprimer » sends to route('prints.record'), which counts the print (the DUPLICATA
 * rule, record-print.ts) and answers the mark the paper then carries, before the dialog opens.
 * State reports pass `document: null` (no copy, no token). A document the DGI certifies carries
 * its fiscal block (fiscal number, QR code, seller's tax identity: server/services/fiscal/print.ts).
 * The layout comes from Paramètres › Impression (`meta.settings`, read by printSettingsFor): the
 * document type is the printout's (PRINTOUT_SETTINGS), 'states' for a state report, or `settings`.
 *
 *   res.inertia.render('stock/transfers/Print', { ...(await printFrame(ctx, req, res, { document: { printout: 'transfer', id, number }, back })), … })
 */
export async function printFrame(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  req: SignedInRequest,
  res: Response,
  { document, back, settings }: { document: PrintedDocument | null; back: string; settings?: PrintDocumentType },
): Promise<PrintMeta> {
  res.locals.refusalBack = () => back;
  const actor = actorOf(req);
  const copy = document ? await nextCopy(db, document, { mayReprint: mayReprint(req.user) }) : null;
  const token = document ? printToken(config.appKey, document, actor.id) : null;
  const layout = await printSettingsFor(db, settings ?? (document ? PRINTOUT_SETTINGS[document.printout] : 'states'));
  const fiscal = document ? await fiscalPrint(db, document.printout, document.id) : null;
  return presentPrintMeta(await getCompany(db), actor, req.query, back, copy, token, layout, fiscal);
}
