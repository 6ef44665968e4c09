import { AUDIT_FIELD_LABELS, auditActionLabel } from '../../../shared/audit.js';
import type { AuditItem } from '../../../shared/records.js';
import { formatMoney } from '../../../shared/money.js';
import { MOBILE_MONEY_OPERATOR_LABELS } from '../../../shared/treasury.js';
import type { AuditEntryRow } from '../../services/audit/history.js';

const MONEY_FIELDS = new Set(['credit_limit', 'purchase_price', 'retail_price', 'wholesale_price', 'min_price', 'balance']);
const VALUE_LABELS: Record<string, Record<string, string>> = {
  kind: { particulier: 'Particulier', entreprise: 'Entreprise', depot: 'Dépôt', boutique: 'Boutique', banque: 'Banque', mobile_money: 'Mobile money' },
  operator: MOBILE_MONEY_OPERATOR_LABELS,
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
 * A record's history ("Historique") from its audit entries. `refs` turns ids into names
 * (category_id → category name); `hide` leaves fields out of the changes shown (costs for a user
 * who may not see them).
 */
export function presentHistory(rows: AuditEntryRow[], currency: string, options: { refs?: Record<string, Map<string, string>>; hide?: readonly string[] } = {}): AuditItem[] {
  const hide = new Set(options.hide ?? []);
  return rows.map((row) => {
    const item = presentAuditRow(row, currency, options.refs ?? {});
    return hide.size ? { ...item, changes: item.changes.filter((c) => !hide.has(c.field)) } : item;
  });
}

export function presentAuditRow(row: AuditEntryRow, currency: string, refs: Record<string, Map<string, string>> = {}): AuditItem {
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
