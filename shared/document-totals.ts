import { checked } from './limits.js';
import { NO_VAT, type VatRateTotals, type VatSetting, divideHalfUp, splitVatBig } from './vat.js';

export { NO_VAT, type VatRateTotals, type VatSetting };

/**
 * The totals of a sales document (lines, discounts, VAT), pure and shared: the browser shows them
 * live while the lines are typed, the server recomputes them from the posted lines and stores its
 * own figures (the sale, each line's share of the discount and of the VAT). Every amount is an
 * integer in the currency's minor unit; the arithmetic is BigInt after the ceilings of
 * shared/limits.ts are checked, so nothing rounds silently.
 *
 * Rules:
 * - A line: gross = quantity × unit price (quantity, unit price and the product within their
 *   ceilings, else LimitExceeded); net = gross − line discount. The line discount is an amount,
 *   0 ≤ discount ≤ gross (else DiscountExceeded): a net is never negative.
 * - linesTotal = Σ nets (within the document ceiling, else LimitExceeded).
 * - Each line carries its VAT rate (basis points, from its product's tax group: `lineVatRate`,
 *   shared/vat.ts; with the company's VAT off every rate is 0), so one document may mix rates — an
 *   exempt product beside a taxed one, as the certified invoice (FNE, e-MECeF) taxes them.
 * - The document discount (an amount, 0 ≤ discount ≤ linesTotal, else DiscountExceeded) is spread
 *   over the line nets in proportion, by largest remainder (`allocateDocumentDiscount`): each line
 *   is paid net − its share (`allocatedDiscount`).
 * - The lines of one rate form its group; the group's base is what its lines are paid, and its VAT
 *   is rounded ONCE, half-up, on that base (never per line), by the one split of shared/vat.ts:
 *   - prices excluding VAT: HT = base, VAT = round(HT × rate / 10 000), TTC = HT + VAT;
 *   - prices including VAT: TTC = base (exactly what the customer was shown),
 *     HT = round(TTC × 10 000 / (10 000 + rate)), VAT = TTC − HT.
 *   The document's HT, VAT and TTC are the sums of its groups (`rates`, the printouts' breakdown).
 *   With one rate on every line this is exactly a split of linesTotal − discount, the figures the
 *   application has always computed.
 * - A group's VAT is shared over its lines in proportion to what they are paid, by the same largest
 *   remainder (each line's `vat`, stored as sale_lines.vat_amount): the lines add up exactly to
 *   their group's and the document's VAT, so refunds and reports by product add up too.
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
  /** The line's VAT rate in basis points (`lineVatRate` of its tax group); absent: the document's `vat.rate`. */
  vatRate?: number;
}

export interface LineTotals {
  gross: number;
  discount: number;
  net: number;
  /** The line's share of the document discount. */
  allocatedDiscount: number;
  /** The rate the line is taxed at (0 with VAT off). */
  vatRate: number;
  /** The line's share of its rate's VAT. */
  vat: number;
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
  /** One group per rate of the document, highest rate first (none without a line). */
  rates: VatRateTotals[];
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

function rateWithin(value: number): number {
  if (nonNegativeInteger('taux de TVA', value) > 10_000n)
    throw new RangeError(`taux de TVA au-delà de 100 % (reçu ${value})`);
  return value;
}

/**
 * Spreads an amount (a document discount, a rate's VAT) over amounts in proportion, by largest
 * remainder: each gets floor(amount × its part / Σ parts), and the units left over go one each to
 * the largest remainders — ties to the earlier one —, so the shares are integers, add up exactly
 * to the amount, never exceed their part, and the same parts always give the same shares.
 */
export function allocateDocumentDiscount(nets: readonly number[], discount: number): number[] {
  for (const n of nets)
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`montant de ligne invalide (reçu ${n})`);
  if (!Number.isSafeInteger(discount) || discount < 0) throw new RangeError(`remise invalide (reçu ${discount})`);
  const total = nets.reduce((s, n) => s + BigInt(n), 0n);
  if (discount === 0 || total === 0n) return nets.map(() => 0);
  const d = BigInt(discount);
  if (d > total) throw new RangeError('remise supérieure au total');
  const shares = nets.map((n) => Number((BigInt(n) * d) / total));
  let left = discount - shares.reduce((s, n) => s + n, 0);
  const order = nets
    .map((n, i) => ({ i, rem: (BigInt(n) * d) % total }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

export function documentTotals(
  lines: readonly TotalsLineInput[],
  documentDiscount: number,
  vat: VatSetting,
): DocumentTotals {
  rateWithin(vat.rate);

  let linesTotal = 0n;
  const measured = lines.map((line, index) => {
    const quantity = nonNegativeInteger('quantité', line.quantity);
    const unitPrice = nonNegativeInteger('prix unitaire', line.unitPrice);
    const discount = nonNegativeInteger('remise', line.discount);
    checked('quantity', quantity);
    checked('unitPrice', unitPrice);
    const gross = checked('lineAmount', quantity * unitPrice);
    if (discount > BigInt(gross)) throw new DiscountExceeded(index, line.discount, gross);
    const net = BigInt(gross) - discount;
    linesTotal += net;
    const vatRate = vat.enabled ? rateWithin(line.vatRate ?? vat.rate) : 0;
    return { gross, discount: line.discount, net: Number(net), vatRate };
  });
  checked('documentTotal', linesTotal);

  const discount = nonNegativeInteger('remise du document', documentDiscount);
  if (discount > linesTotal) throw new DiscountExceeded(null, documentDiscount, Number(linesTotal));
  const allocated = allocateDocumentDiscount(
    measured.map((l) => l.net),
    documentDiscount,
  );

  // The groups by rate, highest first, each split once on what its lines are paid.
  const byRate = new Map<number, number[]>();
  measured.forEach((l, k) => {
    const members = byRate.get(l.vatRate);
    if (members) members.push(k);
    else byRate.set(l.vatRate, [k]);
  });
  const lineVat = measured.map(() => 0);
  let totalHT = 0n;
  let totalTTC = 0n;
  const rates = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, members]): VatRateTotals => {
      const paid = members.map((k) => measured[k].net - allocated[k]);
      const base = paid.reduce((s, p) => s + BigInt(p), 0n);
      const { ht, ttc } = splitVatBig(base, { ...vat, rate });
      const shares = allocateDocumentDiscount(paid, Number(ttc - ht));
      members.forEach((k, i) => (lineVat[k] = shares[i]));
      totalHT += ht;
      totalTTC += ttc;
      return { rate, ht: Number(ht), vat: Number(ttc - ht), ttc: Number(ttc) };
    });
  checked('documentTotal', totalTTC);

  return {
    lines: measured.map((l, k) => ({ ...l, allocatedDiscount: allocated[k], vat: lineVat[k] })),
    linesTotal: Number(linesTotal),
    discount: documentDiscount,
    totalHT: Number(totalHT),
    vat: Number(totalTTC - totalHT),
    totalTTC: Number(totalTTC),
    rates,
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
