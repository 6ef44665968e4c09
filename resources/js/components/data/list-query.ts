/**
 * Pure helpers for list pages: the list state (search, sort, filters, page size) lives in the
 * query string so a list can be bookmarked, reloaded or shared, and exports get the same rows.
 */
import type { ListParams, SortDir } from '@shared/lists';

export type QueryValue = string | number | null | undefined;
export type Query = Record<string, string>;

/**
 * The query of a list after `changes`: empty values are dropped (the server applies its
 * defaults), and the page goes back to 1 whenever anything else changes (page 7 of a new
 * search makes no sense).
 */
export function listQuery(params: ListParams<object>, changes: Record<string, QueryValue> = {}, defaults: { per_page?: number } = {}): Query {
  const merged: Record<string, QueryValue> = {
    q: params.q,
    sort: params.sort,
    dir: params.dir,
    per_page: params.per_page,
    ...(params.filters as Record<string, QueryValue>),
    ...changes,
  };
  const out: Query = {};
  for (const [key, value] of Object.entries(merged)) {
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text === '') continue;
    if (key === 'per_page' && Number(text) === (defaults.per_page ?? 25)) continue;
    if (key === 'page' && text === '1') continue;
    out[key] = text;
  }
  return out;
}

export function withQuery(path: string, query: Query): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** Clicking a column: ascending first, then descending; another column starts ascending. */
export function nextSort(current: { sort: string; dir: SortDir }, column: string): { sort: string; dir: SortDir } {
  if (current.sort !== column) return { sort: column, dir: 'asc' };
  return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

/** The export link of a list: the same filters, search and sort, without the page. */
export function exportHref(base: string, params: ListParams<object>, format: 'csv' | 'xlsx'): string {
  const query = listQuery(params);
  delete query.per_page;
  return withQuery(`${base}/export`, { ...query, format });
}

/** How many filters differ from their defaults (the badge on the "Filtres" button). */
export function activeFilterCount(filters: object, defaults: Record<string, string>): number {
  return Object.entries(filters as Record<string, unknown>).filter(([k, v]) => String(v ?? '') !== (defaults[k] ?? '')).length;
}

/** Query for a list filter: empty values dropped so the server applies its defaults. */
export function cleanQuery(values: Record<string, string | number | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined) continue;
    const s = String(v).trim();
    if (s !== '') out[k] = s;
  }
  return out;
}
