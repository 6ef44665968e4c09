import type { Knex } from 'knex';
import type { PlaceScope } from '../../policies/places.js';

/**
 * The one query filter of the places restriction (server/policies/places.ts): keeps the rows whose
 * `column` is an allowed location. Several columns (a transfer's two sides) keep a row when any of
 * them is allowed. Nothing is added for a user who works everywhere; a restricted user with no
 * place sees no row. Every list, statement, export, count and search of rows tied to a location
 * goes through it: `whereAllowedLocation(q, 'e.location_id', scope)`.
 */
export function whereAllowedLocation<Q extends Knex.QueryBuilder>(
  qb: Q,
  column: string | readonly string[],
  scope: PlaceScope,
): Q {
  if (scope.all) return qb;
  const ids = [...scope.locations];
  const columns = typeof column === 'string' ? [column] : column;
  if (ids.length === 0 || columns.length === 0) return qb.whereRaw('1 = 0') as Q;
  return qb.where((w) => {
    for (const c of columns) w.orWhereIn(c, ids);
  }) as Q;
}

/** The same filter for treasury accounts (cash desks, banks, mobile money). */
export function whereAllowedTreasuryAccount<Q extends Knex.QueryBuilder>(qb: Q, column: string, scope: PlaceScope): Q {
  if (scope.all) return qb;
  const ids = [...scope.treasuryAccounts];
  if (ids.length === 0) return qb.whereRaw('1 = 0') as Q;
  return qb.whereIn(column, ids) as Q;
}

/**
 * Every treasury account a user may see or pay into (`allowsAccount` for one row): a bank or
 * mobile-money account — or a caisse — ticked on the user's form (user_treasury_accounts); when
 * they ticked no desk, every cash desk's account (kind caisse) of their locations, like the desk
 * itself. `prefix` is the table alias (`'a.'`).
 */
export function whereAllowedAccount<Q extends Knex.QueryBuilder>(qb: Q, scope: PlaceScope, prefix = ''): Q {
  if (scope.all) return qb;
  const accounts = [...scope.treasuryAccounts];
  // Ticked desks are a restriction: then no other desk of their locations is theirs.
  const locations = scope.desks.size ? [] : [...scope.locations];
  if (accounts.length === 0 && locations.length === 0) return qb.whereRaw('1 = 0') as Q;
  return qb.where((w) => {
    if (accounts.length) w.orWhereIn(`${prefix}id`, accounts);
    if (locations.length)
      w.orWhere((c) => c.where(`${prefix}kind`, 'caisse').whereIn(`${prefix}location_id`, locations));
  }) as Q;
}

/** Where each kind of document stands: the columns `requirePlace` reads. */
export const DOCUMENT_PLACES = {
  entry: { table: 'stock_entries', columns: { location: 'location_id' } },
  transfer: { table: 'transfers', columns: { from: 'from_location_id', to: 'to_location_id' } },
  count: { table: 'inventory_counts', columns: { location: 'location_id' } },
  adjustment: { table: 'stock_adjustments', columns: { location: 'location_id' } },
  location: { table: 'locations', columns: { location: 'id' } },
  sale: { table: 'sales', columns: { location: 'location_id' } },
  creditNote: { table: 'credit_notes', columns: { location: 'location_id' } },
} as const;

export type PlacedDocument = keyof typeof DOCUMENT_PLACES;

/**
 * The documents whose place is their treasury account(s) — a settlement's, a closing's, a cash
 * operation's two sides (seen from either): the columns `requireAccountDocument` reads. A document
 * with no account (a settlement paid from the client's advance) stands in no place, as in its list.
 */
export const ACCOUNT_DOCUMENTS = {
  settlement: { table: 'settlements', columns: ['account_id'] },
  cashOperation: { table: 'cash_operations', columns: ['from_account_id', 'to_account_id'] },
  closing: { table: 'cash_closings', columns: ['account_id'] },
} as const;

export type AccountDocument = keyof typeof ACCOUNT_DOCUMENTS;

/** The location ids of a document by side (`{ from, to }` for a transfer), or null when it does not exist. */
export async function documentPlaces(
  db: Knex,
  kind: PlacedDocument,
  id: number,
): Promise<Record<string, number> | null> {
  const spec = DOCUMENT_PLACES[kind];
  const columns = spec.columns as Record<string, string>;
  const row = await db(spec.table)
    .where({ id })
    .first<string[], Record<string, unknown> | undefined>(Object.values(columns));
  if (!row) return null;
  return Object.fromEntries(Object.entries(columns).map(([side, column]) => [side, Number(row[column])]));
}

/** The locations a restricted user does not work in (none for a user who works everywhere). */
export async function unallowedLocationIds(db: Knex, scope: PlaceScope): Promise<Set<number>> {
  if (scope.all) return new Set();
  const rows: Array<{ id: number }> = await db('locations').select('id');
  return new Set(rows.map((r) => Number(r.id)).filter((id) => !scope.locations.has(id)));
}
