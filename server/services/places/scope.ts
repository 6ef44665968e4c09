import type { Knex } from 'knex';
import type { PlaceScope } from '../../policies/places.js';
import {
  type AccountPlacedDocument,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_KEYS,
  type DocumentPlacesDecl,
  type LocatedDocument,
} from '../../../shared/documents.js';

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

/** Where a place-guarded record stands by location: its table and its column of each side. */
export interface LocatedRecord {
  table: string;
  columns: Readonly<Record<string, string>>;
}

/** Where a record whose place is its treasury account(s) stands: its table and account columns. */
export interface AccountRecord {
  table: string;
  columns: readonly string[];
}

const declaredPlaces = DOCUMENT_TYPE_KEYS.map((type) => {
  const d = DOCUMENT_TYPES[type];
  const places: DocumentPlacesDecl = d.places;
  return { table: d.table, ...places };
});

/**
 * Where each kind of document stands: the columns `requirePlace` reads — each document type placed
 * by location (shared/documents.ts, keyed by its `places.guard`; FAC- and VB- share `sale`), and a
 * location itself.
 */
export const DOCUMENT_PLACES = Object.fromEntries([
  ...declaredPlaces.flatMap((p) => (p.locations ? [[p.guard, { table: p.table, columns: p.locations }]] : [])),
  ['location', { table: 'locations', columns: { location: 'id' } }],
]) as Readonly<Record<LocatedDocument | 'location', LocatedRecord>>;

export type PlacedDocument = LocatedDocument | 'location';

/**
 * The documents whose place is their treasury account(s) — a settlement's, a cash operation's two
 * sides (seen from either), each type of shared/documents.ts placed by account, and a closing's:
 * the columns `requireAccountDocument` reads. A document with no account (a settlement paid from the
 * client's advance) stands in no place, as in its list.
 */
export const ACCOUNT_DOCUMENTS = Object.fromEntries([
  ...declaredPlaces.flatMap((p) => (p.accounts ? [[p.guard, { table: p.table, columns: p.accounts }]] : [])),
  ['closing', { table: 'cash_closings', columns: ['account_id'] }],
]) as Readonly<Record<AccountPlacedDocument | 'closing', AccountRecord>>;

export type AccountDocument = AccountPlacedDocument | 'closing';

/** The location ids of a document by side (`{ from, to }` for a transfer), or null when it does not exist. */
export async function documentPlaces(
  db: Knex,
  kind: PlacedDocument,
  id: number,
): Promise<Record<string, number> | null> {
  const spec = DOCUMENT_PLACES[kind];
  const columns = spec.columns;
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
