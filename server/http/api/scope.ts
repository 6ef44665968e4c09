import type { UserContext } from '../../auth/user-context.js';
import { type PlaceScope, allowsLocation } from '../../policies/places.js';

/**
 * The places (locations, treasury accounts) a token may read or act on: THE one point where the
 * allowed-places policy (server/policies/places.ts) plugs into the API — the token's user's own
 * scope, `all` for an administrator or an unrestricted user. Every API operation filters through
 * it: `inPlaces` / `placeFilter` for locations and stock, `whereAllowedAccount` for the treasury.
 */
export type { PlaceScope };

export function placesOf(user: UserContext): PlaceScope {
  return user.places;
}

export function inPlaces(scope: PlaceScope, locationId: number): boolean {
  return allowsLocation(scope, locationId);
}

/** The ids to restrict a query to, or null for every location. */
export function placeFilter(scope: PlaceScope): number[] | null {
  return scope.all ? null : [...scope.locations];
}
