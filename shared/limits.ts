import { formatMoney } from './money.js';

/**
 * Business ceilings (DESIGN.md §8): every number a user can type, and every figure the stock and
 * the balances can reach, stays below one of these — set here once, for the server's schemas and
 * domain checks and for the client's forms (same limits, same French messages). Amounts are in
 * the currency's minor unit (FCFA: francs; EUR: cents), quantities in the product's base unit.
 *
 * They are chosen so that every product of two ceilings the code computes stays well inside
 * Number.MAX_SAFE_INTEGER (≈ 9 × 10^15):
 *   a stock value  = stock level × CMUP          ≤ 10^7 × 10^8  = 10^15
 *   a count's gap  = (counted − expected) × CMUP ≤ 2 × 10^7 × 10^8 = 2 × 10^15
 *   a document     = 500 lines × a line amount   ≤ 500 × 10^12  = 5 × 10^14 (then capped at 10^13)
 *   a balance      ≤ 10^14, and a balance ± a document total ≤ 1.1 × 10^14.
 */
export const LIMITS = {
  /** A unit price or unit cost (purchase, CMUP, retail, wholesale, minimum): 100 000 000 FCFA, 1 000 000,00 €. */
  unitPrice: 100_000_000,
  /** A document line's quantity in base units, after pack conversion; a counted quantity. */
  quantity: 10_000_000,
  /** A stock level (a location's, a product's total across locations and in transit), either sign. */
  stockLevel: 10_000_000,
  /** A line amount (quantity × unit price): 1 000 milliards FCFA, 10 milliards €. */
  lineAmount: 1_000_000_000_000,
  /** A document's total (an entry, a transfer or a readjustment valued at cost, a sale). */
  documentTotal: 10_000_000_000_000,
  /** A supplier's or a client's balance, a credit limit, either sign. */
  balance: 100_000_000_000_000,
} as const;

export type LimitName = keyof typeof LIMITS;

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A ceiling written for a message: « 10 000 000 » for quantities, « 100 000 000 FCFA » for amounts. */
export function formatLimit(limit: LimitName, currency?: string): string {
  const value = LIMITS[limit];
  return limit === 'quantity' || limit === 'stockLevel' ? quantityFormat.format(value) : formatMoney(value, currency);
}

/** « La quantité ne peut dépasser 10 000 000 », « Le coût unitaire ne peut dépasser 100 000 000 FCFA ». */
export function limitMessage(label: string, limit: LimitName, currency?: string): string {
  return `${label} ne peut dépasser ${formatLimit(limit, currency)}.`;
}

/**
 * A ceiling exceeded (shared by the domain and the shared document totals, so that one error type
 * reaches the services, which turn it into a French message on the form field).
 */
export class LimitExceeded extends RangeError {
  constructor(
    readonly limit: LimitName,
    readonly value: bigint,
  ) {
    super(`plafond « ${limit} » dépassé (${value})`);
  }
}

/** Whether |value| is within the ceiling (a non-integer is never within). */
export function within(limit: LimitName, value: number | bigint): boolean {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return false;
  const v = BigInt(value);
  return (v < 0n ? -v : v) <= BigInt(LIMITS[limit]);
}

/** value, or LimitExceeded when |value| exceeds the ceiling. */
export function checked(limit: LimitName, value: number | bigint): number {
  if (!within(limit, value))
    throw new LimitExceeded(
      limit,
      typeof value === 'bigint' ? value : Number.isSafeInteger(value) ? BigInt(value) : BigInt(Number.MAX_SAFE_INTEGER),
    );
  return Number(value);
}
