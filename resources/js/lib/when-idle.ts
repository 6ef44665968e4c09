/**
 * Starts the idle warm-up of the screens (lib/warm-up.ts) once the page has loaded and the browser
 * is idle, unless the browser asks to save data. The warm-up's own code is fetched only then, so
 * the first visit carries none of it.
 */
export function startWarmUp(menuPermissions: string[], extra: Array<() => Promise<unknown>> = []) {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const run = () => {
    performance.mark('sdstock:warm-up:start');
    // Offline or a new deployment: no warm-up, a click loads its page as before.
    import('./warm-up').then((m) => m.warmUpScreens(menuPermissions, extra)).catch(() => undefined);
  };
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
