/**
 * Before/after of an update for the audit log: only the fields that changed, compared as stored
 * values (booleans normalised), so the log says exactly what was modified.
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const oldValue = normalise(before[field]);
    const newValue = normalise(after[field]);
    if (oldValue !== newValue) {
      b[field] = oldValue;
      a[field] = newValue;
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value) && value.length < 16) return Number(value);
  return value;
}
