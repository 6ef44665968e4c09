import type { Knex } from 'knex';
import { AUDIT_FIELD_LABELS, auditActionLabel } from '../../../shared/audit.js';
import type { AuditItem } from '../../../shared/master-data.js';
import { formatMoney } from '../../../shared/money.js';

const MONEY_FIELDS = new Set(['credit_limit', 'purchase_price', 'retail_price', 'wholesale_price', 'min_price', 'balance']);
const VALUE_LABELS: Record<string, Record<string, string>> = {
  kind: { particulier: 'Particulier', entreprise: 'Entreprise', depot: 'Dépôt', boutique: 'Boutique' },
  price_level: { detail: 'Détail', gros: 'Gros' },
};

function show(field: string, value: unknown, currency: string, refs: Record<string, Map<string, string>>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatMoney(value, currency);
  const ref = refs[field]?.get(String(value));
  if (ref) return ref;
  return VALUE_LABELS[field]?.[String(value)] ?? String(value);
}

/**
 * The last audit entries of one record, for its page ("Historique"). `refs` turns ids into names
 * (category_id → category name).
 */
export async function subjectHistory(
  db: Knex,
  type: string,
  id: number,
  currency: string,
  options: { limit?: number; refs?: Record<string, Map<string, string>> } = {},
): Promise<AuditItem[]> {
  const rows = await db('audit_log')
    .where({ subject_type: type, subject_id: String(id) })
    .orderBy('id', 'desc')
    .limit(options.limit ?? 30)
    .select('id', 'occurred_at', 'user_name', 'action', 'details');
  return rows.map((row) => presentAuditRow(row, currency, options.refs ?? {}));
}

export function presentAuditRow(row: { id: number | string; occurred_at: string; user_name: string | null; action: string; details: string | null }, currency: string, refs: Record<string, Map<string, string>> = {}): AuditItem {
  let details: { before?: Record<string, unknown>; after?: Record<string, unknown>; note?: string } = {};
  try {
    details = row.details ? JSON.parse(row.details) : {};
  } catch {
    details = {};
  }
  const changes =
    details.before && details.after
      ? Object.keys(details.after ?? {}).map((field) => ({
          field,
          label: AUDIT_FIELD_LABELS[field] ?? field,
          before: show(field, details.before?.[field], currency, refs),
          after: show(field, details.after?.[field], currency, refs),
        }))
      : [];
  return {
    id: Number(row.id),
    occurred_at: row.occurred_at,
    user_name: row.user_name,
    action: row.action,
    action_label: auditActionLabel(row.action),
    changes,
    note: typeof details.note === 'string' ? details.note : null,
  };
}
