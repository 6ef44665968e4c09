import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';
import { type Write, insertWrites } from '../../db/bulk.js';
import { lockChainHead } from '../../db/transaction.js';

export interface AuditEntry {
  action: string;
  user?: { id: number; name: string } | null;
  subject?: { type: string; id: string | number; label?: string };
  details?: Record<string, unknown>;
  ip?: string | null;
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
  return insertWrites(trx, 'audit_log', [{ ...row, hash: auditHash(row) }])[0];
}

export function auditHash(row: Record<string, unknown>): string {
  const fields = ['occurred_at', 'user_id', 'user_name', 'action', 'subject_type', 'subject_id', 'subject_label', 'details', 'ip', 'prev_hash'];
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
