import type { Knex } from 'knex';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_KEYS, type DocumentSeries } from '../../shared/documents.js';

/**
 * The numbered series (shared/documents.ts DOCUMENT_TYPES: AV the credit notes of counter-sale
 * corrections, INV numbering counts and readjustments), each once. `npm run drill` goes through
 * every series listed here with its form of scripts/drill/forms.ts.
 */
export const DOCUMENT_SERIES: readonly DocumentSeries[] = [
  ...new Set(DOCUMENT_TYPE_KEYS.map((type) => DOCUMENT_TYPES[type].series)),
];
export type { DocumentSeries };

export function formatDocumentNumber(series: string, year: number, n: number): string {
  return `${series}-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * Takes the next number of a (series, year) counter inside the caller's transaction, so the number
 * and the document commit or roll back together: no gap, no duplicate. The upsert is atomic on both
 * databases (row lock on PostgreSQL, the write lock of BEGIN IMMEDIATE on SQLite).
 */
export async function nextDocumentNumber(
  trx: Knex.Transaction,
  series: DocumentSeries,
  year: number,
): Promise<{ number: string; sequence: number }> {
  if (!trx.isTransaction) throw new Error('nextDocumentNumber must run inside a transaction');
  const rows: Array<{ last_number: number | string }> = await trx
    .insert({ series, year, last_number: 1 })
    .into('document_counters')
    .onConflict(['series', 'year'])
    .merge({ last_number: trx.raw('?? + 1', ['document_counters.last_number']) })
    .returning('last_number');
  const sequence = Number(rows[0].last_number);
  return { number: formatDocumentNumber(series, year, sequence), sequence };
}
