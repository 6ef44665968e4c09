import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator } from '../../../shared/treasury.js';

/**
 * The registry of mobile-money transaction ids (table mobile_money_references, primary key
 * operator + reference): a transaction id entered twice for the same operator — the classic double
 * entry — is refused by the database itself, even for two parallel requests. Every document that
 * takes a mobile-money payment (a sale, a settlement…) registers its ids here in its own
 * transaction; a cancellation frees them with `releaseMobileMoneyReferences`.
 */

/** How an id is stored and compared: trimmed, upper case (as the migration that created the registry). */
export function normaliseMobileMoneyReference(reference: string): string {
  return reference.trim().toUpperCase();
}

export interface MobileMoneyReferenceInput {
  operator: MobileMoneyOperator;
  reference: string;
  /** The form field the refusal belongs to (e.g. "reference", "payments.0.reference"). */
  field: string;
}

export interface ReferencingDocument {
  type: string;
  id: number;
  number: string;
}

const DOCUMENT_WORDS: Record<string, string> = { sale: 'la vente', settlement: 'le règlement' };

/**
 * Registers the ids in the caller's transaction; refuses (on each reused id's field) an id already
 * recorded for that operator, naming the document that holds it, or the same id twice in one
 * document. On PostgreSQL a parallel insert of the same id waits for the other transaction and is
 * then ignored, so the refusal is the same as for an id committed long ago.
 */
export async function registerMobileMoneyReferences(trx: Knex.Transaction, refs: readonly MobileMoneyReferenceInput[], document: ReferencingDocument): Promise<void> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, string>();
  const now = nowIso();
  for (const r of refs) {
    const reference = normaliseMobileMoneyReference(r.reference);
    if (!reference) continue;
    const key = `${r.operator} ${reference}`;
    const operator = MOBILE_MONEY_OPERATOR_LABELS[r.operator];
    if (seen.has(key)) {
      errors[r.field] = `La transaction ${operator} « ${reference} » figure deux fois dans ce document.`;
      continue;
    }
    seen.set(key, r.field);
    const inserted = await trx('mobile_money_references')
      .insert({ operator: r.operator, reference, document_type: document.type, document_id: document.id, document_number: document.number, created_at: now })
      .onConflict(['operator', 'reference'])
      .ignore()
      .returning('reference');
    if (inserted.length > 0) continue;
    const holder = await trx('mobile_money_references').where({ operator: r.operator, reference }).first('document_type', 'document_number');
    const where = holder ? ` par ${DOCUMENT_WORDS[holder.document_type] ?? 'le document'} ${holder.document_number}` : '';
    errors[r.field] = `La transaction ${operator} « ${reference} » est déjà enregistrée${where} : un identifiant de transaction ne sert qu’une fois. Vérifiez le SMS de confirmation du client.`;
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
}

/** Frees the ids a cancelled document had registered, so they may be entered again. */
export async function releaseMobileMoneyReferences(trx: Knex.Transaction, document: { type: string; id: number }): Promise<number> {
  return trx('mobile_money_references').where({ document_type: document.type, document_id: document.id }).delete();
}
