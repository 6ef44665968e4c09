/**
 * Control characters: C0 (tab and line breaks aside), DEL and C1. No user types them, a text field
 * never holds them, and PostgreSQL refuses NUL outright: the schemas refuse them in form input
 * (server/services/records/fields.ts) and the URL readers strip them (server/http/query.ts), so both
 * databases see the same text.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function hasControlCharacters(s: string): boolean {
  return CONTROL.test(s);
}

export function stripControlCharacters(s: string): string {
  return s.replace(CONTROL_ALL, '');
}

/**
 * What does not show on a screen or on paper: white space of every kind (spaces, no-break and
 * ideographic spaces, tabs, line and paragraph separators — Zs, Zl, Zp), controls (Cc), format
 * characters (Cf: zero-width space, joiner and non-joiner, word joiner, soft hyphen, byte-order
 * mark, direction marks) and the other default-ignorable code points (variation selectors,
 * combining grapheme joiner, Hangul fillers).
 */
const INVISIBLE = /[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * An operator's transaction id (mobile money) as it is stored and compared: compatibility
 * characters folded to their plain form (NFKC: full-width Ｏｍ１２ → Om12, ligatures, circled
 * digits), every invisible character removed (inner spaces included: an id never holds one),
 * upper case. « om 12 », « OM\u200b12 », « ＯＭ１２ » and « OM\u00ad12 » are all « OM12 », so an id
 * typed again in disguise is the same id. Idempotent.
 */
export function normaliseOperatorReference(reference: string): string {
  const folded = reference.normalize('NFKC').replace(INVISIBLE, '');
  return folded.toUpperCase().normalize('NFKC').replace(INVISIBLE, '');
}
