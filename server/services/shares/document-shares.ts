import type { Knex } from 'knex';
import { randomToken, sha256 } from '../../auth/tokens.js';
import { insertReturningId, nowIso } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { NotFound } from '../../domain/errors.js';
import type { CertifiedDocumentType } from '../../../shared/documents.js';
import { type Actor, auditUser } from '../actor.js';
import { recordAudit } from '../audit/record-audit.js';

/** A document that may be shared: a type the DGI certifies and its id. */
export interface SharedDocument {
  type: CertifiedDocumentType;
  id: number;
  /** Its number, for the audit log. */
  number: string;
}

export interface ShareLinkRow {
  id: number;
  created_at: string;
  created_by_name: string | null;
  last_opened_at: string | null;
  open_count: number;
}

/** The audit log's subject of a shared document: the document itself, so its history tells who shared it. */
const AUDIT_SUBJECTS: Record<CertifiedDocumentType, string> = {
  invoice: 'sale',
  counterSale: 'sale',
  creditNote: 'credit_note',
};

/**
 * Makes a public link to a document's receipt: 32 random bytes (base64url) that only the answer
 * carries — the table keeps their SHA-256 — and an audit entry, in one transaction. The caller
 * checked that the user may open the document.
 */
export async function createShare(
  db: Knex,
  document: SharedDocument,
  actor: Actor,
): Promise<{ token: string; link: ShareLinkRow }> {
  const token = randomToken(32);
  return inTransaction(db, async (trx) => {
    const createdAt = nowIso();
    const id = await insertReturningId(trx, 'document_shares', {
      document_type: document.type,
      document_id: document.id,
      token_hash: sha256(token),
      created_by: actor.id,
      created_at: createdAt,
      open_count: 0,
    });
    await recordAudit(trx, {
      action: 'document_share.created',
      user: auditUser(actor),
      subject: { type: AUDIT_SUBJECTS[document.type], id: document.id, label: document.number },
      details: { after: { lien: `n° ${id}` } },
      ip: actor.ip,
    });
    return {
      token,
      link: { id, created_at: createdAt, created_by_name: actor.name, last_opened_at: null, open_count: 0 },
    };
  });
}

/**
 * Revokes a link of this document: the link then answers the 404 page. A link of another
 * document, or already revoked, is NotFound (nothing written).
 */
export async function revokeShare(db: Knex, document: SharedDocument, shareId: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const revoked = await trx('document_shares')
      .where({ id: shareId, document_type: document.type, document_id: document.id })
      .whereNull('revoked_at')
      .update({ revoked_at: nowIso(), revoked_by: actor.id });
    if (revoked !== 1) throw new NotFound();
    await recordAudit(trx, {
      action: 'document_share.revoked',
      user: auditUser(actor),
      subject: { type: AUDIT_SUBJECTS[document.type], id: document.id, label: document.number },
      details: { before: { lien: `n° ${shareId}` } },
      ip: actor.ip,
    });
  });
}

/** The links of a document still open, newest first. */
export async function activeShares(db: Knex, type: CertifiedDocumentType, id: number): Promise<ShareLinkRow[]> {
  const rows = await db('document_shares as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .where({ 's.document_type': type, 's.document_id': id })
    .whereNull('s.revoked_at')
    .orderBy('s.id', 'desc')
    .select('s.id', 's.created_at', 'u.name as created_by_name', 's.last_opened_at', 's.open_count');
  return rows.map((r) => ({
    id: Number(r.id),
    created_at: r.created_at,
    created_by_name: r.created_by_name ?? null,
    last_opened_at: r.last_opened_at,
    open_count: Number(r.open_count),
  }));
}

/**
 * The document a public link opens, counting the opening; null for a token that matches no link
 * or a revoked one (the caller answers the same 404 for both). Only the token's hash is looked up.
 */
export async function openShare(db: Knex, token: string): Promise<{ type: CertifiedDocumentType; id: number } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = sha256(token);
  const opened = await db('document_shares')
    .where({ token_hash: hash })
    .whereNull('revoked_at')
    .update({ open_count: db.raw('open_count + 1'), last_opened_at: nowIso() });
  if (opened !== 1) return null;
  const row = await db('document_shares').where({ token_hash: hash }).first('document_type', 'document_id');
  return row ? { type: row.document_type, id: Number(row.document_id) } : null;
}
