import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { AppContext } from './context.js';

/**
 * Graceful stop of one serving process (SIGTERM from systemd, the cluster's primary or a
 * supervisor): the listening socket is closed at once (new connections go to the other workers, or
 * wait for the restart), /readyz answers 503 and every answer closes its connection; the requests in
 * flight run to their end, idle keep-alive connections are closed; after `graceMs` the connections
 * still open are cut. Then the background work (guest-form mails) finishes. The caller closes the
 * database and exits.
 */
export function closeGracefully(
  server: Server,
  ctx: Pick<AppContext, 'lifecycle' | 'background'>,
  graceMs: number,
  logger?: Logger,
): Promise<{ forced: boolean }> {
  ctx.lifecycle.draining = true;
  return new Promise((resolve) => {
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      logger?.warn({ grace_ms: graceMs }, 'arrêt : requêtes encore en cours après le délai, connexions coupées');
      server.closeAllConnections();
    }, graceMs);
    timer.unref();
    // Keep-alive connections with no request in flight would hold close() until they time out:
    // closed now, and again as the requests in flight finish.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      ctx.background.idle().finally(() => resolve({ forced }));
    });
    server.closeIdleConnections();
  });
}
