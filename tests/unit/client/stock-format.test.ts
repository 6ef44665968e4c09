import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatQty, formatSigned } from '@/components/data/format';
import { errorsAfterRemoval, formLevelErrors, lineError, lineHasError, linesMessage } from '@/components/data/form-errors';
import { addOrIncrement, baseQuantity, lineAmount, removeAt, updateAt } from '@/components/documents/document-lines';
import { pageRule } from '@/components/print/PrintFrame';
import { newIdempotencyKey } from '@/lib/idempotency';

const NNBSP = '\u202f';

describe('display helpers (dates, quantities) and stock helpers', () => {
  it('shows business dates as dd/MM/yyyy without going through a time zone', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
    expect(formatDate(null)).toBe('—');
  });

  it('shows timestamps in the local time zone, SQLite ones read as UTC', () => {
    // the unit tests run with the process time zone; compare against what Date itself computes
    const at = new Date('2026-11-22T07:55:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
    expect(formatDateTime('2026-11-22T07:55:00.000Z')).toBe(expected);
    expect(formatDateTime('2026-11-22 07:55:00')).toBe(expected);
    expect(formatDate('2026-11-22T07:55:00.000Z')).toBe(expected.slice(0, 10));
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('pas une date')).toBe('pas une date');
  });

  it('groups quantities the French way and signs differences with a true minus', () => {
    expect(formatQty(1250)).toBe(`1${NNBSP}250`);
    expect(formatQty(null)).toBe('—');
    expect(formatSigned(3)).toBe('+3');
    expect(formatSigned(-1200)).toBe(`\u22121${NNBSP}200`);
    expect(formatSigned(0)).toBe('0');
  });

  it('makes idempotency keys the server accepts, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(newIdempotencyKey()).not.toBe(a);
    expect(newIdempotencyKey((b) => b.fill(255))).toBe('f'.repeat(32));
  });

  it('computes entry lines in base units: packs × pack size × unit cost', () => {
    expect(baseQuantity(3, 'pack', 12)).toBe(36);
    expect(baseQuantity(3, 'unit', 12)).toBe(3);
    expect(baseQuantity(null, 'unit', 1)).toBe(0);
    expect(lineAmount(2, 'pack', 12, 1100)).toBe(26400);
    expect(lineAmount(5, 'unit', 1, null)).toBe(0);
  });

  it('finds the error of a line cell and keeps document-wide errors for the banner', () => {
    const errors = { 'lines.1.quantity': 'Ligne 2 : trop', lines: 'Ajoutez au moins un produit.', version: 'Rechargez', supplier_id: 'Choisissez' };
    expect(lineError(errors, 1, 'quantity')).toBe('Ligne 2 : trop');
    expect(lineError(errors, 0, 'quantity')).toBeUndefined();
    expect(lineHasError(errors, 1)).toBe(true);
    expect(lineHasError(errors, 0)).toBe(false);
    expect(formLevelErrors(errors, ['supplier_id'])).toEqual(['Ajoutez au moins un produit.', 'Rechargez']);
    expect(formLevelErrors(errors, ['supplier_id'], true)).toEqual(['Ligne 2 : trop', 'Ajoutez au moins un produit.', 'Rechargez']);
  });

  it('says a shortage once: on the line when the line carries the same message', () => {
    expect(linesMessage({ lines: 'Stock insuffisant', 'lines.1.quantity': 'Stock insuffisant' })).toBeUndefined();
    expect(linesMessage({ lines: 'Ajoutez au moins un produit.' })).toBe('Ajoutez au moins un produit.');
    expect(linesMessage({ 'lines.0.quantity': 'x' })).toBeUndefined();
  });
});

describe('document lines picked with the product picker', () => {
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
    expect(updateAt(lines, 1, { quantity: 5 })).toEqual([{ product_id: 1, quantity: 1 }, { product_id: 2, quantity: 5 }]);
    expect(removeAt(lines, 0)).toEqual([{ product_id: 2, quantity: 2 }]);
    expect(lines).toHaveLength(2);
  });

  it('forgets line errors from the removed position on (they would point at the wrong row)', () => {
    expect(errorsAfterRemoval({ 'lines.0.quantity': 'a', 'lines.1.unit_cost': 'b', 'lines.2.quantity': 'c', supplier_id: 'd' }, 1)).toEqual({ 'lines.0.quantity': 'a', supplier_id: 'd' });
  });
});

describe('print frame', () => {
  it('sets the paper size of the printed PDF', () => {
    expect(pageRule('A4')).toContain('size: A4;');
    expect(pageRule('A5')).toContain('size: A5;');
    expect(pageRule('A4', true)).toContain('size: A4 landscape;');
  });
});
