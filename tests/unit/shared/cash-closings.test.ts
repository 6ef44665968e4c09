import { describe, expect, it } from 'vitest';
import {
  DENOMINATIONS,
  closingDifference,
  closingReasonIssue,
  countTotal,
  countsByDenomination,
  denominationLabel,
  denominationsOf,
  differenceLabel,
} from '../../../shared/cash-closings.js';

describe('cash count by denominations', () => {
  it('knows the XOF notes and coins, largest first, the 500 as a note and as a coin', () => {
    expect(DENOMINATIONS.XOF.map((d) => `${d.kind}:${d.value}`)).toEqual([
      'note:10000',
      'note:5000',
      'note:2000',
      'note:1000',
      'note:500',
      'coin:500',
      'coin:250',
      'coin:200',
      'coin:100',
      'coin:50',
      'coin:25',
      'coin:10',
      'coin:5',
    ]);
    expect(new Set(DENOMINATIONS.XOF.map((d) => d.key)).size).toBe(DENOMINATIONS.XOF.length);
  });

  it('knows the euro set in cents (500 € to 1 centime)', () => {
    expect(DENOMINATIONS.EUR.map((d) => d.value)).toEqual([
      50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10, 5, 2, 1,
    ]);
    expect(denominationLabel(DENOMINATIONS.EUR[7], 'EUR')).toMatch(/^Pièce de 2,00\s€$/);
    expect(denominationLabel(DENOMINATIONS.XOF[0], 'XOF')).toMatch(/^Billet de 10\s000\sFCFA$/);
  });

  it('totals a count (value × number, integers), ignoring unknown keys', () => {
    expect(
      countTotal(
        [
          { key: 'b10000', count: 12 },
          { key: 'b500', count: 3 },
          { key: 'p500', count: 2 },
          { key: 'p25', count: 4 },
          { key: 'p5', count: 1 },
        ],
        'XOF',
      ),
    ).toBe(120_000 + 1_500 + 1_000 + 100 + 5);
    expect(
      countTotal(
        [
          { key: 'b5000', count: 2 },
          { key: 'p50', count: 3 },
        ],
        'EUR',
      ),
    ).toBe(10_000 + 150);
    expect(countTotal([{ key: 'nope', count: 99 }], 'XOF')).toBe(0);
    expect(countTotal([], 'XOF')).toBe(0);
    // Large counts stay exact.
    expect(countTotal([{ key: 'b10000', count: 1_000_000 }], 'XOF')).toBe(10_000_000_000);
  });

  it('counts a currency without a known set as one total', () => {
    expect(countsByDenomination('XOF')).toBe(true);
    expect(countsByDenomination('USD')).toBe(false);
    expect(denominationsOf('USD')).toEqual([{ key: 'u1', kind: 'coin', value: 1 }]);
    expect(countTotal([{ key: 'u1', count: 12_345 }], 'USD')).toBe(12_345);
  });

  it('gives the difference as counted − expected: a shortage is negative', () => {
    expect(closingDifference(99_500, 100_000)).toBe(-500);
    expect(closingDifference(100_250, 100_000)).toBe(250);
    expect(closingDifference(100_000, 100_000)).toBe(0);
    expect([differenceLabel(-500), differenceLabel(250), differenceLabel(0)]).toEqual([
      'Manquant',
      'Excédent',
      'Aucun écart',
    ]);
  });

  it('asks for a reason when there is a difference, as the screen checks before confirming', () => {
    expect(closingReasonIssue(-500, '', 'XOF')).toBe(
      'Expliquez l’écart de \u2212500\u00a0FCFA (manquant) : le motif est obligatoire.',
    );
    expect(closingReasonIssue(250, '   ', 'XOF')).toMatch(/\(excédent\)/);
    expect(closingReasonIssue(-500, 'Erreur de rendu', 'XOF')).toBeNull();
    expect(closingReasonIssue(0, '', 'XOF')).toBeNull();
  });
});
