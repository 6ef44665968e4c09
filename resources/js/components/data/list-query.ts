/**
 * Pure helpers of every list screen (master data, stock documents, count lines…): the list state
 * (search, sort, filters, page size, tab) lives in the query string, so a list can be bookmarked,
 * reloaded or shared, and exports get the same rows. useList() navigates with them.
 */
import { type ListParams, PER_PAGE_OPTIONS, type SortDir } from '@shared/lists';
import { queryString } from '@shared/routes';

export type QueryValue = string | number | boolean | null | undefined;
/** A list's state as its query string carries it: `{ q: 'riz', status: 'active', sort: 'name', dir: 'asc' }`. */
export type ListState = Record<string, QueryValue>;
export type Query = Record<string, string>;

export const DEFAULT_PER_PAGE: number = PER_PAGE_OPTIONS[0];

/**
 * The flat state of a list from what the server sent: master-data lists send `params`
 * ({ q, sort, dir, per_page, filters }), document lists their flat `filters` (plus `tab`…).
 */
export function listState(source: ListParams<object> | object): ListState {
  if ('filters' in source && 'per_page' in source && typeof source.filters === 'object' && source.filters) {
    const { filters, ...rest } = source as ListParams<object>;
    return { ...rest, ...(filters as ListState) };
  }
  return { ...(source as ListState) };
}

/**
 * The query of a list after `changes`: empty values are dropped (the server applies its
 * defaults), so is the default page size, and the page goes back to 1 whenever anything else
 * changes (page 7 of a new search makes no sense).
 */
export function listQuery(state: ListState, changes: ListState = {}, defaults: { per_page?: number } = {}): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries({ ...state, ...changes })) {
    if (value === null || value === undefined || value === false) continue;
    const text = value === true ? '1' : String(value).trim();
    if (text === '') continue;
    if (key === 'per_page' && Number(text) === (defaults.per_page ?? DEFAULT_PER_PAGE)) continue;
    if (key === 'page' && text === '1') continue;
    out[key] = text;
  }
  return out;
}

/** Only the named keys of a state (what a reset keeps: tab, sort, page size). */
export function pickState(state: ListState, keys: readonly string[]): ListState {
  return Object.fromEntries(Object.entries(state).filter(([k]) => keys.includes(k)));
}

/** Clicking a column: ascending first, then descending; another column starts ascending. */
export function nextSort(current: { sort: string; dir: SortDir }, column: string): { sort: string; dir: SortDir } {
  if (current.sort !== column) return { sort: column, dir: 'asc' };
  return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

/** The download link of a list (`url` = its export route): the same filters, search and sort, no paging. */
export function exportHref(url: string, state: ListState, format: 'csv' | 'xlsx'): string {
  const { per_page: _, ...query } = listQuery(state);
  return url + queryString({ ...query, format });
}
