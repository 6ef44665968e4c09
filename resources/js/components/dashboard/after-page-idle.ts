/**
 * Runs `fn` once the page has loaded and the browser has been idle twice — after the warm-up of
 * the menu's screens has started (lib/when-idle.ts, one idle period): what the dashboard shows below
 * its figures (the chart and its Chart.js chunk) never weighs on the first visit. Returns a cancel
 * function for the effect's clean-up.
 */
export function afterPageIdle(fn: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) fn();
  };
  const idle = (next: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(next, { timeout: 3000 }) : setTimeout(next, 200);
  const start = () => idle(() => idle(run));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
  };
}
