import type { Knex } from 'knex';
import { escapeLike } from '../../db/dialect.js';
import { nextCode } from '../../domain/master-data/codes.js';

/** Code prefixes and widths of each kind of record. */
export const CODE_FORMATS = {
  clients: { prefix: 'CL', width: 5 },
  suppliers: { prefix: 'FR', width: 5 },
  categories: { prefix: 'CAT', width: 3 },
  products: { prefix: 'P', width: 6 },
  locations: { prefix: 'EMP', width: 2 },
  cash_desks: { prefix: 'CAI', width: 2 },
} as const;

export type CodedTable = keyof typeof CODE_FORMATS;

/**
 * The next free code of a table (indexed: codes are unique and fixed-width, so the highest ones
 * come first in descending order). The user may still type another.
 */
export async function suggestCode(db: Knex | Knex.Transaction, table: CodedTable): Promise<string> {
  const { prefix, width } = CODE_FORMATS[table];
  const rows: Array<{ code: string }> = await db(table)
    .whereRaw(`code LIKE ? ESCAPE '\\'`, [`${escapeLike(prefix)}%`])
    .whereRaw('LENGTH(code) = ?', [prefix.length + width])
    .orderBy('code', 'desc')
    .limit(50)
    .select('code');
  return nextCode(
    rows.map((r) => r.code),
    prefix,
    width,
  );
}
