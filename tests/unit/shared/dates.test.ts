import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates.js';

describe('addDays', () => {
  it('counts calendar days across months, years and 29 February, forwards and backwards', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
    expect(addDays('2026-01-15', 30)).toBe('2026-02-14');
  });
  it('gives back a text that is not a date unchanged (an empty date field)', () => {
    expect(addDays('', 30)).toBe('');
    expect(addDays('pas une date', 1)).toBe('pas une date');
  });
});
