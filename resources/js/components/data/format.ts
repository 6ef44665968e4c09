/**
 * The one place dates, quantities and signed differences are shaped for display (DESIGN: dates
 * dd/MM/yyyy, French digit grouping); money is formatted by shared/money.ts (<Money>). Business
 * dates ('2026-03-05') are rewritten as text, never through a time zone; timestamps are shown in
 * the browser's time zone. Missing values show as '—'.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A rate in basis points: « 12,5 % » (one decimal, the true minus sign); '—' when there is none. */
export function formatRate(bp: number | null | undefined): string {
  return typeof bp === 'number' && Number.isFinite(bp)
    ? `${(bp / 100).toFixed(1).replace('.', ',').replace('-', '\u2212')}\u00a0%`
    : '—';
}

// Quantities are written by shared/quantity.ts, the one module the server's messages use too.
export {
  agree,
  formatCount,
  formatDifferenceCount,
  formatQty,
  formatQuantity,
  formatSigned,
  formatUnitTotals,
  pluralUnit,
} from '@shared/quantity';

/** A timestamp as the server sends it; a SQLite "2026-11-22 07:55:00" is UTC, made ISO so every browser reads it alike. */
function parseTimestamp(value: string): Date | null {
  const iso =
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) && !/[zZ+]/.test(value.slice(10))
      ? `${value.replace(' ', 'T')}Z`
      : value;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '2026-03-05' → '05/03/2026'; a timestamp → its local day; anything unreadable as is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  const d = parseTimestamp(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : value;
}

/** A timestamp → '05/03/2026 14:07' in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = parseTimestamp(value);
  return d
    ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`
    : value;
}

/** A timestamp → '14:07' in the browser's time zone (a time of today: a sale put on hold). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = parseTimestamp(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : value;
}

/** The class of a signed difference: green for a gain, red for a loss, none for 0 or nothing. */
export function diffClass(value: number | null | undefined): string {
  return value ? (value > 0 ? 'app-diff-pos' : 'app-diff-neg') : '';
}
