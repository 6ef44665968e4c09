import { Router } from 'express';
import multer from 'multer';
import type { AppContext } from '../context.js';
import { CURRENCIES } from '../../../shared/money.js';
import { ROUTES, route } from '../../../shared/routes.js';
import { Refusal } from '../../domain/errors.js';
import { getCompany, registrationOpen } from '../../services/company/get-company.js';
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  LOGO_STORED_SIDE,
  logoFile,
  removeLogo,
  saveLogo,
} from '../../services/company/logo.js';
import { setRegistrationOpen } from '../../services/company/registration.js';
import { amountsRecorded, updateCompany } from '../../services/company/update-company.js';
import { actorOf } from '../actor.js';
import { can, requireAuth, requireVerified } from '../middleware/auth.js';
import { presentHistory } from '../presenters/audit.js';
import { logoUrl } from '../presenters/print.js';
import { subjectHistory } from '../../services/audit/history.js';
import { flash, redirect } from '../respond.js';
import { TIME_ZONES, accountSettingsSchema, companySchema } from '../schemas/company.js';
import { validate } from '../validation.js';
import { signedIn, type SignedInRequest } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

/** The VAT rate as the form shows it: 1800 → "18", 1850 → "18,5". */
const vatPercent = (bp: number) => (bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2, useGrouping: false });

/** The logo upload: one file, capped a little above the service's own cap (which answers in French). */
const logoUploader = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
});

/**
 * Paramètres › Société: the company's identity and rules, its logo, and (Comptes) whether guests may
 * create an account. Opening the screens needs menu.parametres.societe; changing them needs
 * company.manage. The logo is served to every signed-in user (printouts show it) from storage/,
 * outside the web root.
 */
export function companySettingsRoutes(ctx: AppContext): Router {
  const { db, config } = ctx;
  const r = Router();
  const ACCOUNTS = ROUTES['company.accounts'];
  const canManage = (req: SignedInRequest) => managesSettings(req.user, 'company');

  r.get(ROUTES['company.logo'], requireAuth, requireVerified, async (_req, res) => {
    const file = await logoFile(db, config.storageDir);
    if (!file) {
      res.status(404).end();
      return;
    }
    res.set({
      'Content-Type': file.contentType,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
    });
    res.sendFile(file.path);
  });

  r.use([ROUTES['company.settings'], ACCOUNTS], requireAuth, requireVerified, can('menu.parametres.societe'));

  r.get(
    ROUTES['company.settings'],
    signedIn(async (req, res) => {
      const c = await getCompany(db);
      res.inertia.render('settings/company/Edit', {
        company: {
          name: c.name,
          address: c.address,
          city: c.city,
          phones: c.phones,
          email: c.email,
          rccm: c.rccm,
          tax_number: c.tax_number,
          currency: c.currency,
          time_zone: c.time_zone,
          vat_enabled: c.vat_enabled,
          vat_rate: vatPercent(c.vat_rate_bp),
          prices_include_vat: c.prices_include_vat ? 'ttc' : 'ht',
          allow_negative_stock: c.allow_negative_stock,
        },
        logo_url: logoUrl(c),
        can_manage: canManage(req),
        currencies: Object.values(CURRENCIES).map((cur) => ({
          value: cur.code,
          label: `${cur.code} — ${cur.name} (${cur.label})`,
        })),
        time_zones: [...TIME_ZONES],
        currency_locked: await amountsRecorded(db),
        logo_max_kb: LOGO_MAX_BYTES / 1024,
        logo_max_side: LOGO_MAX_SIDE,
        logo_stored_side: LOGO_STORED_SIDE,
        history: presentHistory(await subjectHistory(db, 'company', 1), c.currency),
      });
    }),
  );

  r.put(
    ROUTES['company.settings'],
    can('company.manage'),
    signedIn(async (req, res) => {
      const { vat_rate, prices_include_vat, ...input } = validate(companySchema, req.body);
      await updateCompany(db, actorOf(req), {
        ...input,
        vat_rate_bp: vat_rate,
        prices_include_vat: prices_include_vat === 'ttc',
      });
      flash(req, 'success', 'Paramètres de la société enregistrés.');
      redirect(res, route('company.settings'));
    }),
  );

  r.post(
    ROUTES['company.logo'],
    requireAuth,
    requireVerified,
    can('menu.parametres.societe', 'company.manage'),
    (req, res, next) => {
      if (!req.is('multipart/form-data'))
        return next(new Refusal({ logo: 'Veuillez choisir une image PNG, JPEG ou WebP.' }));
      logoUploader.single('logo')(req, res, (err: unknown) => {
        if (!err) return next();
        const tooLarge = err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE';
        next(
          new Refusal({
            logo: tooLarge
              ? `Le logo ne doit pas dépasser ${LOGO_MAX_BYTES / 1024} Ko.`
              : 'L’image n’a pas pu être reçue : envoyez un seul fichier PNG, JPEG ou WebP.',
          }),
        );
      });
    },
    signedIn(async (req, res) => {
      await saveLogo(db, config.storageDir, actorOf(req), req.file?.buffer ?? Buffer.alloc(0));
      flash(req, 'success', 'Logo enregistré : il figure en tête des impressions.');
      redirect(res, route('company.settings'));
    }),
  );

  r.delete(
    ROUTES['company.logo'],
    requireAuth,
    requireVerified,
    can('menu.parametres.societe', 'company.manage'),
    signedIn(async (req, res) => {
      await removeLogo(db, config.storageDir, actorOf(req));
      flash(req, 'success', 'Logo retiré.');
      redirect(res, route('company.settings'));
    }),
  );

  r.get(
    ACCOUNTS,
    signedIn(async (req, res) =>
      res.inertia.render('settings/company/Accounts', {
        allow_registration: await registrationOpen(db),
        can_manage: canManage(req),
      }),
    ),
  );

  r.put(
    ACCOUNTS,
    can('company.manage'),
    signedIn(async (req, res) => {
      const input = validate(accountSettingsSchema, req.body);
      await setRegistrationOpen(db, actorOf(req), input.allow_registration);
      flash(
        req,
        'success',
        input.allow_registration
          ? 'La création de compte est ouverte aux visiteurs.'
          : 'La création de compte est désactivée.',
      );
      redirect(res, ACCOUNTS);
    }),
  );

  return r;
}
