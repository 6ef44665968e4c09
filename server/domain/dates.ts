/**
 * Business dates are calendar dates (YYYY-MM-DD) in the company's time zone (DESIGN.md §3).
 */
import { addDays } from '../../shared/dates.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Today (or the given instant) as YYYY-MM-DD in the time zone; an unknown zone falls back to UTC. */
export function businessDate(timeZone: string, at: Date = new Date()): string {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) of the instant on the time zone's wall clock; an unknown zone falls back to UTC. */
export function hourIn(timeZone: string, at: Date = new Date()): number {
  let f = hourFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    } catch {
      f = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', hourCycle: 'h23' });
    }
    hourFormatters.set(timeZone, f);
  }
  return Number(f.formatToParts(at).find((p) => p.type === 'hour')?.value ?? at.getUTCHours()) % 24;
}

/** Is this a real calendar date written YYYY-MM-DD? */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

// The day arithmetic the client shares (a due date from a sale date): one implementation, in shared/.
export { addDays };

/**
 * The same day `n` months away (YYYY-MM-DD), kept within its month: 31/03 one month back is
 * 28/02 (29/02 in a leap year) — the dashboard's « même jour le mois dernier ».
 */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The first day of the date's month (YYYY-MM-01). */
export const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/**
 * The periods the dashboard's sales cards show and compare (each from → to, business dates): today
 * against yesterday and the same day last month (`addMonths`: 31/03 → 28/02), the month so far
 * against the same part of last month (01/02 → 28/02 on 31/03: all of February).
 */
export function dashboardPeriods(today: string) {
  const yesterday = addDays(today, -1);
  const lastMonthDay = addMonths(today, -1);
  return {
    today: { from: today, to: today },
    yesterday: { from: yesterday, to: yesterday },
    lastMonthDay: { from: lastMonthDay, to: lastMonthDay },
    month: { from: monthStart(today), to: today },
    lastMonthToDate: { from: monthStart(lastMonthDay), to: lastMonthDay },
  };
}
export type DashboardPeriods = ReturnType<typeof dashboardPeriods>;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The instant (ISO, UTC) at which the business date starts in the time zone: what a period filter
 * on stored timestamps compares with (`occurred_at >= dayStartUtc(from, tz)`).
 */
export function dayStartUtc(date: string, timeZone: string): string {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      f = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    }
    offsetFormatters.set(timeZone, f);
  }
  const guess = Date.parse(`${date}T00:00:00Z`);
  // The wall clock of the zone at the UTC midnight tells the offset; one correction covers DST.
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const parts = Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    at = at - (wall - guess);
  }
  return new Date(at).toISOString();
}
