import { describe, expect, it } from 'vitest';
import { addMonths, businessDate, dashboardPeriods, hourIn } from '../../../server/domain/dates.js';
import { dashboardGreeting } from '../../../server/http/presenters/dashboard.js';
import { comparisonLabel } from '../../../server/http/presenters/dashboard-cards.js';
import { trendOf } from '../../../shared/dashboard.js';

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

describe('addMonths (the same day another month, within it)', () => {
  it('keeps the day, or the last day of a shorter month', () => {
    expect(addMonths('2026-12-01', -1)).toBe('2026-11-01');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2028-03-30', -1)).toBe('2028-02-29');
    expect(addMonths('2026-03-29', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-31');
    expect(addMonths('2026-05-31', -1)).toBe('2026-04-30');
    expect(addMonths('2026-11-30', 1)).toBe('2026-12-30');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
});

describe('the periods the dashboard compares, and how they are said', () => {
  const said = (today: string) => {
    const p = dashboardPeriods(today);
    return {
      yesterday: p.yesterday,
      day: [p.lastMonthDay, comparisonLabel('last_month_day', p.lastMonthDay, today)],
      month: [p.month, p.lastMonthToDate, comparisonLabel('last_month_to_date', p.lastMonthToDate, today)],
    };
  };

  it('compares a day with yesterday and the same day last month, the month so far with the same part of last month', () => {
    expect(said('2026-11-15')).toEqual({
      yesterday: { from: '2026-11-14', to: '2026-11-14' },
      day: [{ from: '2026-10-15', to: '2026-10-15' }, 'Même jour le mois dernier (15/10)'],
      month: [
        { from: '2026-11-01', to: '2026-11-15' },
        { from: '2026-10-01', to: '2026-10-15' },
        'Même période le mois dernier (du 01/10 au 15/10)',
      ],
    });
    expect(comparisonLabel('yesterday', dashboardPeriods('2026-11-15').yesterday, '2026-11-15')).toBe('Hier');
  });

  it('on 31 March: the last day of February (28/02, 29/02 in a leap year), and all of February for the month', () => {
    expect(said('2026-03-31')).toEqual({
      yesterday: { from: '2026-03-30', to: '2026-03-30' },
      day: [{ from: '2026-02-28', to: '2026-02-28' }, 'Dernier jour du mois dernier (28/02)'],
      month: [
        { from: '2026-03-01', to: '2026-03-31' },
        { from: '2026-02-01', to: '2026-02-28' },
        'Même période le mois dernier (du 01/02 au 28/02)',
      ],
    });
    expect(said('2028-03-31').day).toEqual([
      { from: '2028-02-29', to: '2028-02-29' },
      'Dernier jour du mois dernier (29/02)',
    ]);
    // 29 February in a leap year has its day in March: the same day, not the last.
    expect(said('2028-03-29').day).toEqual([
      { from: '2028-02-29', to: '2028-02-29' },
      'Même jour le mois dernier (29/02)',
    ]);
  });

  it('on the 1st: yesterday is last month, the month so far is one day against one day', () => {
    expect(said('2026-03-01')).toEqual({
      yesterday: { from: '2026-02-28', to: '2026-02-28' },
      day: [{ from: '2026-02-01', to: '2026-02-01' }, 'Même jour le mois dernier (01/02)'],
      month: [
        { from: '2026-03-01', to: '2026-03-01' },
        { from: '2026-02-01', to: '2026-02-01' },
        'Même période le mois dernier (le 01/02)',
      ],
    });
    // 1 January: last year's December.
    expect(said('2027-01-01').month).toEqual([
      { from: '2027-01-01', to: '2027-01-01' },
      { from: '2026-12-01', to: '2026-12-01' },
      'Même période le mois dernier (le 01/12)',
    ]);
  });
});

describe('trendOf (how a figure moved against another)', () => {
  it('gives the direction and the change over the other figure, in basis points', () => {
    expect(trendOf(12_000, 10_000)).toEqual({ direction: 'up', rate: 2_000 });
    expect(trendOf(0, 993_360)).toEqual({ direction: 'down', rate: -10_000 });
    expect(trendOf(5_000, 5_000)).toEqual({ direction: 'flat', rate: 0 });
    expect(trendOf(1, 3)).toEqual({ direction: 'down', rate: -6_667 });
    // A negative previous net (more refunded than sold): the change over its size.
    expect(trendOf(1_000, -1_000)).toEqual({ direction: 'up', rate: 20_000 });
  });

  it('says no rate when the other figure was 0', () => {
    expect(trendOf(15_000, 0)).toEqual({ direction: 'up', rate: null });
    expect(trendOf(0, 0)).toEqual({ direction: 'flat', rate: null });
  });
});
