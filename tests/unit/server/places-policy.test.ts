import { describe, expect, it } from 'vitest';
import { Refusal } from '../../../server/domain/errors.js';
import {
  EVERY_PLACE,
  UNALLOWED_LOCATION,
  UNALLOWED_TREASURY_ACCOUNT,
  allowsAccount,
  allowsAnyLocation,
  allowsLocation,
  allowsTreasuryAccount,
  onlyAllowedLocations,
  placeScope,
  refuseUnallowedLocation,
  refuseUnallowedTreasuryAccount,
} from '../../../server/policies/places.js';

const cashier = placeScope({ isAdmin: false, restricted: true, locationIds: [2], treasuryAccountIds: [7] });

describe('allowed places (server/policies/places.ts)', () => {
  it('an administrator, or an unrestricted user, works everywhere', () => {
    expect(placeScope({ isAdmin: true, restricted: true, locationIds: [2], treasuryAccountIds: [] }).all).toBe(true);
    expect(placeScope({ isAdmin: false, restricted: false, locationIds: [], treasuryAccountIds: [] }).all).toBe(true);
    expect(allowsLocation(EVERY_PLACE, 99)).toBe(true);
    expect(allowsTreasuryAccount(EVERY_PLACE, 99)).toBe(true);
  });

  it('a restricted user works in the listed places only (ids as numbers or strings)', () => {
    expect(cashier.all).toBe(false);
    expect(allowsLocation(cashier, 2)).toBe(true);
    expect(allowsLocation(cashier, '2')).toBe(true);
    expect(allowsLocation(cashier, 3)).toBe(false);
    expect(allowsLocation(cashier, null)).toBe(false);
    expect(allowsTreasuryAccount(cashier, 7)).toBe(true);
    expect(allowsTreasuryAccount(cashier, 8)).toBe(false);
    expect(
      allowsLocation(placeScope({ isAdmin: false, restricted: true, locationIds: [], treasuryAccountIds: [] }), 2),
    ).toBe(false);
  });

  it("ticked desks are a restriction: then no other desk of the user's locations is theirs", () => {
    const desk = (id: number, location: number) => ({ id, kind: 'caisse', location_id: location });
    // No desk ticked (only a bank, 7): every desk of their location.
    expect(allowsAccount(cashier, desk(20, 2))).toBe(true);
    expect(allowsAccount(cashier, desk(21, 3))).toBe(false);
    // Desk 20 ticked: desk 22 of the same shop is no longer theirs; the bank still is.
    const ticked = placeScope({
      isAdmin: false,
      restricted: true,
      locationIds: [2],
      treasuryAccountIds: [7, 20],
      deskAccountIds: [20],
    });
    expect(allowsAccount(ticked, desk(20, 2))).toBe(true);
    expect(allowsAccount(ticked, desk(22, 2))).toBe(false);
    expect(allowsAccount(ticked, { id: 7, kind: 'banque', location_id: null })).toBe(true);
    expect(allowsAccount(ticked, { id: 8, kind: 'banque', location_id: null })).toBe(false);
    expect(allowsAccount(EVERY_PLACE, desk(22, 2))).toBe(true);
  });

  it('a document between two places is seen from either', () => {
    expect(allowsAnyLocation(cashier, [3, 2])).toBe(true);
    expect(allowsAnyLocation(cashier, [3, 4])).toBe(false);
    expect(onlyAllowedLocations(cashier, [{ id: 1 }, { id: 2 }, { id: 3 }], (r) => r.id)).toEqual([{ id: 2 }]);
  });

  it('a form naming another place is refused on its field in French', () => {
    expect(() => refuseUnallowedLocation(cashier, 2)).not.toThrow();
    expect(() => refuseUnallowedLocation(cashier, '')).not.toThrow();
    try {
      refuseUnallowedLocation(cashier, 3, 'from_location_id');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Refusal);
      expect((e as Refusal).errors).toEqual({ from_location_id: UNALLOWED_LOCATION });
    }
    expect(() => refuseUnallowedTreasuryAccount(cashier, 8, 'account_id')).toThrow(UNALLOWED_TREASURY_ACCOUNT);
  });
});
