import { hash } from 'node:crypto';
import type { Knex } from 'knex';

/** Frozen (README.md): the server/db and server/domain helpers the migrations used, as of 2026-12-01. */

export function isSqlite(db: Knex): boolean {
  return db.client.config.client !== 'pg';
}

/** PostgreSQL: room for a rebuild's large sorts in memory, for this transaction only. */
export async function roomForLargeSorts(trx: Knex.Transaction): Promise<void> {
  if (!isSqlite(trx)) await trx.raw("SET LOCAL work_mem = '256MB'");
}

/** The accent-folded form of a name stored in `search_name`. */
export function foldSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The squeezed form of a name stored in `search_key`. */
export function searchKey(text: string): string {
  return foldSearch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/ph/g, 'f')
    .replace(/y/g, 'i')
    .replace(/ck/g, 'k')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The next number of a (series, year) counter, inside the caller's transaction. */
export async function nextDocumentNumber(
  trx: Knex.Transaction,
  series: string,
  year: number,
): Promise<{ number: string; sequence: number }> {
  const rows: Array<{ last_number: number | string }> = await trx
    .insert({ series, year, last_number: 1 })
    .into('document_counters')
    .onConflict(['series', 'year'])
    .merge({ last_number: trx.raw('?? + 1', ['document_counters.last_number']) })
    .returning('last_number');
  const sequence = Number(rows[0].last_number);
  return { number: `${series}-${year}-${String(sequence).padStart(6, '0')}`, sequence };
}

const STOCK_MOVEMENT_HASHED = [
  'product_id',
  'location_id',
  'quantity',
  'unit_cost',
  'movement_type',
  'document_type',
  'document_id',
  'document_number',
  'user_id',
  'business_date',
  'created_at',
  'reason',
] as const;

/** The hash of a stock movement after `prevHash` in its chain. */
export function stockMovementHash(row: Record<string, unknown>, prevHash: string | null): string {
  const values = STOCK_MOVEMENT_HASHED.map((f) => (row[f] === null || row[f] === undefined ? null : String(row[f])));
  return hash('sha256', JSON.stringify([...values, prevHash]));
}
