import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { PRINTOUT_SETTINGS, type PrintDocumentType, type PrintMeta } from '../../shared/print.js';
import { mayReprint } from '../policies/index.js';
import { getCompany } from '../services/company/get-company.js';
import { printSettingsFor } from '../services/print/print-settings.js';
import { type PrintedDocument, recordPrint } from '../services/print/record-print.js';
import { actorOf } from './actor.js';
import { presentPrintMeta } from './presenters/print.js';

/**
 * The frame props of a print route, and the one door every printout goes through: for a document
 * (`document` given) the print is recorded — the first one is the original, every later one a
 * DUPLICATA (counted, audited; refused to users who may not reprint, who go back to `back`).
 * State reports pass `document: null` (no copy). A HEAD request records nothing.
 * The layout comes from Paramètres › Impression (`meta.settings`, read by printSettingsFor): the
 * document type is the printout's (PRINTOUT_SETTINGS), 'states' for a state report, or `settings`.
 *
 *   res.inertia.render('stock/transfers/Print', { ...(await printFrame(db, req, res, { document: { printout: 'transfer', id, number }, back })), … })
 */
export async function printFrame(
  db: Knex,
  req: Request,
  res: Response,
  { document, back, settings }: { document: PrintedDocument | null; back: string; settings?: PrintDocumentType },
): Promise<PrintMeta> {
  res.locals.refusalBack = () => back;
  const actor = actorOf(req);
  const copy = document && req.method !== 'HEAD' ? await recordPrint(db, document, actor, { mayReprint: mayReprint(req.user!) }) : null;
  const layout = await printSettingsFor(db, settings ?? (document ? PRINTOUT_SETTINGS[document.printout] : 'states'));
  return presentPrintMeta(await getCompany(db), actor, req.query, back, copy, layout);
}
