import { hash } from 'node:crypto';

/**
 * Hash chains of the append-only journals (DESIGN.md §8): each row's hash covers its content and
 * the hash of the row before it in the chain, so editing, inserting or removing a past row breaks
 * every later link. Pure: the services and the demo seed compute, server/services/integrity walks.
 */

/** The columns of a stock movement its hash covers (its id is the chain's order, not its content). */
export const STOCK_MOVEMENT_HASHED = [
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

/** Numbers and numeric strings hash alike (PostgreSQL bigint vs SQLite integer), null for absent. */
function canonical(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return String(value);
}

export function chainHash(fields: readonly string[], row: Record<string, unknown>, prevHash: string | null): string {
  const values: Array<string | number | null> = new Array(fields.length + 1);
  for (let i = 0; i < fields.length; i++) values[i] = canonical(row[fields[i]]);
  values[fields.length] = prevHash;
  // One-shot digest (no Hash object per row: the demo seed chains 1.6 million movements).
  return hash('sha256', JSON.stringify(values));
}

export function stockMovementHash(row: Record<string, unknown>, prevHash: string | null): string {
  return chainHash(STOCK_MOVEMENT_HASHED, row, prevHash);
}

/** Gives each row, in order, its `hash` after `prevHash`; returns the last hash of the chain. */
export function chainStockMovements<T extends Record<string, unknown>>(
  rows: T[],
  prevHash: string | null,
): string | null {
  let prev = prevHash;
  for (const row of rows) {
    const hash = stockMovementHash(row, prev);
    (row as Record<string, unknown>).hash = hash;
    prev = hash;
  }
  return prev;
}
