import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDifferenceCount,
  formatQty,
  formatSigned,
  formatUnitTotals,
} from '@/components/data/format';
import { formLevelErrors, lineError, lineHasError, linesMessage } from '@/components/data/form-errors';
import { pageRule } from '@/components/print/PrintFrame';
import { newIdempotencyKey } from '@/lib/idempotency';

const NNBSP = '\u202f';

describe('display helpers, idempotency keys and form errors', () => {
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

  it('finds the error of a line cell and keeps document-wide errors for the banner', () => {
    const errors = {
      'lines.1.quantity': 'Ligne 2 : trop',
      lines: 'Ajoutez au moins un produit.',
      version: 'Rechargez',
      supplier_id: 'Choisissez',
    };
    expect(lineError(errors, 1, 'quantity')).toBe('Ligne 2 : trop');
    expect(lineError(errors, 0, 'quantity')).toBeUndefined();
    expect(lineHasError(errors, 1)).toBe(true);
    expect(lineHasError(errors, 0)).toBe(false);
    expect(formLevelErrors(errors, ['supplier_id'])).toEqual(['Ajoutez au moins un produit.', 'Rechargez']);
    expect(formLevelErrors(errors, ['supplier_id'], true)).toEqual([
      'Ligne 2 : trop',
      'Ajoutez au moins un produit.',
      'Rechargez',
    ]);
  });

  it('says a shortage once: on the line when the line carries the same message', () => {
    expect(linesMessage({ lines: 'Stock insuffisant', 'lines.1.quantity': 'Stock insuffisant' })).toBeUndefined();
    expect(linesMessage({ lines: 'Ajoutez au moins un produit.' })).toBe('Ajoutez au moins un produit.');
    expect(linesMessage({ 'lines.0.quantity': 'x' })).toBeUndefined();
  });
});

describe('print frame', () => {
  it('sets the paper size of the printed PDF', () => {
    expect(pageRule('A4')).toContain('size: A4;');
    expect(pageRule('A5')).toContain('size: A5;');
    // Chromium has no A6 keyword: in mm, or the PDF comes out on Letter.
    expect(pageRule('A6')).toContain('size: 105mm 148mm;');
    expect(pageRule('A4', true)).toContain('size: A4 landscape;');
  });

  it('never adds quantities of different units: one total per unit, or the lines when there are too many units', () => {
    const NBSP = '\u00a0';
    expect(
      formatUnitTotals([
        { quantity: 50, unit: 'sac' },
        { quantity: 4, unit: 'seau' },
      ]),
    ).toBe(`50${NBSP}sacs, 4${NBSP}seaux`);
    // Same unit written differently, lines without a quantity left out.
    expect(
      formatUnitTotals([
        { quantity: 10, unit: 'sac' },
        { quantity: 2, unit: 'Sac ' },
        { quantity: null, unit: 'seau' },
      ]),
    ).toBe(`12${NBSP}sacs`);
    expect(
      formatUnitTotals([
        { quantity: 1, unit: 'kg' },
        { quantity: 2, unit: 'sac' },
        { quantity: 3, unit: 'seau' },
        { quantity: 4, unit: 'carton' },
      ]),
    ).toBe(`4${NBSP}lignes`);
    expect(formatUnitTotals([])).toBe('—');
    expect(formatCount(1, 'ligne')).toBe(`1${NBSP}ligne`);
    expect(formatCount(2, 'produit')).toBe(`2${NBSP}produits`);
    expect(formatDifferenceCount(0)).toBe('Aucun écart');
    expect(formatDifferenceCount(3)).toBe(`3${NBSP}lignes avec écart`);
  });
});
