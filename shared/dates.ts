/**
 * Calendar dates (YYYY-MM-DD) as the screens and the server count them: days are added in UTC, so
 * no time zone or daylight-saving change moves a date.
 */

/** The date `days` later (earlier when negative); a text that is not a date comes back as it is. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
