import type { Request } from 'express';
import { PER_PAGE_OPTIONS, type ListParams, type SortDir, type StatusFilter } from '../../shared/lists.js';

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

export function queryString(query: Record<string, unknown>, key: string): string {
  return one(query[key]).trim();
}

export function parseListParams<S extends string, F extends object>(req: Request, spec: ListSpec<S, F>): ParsedList<S, F> {
  const query = req.query as Record<string, unknown>;
  const sortRaw = queryString(query, 'sort');
  const sort = (spec.sorts as readonly string[]).includes(sortRaw) ? (sortRaw as S) : spec.defaultSort;
  const dirRaw = queryString(query, 'dir');
  const dir: SortDir = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : (spec.defaultDir ?? 'asc');
  const perPageRaw = Number(queryString(query, 'per_page'));
  const per_page = (PER_PAGE_OPTIONS as readonly number[]).includes(perPageRaw) ? perPageRaw : PER_PAGE_OPTIONS[0];
  const pageRaw = Number.parseInt(queryString(query, 'page'), 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 1_000_000) : 1;
  const q = queryString(query, 'q').slice(0, 100);
  return { q, sort, dir, per_page, page, filters: spec.filters(query) };
}

/** Filter helpers: a value from an allowlist, or the fallback. */
export function oneOf<T extends string>(query: Record<string, unknown>, key: string, allowed: readonly T[], fallback: T): T {
  const v = queryString(query, key);
  return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

export function statusFilter(query: Record<string, unknown>): StatusFilter {
  return oneOf(query, 'status', ['active', 'archived', 'all'] as const, 'active');
}

/** A positive integer id as a string ('' when absent or invalid). */
export function idFilter(query: Record<string, unknown>, key: string): string {
  const v = queryString(query, key);
  return /^[1-9]\d{0,9}$/.test(v) ? v : '';
}

/** Route parameter → positive integer id, or null (→ 404). */
export function routeId(value: unknown): number | null {
  const s = typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,9}$/.test(s)) return null;
  const n = Number(s);
  return n <= 2_147_483_647 ? n : null;
}
