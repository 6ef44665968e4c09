import type { Permission } from '../../../shared/permissions.js';
import type { SearchDocumentKind } from '../../../shared/search.js';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_KEYS,
  type DocumentPlacesDecl,
  type DocumentSeries,
  type DocumentShowRoute,
} from '../../../shared/documents.js';

/**
 * Where the global search looks for a document number: one entry per document type of
 * shared/documents.ts (table, date and status columns, places, the screens that open it, the page a
 * result opens). A type declared there is found by the header search; nothing to add here.
 * The table's `number` column needs a prefix index, created by the document's migration like those
 * of migration 202611232207_search_key (NOCASE on SQLite, text_pattern_ops on PostgreSQL).
 */
export interface SearchedDocument {
  /** The number's prefix: 'ENT' for ENT-2026-000001. */
  series: DocumentSeries;
  /** What the document is, in French, shown under the number. */
  label: string;
  table: string;
  dateColumn: string;
  /** Status column (null when the document has none). */
  statusColumn: string | null;
  /** Badge kind of the status (StatusBadge). */
  kind: SearchDocumentKind;
  /** Who may open the document: any of these screens (checked by server/policies searchScope). */
  screens: readonly Permission[];
  /**
   * The place columns of the table: a restricted user finds only the documents of the places they
   * work in (whereAllowedLocation, server/services/places/scope.ts; several columns: any of them).
   * Empty for a document tied to no location.
   */
  locationColumns: readonly string[];
  /**
   * A document tied to treasury accounts rather than a location (a settlement: the account paid
   * into; a caisse operation: the account the money leaves and the one it enters): a restricted
   * user finds those of an account they work on (whereAllowedAccount; several columns: any of
   * them) and those of no account at all.
   */
  accountColumns: readonly string[];
  /** The page a result opens (route name with `id`); built by the presenter. */
  page: DocumentShowRoute;
}

export const SEARCHED_DOCUMENTS: readonly SearchedDocument[] = DOCUMENT_TYPE_KEYS.map((type) => {
  const d = DOCUMENT_TYPES[type];
  const places: DocumentPlacesDecl = d.places;
  return {
    series: d.series,
    label: d.label,
    table: d.table,
    dateColumn: d.columns.date,
    statusColumn: d.columns.status,
    kind: d.badge,
    screens: d.screens,
    locationColumns: Object.values(places.locations ?? {}),
    accountColumns: places.accounts ?? [],
    page: d.show.route,
  };
});

/**
 * A typed document number read as a prefix of stored numbers: "ent" → "ENT-", "ent 2026" →
 * "ENT-2026-", "ENT-2026-12" → "ENT-2026-000012" (the number in full) or "ENT-2026-12"… ; null
 * when the text is not one of the registered series.
 */
export function documentNumberQuery(
  text: string,
  series: readonly string[],
): { series: string; exact: string | null; prefix: string } | null {
  const m = /^([a-z]{2,4})(?:[\s-]*(\d{1,4})(?:[\s-]+(\d{1,6}))?)?[\s-]*$/i.exec(text.trim());
  if (!m) return null;
  const s = m[1].toUpperCase();
  if (!series.includes(s)) return null;
  const year = m[2];
  const seq = m[3];
  if (!year) return { series: s, exact: null, prefix: `${s}-` };
  if (year.length < 4 || !seq) return { series: s, exact: null, prefix: `${s}-${year}${year.length === 4 ? '-' : ''}` };
  return { series: s, exact: `${s}-${year}-${seq.padStart(6, '0')}`, prefix: `${s}-${year}-${seq}` };
}

/** Digits of a number's sequence part: FAC-2026-000230 holds 000230. */
export const SEQUENCE_DIGITS = 6;

/**
 * A bare number fragment (« 230 », « 000230 »): the sequence part of document numbers of any
 * series and year. Read as the stored numbers' sequences that equal it (`exact`: « 000230 ») or
 * start with it (`prefixes`, one per longer sequence length: « 00230 », « 0230 », « 230 » for the
 * sequences 2 300–2 309, 23 000–23 099 and 230 000–230 999), each a prefix of the zero-padded
 * sequence, so that the number's own prefix index answers it. null when the text is not 1 to 6
 * digits or only zeros.
 */
export function sequenceFragment(text: string): { exact: string; prefixes: string[] } | null {
  const typed = text.trim();
  if (!new RegExp(`^\\d{1,${SEQUENCE_DIGITS}}$`).test(typed)) return null;
  const digits = typed.replace(/^0+/, '');
  if (!digits) return null;
  const pad = (length: number) => '0'.repeat(SEQUENCE_DIGITS - length) + digits;
  const prefixes: string[] = [];
  for (let length = digits.length + 1; length <= SEQUENCE_DIGITS; length++) prefixes.push(pad(length));
  return { exact: pad(digits.length), prefixes };
}
