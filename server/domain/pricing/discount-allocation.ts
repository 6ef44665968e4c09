/**
 * The minimum-price rule, which reads the share of a document discount (« remise globale ») each
 * line of a sale carries. Pure, integers in the currency's minor unit, BigInt inside.
 *
 * The shares are computed once, at the sale, by the shared documentTotals
 * (`allocateDocumentDiscount`, shared/document-totals.ts): createSale stores each in
 * sale_lines.allocated_discount, and every reader (what a return refunds, the reports' sales per
 * product, the printouts' « payé » per line) reads that stored share, never a second computation.
 */

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
