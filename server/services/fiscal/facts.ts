import type { Knex } from 'knex';
import type { CertifiedDocumentType } from '../../../shared/documents.js';
import type { FiscalFacts } from '../../../shared/fiscal.js';

/**
 * The fiscal facts of documents by id, for the pages, lists, printouts and the API: one query over
 * the outbox (fiscal_certifications). `types` are the certified types sharing a table (a sale is an
 * invoice or a counter sale, one id space), so a sale's id finds its row whatever its series. A
 * document without a row was made while no provider was set: it is absent from the map.
 */
export async function fiscalFacts(
  db: Knex | Knex.Transaction,
  types: readonly CertifiedDocumentType[],
  ids: readonly number[],
): Promise<Map<number, FiscalFacts>> {
  const facts = new Map<number, FiscalFacts>();
  if (!ids.length || !types.length) return facts;
  const rows = await db('fiscal_certifications')
    .whereIn('document_type', types)
    .whereIn('document_id', ids)
    .select(
      'document_id',
      'state',
      'provider',
      'fiscal_number',
      'qr_content',
      'mecef_nim',
      'mecef_counters',
      'mecef_date_time',
      'error_message',
      'certified_at',
    );
  for (const row of rows)
    facts.set(Number(row.document_id), {
      state: row.state,
      provider: row.provider,
      fiscal_number: row.fiscal_number,
      qr_content: row.qr_content,
      mecef:
        row.mecef_nim !== null
          ? { nim: row.mecef_nim, counters: row.mecef_counters ?? '', date_time: row.mecef_date_time ?? '' }
          : null,
      error_message: row.error_message,
      certified_at: row.certified_at,
    });
  return facts;
}
