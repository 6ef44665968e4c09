/**
 * Calendar dates written YYYY-MM-DD (business dates, due dates), for the server and the client
 * alike: counted in UTC, so a day is always a day whatever the machine's time zone.
 */

/** YYYY-MM-DD plus n days (n may be negative). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
