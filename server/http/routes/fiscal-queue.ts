import { Router } from 'express';
import { FISCAL_QUEUE_TABS, type FiscalQueueTab } from '../../../shared/fiscal.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { recordFiscalReference, resendCertification } from '../../services/fiscal/actions.js';
import { listQueue, queueCounts, queueEvents } from '../../services/fiscal/queue-queries.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { requireCertificationPlace } from '../middleware/places.js';
import { presentQueueRow } from '../presenters/fiscal-queue.js';
import { queryChoice, queryPage, routeId } from '../query.js';
import { flash, redirect } from '../respond.js';
import { fiscalReferenceSchema } from '../schemas/fiscal-queue.js';
import { signedIn } from '../signed-in.js';
import { validate } from '../validation.js';

const TABS = Object.keys(FISCAL_QUEUE_TABS) as FiscalQueueTab[];

/**
 * Paramètres › File de certification: the certified documents' outbox by tab (en attente,
 * refusées, incertaines, certifiées), and a manager's two decisions — « Renvoyer » (refused or
 * uncertain) and « Saisir la référence fiscale » (uncertain). The screen and both actions need
 * menu.parametres.societe and sales.certification; a row at a place the user does not work in is not found.
 */
export function fiscalQueueRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  const PATH = ROUTES['fiscalQueue.index'];
  r.use(PATH, requireAuth, requireVerified, can('menu.parametres.societe'), can('sales.certification'));

  r.get(
    PATH,
    signedIn(async (req, res) => {
      const tab = queryChoice(req.query, 'tab', TABS, 'pending');
      const [counts, page] = await Promise.all([
        queueCounts(db, req.user.places),
        listQueue(db, tab, req.user.places, queryPage(req.query)),
      ]);
      const events = await queueEvents(
        db,
        page.data.map((row) => row.id),
      );
      await res.inertia.render('fiscal-queue/Index', {
        tab,
        counts,
        rows: {
          ...page,
          data: page.data.map((row) =>
            presentQueueRow(
              row,
              events.filter((e) => e.certification_id === row.id),
            ),
          ),
        },
      });
    }),
  );

  const backTo = (tab: FiscalQueueTab) => route('fiscalQueue.index', { tab });
  r.use([ROUTES['fiscalQueue.resend'], ROUTES['fiscalQueue.reference']], requireCertificationPlace(db));

  r.post(
    ROUTES['fiscalQueue.resend'],
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      await resendCertification(db, id, actorOf(req));
      flash(req, 'success', 'Le document est renvoyé : il part vers la DGI au prochain passage de l’envoi.');
      redirect(res, backTo('pending'));
    }),
  );

  r.post(
    ROUTES['fiscalQueue.reference'],
    signedIn(async (req, res) => {
      const id = routeId(req.params.id);
      const input = validate(fiscalReferenceSchema, req.body);
      await recordFiscalReference(
        db,
        id,
        { fiscalNumber: input.fiscal_number, qrContent: input.qr_content },
        actorOf(req),
      );
      flash(req, 'success', `La référence fiscale ${input.fiscal_number} est enregistrée : le document est certifié.`);
      redirect(res, backTo('certified'));
    }),
  );

  return r;
}
