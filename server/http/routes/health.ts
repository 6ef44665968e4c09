import { Router } from 'express';
import { route } from '../../../shared/routes.js';
import { readiness } from '../../services/health/readiness.js';
import { publicRoute } from '../middleware/auth.js';
import type { AppContext } from '../context.js';

/**
 * Probes for a load balancer, nginx, systemd or a supervisor; no session, no CSRF, no log line
 * (mounted by createApp before them), never cached:
 * - `/healthz`: the process is up and its event loop answers (200), whatever the database;
 * - `/readyz`: this process can serve — the database answers and every migration of this version
 *   is applied, and it is not shutting down — 200, otherwise 503 with what is wrong.
 */
export function healthRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get(route('health'), publicRoute('a liveness probe for the process manager, no data'), (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', uptime_s: Math.round(process.uptime()) });
  });
  router.get(route('ready'), publicRoute('a readiness probe for the load balancer, no data'), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (ctx.lifecycle.draining) {
      res.status(503).json({ status: 'shutting_down', database: 'unknown', migrations: 'unknown', pending: 0 });
      return;
    }
    const state = await readiness(ctx.db);
    res.status(state.ready ? 200 : 503).json({
      status: state.ready ? 'ready' : 'not_ready',
      database: state.database,
      migrations: state.migrations,
      pending: state.pending,
    });
  });
  return router;
}
