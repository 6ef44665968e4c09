/**
 * Document lines picked with the product picker (entries, transfers, readjustments): a product
 * picked again — typically a second scan of the same barcode — adds to its line instead of
 * creating a duplicate the server would have to merge. Pure, unit-tested.
 */

export interface PickedLine {
  product_id: number;
}

export function addOrIncrement<L extends PickedLine>(lines: L[], productId: number, create: () => L, increment: (line: L) => L): { lines: L[]; index: number; added: boolean } {
  const index = lines.findIndex((l) => l.product_id === productId);
  if (index >= 0) {
    const next = lines.slice();
    next[index] = increment(lines[index]);
    return { lines: next, index, added: false };
  }
  return { lines: [...lines, create()], index: lines.length, added: true };
}

export function removeAt<L>(lines: L[], index: number): L[] {
  return lines.filter((_, i) => i !== index);
}

export function updateAt<L>(lines: L[], index: number, patch: Partial<L>): L[] {
  return lines.map((l, i) => (i === index ? { ...l, ...patch } : l));
}

/**
 * The server's errors are keyed by line position ('lines.2.quantity'): once a line is removed
 * they would point at the wrong row, so they are dropped from that position on.
 */
export function errorsAfterRemoval(errors: Record<string, string>, removed: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    const m = /^lines\.(\d+)\./.exec(k);
    if (m && Number(m[1]) >= removed) continue;
    out[k] = v;
  }
  return out;
}
