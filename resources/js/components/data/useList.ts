import { router, usePage } from '@inertiajs/react';
import { useCallback, useMemo } from 'react';
import type { ListParams, SortDir } from '@shared/lists';
import { type ListState, listQuery, listState, pickState } from './list-query';

const VISIT = { preserveState: true, preserveScroll: true, replace: true } as const;
const KEEP = ['sort', 'dir', 'per_page', 'tab'] as const;

/**
 * Navigation of a server-side list at `url` (built with route()): `update({ status: 'all' })`
 * reloads it with the new query (state and scroll kept, history entry replaced so Back leaves the
 * list, not each key); `reset()` drops search and filters, keeping `keep` (sort, page size, tab);
 * `filtered` says whether the address holds anything else (a search, a filter, a period);
 * `sort` spreads into <SortHeader>.
 *
 *   const list = useList(route('clients.index'), params);   // master data: { q, sort, dir, per_page, filters }
 *   const list = useList(route('entries.index'), filters);  // documents: flat filters
 */
export function useList(
  url: string,
  source: ListParams<object> | object,
  { keep = KEEP }: { keep?: readonly string[] } = {},
) {
  const page = usePage();
  const state = useMemo(() => listState(source), [source]);
  const update = useCallback((changes: ListState) => router.get(url, listQuery(state, changes), VISIT), [url, state]);
  const reset = useCallback(() => router.get(url, listQuery(pickState(state, keep)), VISIT), [url, state, keep]);
  const filtered = [...new URL(page.url, 'http://x').searchParams.keys()].some(
    (k) => k !== 'page' && !keep.includes(k),
  );
  const sort = {
    sort: String(state.sort ?? ''),
    dir: (state.dir === 'desc' ? 'desc' : 'asc') as SortDir,
    onSort: update,
  };
  return { state, update, reset, filtered, sort };
}

/** What useList() returns: state, update, reset, filtered, sort. */
export type ListHandle = ReturnType<typeof useList>;
