import type { Request } from 'express';
import { addDays, isIsoDate } from '../domain/dates.js';
import { NotFound } from '../domain/errors.js';
import { stripControlCharacters } from '../domain/text.js';
import { PER_PAGE_OPTIONS, type ListParams, type SortDir, type StatusFilter } from '../../shared/lists.js';

/**
 * Everything a route reads from the URL: list state (search, sort, page, filters), single query
 * values, periods and route ids. Unknown or malformed values are dropped, never passed to SQL.
 */

export type Query = Request['query'] | Record<string, unknown>;

/**
 * Reads the list state from the query string. Only allowlisted sort columns are kept (an unknown
 * one falls back to the default and is never passed to SQL); page and per_page are clamped;
 * filters are read by the caller's own parsers, which drop unknown values.
 */
export interface ListSpec<S extends string, F extends object> {
  sorts: readonly S[];
  defaultSort: S;
  defaultDir?: SortDir;
  filters: (query: Record<string, unknown>) => F;
}

export interface ParsedList<S extends string, F extends object> extends ListParams<F> {
  sort: S;
  page: number;
}

function one(value: unknown): string {
  if (Array.isArray(value)) return one(value[0]);
  return typeof value === 'string' ? value : '';
}

/** A query value as trimmed text without control characters, cut at `max` characters ('' when absent). */
export function queryText(query: Query, key: string, max = 100): string {
  return stripControlCharacters(one((query as Record<string, unknown>)[key]))
    .trim()
    .slice(0, max);
}

export function parseListParams<S extends string, F extends object>(
  req: Request,
  spec: ListSpec<S, F>,
): ParsedList<S, F> {
  const query = req.query as Record<string, unknown>;
  const sortRaw = queryText(query, 'sort');
  const sort = (spec.sorts as readonly string[]).includes(sortRaw) ? (sortRaw as S) : spec.defaultSort;
  const dirRaw = queryText(query, 'dir');
  const dir: SortDir = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : (spec.defaultDir ?? 'asc');
  const perPageRaw = Number(queryText(query, 'per_page'));
  const per_page = (PER_PAGE_OPTIONS as readonly number[]).includes(perPageRaw) ? perPageRaw : PER_PAGE_OPTIONS[0];
  const pageRaw = Number.parseInt(queryText(query, 'page'), 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 1_000_000) : 1;
  const q = queryText(query, 'q');
  return { q, sort, dir, per_page, page, filters: spec.filters(query) };
}

/** A yes/no query flag: true only for `key=1` (`?print=1`, `?duplicata=1`). */
export function queryFlag(query: Query, key: string): boolean {
  return queryText(query, key, 2) === '1';
}

/** A value from an allowlist, or the fallback. */
export function queryChoice<T extends string>(query: Query, key: string, allowed: readonly T[], fallback: T): T {
  const v = queryText(query, key, 40);
  return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

export function statusFilter(query: Query): StatusFilter {
  return queryChoice(query, 'status', ['active', 'archived', 'all'] as const, 'active');
}

/** A positive integer id as a string ('' when absent or invalid). */
export function queryId(query: Query, key: string): string {
  const v = queryText(query, key, 12);
  return /^[1-9]\d{0,9}$/.test(v) ? v : '';
}

/** A page number (1 when absent or invalid). */
export function queryPage(query: Query, key = 'page'): number {
  const v = Number.parseInt(queryText(query, key, 9), 10);
  return Number.isFinite(v) && v > 0 ? v : 1;
}

/** A route parameter as a positive integer id; anything else is a page that does not exist. */
export function routeId(value: unknown): number {
  const s = typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,9}$/.test(s) || Number(s) > 2_147_483_647) throw new NotFound();
  return Number(s);
}

/**
 * The period of a document list: ?from=&to= (valid dates, from ≤ to), else the last `days` days. A search by
 * number (`searching`) with no date chosen (none, or the default ones) looks at every date: an old
 * document typed by its number must be found. Empty from/to mean "no period".
 */
export function period(query: Query, today: string, days = 30, searching = ''): { from: string; to: string } {
  let from = queryText(query, 'from', 10);
  let to = queryText(query, 'to', 10);
  // The filter form sends back the default dates it was given: they do not count as a choice.
  const untouched = (!isIsoDate(from) && !isIsoDate(to)) || (from === addDays(today, -days) && to === today);
  if (searching.trim() && untouched) return { from: '', to: '' };
  if (!isIsoDate(to)) to = today;
  if (!isIsoDate(from)) from = addDays(to, -days);
  if (from > to) [from, to] = [to, from];
  return { from, to };
}
