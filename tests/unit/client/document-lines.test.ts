import { describe, expect, it } from 'vitest';
import { errorsAfterRemoval } from '@/components/data/form-errors';
import { LIMITS } from '@shared/limits';
import {
  addOrIncrement,
  baseQuantity,
  lineAmount,
  maxEnteredQuantity,
  removeAt,
  updateAt,
} from '@/components/documents/document-lines';

describe('document lines picked with the product picker', () => {
  it('computes entry lines in base units: packs × pack size × unit cost', () => {
    expect(baseQuantity(3, 'pack', 12)).toBe(36);
    expect(baseQuantity(3, 'unit', 12)).toBe(3);
    expect(baseQuantity(null, 'unit', 1)).toBe(0);
    expect(lineAmount(2, 'pack', 12, 1100)).toBe(26400);
    expect(lineAmount(5, 'unit', 1, null)).toBe(0);
  });
  it('keeps a line entered by pack within the quantity ceiling in units', () => {
    expect(maxEnteredQuantity('unit', 12)).toBe(LIMITS.quantity);
    expect(maxEnteredQuantity('pack', 12)).toBe(Math.floor(LIMITS.quantity / 12));
    expect(maxEnteredQuantity('pack', 12) * 12).toBeLessThanOrEqual(LIMITS.quantity);
    expect(maxEnteredQuantity('pack', LIMITS.quantity * 2)).toBe(1);
  });
  type L = { product_id: number; quantity: number };
  const make = (id: number) => () => ({ product_id: id, quantity: 1 });
  const inc = (l: L) => ({ ...l, quantity: l.quantity + 1 });

  it('a second scan of the same product adds one to its line instead of a new line', () => {
    let r = addOrIncrement<L>([], 7, make(7), inc);
    expect(r).toEqual({ lines: [{ product_id: 7, quantity: 1 }], index: 0, added: true });
    r = addOrIncrement<L>(r.lines, 9, make(9), inc);
    r = addOrIncrement<L>(r.lines, 7, make(7), inc);
    expect(r.lines).toEqual([
      { product_id: 7, quantity: 2 },
      { product_id: 9, quantity: 1 },
    ]);
    expect(r).toMatchObject({ index: 0, added: false });
  });

  it('updates and removes lines without touching the others', () => {
    const lines = [
      { product_id: 1, quantity: 1 },
      { product_id: 2, quantity: 2 },
    ];
    expect(updateAt(lines, 1, { quantity: 5 })).toEqual([
      { product_id: 1, quantity: 1 },
      { product_id: 2, quantity: 5 },
    ]);
    expect(removeAt(lines, 0)).toEqual([{ product_id: 2, quantity: 2 }]);
    expect(lines).toHaveLength(2);
  });

  it('forgets line errors from the removed position on (they would point at the wrong row)', () => {
    expect(
      errorsAfterRemoval(
        { 'lines.0.quantity': 'a', 'lines.1.unit_cost': 'b', 'lines.2.quantity': 'c', supplier_id: 'd' },
        1,
      ),
    ).toEqual({ 'lines.0.quantity': 'a', supplier_id: 'd' });
  });
});
