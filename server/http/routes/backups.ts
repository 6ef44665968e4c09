import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { type NextFunction, type Request, type Response, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { ROUTES } from '../../../shared/routes.js';
import { Refusal } from '../../domain/errors.js';
import { stripControlCharacters } from '../../domain/text.js';
import { confirmPassword } from '../../services/accounts/profile.js';
import {
  backupEnvironment,
  backupWorkDir,
  createBackup,
  deleteBackup,
  getBackupSettings,
  importBackup,
  listBackups,
  recordBackupDownload,
  restoreBackup,
  updateBackupSettings,
  type BackupTarget,
  type RestoreResult,
} from '../../services/backups/backups.js';
import { MAX_RETENTION } from '../../services/backups/catalogue.js';
import { companyTimeZone } from '../../services/company/get-company.js';
import { flag, integer } from '../../services/records/fields.js';
import { actorOf } from '../actor.js';
import type { AppContext } from '../context.js';
import { downloadGuard } from '../files.js';
import { can, requireAuth, requirePasswordConfirmed, requireVerified } from '../middleware/auth.js';
import { rotateCsrfToken } from '../middleware/csrf.js';
import { presentBackupPage } from '../presenters/backups.js';
import { flash, redirect } from '../respond.js';
import { validate, fields } from '../validation.js';
import { formatCount } from '../../../shared/quantity.js';
import { signedIn } from '../signed-in.js';
import { managesSettings } from '../../policies/settings.js';

const settingsSchema = z.object({
  daily: flag(false),
  hour: integer('heure', { min: 0, max: 23, required: true }),
  retention: integer('nombre de sauvegardes conservées', { min: 1, max: MAX_RETENTION, required: true }),
});

const restoreSchema = z.object({ password: fields.password() });

/**
 * Paramètres › Sauvegarde (DESIGN.md §5): the list, « Sauvegarder maintenant », the daily schedule,
 * download, restore (from the list or an uploaded file) and deletion. Opening the screen needs
 * menu.parametres.backup; everything else backup.manage and a password confirmed within 3 hours
 * (requirePasswordConfirmed), except a restore, whose own form asks for the password, and a
 * download, which changes nothing. Backup files
 * live in storage/backups, outside the web root: they leave the server only through the download
 * route below.
 */
export function backupRoutes(ctx: AppContext): Router {
  const { db, config } = ctx;
  const target: BackupTarget = { database: config.database, storageDir: config.storageDir };
  const r = Router();
  const manage = [can('backup.manage'), requirePasswordConfirmed];
  r.use(ROUTES['backups.index'], requireAuth, requireVerified, can('menu.parametres.backup'));

  r.get(
    ROUTES['backups.index'],
    signedIn(async (req, res) => {
      const env = backupEnvironment(target);
      res.inertia.render(
        'settings/Backup',
        presentBackupPage({
          records: listBackups(target),
          settings: getBackupSettings(target),
          engine: env.engine,
          timeZone: req.user.company.timeZone,
          toolProblem: env.toolProblem,
          maxUploadBytes: config.backupUploadMaxBytes,
          maxRetention: MAX_RETENTION,
          canManage: managesSettings(req.user, 'backups'),
        }),
      );
    }),
  );

  r.post(
    ROUTES['backups.index'],
    ...manage,
    signedIn(async (req, res) => {
      const record = await createBackup(db, target, actorOf(req));
      if (record.status === 'verified') flash(req, 'success', 'Sauvegarde effectuée et vérifiée.');
      else flash(req, 'error', `Sauvegarde écrite mais sa vérification a échoué : ${record.message}`);
      redirect(res, ROUTES['backups.index']);
    }),
  );

  r.put(
    ROUTES['backups.settings'],
    ...manage,
    signedIn(async (req, res) => {
      const input = validate(settingsSchema, req.body);
      await updateBackupSettings(db, target, input, actorOf(req));
      flash(
        req,
        'success',
        input.daily
          ? `Sauvegarde quotidienne à ${input.hour} h, ${formatCount(input.retention, 'conservée')}.`
          : 'Sauvegarde quotidienne désactivée.',
      );
      redirect(res, ROUTES['backups.index']);
    }),
  );

  // A download changes nothing (backup.manage, audited); a plain link, so no detour through a page.
  r.get(
    ROUTES['backups.download'],
    can('backup.manage'),
    downloadGuard,
    signedIn(async (req, res) => {
      const { file, record } = await recordBackupDownload(db, target, String(req.params.name), actorOf(req));
      res.status(200).set({
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${record.name}"`,
        'Content-Length': String(fs.statSync(file).size),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      fs.createReadStream(file).pipe(res);
    }),
  );

  r.delete(
    ROUTES['backups.destroy'],
    ...manage,
    signedIn(async (req, res) => {
      await deleteBackup(db, target, String(req.params.name), actorOf(req));
      flash(req, 'success', 'Sauvegarde supprimée.');
      redirect(res, ROUTES['backups.index']);
    }),
  );

  // A restore asks for the password on its own form: that is the confirmation (no detour).
  r.post(
    ROUTES['backups.restore'],
    can('backup.manage'),
    signedIn(async (req, res) => {
      const input = validate(restoreSchema, req.body);
      await confirmPassword(db, req.user.row, input.password);
      const result = await restoreBackup(db, target, String(req.params.name), actorOf(req));
      await signEveryoneOut(req, res, result);
    }),
  );

  r.post(
    ROUTES['backups.upload'],
    can('backup.manage'),
    receiveBackup(target, config.backupUploadMaxBytes),
    signedIn(async (req, res) => {
      const uploaded = req.file!.path;
      try {
        const input = validate(restoreSchema, req.body);
        await confirmPassword(db, req.user.row, input.password);
        const name = stripControlCharacters(req.file!.originalname)
          .replace(/[\t\r\n]/g, '')
          .slice(0, 255);
        const record = await importBackup(db, target, uploaded, name, actorOf(req));
        const result = await restoreBackup(db, target, record.name, actorOf(req));
        await signEveryoneOut(req, res, result);
      } finally {
        fs.rmSync(uploaded, { force: true });
      }
    }),
  );

  /** Every session was deleted with the restore; this one starts afresh too, with the news. */
  async function signEveryoneOut(req: Request, res: Response, result: RestoreResult) {
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
    rotateCsrfToken(req, res, config.secureCookies);
    const when = new Date(result.restored.created_at).toLocaleString('fr-FR', {
      dateStyle: 'short',
      timeStyle: 'short',
      // The restored database's zone: the settings read with the user came from the one replaced.
      timeZone: await companyTimeZone(db),
    });
    flash(
      req,
      'success',
      `Base restaurée depuis la sauvegarde du ${when}. La base précédente a été sauvegardée (${result.safety.name}). Tout le monde a été déconnecté : reconnectez-vous.`,
    );
    redirect(res, ROUTES.login);
  }

  return r;
}

/** The uploaded backup (field "file"), written to the work directory under a generated name, size-capped. */
function receiveBackup(target: BackupTarget, maxBytes: number) {
  const uploader = multer({
    storage: multer.diskStorage({
      destination: backupWorkDir(target),
      filename: (_req, _file, cb) => cb(null, `upload-${randomBytes(8).toString('hex')}.part`),
    }),
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 },
  });
  const mb = Math.floor(maxBytes / 1024 / 1024);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data'))
      return next(new Refusal({ file: 'Veuillez choisir un fichier de sauvegarde.' }));
    uploader.single('file')(req, res, (err: unknown) => {
      if (err) {
        if (req.file) fs.rmSync(req.file.path, { force: true });
        const tooLarge = err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE';
        return next(
          new Refusal({
            file: tooLarge
              ? `Le fichier dépasse ${mb.toLocaleString('fr-FR')} Mo.`
              : 'Le fichier n’a pas pu être reçu : envoyez un seul fichier de sauvegarde.',
          }),
        );
      }
      if (!req.file || req.file.size === 0) {
        if (req.file) fs.rmSync(req.file.path, { force: true });
        return next(new Refusal({ file: 'Veuillez choisir un fichier de sauvegarde non vide.' }));
      }
      next();
    });
  };
}
