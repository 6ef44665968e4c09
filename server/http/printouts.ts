import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import type { PrintMeta } from '../../shared/print.js';
import { mayReprint } from '../policies/index.js';
import { getCompany } from '../services/company/get-company.js';
import { type PrintedDocument, recordPrint } from '../services/print/record-print.js';
import { actorOf } from './actor.js';
import { presentPrintMeta } from './presenters/print.js';

/**
 * The frame props of a print route, and the one door every printout goes through: for a document
 * (`document` given) the print is recorded — the first one is the original, every later one a
 * DUPLICATA (counted, audited; refused to users who may not reprint, who go back to `back`).
 * State reports pass `document: null` (no copy). A HEAD request records nothing.
 *
 *   res.inertia.render('stock/transfers/Print', { ...(await printFrame(db, req, res, { document: { printout: 'transfer', id, number }, back })), … })
 */
export async function printFrame(db: Knex, req: Request, res: Response, { document, back }: { document: PrintedDocument | null; back: string }): Promise<PrintMeta> {
  res.locals.refusalBack = () => back;
  const actor = actorOf(req);
  const copy = document && req.method !== 'HEAD' ? await recordPrint(db, document, actor, { mayReprint: mayReprint(req.user!) }) : null;
  return presentPrintMeta(await getCompany(db), actor, req.query, back, copy);
}
