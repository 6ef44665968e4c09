import type { Knex } from 'knex';
import { escapeLike } from '../../db/dialect.js';
import { nextCode } from '../../domain/records/codes.js';
import type { LocationKind } from '../../../shared/locations.js';
import type { ManagedTreasuryKind } from '../../../shared/treasury-accounts.js';

interface CodeFormat {
  prefix: string;
  width: number;
}

/** Code prefixes and widths of each kind of record. */
export const CODE_FORMATS = {
  clients: { prefix: 'CL', width: 5 },
  suppliers: { prefix: 'FR', width: 5 },
  categories: { prefix: 'CAT', width: 3 },
  products: { prefix: 'P', width: 6 },
  cash_desks: { prefix: 'CAI', width: 2 },
} as const satisfies Record<string, CodeFormat>;

/** Locations are coded by kind, as the reference data does (DEP01 the depot, BTQ01 the shop). */
export const LOCATION_CODE_FORMATS: Record<LocationKind, CodeFormat> = {
  depot: { prefix: 'DEP', width: 2 },
  boutique: { prefix: 'BTQ', width: 2 },
};

/** Bank and mobile-money accounts are coded by kind (BQ01 a bank, MM01 a wallet); caisse accounts keep their desk's code. */
export const TREASURY_CODE_FORMATS: Record<ManagedTreasuryKind, CodeFormat> = {
  banque: { prefix: 'BQ', width: 2 },
  mobile_money: { prefix: 'MM', width: 2 },
};

export type CodedTable = keyof typeof CODE_FORMATS;

/**
 * The next free code of a table (indexed: codes are unique and fixed-width, so the highest ones
 * come first in descending order). The user may still type another.
 */
export async function suggestCode(db: Knex | Knex.Transaction, table: CodedTable): Promise<string> {
  return nextFreeCode(db, table, CODE_FORMATS[table]);
}

/** The next free code of each kind of location, so the form can follow the chosen kind. */
export async function suggestLocationCodes(db: Knex | Knex.Transaction): Promise<Record<LocationKind, string>> {
  return {
    depot: await nextFreeCode(db, 'locations', LOCATION_CODE_FORMATS.depot),
    boutique: await nextFreeCode(db, 'locations', LOCATION_CODE_FORMATS.boutique),
  };
}

/** The next free code of each kind of treasury account, so the form can follow the chosen kind. */
export async function suggestTreasuryCodes(db: Knex | Knex.Transaction): Promise<Record<ManagedTreasuryKind, string>> {
  return {
    banque: await nextFreeCode(db, 'treasury_accounts', TREASURY_CODE_FORMATS.banque),
    mobile_money: await nextFreeCode(db, 'treasury_accounts', TREASURY_CODE_FORMATS.mobile_money),
  };
}

async function nextFreeCode(
  db: Knex | Knex.Transaction,
  table: string,
  { prefix, width }: CodeFormat,
): Promise<string> {
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
