import { describe, expect, it } from 'vitest';
import { emecefPayments, fnePaymentMethod } from '../../../../server/domain/fiscal/payments.js';
import { PAYMENT_METHODS } from '../../../../shared/treasury.js';

describe('fiscal payment methods', () => {
  it('maps each of our methods and deferred to both services’ words', () => {
    const fne = PAYMENT_METHODS.map((method) => fnePaymentMethod([{ method, amount: 100 }]));
    expect(fne).toEqual(['cash', 'mobile-money', 'check', 'transfer', 'card']);
    expect(fnePaymentMethod([{ method: 'deferred', amount: 100 }])).toBe('deferred');
    const emecef = [...PAYMENT_METHODS, 'deferred' as const].map(
      (method) => emecefPayments([{ method, amount: 100 }])[0].name,
    );
    expect(emecef).toEqual(['ESPECES', 'MOBILEMONEY', 'CHEQUES', 'VIREMENT', 'CARTEBANCAIRE', 'CREDIT']);
  });

  it('FNE names the largest payment; a tie keeps the first; a zero total is cash', () => {
    expect(
      fnePaymentMethod([
        { method: 'especes', amount: 2_000 },
        { method: 'deferred', amount: 8_000 },
      ]),
    ).toBe('deferred');
    expect(
      fnePaymentMethod([
        { method: 'carte', amount: 5_000 },
        { method: 'especes', amount: 5_000 },
      ]),
    ).toBe('card');
    expect(fnePaymentMethod([])).toBe('cash');
  });

  it('e-MECeF lists every method once with its amount, nothing at zero', () => {
    expect(
      emecefPayments([
        { method: 'especes', amount: 1_000 },
        { method: 'mobile_money', amount: 500 },
        { method: 'especes', amount: 250 },
        { method: 'cheque', amount: 0 },
      ]),
    ).toEqual([
      { name: 'ESPECES', amount: 1_250 },
      { name: 'MOBILEMONEY', amount: 500 },
    ]);
  });
});
