import { AUDIT_FIELD_LABELS, auditActionLabel } from '../../../shared/audit.js';
import type { AuditItem } from '../../../shared/records.js';
import { formatMoney } from '../../../shared/money.js';
import { MOBILE_MONEY_OPERATOR_LABELS } from '../../../shared/treasury.js';
import { FISCAL_PROVIDERS, FISCAL_REGIMES } from '../../../shared/fiscal.js';
import { ALL_PERMISSION_LABELS } from '../../../shared/permissions.js';
import { TAX_GROUPS, TAX_GROUP_CODES } from '../../../shared/tax-groups.js';
import type { AuditEntryRow } from '../../services/audit/history.js';

const MONEY_FIELDS = new Set([
  'credit_limit',
  'purchase_price',
  'retail_price',
  'wholesale_price',
  'min_price',
  'balance',
  'fiscal_b2c_threshold',
]);
const TAX_GROUP_LABELS = Object.fromEntries(TAX_GROUP_CODES.map((g) => [g, TAX_GROUPS[g].label]));
const VALUE_LABELS: Record<string, Record<string, string>> = {
  kind: {
    particulier: 'Particulier',
    entreprise: 'Entreprise',
    depot: 'Dépôt',
    boutique: 'Boutique',
    banque: 'Banque',
    mobile_money: 'Mobile money',
  },
  operator: MOBILE_MONEY_OPERATOR_LABELS,
  price_level: { detail: 'Détail', gros: 'Gros' },
  fiscal_provider: FISCAL_PROVIDERS,
  fiscal_regime: FISCAL_REGIMES,
  default_tax_group: TAX_GROUP_LABELS,
  tax_group: TAX_GROUP_LABELS,
};

/** A product's threshold at a location (services/stock/alert-thresholds.ts LOCATION_THRESHOLD_FIELD): « location_threshold:BTQ01 ». */
const LOCATION_THRESHOLD = 'location_threshold:';

function fieldLabel(field: string): string {
  if (field.startsWith(LOCATION_THRESHOLD)) return `Seuil d’alerte à ${field.slice(LOCATION_THRESHOLD.length)}`;
  return AUDIT_FIELD_LABELS[field] ?? field;
}

function show(field: string, value: unknown, currency: string, refs: Record<string, Map<string, string>>): string {
  if (field.startsWith(LOCATION_THRESHOLD) && (value === null || value === undefined)) return 'celui du produit';
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  // A role's permissions: their French labels.
  if (Array.isArray(value))
    return value.length ? value.map((v) => ALL_PERMISSION_LABELS[String(v)] ?? String(v)).join(', ') : '—';
  if (field === 'vat_rate_bp' && typeof value === 'number')
    return `${(value / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
  if (field === 'logo_path') return 'Image';
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
export function presentHistory(
  rows: AuditEntryRow[],
  currency: string,
  options: { refs?: Record<string, Map<string, string>>; hide?: readonly string[] } = {},
): AuditItem[] {
  const hide = new Set(options.hide ?? []);
  return rows.map((row) => {
    const item = presentAuditRow(row, currency, options.refs ?? {});
    return hide.size ? { ...item, changes: item.changes.filter((c) => !hide.has(c.field)) } : item;
  });
}

export function presentAuditRow(
  row: AuditEntryRow,
  currency: string,
  refs: Record<string, Map<string, string>> = {},
): AuditItem {
  let details: { before?: Record<string, unknown>; after?: Record<string, unknown>; note?: string } = {};
  try {
    details = row.details ? JSON.parse(row.details) : {};
  } catch {
    details = {};
  }
  const changes =
    details.before && details.after
      ? [...new Set([...Object.keys(details.after ?? {}), ...Object.keys(details.before ?? {})])].map((field) => ({
          field,
          label: fieldLabel(field),
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
