import type { FiscalPayment } from './document.js';

/**
 * How a document was paid, in each service's words. Our methods (shared/treasury.ts) and
 * `deferred` (what the client still owes) map one to one.
 */
export type FnePaymentMethod = 'cash' | 'card' | 'check' | 'mobile-money' | 'transfer' | 'deferred';
export type EmecefPaymentName = 'ESPECES' | 'CARTEBANCAIRE' | 'CHEQUES' | 'MOBILEMONEY' | 'VIREMENT' | 'CREDIT';

const FNE_METHODS: Record<FiscalPayment['method'], FnePaymentMethod> = {
  especes: 'cash',
  carte: 'card',
  cheque: 'check',
  mobile_money: 'mobile-money',
  virement: 'transfer',
  deferred: 'deferred',
};

const EMECEF_NAMES: Record<FiscalPayment['method'], EmecefPaymentName> = {
  especes: 'ESPECES',
  carte: 'CARTEBANCAIRE',
  cheque: 'CHEQUES',
  mobile_money: 'MOBILEMONEY',
  virement: 'VIREMENT',
  deferred: 'CREDIT',
};

/**
 * FNE takes one payment method per invoice. A document paid several ways names the one that
 * carries the largest amount — the way most of the money moved, which is what the DGI's receipt
 * states; a credit sale with a small deposit is therefore `deferred`. Equal amounts: the first
 * payment made. Nothing paid and nothing owed (a zero total): `cash`.
 */
export function fnePaymentMethod(payments: readonly FiscalPayment[]): FnePaymentMethod {
  let largest: FiscalPayment | null = null;
  for (const p of payments) if (p.amount > 0 && (!largest || p.amount > largest.amount)) largest = p;
  return largest ? FNE_METHODS[largest.method] : 'cash';
}

/** e-MECeF lists every method with its amount: one entry per method, in the order first paid. */
export function emecefPayments(payments: readonly FiscalPayment[]): Array<{ name: EmecefPaymentName; amount: number }> {
  const byName = new Map<EmecefPaymentName, number>();
  for (const p of payments) {
    if (p.amount <= 0) continue;
    const name = EMECEF_NAMES[p.method];
    byName.set(name, (byName.get(name) ?? 0) + p.amount);
  }
  return [...byName].map(([name, amount]) => ({ name, amount }));
}
