import { describe, expect, it } from 'vitest';
import { dayStartUtc } from '../../../server/domain/dates.js';

/** The instant a business date starts in the company's zone: what the journal's period filter compares with. */
describe('dayStartUtc', () => {
  it('is midnight UTC where the zone is UTC (Abidjan, Dakar)', () => {
    expect(dayStartUtc('2026-03-14', 'Africa/Abidjan')).toBe('2026-03-14T00:00:00.000Z');
  });
  it('is the evening before in UTC for zones ahead (Douala, Paris) and after for zones behind', () => {
    expect(dayStartUtc('2026-03-14', 'Africa/Douala')).toBe('2026-03-13T23:00:00.000Z');
    expect(dayStartUtc('2026-07-14', 'Europe/Paris')).toBe('2026-07-13T22:00:00.000Z');
    expect(dayStartUtc('2026-01-14', 'Europe/Paris')).toBe('2026-01-13T23:00:00.000Z');
    expect(dayStartUtc('2026-01-14', 'America/New_York')).toBe('2026-01-14T05:00:00.000Z');
  });
  it('falls back to UTC for an unknown zone', () => {
    expect(dayStartUtc('2026-03-14', 'Nowhere/Atlantis')).toBe('2026-03-14T00:00:00.000Z');
  });
});
