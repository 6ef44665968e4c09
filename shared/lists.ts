/**
 * The vocabulary of every list screen, shared by the server (list parameters, pagination,
 * presenters) and the client (toolbar, sort headers, pagination, selects).
 */

export interface Paginated<T> {
  data: T[];
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export type SortDir = 'asc' | 'desc';

/** The list state as the server understood it from the query string (unknown values dropped). */
export interface ListParams<F extends object = Record<string, string>> {
  q: string;
  sort: string;
  dir: SortDir;
  per_page: number;
  filters: F;
}

export const PER_PAGE_OPTIONS = [25, 50, 100] as const;

/** One choice of a select or filter: the value as the query string carries it, and its French label. */
export interface Option {
  value: string;
  label: string;
}

/** The record id an option stands for (null when there is no option). */
export function optionId(option: Option | undefined | null): number | null {
  return option ? Number(option.value) : null;
}

/** A location as the filters and forms list it (an archived one is still shown in old documents). */
export interface LocationOption extends Option {
  code: string;
  kind: string;
  active: boolean;
}

/** Status filter of the lists of records that can be archived. */
export type StatusFilter = 'active' | 'archived' | 'all';
