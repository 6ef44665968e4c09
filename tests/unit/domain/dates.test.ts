import { describe, expect, it } from 'vitest';
import { businessDate, hourIn } from '../../../server/domain/dates.js';
import { dashboardGreeting } from '../../../server/http/presenters/dashboard.js';

describe('hourIn', () => {
  const at = new Date('2026-03-10T17:30:00Z');

  it('reads the hour on the zone’s wall clock, not the server’s', () => {
    expect(hourIn('Africa/Abidjan', at)).toBe(17);
    expect(hourIn('Europe/Paris', at)).toBe(18);
    expect(hourIn('America/New_York', at)).toBe(13);
    expect(hourIn('Asia/Kolkata', at)).toBe(23);
  });

  it('gives 0 at midnight (never 24) and follows daylight saving time', () => {
    expect(hourIn('Africa/Abidjan', new Date('2026-03-10T00:05:00Z'))).toBe(0);
    expect(hourIn('Europe/Paris', new Date('2026-07-01T22:00:00Z'))).toBe(0);
    expect(hourIn('Europe/Paris', new Date('2026-01-01T22:00:00Z'))).toBe(23);
  });

  it('falls back to UTC for an unknown zone, as businessDate does', () => {
    expect(hourIn('Nowhere/Atlantis', at)).toBe(17);
    expect(businessDate('Nowhere/Atlantis', at)).toBe('2026-03-10');
  });
});

describe('dashboardGreeting', () => {
  it('says Bonjour before 18:00 and Bonsoir from 18:00, with the first name', () => {
    expect(dashboardGreeting({ name: 'KONÉ Awa', first_name: ' Awa ' }, 17)).toBe('Bonjour, Awa');
    expect(dashboardGreeting({ name: 'KONÉ Awa', first_name: 'Awa' }, 18)).toBe('Bonsoir, Awa');
    // No first name given: the full name, never a guess (the first word would be the family name).
    expect(dashboardGreeting({ name: '  KONÉ   Awa ', first_name: null }, 9)).toBe('Bonjour, KONÉ Awa');
    expect(dashboardGreeting({ name: 'Awa', first_name: '  ' }, 0)).toBe('Bonjour, Awa');
  });
});
