import type { UserContext } from '../../auth/user-context.js';

/**
 * The places (locations) a token may read or act on. THE one point where the allowed-places policy
 * plugs in: today every user works on every location (no places policy yet), so a token's scope is
 * everything; when the policy lands, `placesOf` asks it for the token's user and every API
 * operation (stock levels, and later invoices, settlements, treasury) already filters through
 * `inPlaces` / `placeFilter`.
 */
export type PlaceScope = { all: true } | { all: false; locationIds: ReadonlySet<number> };

export function placesOf(_user: UserContext): PlaceScope {
  return { all: true };
}

export function inPlaces(scope: PlaceScope, locationId: number): boolean {
  return scope.all || scope.locationIds.has(locationId);
}

/** The ids to restrict a query to, or null for every location. */
export function placeFilter(scope: PlaceScope): number[] | null {
  return scope.all ? null : [...scope.locationIds];
}
