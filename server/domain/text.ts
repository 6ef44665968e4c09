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
