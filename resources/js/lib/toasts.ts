/**
 * Toasts (DESIGN.md §4): flash success → green, flash error → red, both 4000 ms; any other
 * toast 5000 ms. The container settings live in components/Toasts.tsx.
 */
import { type ToastOptions, toast } from 'react-toastify';

export const FLASH_DURATION_MS = 4000;
export const DEFAULT_DURATION_MS = 5000;
export const MAX_TOASTS = 20;

export interface FlashData {
  success?: string | null;
  error?: string | null;
}

type Notifier = Pick<typeof toast, 'success' | 'error'>;

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
  toast.error(NETWORK_ERROR_MESSAGE, { toastId: 'network-error', autoClose: DEFAULT_DURATION_MS });
}
