import { describe, expect, it } from 'vitest';
import { code39Widths, decodeCode39 } from '../../../shared/code39.js';

describe('Code 39 (the ticket barcode)', () => {
  it('frames the text with * and separates characters with a narrow space', () => {
    const w = code39Widths('VB');
    // *, V, B, *: 4 characters of 9 elements and 3 gaps.
    expect(w).toHaveLength(4 * 9 + 3);
    expect(w.slice(0, 9).join('')).toBe('121121211');
    expect(w.slice(10, 19).join('')).toBe('122111112');
    expect(w.slice(20, 29).join('')).toBe('112112112');
    expect([w[9], w[19], w[29]]).toEqual([1, 1, 1]);
  });
  it('has exactly 3 wide elements in every character, and reads back what it wrote', () => {
    const number = 'VB-2026-000123';
    const w = code39Widths(number);
    for (let i = 0; i < w.length; i += 10) expect(w.slice(i, i + 9).filter((x) => x === 2)).toHaveLength(3);
    expect(decodeCode39(w)).toBe(number);
    expect(decodeCode39(code39Widths('fac-2026-000001'))).toBe('FAC-2026-000001');
  });
  it('refuses what Code 39 cannot write', () => {
    expect(() => code39Widths('VB_1')).toThrow(RangeError);
    expect(() => code39Widths('A*B')).toThrow(RangeError);
  });
});
