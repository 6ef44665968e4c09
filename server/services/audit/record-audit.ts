import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';
import type { Write } from '../../db/bulk.js';
import { lockChainHead } from '../../db/transaction.js';

export interface AuditEntry {
  action: string;
  user?: { id: number; name: string } | null;
  subject?: { type: string; id: string | number; label?: string };
  details?: Record<string, unknown>;
  ip?: string | null;
  /**
   * Where the subject stands (its locations, its treasury accounts; two of each at most), for the
   * places filter of Support › Journaux. Read from the subject's row by the INSERT itself when not
   * given (AUDIT_SUBJECT_PLACES); a document whose row is written in the same statement
   * (writeTogether: PostgreSQL's CTEs share one snapshot) gives them.
   */
  places?: { locations?: ReadonlyArray<number | null>; accounts?: ReadonlyArray<number | null> };
}

/** The columns of an entry's places (server/services/support/audit-log.ts filters on them). */
export const AUDIT_PLACE_COLUMNS = ['location_id', 'other_location_id', 'account_id', 'other_account_id'] as const;
type PlaceColumn = (typeof AUDIT_PLACE_COLUMNS)[number];

/**
 * Where each kind of subject stands, read from its row by id: the table and, for each place
 * column of the entry, its column there (`:id` — the subject's id itself). A subject type not
 * listed stands in no place (master data, users, roles, the company…): every user of the journal
 * sees it.
 */
export const AUDIT_SUBJECT_PLACES: Record<
  string,
  { table: string; key?: string; columns: Partial<Record<PlaceColumn, string>> }
> = {
  sale: { table: 'sales', columns: { location_id: 'location_id' } },
  credit_note: { table: 'credit_notes', columns: { location_id: 'location_id' } },
  stock_entry: { table: 'stock_entries', columns: { location_id: 'location_id' } },
  transfer: { table: 'transfers', columns: { location_id: 'from_location_id', other_location_id: 'to_location_id' } },
  inventory_count: { table: 'inventory_counts', columns: { location_id: 'location_id' } },
  stock_adjustment: { table: 'stock_adjustments', columns: { location_id: 'location_id' } },
  location: { table: 'locations', columns: { location_id: ':id' } },
  cash_desk: { table: 'treasury_accounts', key: 'cash_desk_id', columns: { account_id: 'id' } },
  cash_closing: { table: 'cash_closings', columns: { account_id: 'account_id' } },
  cash_operation: {
    table: 'cash_operations',
    columns: { account_id: 'from_account_id', other_account_id: 'to_account_id' },
  },
  settlement: { table: 'settlements', columns: { account_id: 'account_id' } },
  treasury_account: { table: 'treasury_accounts', columns: { account_id: ':id' } },
};

/** The SQL value of each place column: the values given, a subselect of the subject's row, or NULL. */
function placeValues(entry: AuditEntry): Array<{ sql: string; bindings: Knex.RawBinding[] }> {
  const given = entry.places;
  if (given) {
    const values: Record<PlaceColumn, number | null> = {
      location_id: given.locations?.[0] ?? null,
      other_location_id: given.locations?.[1] ?? null,
      account_id: given.accounts?.[0] ?? null,
      other_account_id: given.accounts?.[1] ?? null,
    };
    return AUDIT_PLACE_COLUMNS.map((c) => ({ sql: '?', bindings: [values[c] === null ? null : Number(values[c])] }));
  }
  const spec = entry.subject ? AUDIT_SUBJECT_PLACES[entry.subject.type] : undefined;
  const id = entry.subject ? Number(entry.subject.id) : NaN;
  return AUDIT_PLACE_COLUMNS.map((c) => {
    const column = spec?.columns[c];
    if (!spec || !column || !Number.isSafeInteger(id)) return { sql: 'NULL', bindings: [] };
    if (column === ':id') return { sql: '?', bindings: [id] };
    return { sql: `(SELECT ?? FROM ?? WHERE ?? = ?)`, bindings: [column, spec.table, spec.key ?? 'id', id] };
  });
}

/**
 * Appends to the audit log inside the caller's transaction (or its own). Each entry's hash covers
 * its content and the previous hash, so editing or removing a past entry breaks the chain.
 */
export async function recordAudit(db: Knex | Knex.Transaction, entry: AuditEntry): Promise<void> {
  const write = async (trx: Knex.Transaction) => {
    const { sql, bindings } = await auditWrite(trx, entry);
    await trx.raw(sql, bindings);
  };
  if ((db as Knex.Transaction).isTransaction) await write(db as Knex.Transaction);
  else await (db as Knex).transaction(write);
}

/**
 * The INSERT of an audit entry, chained to the log's head (the chain is locked until the transaction
 * ends), for an operation that sends it with its own last writes (writeTogether, server/db/bulk.ts).
 */
export async function auditWrite(trx: Knex.Transaction, entry: AuditEntry): Promise<Write> {
  const prevHash = await lockChainHead(trx, 'audit_log');
  const row = {
    occurred_at: nowIso(),
    user_id: entry.user?.id ?? null,
    user_name: entry.user?.name ?? null,
    action: entry.action,
    subject_type: entry.subject?.type ?? null,
    subject_id: entry.subject ? String(entry.subject.id) : null,
    subject_label: entry.subject?.label ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    ip: entry.ip ?? null,
    prev_hash: prevHash,
  };
  // The places are not hashed: they say where the subject stands (read from it), not what was done.
  const full: Record<string, Knex.RawBinding> = { ...row, hash: auditHash(row) };
  const columns = Object.keys(full);
  const places = placeValues(entry);
  return {
    sql: `INSERT INTO audit_log (${[...columns, ...AUDIT_PLACE_COLUMNS].join(', ')}) VALUES (${[...columns.map(() => '?'), ...places.map((p) => p.sql)].join(', ')})`,
    bindings: [...columns.map((c) => full[c]), ...places.flatMap((p) => p.bindings)],
  };
}

export function auditHash(row: Record<string, unknown>): string {
  const fields = [
    'occurred_at',
    'user_id',
    'user_name',
    'action',
    'subject_type',
    'subject_id',
    'subject_label',
    'details',
    'ip',
    'prev_hash',
  ];
  return createHash('sha256')
    .update(JSON.stringify(fields.map((f) => row[f] ?? null)))
    .digest('hex');
}

/** Walks the chain; returns the id of the first broken entry, or null when intact. */
export async function verifyAuditChain(db: Knex): Promise<number | null> {
  let prev: string | null = null;
  let lastId = 0;
  for (;;) {
    const rows = await db('audit_log').where('id', '>', lastId).orderBy('id').limit(1000);
    if (rows.length === 0) return null;
    for (const row of rows) {
      if ((row.prev_hash ?? null) !== prev || auditHash(row) !== row.hash) return Number(row.id);
      prev = row.hash;
      lastId = Number(row.id);
    }
  }
}
