/**
 * The business ceilings of shared/limits.ts, checked by the domain before any arithmetic: each
 * function refuses (LimitExceeded) an input or a result beyond its ceiling, and computes in BigInt
 * so that nothing — not even an out-of-range input — can round silently. The services turn a
 * LimitExceeded into a French message on the form field.
 */
import { checked } from '../../shared/limits.js';

// The ceiling check itself lives in shared/limits.ts (the shared document totals use it too).
export { LimitExceeded, checked, within } from '../../shared/limits.js';

function big(name: string, value: number): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} doit être un entier sûr (reçu ${value})`);
  return BigInt(value);
}

/** A line's quantity in base units: entered × pack size, refused above the quantity ceiling. */
export function baseQuantity(entered: number, packSize: number): number {
  return checked('quantity', big('entered', entered) * big('packSize', packSize));
}

/** A line amount, quantity × unit price: each within its ceiling, the product within the line ceiling. */
export function lineAmount(quantity: number, unitPrice: number): number {
  checked('quantity', quantity);
  checked('unitPrice', unitPrice);
  return checked('lineAmount', BigInt(quantity) * BigInt(unitPrice));
}

/** A document's total: the exact sum of its line amounts, refused above the document ceiling. */
export function documentTotal(amounts: readonly number[]): number {
  let sum = 0n;
  for (const a of amounts) sum += big('amount', a);
  return checked('documentTotal', sum);
}

/** current + delta for a balance or a stock level, refused when the result leaves its ceiling. */
export function addWithin(limit: 'balance' | 'stockLevel', current: number, delta: number): number {
  return checked(limit, big('current', current) + big('delta', delta));
}
