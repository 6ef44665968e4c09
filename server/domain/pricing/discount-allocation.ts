/**
 * The share of a document discount (« remise globale ») each line of a sale carries, and the
 * minimum-price rule that reads it. Pure, integers in the currency's minor unit, BigInt inside.
 *
 * The allocation is computed once, here, at the sale: createSale stores each share in
 * sale_lines.allocated_discount, and every reader (what a return refunds, the reports' sales per
 * product, the printouts' « payé » per line) reads that stored share, never a second computation.
 */

/**
 * Spreads a document discount over the line nets in proportion, by largest remainder: each line
 * gets floor(net × discount / Σ nets), and the units left over go one each to the lines with the
 * largest remainders — ties to the earlier line —, so the shares are integers, add up exactly to
 * the discount, never exceed their line's net, and the same lines always give the same shares.
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

export interface MinimumPriceLine {
  /** In base units. */
  quantity: number;
  unitPrice: number;
  /** The line's own discount (an amount). */
  discount: number;
  /** The product's minimum price per base unit; 0 = no minimum. */
  minPrice: number;
}

export type BelowMinimumCause = 'unit_price' | 'line_discount' | 'document_discount';

export interface BelowMinimum {
  index: number;
  /** What the customer pays for the line: gross − its discount − its share of the document discount. */
  paid: number;
  /** minPrice × quantity. */
  minimum: number;
  /**
   * What takes the line below its minimum, in the order a seller would correct it: the unit price
   * itself, else the line's discount, else its share of the document discount.
   */
  cause: BelowMinimumCause;
}

/**
 * The lines sold below their minimum price once every discount is counted: a line is paid
 * quantity × unit price − its discount − its share of the document discount (`shares`, from
 * allocateDocumentDiscount), and must be paid at least minPrice × quantity.
 */
export function linesBelowMinimum(lines: readonly MinimumPriceLine[], shares: readonly number[]): BelowMinimum[] {
  if (shares.length !== lines.length) throw new RangeError('une part de remise par ligne');
  const out: BelowMinimum[] = [];
  lines.forEach((l, index) => {
    if (!(l.minPrice > 0)) return;
    const quantity = BigInt(l.quantity);
    const minimum = BigInt(l.minPrice) * quantity;
    const net = BigInt(l.unitPrice) * quantity - BigInt(l.discount);
    const paid = net - BigInt(shares[index]);
    if (paid >= minimum) return;
    const cause: BelowMinimumCause =
      l.unitPrice < l.minPrice ? 'unit_price' : net < minimum ? 'line_discount' : 'document_discount';
    out.push({ index, paid: Number(paid), minimum: Number(minimum), cause });
  });
  return out;
}
