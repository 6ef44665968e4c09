import { useSyncExternalStore } from 'react';
import { DESKTOP_MIN_WIDTH } from '@/lib/layout-store';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** ≥ 992 px: the sidebar sits beside the content and can be mini. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
}
