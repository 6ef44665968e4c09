import { Router } from 'express';
import { z } from 'zod';
import { ROUTES } from '../../../shared/routes.js';
import { mayReprint } from '../../policies/index.js';
import { readPrintToken } from '../../services/print/print-token.js';
import { recordPrint } from '../../services/print/record-print.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { answerJsonRefusal } from '../errors.js';
import { jsonGuard } from '../middleware/json-guard.js';
import { presentPrintRecorded } from '../presenters/print.js';
import { idempotencyKey } from '../schemas/stock.js';
import { validate } from '../validation.js';
import { signedIn } from '../signed-in.js';

const printSchema = z.object({
  token: z.string({ error: 'Cet aperçu n’est plus valable : rechargez la page, puis imprimez de nouveau.' }).max(2_000),
  key: idempotencyKey,
});

/**
 * A document printed from its preview (components/print/PrintFrame: « Imprimer », Ctrl+P, ?print=1):
 * the preview's signed token names the document its print route showed to this user; the print is
 * counted here — the original, or the next DUPLICATA (refused to a user who may not reprint) — and
 * the answer is the mark the paper carries, sent before the print dialog opens. JSON only.
 */
export function printRoutes({ db, config }: AppContext): Router {
  const r = Router();
  r.post(
    ROUTES['prints.record'],
    jsonGuard(),
    signedIn(async (req, res) => {
      try {
        const input = validate(printSchema, req.body);
        const doc = readPrintToken(config.appKey, input.token, req.user.row.id);
        const reprint = mayReprint(req.user);
        const copy = await recordPrint(db, doc, actorOf(req), { mayReprint: reprint, key: input.key });
        res.set('Cache-Control', 'no-store').json(presentPrintRecorded(copy, reprint));
      } catch (err) {
        if (!answerJsonRefusal(err, res)) throw err;
      }
    }),
  );
  return r;
}
