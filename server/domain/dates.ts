/**
 * Business dates are calendar dates (YYYY-MM-DD) in the company's time zone (DESIGN.md §3).
 */

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

/** YYYY-MM-DD plus n days. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
