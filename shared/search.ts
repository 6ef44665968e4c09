/**
 * The header's global search (GET route('search') ?q=): one JSON answer, results grouped —
 * products, clients, suppliers, documents, then screens — each group limited, each result with the
 * URL of the record's page. The server filters by the user's permissions (server/policies).
 */

export type SearchGroupKey = 'products' | 'clients' | 'suppliers' | 'documents' | 'screens';

/** The kinds of document a result can show a status badge for (StatusBadge `kind`); a new series adds its kind. */
export type SearchDocumentKind = 'entry' | 'transfer' | 'count' | 'readjustment' | 'sale' | 'settlement' | 'cash';

export interface SearchHit {
  /** The page the result opens. */
  url: string;
  title: string;
  /** One line of details under the title: codes, category, document type… */
  meta: string;
  /** A business date shown on the right (dd/MM/yyyy by the client). */
  date?: string | null;
  /** A document's status, for its badge. */
  status?: { kind: SearchDocumentKind; value: string } | null;
  /** Font Awesome icon of a screen. */
  icon?: string;
}

export interface SearchGroup {
  key: SearchGroupKey;
  label: string;
  icon: string;
  items: SearchHit[];
}

export interface GlobalSearchResponse {
  /** The query as answered (the client drops answers to older queries). */
  q: string;
  groups: SearchGroup[];
}

/** At most this many results per group. */
export const SEARCH_GROUP_LIMIT = 5;
/** Longer queries are cut. */
export const SEARCH_MAX_QUERY = 64;
