/**
 * Allowed places (DESIGN.md §5, Paramètres › Utilisateurs): the locations (and treasury accounts)
 * a user works in. A user of Boutique 1 never sees nor acts on Boutique 2: every list, picker,
 * document, printout, export, search result and figure that names a place asks this scope. An
 * administrator, or a user whose places are not restricted, works everywhere (`all`).
 *
 * Pure: the scope is built once per request from the user's rows (server/auth/user-context.ts);
 * queries apply it with `whereAllowedLocation` (server/services/places/scope.ts), documents with
 * `allowsLocation` / `requirePlace` (server/http/middleware/places.ts), forms with
 * `refuseUnallowedLocation`.
 */
import type { Permission } from '../../shared/permissions.js';
import { Refusal } from '../domain/errors.js';

export interface PlaceScope {
  /** Every place (administrator, or no restriction). */
  all: boolean;
  /** The allowed location ids when not `all`. */
  locations: ReadonlySet<number>;
  /** The allowed treasury accounts (cash desks, banks, mobile money) when not `all`. */
  treasuryAccounts: ReadonlySet<number>;
  /**
   * The cash desks ticked on the user's form (their caisse accounts, also in `treasuryAccounts`).
   * Ticked desks are a restriction: when any is ticked, they are the only desks the user works on
   * (a desk of their location left unticked receives none of their sales or settlements, and its
   * record and closings are refused to them); when none is, every desk of their locations is theirs.
   */
  desks: ReadonlySet<number>;
}

export const EVERY_PLACE: PlaceScope = Object.freeze({
  all: true,
  locations: new Set<number>(),
  treasuryAccounts: new Set<number>(),
  desks: new Set<number>(),
});

/** The scope of a user: everywhere for an administrator or an unrestricted user, else the listed places. */
export function placeScope(user: {
  isAdmin: boolean;
  restricted: boolean;
  locationIds: readonly number[];
  treasuryAccountIds: readonly number[];
  deskAccountIds?: readonly number[];
}): PlaceScope {
  if (user.isAdmin || !user.restricted) return EVERY_PLACE;
  return {
    all: false,
    locations: new Set(user.locationIds.map(Number)),
    treasuryAccounts: new Set(user.treasuryAccountIds.map(Number)),
    desks: new Set((user.deskAccountIds ?? []).map(Number)),
  };
}

/**
 * Permissions over the whole database, every place at once: a backup holds (and a restore
 * replaces) the documents, desks and stock of every place. A user restricted to places never holds
 * them, whatever their roles say — the guards refuse, the menu hides Sauvegarde, a token's
 * abilities lose them (the roles matrix says so next to them).
 */
export const WHOLE_DATABASE_PERMISSIONS = [
  'menu.parametres.backup',
  'backup.manage',
] as const satisfies readonly Permission[];

/** The permissions a user holds within their places: their roles' permissions, less WHOLE_DATABASE_PERMISSIONS when restricted. */
export function permissionsWithinPlaces(permissions: Set<string>, scope: PlaceScope): Set<string> {
  if (scope.all) return permissions;
  for (const p of WHOLE_DATABASE_PERMISSIONS) permissions.delete(p);
  return permissions;
}

export function allowsLocation(scope: PlaceScope, locationId: number | string | null | undefined): boolean {
  if (scope.all) return true;
  return (
    locationId !== null && locationId !== undefined && locationId !== '' && scope.locations.has(Number(locationId))
  );
}

/** A document between places (a transfer) is seen by the users of either place. */
export function allowsAnyLocation(
  scope: PlaceScope,
  locationIds: ReadonlyArray<number | string | null | undefined>,
): boolean {
  return scope.all || locationIds.some((id) => allowsLocation(scope, id));
}

export function allowsTreasuryAccount(scope: PlaceScope, accountId: number | string | null | undefined): boolean {
  if (scope.all) return true;
  return (
    accountId !== null && accountId !== undefined && accountId !== '' && scope.treasuryAccounts.has(Number(accountId))
  );
}

/**
 * A treasury account row: one ticked on the user's form, or — when they ticked no desk — a cash
 * desk's account at one of their locations (`whereAllowedAccount`, the same rule as a query).
 */
export function allowsAccount(
  scope: PlaceScope,
  account: { id: number | string; kind: string; location_id: number | string | null },
): boolean {
  if (scope.all || allowsTreasuryAccount(scope, account.id)) return true;
  return account.kind === 'caisse' && scope.desks.size === 0 && allowsLocation(scope, account.location_id);
}

/** The rows (locations, accounts…) of a list the user may see: `idOf` reads each row's place. */
export function onlyAllowedLocations<T>(scope: PlaceScope, rows: readonly T[], idOf: (row: T) => number | string): T[] {
  return scope.all ? [...rows] : rows.filter((row) => allowsLocation(scope, idOf(row)));
}

/** The message under a location field when the user does not work there. */
export const UNALLOWED_LOCATION =
  'Vous ne travaillez pas dans cet emplacement : choisissez-en un qui vous est attribué.';
export const UNALLOWED_TREASURY_ACCOUNT =
  'Vous ne travaillez pas sur ce compte : choisissez-en un qui vous est attribué.';

/** A form's location field: refused in French (nothing written) when the user does not work there. */
export function refuseUnallowedLocation(
  scope: PlaceScope,
  locationId: number | string | null | undefined,
  field = 'location_id',
): void {
  if (locationId !== null && locationId !== undefined && locationId !== '' && !allowsLocation(scope, locationId))
    throw new Refusal({ [field]: UNALLOWED_LOCATION });
}

export function refuseUnallowedTreasuryAccount(
  scope: PlaceScope,
  accountId: number | string | null | undefined,
  field: string,
): void {
  if (accountId !== null && accountId !== undefined && accountId !== '' && !allowsTreasuryAccount(scope, accountId))
    throw new Refusal({ [field]: UNALLOWED_TREASURY_ACCOUNT });
}
