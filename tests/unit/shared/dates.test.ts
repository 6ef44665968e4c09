import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates.js';

describe('addDays (calendar dates)', () => {
  it('adds days across a month and a year', () => {
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('counts back with a negative number, and over a leap day', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
  it('gives back a text that is not a date unchanged', () => {
    expect(addDays('', 30)).toBe('');
  });
});
