import { router } from '@inertiajs/react';
import { useCallback } from 'react';
import type { ListParams } from '@shared/lists';
import { type QueryValue, listQuery } from './list-query';

/**
 * Navigation of a server-side list: `update({ status: 'all' })` reloads `path` with the new
 * query (state and scroll kept, history entry replaced so Back leaves the list, not each key).
 */
export function useList(path: string, params: ListParams<object>) {
  const update = useCallback(
    (changes: Record<string, QueryValue>) => {
      router.get(path, listQuery(params, changes), { preserveState: true, preserveScroll: true, replace: true });
    },
    [path, params],
  );
  return { update, params };
}
