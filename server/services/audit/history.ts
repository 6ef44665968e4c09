import type { Knex } from 'knex';

/** One audit entry as the log stores it (details: JSON text of before/after/note). */
export interface AuditEntryRow {
  id: number | string;
  occurred_at: string;
  user_name: string | null;
  action: string;
  details: string | null;
}

export const SUBJECT_HISTORY_LIMIT = 30;

/** The last audit entries of one record, newest first, for its page ("Historique"). */
export async function subjectHistory(
  db: Knex,
  type: string,
  id: number,
  limit = SUBJECT_HISTORY_LIMIT,
): Promise<AuditEntryRow[]> {
  return db('audit_log')
    .where({ subject_type: type, subject_id: String(id) })
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id', 'occurred_at', 'user_name', 'action', 'details');
}
