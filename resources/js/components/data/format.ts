/** Dates as the server sends them (ISO strings) → French display, in the browser's time zone. */
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

function parse(value: string): Date | null {
  // SQLite gives "2026-11-22 07:55:00" (UTC): make it ISO so every browser reads it the same.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) && !/[zZ+]/.test(value.slice(10)) ? `${value.replace(' ', 'T')}Z` : value;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = parse(value);
  return d ? dateTime.format(d) : value;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = parse(value);
  return d ? dateOnly.format(d) : value;
}

export function formatQuantity(value: number): string {
  return value.toLocaleString('fr-FR');
}
