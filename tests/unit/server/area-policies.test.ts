import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../shared/permissions.js';
import {
  cashAbilities,
  cashClosingAbilities,
  cashClosingListAbilities,
  cashOperationAbilities,
  expenseCategoryAbilities,
} from '../../../server/policies/cash.js';
import { placeScope } from '../../../server/policies/places.js';
import { priceCentreAbilities, productAbilities } from '../../../server/policies/products.js';
import {
  counterAbilities,
  creditNoteListAbilities,
  settlementAbilities,
  settlementListAbilities,
} from '../../../server/policies/sales.js';
import { managesSettings } from '../../../server/policies/settings.js';

const viewer = (...permissions: Permission[]) => ({ permissions: new Set<string>(permissions) });

describe('the buttons of each area (server/policies/<area>.ts)', () => {
  it('Paramètres: each screen follows its managing permission', () => {
    expect(managesSettings(viewer('users.manage'), 'users')).toBe(true);
    expect(managesSettings(viewer('users.manage'), 'roles')).toBe(false);
    expect(managesSettings(viewer('company.manage'), 'places')).toBe(true);
    expect(managesSettings(viewer('company.manage'), 'treasuryAccounts')).toBe(true);
    expect(managesSettings(viewer('backup.manage'), 'backups')).toBe(true);
    expect(managesSettings(viewer(), 'apiTokens')).toBe(false);
  });

  it('Caisse: one button per operation kind, expense categories and closings by their permissions', () => {
    const can = cashAbilities(viewer('cash.expense_categories'));
    expect(can.expense_categories).toBe(true);
    expect(Object.entries(can).filter(([k, v]) => k !== 'expense_categories' && v)).toEqual([]);
    expect(expenseCategoryAbilities(viewer())).toEqual({
      create: false,
      update: false,
      delete: false,
      export: true,
      import: false,
    });
    expect(cashClosingListAbilities(viewer('cash.closing'))).toEqual({ close: true });
    expect(cashClosingAbilities(viewer('cash.reopen'), { is_last: false })).toEqual({ reopen: false, close: false });
    expect(cashClosingAbilities(viewer('cash.reopen'), { is_last: true })).toEqual({ reopen: true, close: false });
  });

  it('Caisse: an operation is cancelled on a paying account of the user’s places only', () => {
    const places = placeScope({ isAdmin: false, restricted: true, locationIds: [1], treasuryAccountIds: [] });
    const user = { ...viewer('cash.cancel'), places };
    const desk = (location_id: number) => ({ id: 9, kind: 'caisse', location_id });
    expect(cashOperationAbilities(user, { status: 'posted', receiving: null, paying: desk(1) }).cancel).toBe(true);
    expect(cashOperationAbilities(user, { status: 'posted', receiving: null, paying: desk(2) }).cancel).toBe(false);
    expect(cashOperationAbilities(user, { status: 'cancelled', receiving: null, paying: desk(1) }).cancel).toBe(false);
    expect(cashOperationAbilities(user, { status: 'in_transit', receiving: desk(1), paying: null }).receive).toBe(
      false,
    );
  });

  it('Ventes, avoirs, règlements, produits', () => {
    expect(counterAbilities(viewer('sales.create'))).toEqual({ create: true, reprint: false, below_min_price: false });
    expect(creditNoteListAbilities(viewer('sales.correct'))).toEqual({ create: true, export: true });
    expect(settlementListAbilities(viewer())).toEqual({ create: false, export: true });
    expect(settlementAbilities(viewer('settlements.create'))).toEqual({ create: true });
    expect(productAbilities(viewer('prices.update')).prices).toBe(true);
    expect(priceCentreAbilities(viewer('products.export'))).toEqual({ update: false, export: true });
  });
});
