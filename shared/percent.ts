/**
 * Percentages as a user types and reads them, in basis points (1250 = 12,5 %), integers only: the
 * price centre's rules and the counter's discounts.
 */

/**
 * A percentage as typed ("12,5", "12.5", "12,5 %") → basis points (1250), with at most two
 * decimals; null when it is not a non-negative number. Integers only: no float rounding.
 */
export function parsePercent(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f%]/gu, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return null;
  const [int, frac = ''] = s.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}

/** Percent text in basis points → "12,5 %". */
export function formatBasisPoints(bp: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(bp / 100)}\u00a0%`;
}
