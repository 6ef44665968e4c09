import { BACKUP_KIND_LABELS, type BackupPageProps, type BackupRow } from '../../../shared/backups.js';
import type { BackupRecord, BackupSettings } from '../../services/backups/backups.js';

/** Paramètres › Sauvegarde: catalogue records → rows (no path, no checksum leaves the server). */
export function presentBackup(record: BackupRecord): BackupRow {
  return {
    name: record.name,
    created_at: record.created_at,
    size: record.size,
    kind: record.kind,
    kind_label: BACKUP_KIND_LABELS[record.kind],
    user_name: record.user?.name ?? null,
    status: record.status,
    message: record.message,
    original_name: record.original_name ?? null,
  };
}

export function presentBackupPage(input: {
  records: BackupRecord[];
  settings: BackupSettings;
  engine: string;
  timeZone: string;
  toolProblem: string | null;
  maxUploadBytes: number;
  maxRetention: number;
  canManage: boolean;
}): BackupPageProps {
  const lastScheduled = input.records.find((r) => r.kind === 'scheduled');
  return {
    backups: input.records.map(presentBackup),
    settings: { daily: input.settings.daily, hour: input.settings.hour, retention: input.settings.retention },
    engine: input.engine,
    time_zone: input.timeZone,
    last_scheduled: lastScheduled?.created_at ?? null,
    tool_problem: input.toolProblem,
    max_upload_mb: Math.floor(input.maxUploadBytes / 1024 / 1024),
    max_retention: input.maxRetention,
    can_manage: input.canManage,
  };
}
