/**
 * CMUP — coût moyen unitaire pondéré (weighted average unit cost), one per product across all
 * locations, in integer minor units (FCFA, cents…).
 *
 * Rounding (documented and tested): the exact average is a fraction; it is rounded to the nearest
 * minor unit, halves rounded up (away from zero; every value here is ≥ 0). Computed with BigInt so
 * quantity × cost never loses precision, whatever the magnitudes.
 *
 * Edge cases:
 * - No stock or negative stock on hand (possible when the company allows negative stock): the
 *   previous average no longer describes any goods, so the receipt's cost becomes the CMUP.
 * - A receipt whose quantity brings a negative stock back to zero or below: same rule.
 * - Reversal of a receipt (cancelled entry): the receipt's value is taken back out,
 *   (Q × cmup − q × cost) / (Q − q). When nothing would remain (Q − q ≤ 0) or the remaining value
 *   would be negative (goods since valued lower), the current CMUP is kept: there is no meaningful
 *   average to recompute, and a CMUP is never negative. Likewise when the average would exceed the
 *   unit-price ceiling (shared/limits.ts: a handful of units left carrying a large value): a CMUP
 *   is a unit cost and never leaves the unit-price range.
 *
 * Ceilings: costs and CMUPs are within LIMITS.unitPrice, so a receipt's CMUP — a weighted average
 * of two such values — is too, and every value quantity × CMUP stays a safe integer.
 */
import { LIMITS } from '../../../shared/limits.js';
import { checked } from '../limits.js';

export interface ReceiptInput {
  /** Total quantity on hand before the receipt (all locations and in transit); may be ≤ 0. */
  quantityOnHand: number;
  /** CMUP before the receipt (≥ 0). */
  cmup: number;
  /** Quantity received (> 0). */
  quantity: number;
  /** Unit cost of the receipt (≥ 0). */
  unitCost: number;
}

function assertInteger(name: string, value: number) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} doit être un entier (reçu ${value})`);
}

/** Nearest integer to num/den (den > 0, num ≥ 0), halves rounded up. */
export function divideRoundHalfUp(num: bigint, den: bigint): bigint {
  if (den <= 0n) throw new RangeError('diviseur non positif');
  if (num < 0n) throw new RangeError('numérateur négatif');
  return (num * 2n + den) / (den * 2n);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('CMUP hors limites');
  return Number(value);
}

/** CMUP after receiving `quantity` units at `unitCost`. */
export function cmupAfterReceipt({ quantityOnHand, cmup, quantity, unitCost }: ReceiptInput): number {
  assertInteger('quantityOnHand', quantityOnHand);
  assertInteger('cmup', cmup);
  assertInteger('quantity', quantity);
  assertInteger('unitCost', unitCost);
  if (quantity <= 0) throw new RangeError('La quantité reçue doit être positive.');
  if (unitCost < 0) throw new RangeError('Le coût unitaire ne peut pas être négatif.');
  if (cmup < 0) throw new RangeError('Le CMUP ne peut pas être négatif.');
  checked('unitPrice', unitCost);
  if (quantityOnHand <= 0) return unitCost;
  const q0 = BigInt(quantityOnHand);
  const q = BigInt(quantity);
  return toSafeNumber(divideRoundHalfUp(q0 * BigInt(cmup) + q * BigInt(unitCost), q0 + q));
}

/** CMUP after taking back a receipt of `quantity` units valued at `unitCost` (entry cancellation). */
export function cmupAfterReceiptReversal({ quantityOnHand, cmup, quantity, unitCost }: ReceiptInput): number {
  assertInteger('quantityOnHand', quantityOnHand);
  assertInteger('cmup', cmup);
  assertInteger('quantity', quantity);
  assertInteger('unitCost', unitCost);
  if (quantity <= 0) throw new RangeError('La quantité reprise doit être positive.');
  if (unitCost < 0) throw new RangeError('Le coût unitaire ne peut pas être négatif.');
  if (cmup < 0) throw new RangeError('Le CMUP ne peut pas être négatif.');
  const remaining = BigInt(quantityOnHand) - BigInt(quantity);
  if (remaining <= 0n) return cmup;
  const value = BigInt(quantityOnHand) * BigInt(cmup) - BigInt(quantity) * BigInt(unitCost);
  if (value < 0n) return cmup;
  const average = divideRoundHalfUp(value, remaining);
  if (average > BigInt(LIMITS.unitPrice)) return cmup;
  return toSafeNumber(average);
}

/** Value of a quantity at a unit cost, in minor units (exact integer product). */
export function valueOf(quantity: number, unitCost: number): number {
  assertInteger('quantity', quantity);
  assertInteger('unitCost', unitCost);
  const v = BigInt(quantity) * BigInt(unitCost);
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError('Valeur hors limites');
  return Number(v);
}
