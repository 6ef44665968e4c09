/**
 * The caps of an uploaded import file (DESIGN.md §8: uploads are size-capped on what they unpack
 * to, parsed as streams with caps on rows, columns and cell length), and the error a file that
 * breaks one of them raises (→ a French error on the upload's "file" field, never a 500).
 */
export class ImportFileError extends Error {}

/** The uploaded file itself (CSV, or XLSX compressed). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Data rows (the header row not counted). */
export const MAX_IMPORT_ROWS = 20_000;
/** Columns of a row: our imports have about fifteen. */
export const MAX_IMPORT_COLUMNS = 100;
/** Characters of one cell: the longest field (a description) holds 500. */
export const MAX_CELL_LENGTH = 1_000;
/** Characters of the whole table read (what the preview keeps). */
export const MAX_TABLE_CHARS = 16_000_000;
/** XLSX: the archive's declared uncompressed size, and the size of its parts. */
export const MAX_XLSX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 500;
export const MAX_XLSX_SHEET_BYTES = 80 * 1024 * 1024;
export const MAX_XLSX_SHARED_STRINGS_BYTES = 16 * 1024 * 1024;
export const MAX_XLSX_SMALL_PART_BYTES = 4 * 1024 * 1024;
/** Wall-clock time one file may take to be read. */
export const MAX_IMPORT_READ_MS = 15_000;

export const fr = (n: number) => n.toLocaleString('fr-FR');
