import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseConfig } from '../../config.js';
import { type BackupFormat, backupExtension } from '../../db/backup.js';

/**
 * The backup catalogue: the files under storage/backups (outside the web root, never served
 * statically), each beside a JSON record (date, size, who, kind, checksum, verification). The
 * catalogue lives beside the files rather than in the database so that a restore, which replaces
 * the database, neither loses the list nor the pre-restore backup it has just written.
 * Also the schedule settings (storage/backups/settings.json), for the same reason.
 */

export type BackupKind = 'manual' | 'scheduled' | 'pre_restore' | 'uploaded';
export type BackupStatus = 'verified' | 'failed';

export interface BackupRecord {
  name: string;
  format: BackupFormat;
  kind: BackupKind;
  created_at: string;
  size: number;
  sha256: string;
  user: { id: number; name: string } | null;
  status: BackupStatus;
  /** What the verification found (French, for the list). */
  message: string;
  verified_at: string;
  /** The uploaded file's own name (kind `uploaded`). */
  original_name?: string;
}

/** Where the backups and the catalogue live. */
export interface BackupTarget {
  database: DatabaseConfig;
  storageDir: string;
}

export interface BackupSettings {
  /** A backup every day, at `hour` (company time zone). */
  daily: boolean;
  hour: number;
  /** How many scheduled backups are kept (the oldest beyond are deleted). */
  retention: number;
}

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { daily: true, hour: 2, retention: 14 };
export const MAX_RETENTION = 365;

const NAME = /^sdstock-\d{8}-\d{6}-[0-9a-f]{6}\.(sqlite|dump)$/;

export function backupDir(target: Pick<BackupTarget, 'storageDir'>): string {
  const dir = path.join(target.storageDir, 'backups');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Work files (uploads being received, copies being written): never listed. */
export function workDir(target: Pick<BackupTarget, 'storageDir'>): string {
  const dir = path.join(backupDir(target), 'tmp');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function isBackupName(name: string): boolean {
  return NAME.test(name);
}

/** A new generated name: sdstock-20261124-013000-a1b2c3.sqlite (UTC time). */
export function newBackupName(format: BackupFormat, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `sdstock-${stamp}-${randomBytes(3).toString('hex')}${backupExtension(format)}`;
}

/** The backup file's path, or null for a name that is not one of ours (no path ever built from user text). */
export function backupPath(target: Pick<BackupTarget, 'storageDir'>, name: string): string | null {
  return isBackupName(name) ? path.join(backupDir(target), name) : null;
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export function writeRecord(target: Pick<BackupTarget, 'storageDir'>, record: BackupRecord): void {
  const file = path.join(backupDir(target), `${record.name}.json`);
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(record, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function readRecord(target: Pick<BackupTarget, 'storageDir'>, name: string): BackupRecord | null {
  const file = backupPath(target, name);
  if (!file || !fs.existsSync(file)) return null;
  try {
    const record = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as BackupRecord;
    return record.name === name ? record : null;
  } catch {
    return null;
  }
}

/** Every backup of the catalogue, newest first (files without a record, or records without a file, are left out). */
export function listRecords(target: Pick<BackupTarget, 'storageDir'>): BackupRecord[] {
  const dir = backupDir(target);
  const records: BackupRecord[] = [];
  for (const f of fs.readdirSync(dir)) {
    if (!isBackupName(f)) continue;
    const record = readRecord(target, f);
    if (record) records.push(record);
  }
  return records.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name));
}

export function removeBackupFiles(target: Pick<BackupTarget, 'storageDir'>, name: string): void {
  const file = backupPath(target, name);
  if (!file) return;
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.json`, { force: true });
}

export function readSettings(target: Pick<BackupTarget, 'storageDir'>): BackupSettings {
  try {
    const raw = JSON.parse(
      fs.readFileSync(path.join(backupDir(target), 'settings.json'), 'utf8'),
    ) as Partial<BackupSettings>;
    return {
      daily: typeof raw.daily === 'boolean' ? raw.daily : DEFAULT_BACKUP_SETTINGS.daily,
      hour: Number.isInteger(raw.hour) && raw.hour! >= 0 && raw.hour! <= 23 ? raw.hour! : DEFAULT_BACKUP_SETTINGS.hour,
      retention:
        Number.isInteger(raw.retention) && raw.retention! >= 1 && raw.retention! <= MAX_RETENTION
          ? raw.retention!
          : DEFAULT_BACKUP_SETTINGS.retention,
    };
  } catch {
    return { ...DEFAULT_BACKUP_SETTINGS };
  }
}

export function writeSettings(target: Pick<BackupTarget, 'storageDir'>, settings: BackupSettings): void {
  const file = path.join(backupDir(target), 'settings.json');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(settings, null, 2), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}
