import type { Knex } from 'knex';
import { paginate } from '../../db/paginate.js';
import { addDays, dayStartUtc } from '../../domain/dates.js';
import type { Paginated } from '../../../shared/lists.js';
import { auditActionLabel, auditSubjectLabel } from '../../../shared/audit.js';
import { buildExport, type ExportFile, type ExportFormat } from '../tabular/export.js';
import { companyTimeZone, getCurrency } from '../company/get-company.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import { orderByFrench } from '../../db/french-order.js';

/**
 * The audit log as Support › Journaux reads it: who did what, when, from which address, on which
 * document, with the before/after difference. Filters on indexed columns (user, action, subject
 * type, period); newest first.
 */
export interface AuditLogFilters {
  user: number | null;
  action: string;
  subject_type: string;
  from: string;
  to: string;
}

export interface AuditLogRow {
  id: number;
  occurred_at: string;
  user_id: number | null;
  user_name: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  details: string | null;
  ip: string | null;
}

/**
 * Entries about the whole database at once — a backup or a restore, the stock levels or the
 * treasury balances rebuilt — name every place: a user restricted to some places does not see them.
 */
export const WHOLE_DATABASE_SUBJECTS = ['backup', 'stock_levels', 'treasury_accounts'] as const;

/**
 * The places filter of the journal: for a user restricted to some places, the entries whose subject
 * stands in one of their places (a location of theirs on either side, or an account of theirs —
 * whereAllowedAccount, the accounts table being small), and those about no place at all (master
 * data, users, the company…). The place columns are written with each entry (record-audit.ts), so
 * this is one indexed condition (audit_log_places), whatever the size of the log.
 */
function withinPlaces(db: Knex, q: Knex.QueryBuilder, scope: PlaceScope): Knex.QueryBuilder {
  if (scope.all) return q;
  const locations = [...scope.locations];
  const accounts = () => whereAllowedAccount(db('treasury_accounts').select('id'), scope);
  return q.where((w) =>
    w
      .where((none) =>
        none
          .whereNull('location_id')
          .whereNull('other_location_id')
          .whereNull('account_id')
          .whereNull('other_account_id')
          .where((s) => s.whereNull('subject_type').orWhereNotIn('subject_type', WHOLE_DATABASE_SUBJECTS)),
      )
      .orWhereIn('location_id', locations)
      .orWhereIn('other_location_id', locations)
      .orWhereIn('account_id', accounts())
      .orWhereIn('other_account_id', accounts()),
  );
}

/** The filtered query (built, not run: a query builder is a thenable, so never return it from an async function). */
function filtered(db: Knex, f: AuditLogFilters, timeZone: string, scope: PlaceScope): Knex.QueryBuilder {
  const q = withinPlaces(db, db('audit_log'), scope);
  if (f.user) q.where('user_id', f.user);
  if (f.action) q.where('action', f.action);
  if (f.subject_type) q.where('subject_type', f.subject_type);
  if (f.from) q.where('occurred_at', '>=', dayStartUtc(f.from, timeZone));
  if (f.to) q.where('occurred_at', '<', dayStartUtc(addDays(f.to, 1), timeZone));
  return q;
}

const COLUMNS = [
  'id',
  'occurred_at',
  'user_id',
  'user_name',
  'action',
  'subject_type',
  'subject_id',
  'subject_label',
  'details',
  'ip',
];

export async function listAuditLog(
  db: Knex,
  f: AuditLogFilters,
  scope: PlaceScope,
  page: number,
  perPage = 50,
): Promise<Paginated<AuditLogRow>> {
  return paginate(
    filtered(db, f, await companyTimeZone(db), scope)
      .orderBy('id', 'desc')
      .select(COLUMNS),
    page,
    perPage,
  );
}

/** The choices of the filters: the users and the actions and subject types the log holds. */
export async function auditLogChoices(db: Knex) {
  const [users, actions, types] = await Promise.all([
    orderByFrench(db('users'), db, { name: 'name' }).select('id', 'name'),
    db('audit_log').distinct('action').orderBy('action'),
    db('audit_log').whereNotNull('subject_type').distinct('subject_type').orderBy('subject_type'),
  ]);
  return {
    users: users.map((u) => ({ value: String(u.id), label: u.name as string })),
    actions: actions.map((a) => ({ value: a.action as string, label: auditActionLabel(a.action) })),
    subject_types: types.map((t) => ({ value: t.subject_type as string, label: auditSubjectLabel(t.subject_type) })),
  };
}

export const AUDIT_EXPORT_MAX = 50_000;

/** The filtered log as CSV/XLSX, within the user's places (at most AUDIT_EXPORT_MAX rows, newest first). */
export async function exportAuditLog(
  db: Knex,
  f: AuditLogFilters,
  scope: PlaceScope,
  format: ExportFormat,
): Promise<ExportFile> {
  const rows: AuditLogRow[] = await filtered(db, f, await companyTimeZone(db), scope)
    .orderBy('id', 'desc')
    .limit(AUDIT_EXPORT_MAX)
    .select(COLUMNS);
  return buildExport(
    format,
    {
      fileName: 'journal-audit',
      sheetName: 'Journal d’audit',
      currency: await getCurrency(db),
      columns: [
        { header: 'N°', kind: 'integer', value: (r) => Number(r.id) },
        { header: 'Date (UTC)', value: (r) => r.occurred_at },
        { header: 'Utilisateur', value: (r) => r.user_name },
        { header: 'Action', value: (r) => auditActionLabel(r.action) },
        { header: 'Code action', value: (r) => r.action },
        { header: 'Type de document', value: (r) => auditSubjectLabel(r.subject_type) },
        { header: 'Document', value: (r) => r.subject_label ?? r.subject_id },
        { header: 'Adresse IP', value: (r) => r.ip },
        { header: 'Détails (avant/après)', width: 60, value: (r) => r.details },
      ],
    },
    rows,
  );
}
