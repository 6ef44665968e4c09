import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { normaliseOperatorReference } from '../../domain/text.js';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator } from '../../../shared/treasury.js';

/**
 * The registry of mobile-money transaction ids (table mobile_money_references, primary key
 * operator + reference): a transaction id entered twice for the same operator — the classic double
 * entry — is refused by the database itself, even for two parallel requests. Every document that
 * takes or moves mobile money with an operator's transaction id (a sale's payment, a settlement, a
 * Caisse operation on a wallet) registers its ids here in its own transaction; a cancellation
 * frees them with `releaseMobileMoneyReferences`.
 *
 * An id is stored and compared in one form, `normaliseOperatorReference` (server/domain/text.ts:
 * NFKC, no invisible character, upper case), so « MP 12 », « MP\u200b12 » or « ＭＰ１２ » is the
 * id « MP12 » again. Each writer reads the typed id with `readOperatorReference` and stores that
 * form on its document and its money movement too.
 *
 * Ids registered twice before that form existed (migration 202612012126) could not both keep the
 * key: the first holder keeps it, the others wait in mobile_money_reference_duplicates (reported by
 * `npm run check:cash`); when the holder is cancelled, the next one takes the key over, so the id
 * stays taken while any live document carries it.
 */

/** The longest id the registry and the documents keep (their reference columns). */
export const OPERATOR_REFERENCE_MAX = 80;

/**
 * A transaction id typed on a form, in its stored form (normaliseOperatorReference); `missing` is
 * set on `field` when nothing visible is left, a French refusal when the folded id is longer than
 * the columns hold. Returns '' then.
 */
export function readOperatorReference(
  raw: string,
  field: string,
  errors: Record<string, string>,
  missing: string,
): string {
  const reference = normaliseOperatorReference(raw);
  if (!reference) errors[field] = missing;
  else if (reference.length > OPERATOR_REFERENCE_MAX)
    errors[field] = `L’identifiant de transaction ne peut dépasser ${OPERATOR_REFERENCE_MAX} caractères.`;
  else return reference;
  return '';
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

/**
 * A document whose row is written after the treasury accounts' locks (a settlement, a Caisse
 * operation: their row's foreign key to the account must come after the lock, ledger.ts
 * lockTreasuryAccounts): its ids are claimed under this placeholder BEFORE the accounts are
 * locked — the registry comes before the accounts in the lock order, as in createSale, so two
 * documents entering the same id at once never wait for each other in opposite order — and
 * `labelMobileMoneyReferences` names the document once written, in the same transaction (no
 * other transaction ever sees the placeholder).
 */
export const unwrittenDocument = (type: string): ReferencingDocument => ({ type, id: 0, number: '' });

const DOCUMENT_WORDS: Record<string, string> = {
  sale: 'la vente',
  settlement: 'le règlement',
  cash_operation: 'l’opération de caisse',
};

/**
 * Registers the ids in the caller's transaction; refuses (on each reused id's field) an id already
 * recorded for that operator, naming the document that holds it, or the same id twice in one
 * document. On PostgreSQL a parallel insert of the same id waits for the other transaction and is
 * then ignored, so the refusal is the same as for an id committed long ago.
 */
export async function registerMobileMoneyReferences(
  trx: Knex.Transaction,
  refs: readonly MobileMoneyReferenceInput[],
  document: ReferencingDocument,
): Promise<void> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, string>();
  const now = nowIso();
  for (const r of refs) {
    const reference = normaliseOperatorReference(r.reference);
    if (!reference) continue;
    const key = `${r.operator} ${reference}`;
    const operator = MOBILE_MONEY_OPERATOR_LABELS[r.operator];
    if (seen.has(key)) {
      errors[r.field] = `La transaction ${operator} « ${reference} » figure deux fois dans ce document.`;
      continue;
    }
    seen.set(key, r.field);
    const inserted = await trx('mobile_money_references')
      .insert({
        operator: r.operator,
        reference,
        document_type: document.type,
        document_id: document.id,
        document_number: document.number,
        created_at: now,
      })
      .onConflict(['operator', 'reference'])
      .ignore()
      .returning('reference');
    if (inserted.length > 0) continue;
    const holder = await trx('mobile_money_references')
      .where({ operator: r.operator, reference })
      .first('document_type', 'document_number');
    const where = holder
      ? ` par ${DOCUMENT_WORDS[holder.document_type] ?? 'le document'} ${holder.document_number}`
      : '';
    const check =
      document.type === 'cash_operation'
        ? 'Vérifiez le reçu de l’opérateur.'
        : 'Vérifiez le SMS de confirmation du client.';
    errors[r.field] =
      `La transaction ${operator} « ${reference} » est déjà enregistrée${where} : un identifiant de transaction ne sert qu’une fois. ${check}`;
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
}

/** Names the document that claimed `refs` under `unwrittenDocument(document.type)`, now that its row is written. */
export async function labelMobileMoneyReferences(
  trx: Knex.Transaction,
  refs: readonly Pick<MobileMoneyReferenceInput, 'operator' | 'reference'>[],
  document: ReferencingDocument,
): Promise<void> {
  for (const r of refs) {
    const reference = normaliseOperatorReference(r.reference);
    if (!reference) continue;
    await trx('mobile_money_references')
      .where({ operator: r.operator, reference, document_type: document.type, document_id: 0 })
      .update({ document_id: document.id, document_number: document.number });
  }
}

/**
 * Frees the ids a cancelled document had registered, so they may be entered again — unless an
 * older double entry of the same id waits in mobile_money_reference_duplicates: the oldest of them
 * then holds the id. Returns how many ids were freed.
 */
export async function releaseMobileMoneyReferences(
  trx: Knex.Transaction,
  document: { type: string; id: number },
): Promise<number> {
  const mine = { document_type: document.type, document_id: document.id };
  await trx('mobile_money_reference_duplicates').where(mine).delete();
  const held = await trx('mobile_money_references').where(mine).select('operator', 'reference');
  if (held.length === 0) return 0;
  await trx('mobile_money_references').where(mine).delete();
  let freed = 0;
  for (const key of held) {
    const next = await trx('mobile_money_reference_duplicates')
      .where({ operator: key.operator, reference: key.reference })
      .orderBy('created_at')
      .orderBy('id')
      .first();
    if (!next) {
      freed += 1;
      continue;
    }
    await trx('mobile_money_reference_duplicates').where({ id: next.id }).delete();
    await trx('mobile_money_references').insert({
      operator: next.operator,
      reference: next.reference,
      document_type: next.document_type,
      document_id: next.document_id,
      document_number: next.document_number,
      created_at: next.created_at,
    });
  }
  return freed;
}

export interface DuplicateReference {
  operator: MobileMoneyOperator;
  reference: string;
  /** As it was stored before the ids were normalised. */
  originalReference: string;
  documentNumber: string;
  /** The document that holds the id. */
  holderNumber: string | null;
}

/** The ids registered more than once before normalisation that still wait (for `npm run check:cash`). */
export async function duplicateReferences(db: Knex | Knex.Transaction): Promise<DuplicateReference[]> {
  const rows = await db('mobile_money_reference_duplicates as d')
    .leftJoin('mobile_money_references as r', function () {
      this.on('r.operator', 'd.operator').andOn('r.reference', 'd.reference');
    })
    .orderBy('d.operator')
    .orderBy('d.reference')
    .orderBy('d.id')
    .select(
      'd.operator',
      'd.reference',
      'd.original_reference',
      'd.document_number',
      'r.document_number as holder_number',
    );
  return rows.map((r) => ({
    operator: r.operator,
    reference: r.reference,
    originalReference: r.original_reference,
    documentNumber: r.document_number,
    holderNumber: r.holder_number ?? null,
  }));
}
