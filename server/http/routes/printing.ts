import { Router } from 'express';
import type { AppContext } from '../context.js';
import { PRINT_DOCUMENT_TYPES, type PrintDocumentType } from '../../../shared/print.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { NotFound } from '../../domain/errors.js';
import { getCompany } from '../../services/company/get-company.js';
import { allPrintSettings, savePrintSettings } from '../../services/print/print-settings.js';
import { actorOf } from '../actor.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentPrintCompany } from '../presenters/print.js';
import { flash, redirect } from '../respond.js';
import { printSettingsSchema } from '../schemas/printing.js';
import { validate } from '../validation.js';
import { signedIn } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

/** A document type in the URL; anything else is a page that does not exist. */
function documentType(value: unknown): PrintDocumentType {
  if (typeof value === 'string' && (PRINT_DOCUMENT_TYPES as string[]).includes(value))
    return value as PrintDocumentType;
  throw new NotFound();
}

/**
 * Paramètres › Impression: the layout of each document type (format, copies, texts, logo, amount in
 * words), with a live preview. Opening needs menu.parametres.impression; saving needs printing.manage.
 */
export function printingRoutes(ctx: AppContext): Router {
  const { db } = ctx;
  const r = Router();
  r.use(ROUTES['printing.index'], requireAuth, requireVerified, can('menu.parametres.impression'));

  r.get(
    ROUTES['printing.index'],
    signedIn(async (req, res) => {
      res.inertia.render('settings/printing/Index', {
        settings: await allPrintSettings(db),
        can_manage: managesSettings(req.user, 'printing'),
        company: presentPrintCompany(await getCompany(db)),
      });
    }),
  );

  r.put(
    ROUTES['printing.show'],
    can('printing.manage'),
    signedIn(async (req, res) => {
      const type = documentType(req.params.type);
      res.locals.refusalBack = () => route('printing.index', { type });
      const input = validate(printSettingsSchema, req.body);
      await savePrintSettings(db, actorOf(req), type, input);
      flash(req, 'success', 'Paramètres d’impression enregistrés.');
      redirect(res, route('printing.index', { type }));
    }),
  );

  return r;
}
