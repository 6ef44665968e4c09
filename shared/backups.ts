/** Paramètres › Sauvegarde: what the screen shows (server presenter → page). */

export type BackupKind = 'manual' | 'scheduled' | 'pre_restore' | 'uploaded';

export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  manual: 'Manuelle',
  scheduled: 'Planifiée',
  pre_restore: 'Avant restauration',
  uploaded: 'Importée',
};

export interface BackupRow {
  name: string;
  created_at: string;
  size: number;
  kind: BackupKind;
  kind_label: string;
  user_name: string | null;
  status: 'verified' | 'failed';
  message: string;
  original_name: string | null;
}

export interface BackupScheduleProps {
  daily: boolean;
  hour: number;
  retention: number;
}

export interface BackupPageProps {
  backups: BackupRow[];
  settings: BackupScheduleProps;
  /** The database in service: « SQLite » or « PostgreSQL ». */
  engine: string;
  /** The company's time zone, in which the daily hour is read. */
  time_zone: string;
  /** The latest scheduled backup (ISO), or null when none was written yet. */
  last_scheduled: string | null;
  /** Why backups cannot be written here (a PostgreSQL client tool missing), or null. */
  tool_problem: string | null;
  max_upload_mb: number;
  max_retention: number;
  can_manage: boolean;
}
