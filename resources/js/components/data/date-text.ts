/**
 * A date as a French user types and reads it — jj/mm/aaaa, whatever the browser's language — and
 * as the server takes it (ISO YYYY-MM-DD). Pure, for DateInput and its tests.
 */

/** « 2026-11-02 » → « 02/11/2026 » ('' for anything else). */
export function isoToDateText(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** Whether day/month/year is a day of the calendar (31/02 is not; 29/02 only in a leap year). */
function existing(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ][month - 1];
  return day <= days;
}

export type ParsedDate = { iso: string } | { error: string } | { empty: true };

export const DATE_FORMAT_HINT = 'jj/mm/aaaa';

/**
 * What a user typed in a date field: « 02/11/2026 », « 2/11/26 », « 2.11.2026 », « 2-11-2026 »,
 * « 02112026 », « 2/11 » (this year) — day first, always; a two-digit year is 20xx; an ISO date
 * (pasted) is taken as it is. Out of `min`/`max` (ISO) or not a day of the calendar: the French
 * reason. `referenceYear` is the year of a date typed without one.
 */
export function parseDateText(
  text: string,
  { min, max, referenceYear }: { min?: string; max?: string; referenceYear: number },
): ParsedDate {
  const typed = text.trim();
  if (!typed) return { empty: true };
  let day: number;
  let month: number;
  let year: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const parts = /^(\d{1,2})[/.\-\s]+(\d{1,2})(?:[/.\-\s]+(\d{2}|\d{4}))?$/.exec(typed);
  const compact = /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(typed);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (parts || compact) {
    const [, d, m, y] = (parts ?? compact)!;
    day = Number(d);
    month = Number(m);
    year = y === undefined ? referenceYear : y.length === 2 ? 2000 + Number(y) : Number(y);
  } else
    return {
      error: `Date invalide : saisissez-la au format ${DATE_FORMAT_HINT} (par exemple 02/11/${referenceYear}).`,
    };
  if (!existing(year, month, day))
    return { error: `Le ${pad(day)}/${pad(month)}/${year} n’existe pas dans le calendrier.` };
  const value = isoOf(year, month, day);
  if (min && value < min) return { error: `La date ne peut pas être avant le ${isoToDateText(min)}.` };
  if (max && value > max) return { error: `La date ne peut pas être après le ${isoToDateText(max)}.` };
  return { iso: value };
}
