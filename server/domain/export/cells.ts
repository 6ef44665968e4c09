/**
 * Formula injection (DESIGN.md §8): a spreadsheet treats a cell that begins with = + - @ (or a tab
 * or carriage return, which some programs strip first) as a formula. Text cells that do are written
 * with a leading apostrophe, which spreadsheets show as plain text. Numbers are written as numbers
 * and need nothing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes escapeCell when a file we exported comes back as an import. */
export function unescapeCell(value: string): string {
  return value.length > 1 && value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
