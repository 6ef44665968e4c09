import { router } from '@inertiajs/react';
import { useEffect, useRef } from 'react';

/**
 * Asks before leaving a form that holds unsaved work (scanned lines, typed counts): an Inertia
 * link or filter (GET visit) asks with `message`; closing or reloading the tab gets the
 * browser's own prompt. Submitting the form (POST) is never held back.
 */
export function useLeaveGuard(dirty: boolean, message: string) {
  const state = useRef({ dirty, message });
  state.current = { dirty, message };
  useEffect(() => {
    const off = router.on('before', (event) => {
      if (!state.current.dirty || event.detail.visit.method !== 'get') return;
      if (!window.confirm(state.current.message)) event.preventDefault();
    });
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!state.current.dirty) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      off();
      window.removeEventListener('beforeunload', onUnload);
    };
  }, []);
}
