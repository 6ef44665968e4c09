/**
 * The server's validation errors as a form shows them (Inertia `errors`: field → French message;
 * document lines as 'lines.<index>.<field>'). Pure, unit-tested.
 */

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

/**
 * The document-wide 'lines' message, unless a line already shows the same text (a shortage is
 * reported both on the document and on the line's quantity: say it once, on the line).
 */
export function linesMessage(errors: ErrorMap): string | undefined {
  const v = errors.lines;
  if (typeof v !== 'string' || !v) return undefined;
  return Object.entries(errors).some(([k, m]) => /^lines\.\d+\./.test(k) && m === v) ? undefined : v;
}

/**
 * The server's errors are keyed by line position ('lines.2.quantity'): once a line is removed
 * they would point at the wrong row, so they are dropped from that position on.
 */
export function errorsAfterRemoval(errors: ErrorMap, removed: number): ErrorMap {
  const out: ErrorMap = {};
  for (const [k, v] of Object.entries(errors)) {
    const m = /^lines\.(\d+)\./.exec(k);
    if (m && Number(m[1]) >= removed) continue;
    out[k] = v;
  }
  return out;
}
