import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import {
  BackupFileError,
  backupFormatOf,
  engineName,
  missingBackupTools,
  replaceDatabase,
  sniffBackupFormat,
  writeBackup,
} from '../../db/backup.js';
import { acquireLock, withLock } from '../../db/locks.js';
import { migrateOnce } from '../../db/migrate.js';
import { businessDate, hourIn } from '../../domain/dates.js';
import { NotFound, Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { destroyAllSessions } from '../accounts/sessions.js';
import { recordAudit } from '../audit/record-audit.js';
import { companyTimeZone } from '../company/get-company.js';
import {
  type BackupKind,
  type BackupRecord,
  type BackupSettings,
  type BackupTarget,
  backupPath,
  listRecords,
  newBackupName,
  readRecord,
  readSettings,
  removeBackupFiles,
  sha256File,
  workDir,
  writeRecord,
  writeSettings,
} from './catalogue.js';
import { verifyBackupFile } from './verify-backup.js';

/**
 * Backups and restores (Paramètres › Sauvegarde): write a copy while the application runs, verify
 * it on the copy, keep it in the catalogue (catalogue.ts); restore one after verifying it again,
 * with an automatic backup of the current database first; a daily scheduled backup with retention.
 * One backup, import, deletion or restore at a time across every process sharing the database
 * (workers, other machines, `npm run backup` from cron): the `backup` lock of server/db/locks.ts,
 * never a flag in process memory. Every change is audited.
 */

export const BACKUP_LOCK = 'backup';

const BUSY = 'Une sauvegarde ou une restauration est déjà en cours : réessayez dans un instant.';

/** Runs `fn` as the one backup operation of all processes; a second one meanwhile is refused. */
async function exclusive<T>(db: Knex, fn: () => Promise<T>): Promise<T> {
  return withLock(db, BACKUP_LOCK, fn, () => {
    throw Refusal.action(BUSY);
  });
}

/** What the screen says about the machine: the engine, and the client tools missing (PostgreSQL). */
export function backupEnvironment(target: BackupTarget): { engine: string; toolProblem: string | null } {
  const missing = missingBackupTools(target.database);
  return {
    engine: engineName(target.database),
    toolProblem: missing.length
      ? `Outils PostgreSQL introuvables sur le serveur : ${missing.join(', ')}. Installez le paquet postgresql-client (voir le README).`
      : null,
  };
}

/** Whether a backup operation is running in any process (the lock is held). */
export async function backupRunning(db: Knex): Promise<boolean> {
  const lock = await acquireLock(db, BACKUP_LOCK);
  await lock?.release();
  return lock === null;
}

/** Writes, verifies and catalogues a backup of the live database (the lock already held). */
async function writeVerifiedBackup(
  db: Knex,
  target: BackupTarget,
  kind: BackupKind,
  actor: Actor | null,
  now: Date,
): Promise<BackupRecord> {
  const format = backupFormatOf(target.database);
  const name = newBackupName(format, now);
  const final = backupPath(target, name)!;
  const partial = path.join(workDir(target), `${name}.part`);
  try {
    await writeBackup(db, target.database, partial);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    if (err instanceof BackupFileError) throw Refusal.action(`La sauvegarde n’a pas pu être écrite : ${err.message}`);
    throw err;
  }
  const verification = await verifyBackupFile(db, target, partial);
  const record: BackupRecord = {
    name,
    format,
    kind,
    created_at: now.toISOString(),
    size: fs.statSync(partial).size,
    sha256: await sha256File(partial),
    user: actor ? auditUser(actor) : null,
    status: verification.ok ? 'verified' : 'failed',
    message: verification.message,
    verified_at: new Date().toISOString(),
  };
  fs.renameSync(partial, final);
  writeRecord(target, record);
  return record;
}

async function auditBackup(
  db: Knex,
  action: string,
  actor: Actor | null,
  record: Pick<BackupRecord, 'name' | 'kind' | 'status' | 'size'>,
  extra: Record<string, unknown> = {},
) {
  await recordAudit(db, {
    action,
    user: actor ? auditUser(actor) : null,
    subject: { type: 'backup', id: record.name, label: record.name },
    details: { after: { kind: record.kind, status: record.status, size: record.size, ...extra } },
    ip: actor?.ip ?? null,
  });
}

/** « Sauvegarder maintenant » (or `npm run backup`): a verified copy of the live database. */
export async function createBackup(
  db: Knex,
  target: BackupTarget,
  actor: Actor | null,
  kind: 'manual' | 'scheduled' = 'manual',
  now = new Date(),
): Promise<BackupRecord> {
  return exclusive(db, () => createLocked(db, target, actor, kind, now));
}

async function createLocked(
  db: Knex,
  target: BackupTarget,
  actor: Actor | null,
  kind: 'manual' | 'scheduled',
  now: Date,
): Promise<BackupRecord> {
  const record = await writeVerifiedBackup(db, target, kind, actor, now);
  await auditBackup(db, 'backup.created', actor, record);
  if (kind === 'scheduled') await pruneScheduled(db, target, readSettings(target).retention, actor);
  return record;
}

/** The catalogued backup `name`, or 404. */
export function getBackup(target: BackupTarget, name: string): BackupRecord {
  const record = readRecord(target, name);
  if (!record) throw new NotFound();
  return record;
}

export function listBackups(target: BackupTarget): BackupRecord[] {
  return listRecords(target);
}

/** A download of a backup, audited (a whole copy of the data leaves the server). */
export async function recordBackupDownload(
  db: Knex,
  target: BackupTarget,
  name: string,
  actor: Actor,
): Promise<{ file: string; record: BackupRecord }> {
  const record = getBackup(target, name);
  const file = backupPath(target, name)!;
  await auditBackup(db, 'backup.downloaded', actor, record);
  return { file, record };
}

export async function deleteBackup(db: Knex, target: BackupTarget, name: string, actor: Actor): Promise<void> {
  await exclusive(db, async () => {
    const record = getBackup(target, name);
    removeBackupFiles(target, name);
    await auditBackup(db, 'backup.deleted', actor, record);
  });
}

/**
 * An uploaded backup file (already on disk, in the work directory): kind and structure checked,
 * verified on a copy; a file that fails is deleted and refused on the `file` field, nothing kept.
 * Accepted, it joins the catalogue (kind `uploaded`).
 */
export async function importBackup(
  db: Knex,
  target: BackupTarget,
  uploaded: string,
  originalName: string,
  actor: Actor | null,
  now = new Date(),
): Promise<BackupRecord> {
  return exclusive(db, async () => {
    try {
      return await importLocked(db, target, uploaded, originalName, actor, now);
    } finally {
      fs.rmSync(uploaded, { force: true });
    }
  });
}

async function importLocked(
  db: Knex,
  target: BackupTarget,
  uploaded: string,
  originalName: string,
  actor: Actor | null,
  now: Date,
): Promise<BackupRecord> {
  const format = backupFormatOf(target.database);
  const sniffed = sniffBackupFormat(uploaded);
  if (sniffed === null)
    throw new Refusal({
      file: 'Ce fichier n’est pas une sauvegarde SDSTOCK : ni une base SQLite, ni un export pg_dump.',
    });
  const verification = await verifyBackupFile(db, target, uploaded);
  if (!verification.ok) throw new Refusal({ file: verification.message });
  const name = newBackupName(format, now);
  const record: BackupRecord = {
    name,
    format,
    kind: 'uploaded',
    created_at: now.toISOString(),
    size: fs.statSync(uploaded).size,
    sha256: await sha256File(uploaded),
    user: actor ? auditUser(actor) : null,
    status: 'verified',
    message: verification.message,
    verified_at: new Date().toISOString(),
    original_name: originalName,
  };
  fs.renameSync(uploaded, backupPath(target, name)!);
  writeRecord(target, record);
  await auditBackup(db, 'backup.uploaded', actor, record, { original_name: originalName });
  return record;
}

export interface RestoreResult {
  restored: BackupRecord;
  safety: BackupRecord;
  sessionsEnded: number;
}

/**
 * Restores the catalogued backup `name` over the live database, the application running:
 * 1. the file is checked again (unchanged since it was written: same SHA-256; then verified on a
 *    copy) — a refusal here changes nothing;
 * 2. the current database is backed up (kind `pre_restore`);
 * 3. the database is replaced (db/backup.ts: same knex object afterwards), migrated up to this
 *    version if the backup is older;
 * 4. every session is ended (the restored database's old sessions included): everyone signs in
 *    again; the audit entry is written into the restored database.
 */
export async function restoreBackup(
  db: Knex,
  target: BackupTarget,
  name: string,
  actor: Actor | null,
): Promise<RestoreResult> {
  return exclusive(db, async () => {
    const record = getBackup(target, name);
    const file = backupPath(target, name)!;
    if (!fs.existsSync(file) || (await sha256File(file)) !== record.sha256) {
      throw Refusal.action(
        'Restauration refusée : le fichier de cette sauvegarde a été modifié ou endommagé depuis son écriture. La base en service est inchangée.',
      );
    }
    const verification = await verifyBackupFile(db, target, file);
    if (!verification.ok) {
      writeRecord(target, {
        ...record,
        status: 'failed',
        message: verification.message,
        verified_at: new Date().toISOString(),
      });
      throw Refusal.action(`Restauration refusée : ${verification.message} La base en service est inchangée.`);
    }
    const safety = await writeVerifiedBackup(db, target, 'pre_restore', actor, new Date());
    await auditBackup(db, 'backup.created', actor, safety, { before_restore_of: name });
    try {
      await replaceDatabase(db, target.database, file);
    } catch (err) {
      if (err instanceof BackupFileError) throw Refusal.action(err.message);
      throw err;
    }
    await migrateOnce(db);
    const sessionsEnded = await destroyAllSessions(db);
    await auditBackup(db, 'backup.restored', actor, record, {
      pre_restore_backup: safety.name,
      created_at: record.created_at,
    });
    return { restored: record, safety, sessionsEnded };
  });
}

/** Schedule settings (daily on/off, hour, retention), audited; retention applies at once. */
export async function updateBackupSettings(
  db: Knex,
  target: BackupTarget,
  input: BackupSettings,
  actor: Actor,
): Promise<void> {
  const before = readSettings(target);
  if (before.daily === input.daily && before.hour === input.hour && before.retention === input.retention) return;
  writeSettings(target, input);
  await recordAudit(db, {
    action: 'backup.settings',
    user: auditUser(actor),
    subject: { type: 'backup', id: 'settings', label: 'Sauvegarde planifiée' },
    details: { before, after: input },
    ip: actor.ip,
  });
  // Busy elsewhere: the next scheduled backup applies the new retention.
  if (input.retention < before.retention)
    await withLock(
      db,
      BACKUP_LOCK,
      () => pruneScheduled(db, target, input.retention, actor),
      () => [],
    );
}

/** Keeps the `retention` newest scheduled backups; older ones are deleted (audited). */
async function pruneScheduled(
  db: Knex,
  target: BackupTarget,
  retention: number,
  actor: Actor | null,
): Promise<string[]> {
  const scheduled = listRecords(target).filter((r) => r.kind === 'scheduled');
  const old = scheduled.slice(retention);
  for (const record of old) {
    removeBackupFiles(target, record.name);
    await auditBackup(db, 'backup.pruned', actor, record, { retention });
  }
  return old.map((r) => r.name);
}

/**
 * The daily backup, when it is due at `now`: enabled, the hour (company time zone) reached, and no
 * scheduled backup yet on that business date. Returns the backup written, or null. The server
 * calls it every few minutes (startBackupScheduler); `npm run backup -- --scheduled` from cron.
 */
export async function runScheduledBackup(
  db: Knex,
  target: BackupTarget,
  now = new Date(),
): Promise<BackupRecord | null> {
  const settings = readSettings(target);
  if (!settings.daily) return null;
  const tz = await companyTimeZone(db);
  if (hourIn(tz, now) < settings.hour) return null;
  const today = businessDate(tz, now);
  const done = () =>
    listRecords(target).some((r) => r.kind === 'scheduled' && businessDate(tz, new Date(r.created_at)) === today);
  if (done()) return null;
  // Every worker's timer (and a cron job) may get here at the same minute: the first takes the
  // lock, the others see it busy — or, once it is released, the day's backup already written.
  return withLock(
    db,
    BACKUP_LOCK,
    async () => (done() ? null : createLocked(db, target, null, 'scheduled', now)),
    () => null,
  );
}

/** The in-process timer of the daily backup (server/main.ts only; tests call runScheduledBackup). */
export function startBackupScheduler(
  db: Knex,
  target: BackupTarget,
  onError: (err: unknown) => void,
  everyMs = 5 * 60_000,
): () => void {
  const tick = () => {
    runScheduledBackup(db, target).catch(onError);
  };
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

export type { BackupRecord, BackupSettings, BackupTarget } from './catalogue.js';
export { readSettings as getBackupSettings, workDir as backupWorkDir } from './catalogue.js';
