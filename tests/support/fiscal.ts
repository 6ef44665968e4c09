import type { Knex } from 'knex';
import type { CertifiedDocumentType } from '../../shared/documents.js';
import type { FiscalState } from '../../shared/fiscal.js';
import { uniqueTag } from './unique.js';

/**
 * An outbox row as the worker would leave it (the screens' tests do not run the worker): certified
 * rows get a fiscal number and a verification link; `over` sets any other column.
 */
export async function certificationRow(
  db: Knex,
  type: CertifiedDocumentType,
  documentId: number,
  state: FiscalState,
  over: Record<string, unknown> = {},
): Promise<number> {
  const now = new Date().toISOString();
  const certified = state === 'certified';
  const [row] = await db('fiscal_certifications')
    .insert({
      document_type: type,
      document_id: documentId,
      provider: 'fne',
      state,
      attempts: state === 'pending' ? 0 : 1,
      next_attempt_at: now,
      fiscal_number: certified ? `2201234A26${String(documentId).padStart(10, '0')}` : null,
      qr_content: certified ? `http://127.0.0.1:4545/fne/verify/${documentId}-${uniqueTag()}` : null,
      certified_at: certified ? now : null,
      error_message: state === 'refused' ? 'La DGI a refusé la facture : point de vente inconnu.' : null,
      created_at: now,
      updated_at: now,
      ...over,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}
