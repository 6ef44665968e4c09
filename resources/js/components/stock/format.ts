/**
 * Pure display helpers of the stock screens: signed differences, idempotency keys for the create
 * forms, errors of document lines (dates and quantities come from data/format). No React here: unit-tested.
 */

import { formatQty } from '@/components/data/format';

export { formatDate, formatDateTime, formatQty } from '@/components/data/format';

/** A difference with its sign: +3, −2 (true minus sign), 0. */
export function formatSigned(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (value > 0) return `+${formatQty(value)}`;
  if (value < 0) return `\u2212${formatQty(-value)}`;
  return '0';
}

/** A fresh key for a document-creating form: a replay of the same submit is recognised by the server. */
export function newIdempotencyKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type ErrorMap = Record<string, string | Record<string, string> | undefined>;

/** The server's message for one cell of a document line ('lines.3.quantity'). */
export function lineError(errors: ErrorMap, index: number, field: string): string | undefined {
  const v = errors[`lines.${index}.${field}`];
  return typeof v === 'string' ? v : undefined;
}

/** Any error about line `index`, whatever the field. */
export function lineHasError(errors: ErrorMap, index: number): boolean {
  const prefix = `lines.${index}.`;
  return Object.keys(errors).some((k) => k.startsWith(prefix) && errors[k]);
}

/**
 * Messages the form does not show beside a field (document-wide refusals: 'lines', 'version',
 * 'status', '_form', or line errors when `withLines`), so none is ever lost.
 */
export function formLevelErrors(errors: ErrorMap, shownFields: string[], withLines = false): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value !== 'string' || !value) continue;
    if (shownFields.includes(key)) continue;
    if (!withLines && /^lines\.\d+\./.test(key)) continue;
    out.push(value);
  }
  return out;
}

/** Query for a list filter: empty values dropped so the server applies its defaults. */
export function cleanQuery(values: Record<string, string | number | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined) continue;
    const s = String(v).trim();
    if (s !== '') out[k] = s;
  }
  return out;
}

/** Entry quantity in base units: packs × pack size. */
export function baseQuantity(quantity: number | null, unit: 'unit' | 'pack', packSize: number): number {
  if (quantity === null || !Number.isFinite(quantity)) return 0;
  return unit === 'pack' ? quantity * Math.max(1, packSize) : quantity;
}

/** Amount of an entry line (base quantity × unit cost), 0 while incomplete. */
export function lineAmount(quantity: number | null, unit: 'unit' | 'pack', packSize: number, unitCost: number | null): number {
  if (unitCost === null) return 0;
  return baseQuantity(quantity, unit, packSize) * unitCost;
}

/**
 * The document-wide 'lines' message, unless a line already shows the same text (a shortage is
 * reported both on the document and on the line's quantity: say it once, on the line).
 */
export function linesMessage(errors: ErrorMap): string | undefined {
  const v = errors.lines;
  if (typeof v !== 'string' || !v) return undefined;
  return Object.entries(errors).some(([k, m]) => /^lines\.\d+\./.test(k) && m === v) ? undefined : v;
}
