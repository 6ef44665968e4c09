import { useEffect, useState } from 'react';
import { DEFAULT_DURATION_MS, MAX_TOASTS, loadToastify, whenToastsRequested } from '@/lib/toasts';

type Toastify = typeof import('react-toastify');

/**
 * One container for the whole app: top right, newest on top, at most 20, swipe to dismiss at 60 %.
 * react-toastify is its own chunk, fetched with the first toast (lib/toasts.ts); the container
 * mounts then, and react-toastify shows the toasts queued meanwhile.
 */
export function Toasts() {
  const [toastify, setToastify] = useState<Toastify | null>(null);
  useEffect(() => {
    if (toastify) return;
    let mounted = true;
    const unsubscribe = whenToastsRequested(() => {
      loadToastify().then(
        (m) => mounted && setToastify(m),
        () => undefined, // offline: tried again with the next toast
      );
    });
    return () => {
      mounted = false;
      unsubscribe();
    };
  }, [toastify]);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return (
    <ToastContainer
      position="top-right"
      autoClose={DEFAULT_DURATION_MS}
      limit={MAX_TOASTS}
      newestOnTop
      closeOnClick={false}
      draggable
      draggablePercent={60}
      pauseOnHover
      pauseOnFocusLoss
      theme="colored"
      hideProgressBar={false}
      className="app-toasts"
    />
  );
}
