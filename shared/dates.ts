/**
 * Calendar dates written YYYY-MM-DD (business dates, due dates), for the server and the client
 * alike: counted in UTC, so a day is always a day whatever the machine's time zone.
 */

/** YYYY-MM-DD plus n days (n may be negative); a text that is not a date (a field left empty) comes back as it is. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
