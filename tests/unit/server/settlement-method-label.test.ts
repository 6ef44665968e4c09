import { describe, expect, it } from 'vitest';
import { methodLabel } from '../../../server/services/settlements/settlement-queries.js';

/** One label of a settlement's method: the lists, totals, exports and reports (short) and Annulations › Règlements (with the method). */
describe('methodLabel', () => {
  it('names the operator for mobile money, the method otherwise, « Acompte » for an advance spent', () => {
    expect(methodLabel('payment', 'mobile_money', 'orange_money')).toBe('Orange Money');
    expect(methodLabel('payment', 'mobile_money', null)).toBe('Mobile money');
    expect(methodLabel('payment', 'especes', null)).toBe('Espèces');
    expect(methodLabel('advance', null, null)).toBe('Acompte');
    expect(methodLabel('advance', 'especes', null)).toBe('Acompte');
  });

  it('puts the method before the operator when asked (Annulations › Règlements)', () => {
    expect(methodLabel('payment', 'mobile_money', 'orange_money', { withMethod: true })).toBe(
      'Mobile money · Orange Money',
    );
    expect(methodLabel('payment', 'mobile_money', 'un_autre', { withMethod: true })).toBe('Mobile money · un_autre');
    expect(methodLabel('payment', 'mobile_money', null, { withMethod: true })).toBe('Mobile money');
    expect(methodLabel('payment', 'cheque', null, { withMethod: true })).toBe('Chèque');
    expect(methodLabel('advance', null, null, { withMethod: true })).toBe('Acompte');
  });
});
