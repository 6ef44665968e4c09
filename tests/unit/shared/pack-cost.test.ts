import { describe, expect, it } from 'vitest';
import { packCostMessage, unitCostOfPack } from '../../../shared/stock.js';

describe('the cost of a colis, kept per base unit', () => {
  it('divides a colis cost exactly by its size', () => {
    expect(unitCostOfPack(3_600, 12)).toEqual({ exact: true, unitCost: 300 });
    expect(unitCostOfPack(0, 24)).toEqual({ exact: true, unitCost: 0 });
    expect(unitCostOfPack(1_150, 1)).toEqual({ exact: true, unitCost: 1_150 });
  });

  it('never rounds: a cost that does not divide gives the two nearest colis costs that do', () => {
    expect(unitCostOfPack(10_000, 12)).toEqual({ exact: false, below: 9_996, above: 10_008 });
    expect(unitCostOfPack(5, 6)).toEqual({ exact: false, below: 0, above: 6 });
    for (const [cost, size] of [
      [10_001, 7],
      [999_999, 24],
      [13, 5],
    ]) {
      const split = unitCostOfPack(cost, size);
      expect(split.exact).toBe(false);
      if (!split.exact)
        expect([
          split.below % size,
          split.above % size,
          split.below < cost,
          split.above > cost,
          split.above - split.below,
        ]).toEqual([0, 0, true, true, size]);
    }
  });

  it('says why in French, with the cost per unit it would give, in the currency', () => {
    expect(packCostMessage(3_600, 12, 'XOF')).toBeNull();
    expect(packCostMessage(1_000, 3, 'EUR')).toBe(
      'Un colis de 3 à 10,00\u00a0€ ferait 3,3333\u00a0€ l’unité : le coût est gardé par unité, en nombre entier. Saisissez 9,99\u00a0€ ou 10,02\u00a0€ le colis, ou la ligne à l’unité.',
    );
  });
});
