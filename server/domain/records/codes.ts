/**
 * Record codes (CL00001, FR00001, CAT001, P000001…): normalised to upper case without spaces, and
 * the next free one is suggested from the highest existing code of the same pattern.
 */

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9._\-/]*$/;

/** " cl-001 " → "CL-001". */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, '');
}

/**
 * The code after the highest `prefix` + digits among `existing` (zero-padded to `width`), or the
 * first one. Codes of another shape are ignored.
 */
export function nextCode(existing: Iterable<string>, prefix: string, width: number): string {
  const re = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)$`);
  let max = 0;
  for (const code of existing) {
    const m = re.exec(code);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `${prefix}${String(max + 1).padStart(width, '0')}`;
}
