/**
 * Toasts (DESIGN.md §4): flash success → green, flash error → red, both 4000 ms; any other
 * toast 5000 ms. The container settings live in components/Toasts.tsx.
 * react-toastify is loaded on the first toast (not with the first page: most first visits show
 * none); toasts asked for meanwhile are queued by react-toastify until its container is mounted.
 */
import type { ToastOptions, toast as toastFn } from 'react-toastify';

type Toastify = typeof import('react-toastify');
let toastify: Promise<Toastify> | null = null;
const waiting = new Set<() => void>();

/** Loads react-toastify once and tells the container (components/Toasts.tsx) to mount. */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    // A failed load (offline) is tried again at the next toast.
    toastify = import('react-toastify').catch((err: unknown) => {
      toastify = null;
      throw err;
    });
    for (const wake of waiting) wake();
  }
  return toastify;
}

/** Calls `onLoad` when a toast was asked for (now, or at the first one); returns the unsubscriber. */
export function whenToastsRequested(onLoad: () => void): () => void {
  waiting.add(onLoad);
  if (toastify) onLoad();
  return () => waiting.delete(onLoad);
}

/** `toast` through the lazy import. */
const toast = {
  success: (content: string, options?: ToastOptions) =>
    void loadToastify().then((m) => m.toast.success(content, options)),
  error: (content: string, options?: ToastOptions) => void loadToastify().then((m) => m.toast.error(content, options)),
};

export const FLASH_DURATION_MS = 4000;
export const DEFAULT_DURATION_MS = 5000;
export const MAX_TOASTS = 20;

export interface FlashData {
  success?: string | null;
  error?: string | null;
}

type Notifier =
  | {
      success: (content: string, options?: ToastOptions) => unknown;
      error: (content: string, options?: ToastOptions) => unknown;
    }
  | Pick<typeof toastFn, 'success' | 'error'>;

/** Shows the server's flash messages; returns how many toasts were shown. */
export function showFlash(flash: FlashData | null | undefined, notifier: Notifier = toast): number {
  if (!flash) return 0;
  let shown = 0;
  const options: ToastOptions = { autoClose: FLASH_DURATION_MS };
  if (typeof flash.success === 'string' && flash.success.trim()) {
    notifier.success(flash.success, { ...options, className: 'app-toast-flash', data: { kind: 'flash-success' } });
    shown++;
  }
  if (typeof flash.error === 'string' && flash.error.trim()) {
    notifier.error(flash.error, { ...options, className: 'app-toast-flash', data: { kind: 'flash-error' } });
    shown++;
  }
  return shown;
}

export const NETWORK_ERROR_MESSAGE = 'Le serveur est injoignable. Vérifiez votre connexion puis réessayez.';

/** A request that never got an answer (offline, server down). One toast at a time. */
export function notifyNetworkError(): void {
  // Offline before the first toast: the toast library itself cannot be fetched, say it plainly.
  loadToastify().then(
    (m) => m.toast.error(NETWORK_ERROR_MESSAGE, { toastId: 'network-error', autoClose: DEFAULT_DURATION_MS }),
    () => window.alert(NETWORK_ERROR_MESSAGE),
  );
}
