import { checked } from './limits.js';
import { NO_VAT, type VatSetting, divideHalfUp, splitVatBig } from './vat.js';

export { NO_VAT, type VatSetting };

/**
 * The totals of a sales document (lines, discounts, VAT), pure and shared: the browser shows them
 * live while the lines are typed, the server recomputes them from the posted lines and stores its
 * own figures. Every amount is an integer in the currency's minor unit; the arithmetic is BigInt
 * after the ceilings of shared/limits.ts are checked, so nothing rounds silently.
 *
 * Rules:
 * - A line: gross = quantity × unit price (quantity, unit price and the product within their
 *   ceilings, else LimitExceeded); net = gross − line discount. The line discount is an amount,
 *   0 ≤ discount ≤ gross (else DiscountExceeded): a net is never negative.
 * - linesTotal = Σ nets (within the document ceiling, else LimitExceeded).
 * - The document discount (an amount, 0 ≤ discount ≤ linesTotal, else DiscountExceeded) is applied
 *   ON THE TOTAL, not spread over the lines: a document has one VAT rate, so the VAT base is
 *   linesTotal − discount either way, and spreading it (largest remainder) would add per-line
 *   roundings that change nothing on the document. Spreading becomes necessary only with several
 *   VAT rates per document, which the application does not have.
 * - VAT is rounded ONCE, half-up, on the document total (never per line), by the one split of
 *   shared/vat.ts (`splitVat`):
 *   - prices excluding VAT: HT = linesTotal − discount, VAT = round(HT × rate / 10 000), TTC = HT + VAT;
 *   - prices including VAT: TTC = linesTotal − discount (exactly what the customer was shown),
 *     HT = round(TTC × 10 000 / (10 000 + rate)), VAT = TTC − HT;
 *   - VAT disabled: HT = TTC = linesTotal − discount, VAT = 0.
 *   The rate is in basis points (1800 = 18 %), an integer from 0 to 10 000.
 * - TTC stays within the document ceiling (else LimitExceeded).
 * - No line gives zero totals (the live form starts empty); refusing an empty document is the
 *   schema's job, not this function's.
 */

export interface TotalsLineInput {
  /** In the product's base unit (after pack conversion), an integer ≥ 0. */
  quantity: number;
  unitPrice: number;
  /** The line discount, an amount (not a percentage). */
  discount: number;
}

export interface LineTotals {
  gross: number;
  discount: number;
  net: number;
}

export interface DocumentTotals {
  lines: LineTotals[];
  /** Σ line nets. */
  linesTotal: number;
  /** The document discount. */
  discount: number;
  totalHT: number;
  vat: number;
  totalTTC: number;
}

/** A discount above what it applies to: `line` is the line's index, or null for the document discount. */
export class DiscountExceeded extends RangeError {
  constructor(
    readonly line: number | null,
    readonly discount: number,
    readonly amount: number,
  ) {
    super(`remise ${discount} supérieure au montant ${amount} (${line === null ? 'document' : `ligne ${line + 1}`})`);
  }
}

function nonNegativeInteger(name: string, value: number): bigint {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} doit être un entier positif ou nul (reçu ${value})`);
  return BigInt(value);
}

export function documentTotals(
  lines: readonly TotalsLineInput[],
  documentDiscount: number,
  vat: VatSetting,
): DocumentTotals {
  if (nonNegativeInteger('taux de TVA', vat.rate) > 10_000n)
    throw new RangeError(`taux de TVA au-delà de 100 % (reçu ${vat.rate})`);

  let linesTotal = 0n;
  const lineTotals = lines.map((line, index): LineTotals => {
    const quantity = nonNegativeInteger('quantité', line.quantity);
    const unitPrice = nonNegativeInteger('prix unitaire', line.unitPrice);
    const discount = nonNegativeInteger('remise', line.discount);
    checked('quantity', quantity);
    checked('unitPrice', unitPrice);
    const gross = checked('lineAmount', quantity * unitPrice);
    if (discount > BigInt(gross)) throw new DiscountExceeded(index, line.discount, gross);
    const net = BigInt(gross) - discount;
    linesTotal += net;
    return { gross, discount: line.discount, net: Number(net) };
  });
  checked('documentTotal', linesTotal);

  const discount = nonNegativeInteger('remise du document', documentDiscount);
  if (discount > linesTotal) throw new DiscountExceeded(null, documentDiscount, Number(linesTotal));
  const base = linesTotal - discount;

  const { ht: totalHT, ttc: totalTTC } = splitVatBig(base, vat);
  checked('documentTotal', totalTTC);

  return {
    lines: lineTotals,
    linesTotal: Number(linesTotal),
    discount: documentDiscount,
    totalHT: Number(totalHT),
    vat: Number(totalTTC - totalHT),
    totalTTC: Number(totalTTC),
  };
}

/**
 * A discount as a seller types it on the counter: an amount (minor units) or a percentage (basis
 * points, 1 000 = 10 %) of what it applies to — a line's gross, or the lines' total for the whole
 * sale. The sale itself stores amounts only: `discountAmount` is the one conversion, used by the
 * live counter and by the server for a sale put on hold.
 */
export type DiscountEntry = { kind: 'amount'; value: number } | { kind: 'percent'; value: number };

export const NO_DISCOUNT: DiscountEntry = { kind: 'amount', value: 0 };

/** What a discount entry takes off `base`: an amount as it is, a percentage of base rounded half-up (never above base). */
export function discountAmount(entry: DiscountEntry, base: number): number {
  const value = nonNegativeInteger('remise', entry.value);
  if (entry.kind === 'amount') return entry.value;
  if (value > 10_000n) throw new RangeError(`remise au-delà de 100 % (reçu ${entry.value})`);
  return Number(divideHalfUp(nonNegativeInteger('montant', base) * value, 10_000n));
}
