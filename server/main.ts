import { spawnSync } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { seedBase } from './services/setup/first-start.js';
import { pruneThrottleHits } from './services/accounts/throttle.js';
import { pruneErrorLog } from './services/support/error-log.js';
import { startBackupScheduler } from './services/backups/backups.js';
import { createApp } from './app.js';
import { type AppConfig, loadConfig, projectRoot } from './config.js';
import { buildIsStale, devAssets } from './http/assets.js';
import { closeGracefully } from './http/shutdown.js';
import { createDb } from './db/connection.js';
import { migrateOnce } from './db/migrate.js';

/*
 * The start of the server: `npm start`.
 * - WEB_CONCURRENCY=1 (default): one process migrates (under the migrations lock), seeds and serves.
 * - WEB_CONCURRENCY=N>1 (PostgreSQL only): a node:cluster primary builds the client if needed,
 *   migrates and seeds once, then forks N workers that share the port (connections handed out in
 *   turn) and hold nothing of their own: sessions, throttles, counters, idempotency keys and the
 *   backup lock live in the database. A worker that dies is replaced; SIGTERM/SIGINT stops them
 *   gracefully (requests in flight finish, SHUTDOWN_GRACE_SECONDS at most) and the primary last.
 * Several machines (or several primaries) on one PostgreSQL are safe too: the migrations lock
 * (server/db/locks.ts) lets the first process migrate while the others wait.
 */

/** APP_KEY from the environment, or one generated once and kept in storage/ (never committed). */
function resolveAppKey(storageDir: string): string {
  if (process.env.APP_KEY) return process.env.APP_KEY;
  const file = path.join(storageDir, 'app.key');
  fs.mkdirSync(storageDir, { recursive: true });
  if (!fs.existsSync(file))
    fs.writeFileSync(file, (globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID()).replace(/-/g, ''), {
      mode: 0o600,
    });
  return fs.readFileSync(file, 'utf8').trim();
}

function buildClientIfStale(logger: Logger) {
  if (!buildIsStale()) return;
  logger.info('compilation du client (public/build absent ou périmé)…');
  const built = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: projectRoot, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('La compilation du client a échoué.');
}

/** Migrations and first-start data, once for all the processes starting together. */
async function prepareDatabase(config: AppConfig, logger: Logger) {
  const db = createDb(config.database);
  try {
    const { applied, after: admin } = await migrateOnce(db, { afterMigrations: () => seedBase(db, config.admin) });
    if (applied.length) logger.info({ migrations: applied }, 'migrations appliquées');
    if (admin) {
      const banner = admin.generated
        ? `\n  Premier administrateur créé\n  E-mail       : ${admin.email}\n  Mot de passe : ${admin.password}\n  (affiché une seule fois — changez-le depuis votre profil)\n`
        : `\n  Premier administrateur créé : ${admin.email} (mot de passe de ADMIN_PASSWORD)\n`;
      process.stdout.write(banner + '\n');
    }
  } finally {
    await db.destroy();
  }
}

/** One serving process: the application on the port, its periodic work, its graceful stop. */
async function serve(config: AppConfig, logger: Logger, dev: boolean) {
  const db = createDb(config.database);
  let beforeRoutes;
  let assets;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    beforeRoutes = [vite.middlewares];
    assets = devAssets();
  }

  const app = createApp({ db, config, logger, beforeRoutes, assets });
  const onListening = () => {
    const where = config.database.client === 'pg' ? 'PostgreSQL' : `SQLite ${config.database.filename}`;
    logger.info(
      cluster.isWorker
        ? `processus ${cluster.worker!.id} prêt sur ${config.appUrl} (${where})`
        : `SDSTOCK WEB 2.0 prêt sur ${config.appUrl} (${where})`,
    );
  };
  const server = config.host ? app.listen(config.port, config.host, onListening) : app.listen(config.port, onListening);

  // Expired sessions and old throttle hits are swept hourly rather than on each request (idempotent
  // deletes: each worker may run them).
  // The error journal keeps ERROR_LOG_RETENTION_DAYS days, pruned at start and by the same sweep.
  const pruneErrors = () =>
    pruneErrorLog(db, config.errorLogRetentionDays).catch((err) =>
      logger.warn({ err }, 'nettoyage du journal des erreurs échoué'),
    );
  void pruneErrors();
  const sweep = setInterval(() => {
    app.ctx.sessionStore.prune().catch((err) => logger.warn({ err }, 'nettoyage des sessions échoué'));
    pruneThrottleHits(db).catch((err) => logger.warn({ err }, 'nettoyage des tentatives échoué'));
    void pruneErrors();
  }, 3_600_000);
  sweep.unref();

  // The daily backup (Paramètres › Sauvegarde): checked every 5 minutes, written once a day — by
  // whichever process takes the backup lock first (services/backups/backups.ts).
  const stopBackups = startBackupScheduler(db, { database: config.database, storageDir: config.storageDir }, (err) =>
    logger.error({ err }, 'sauvegarde planifiée échouée'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'arrêt demandé : fin des requêtes en cours');
    stopBackups();
    clearInterval(sweep);
    closeGracefully(server, app.ctx, config.shutdownGraceMs, logger)
      .then(({ forced }) => db.destroy().then(() => forced))
      .then(
        (forced) => {
          logger.info(forced ? 'arrêté (connexions coupées après le délai)' : 'arrêté proprement');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'échec de l’arrêt');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** The cluster's primary: forks the workers, replaces one that dies, stops them all on a signal. */
function supervise(config: AppConfig, logger: Logger) {
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('tous les processus sont arrêtés');
        process.exit(0);
      }
      return;
    }
    // A worker that dies at start again and again (a wrong setting): stop rather than loop.
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    if (quickDeaths >= 5) {
      logger.fatal('les processus meurent dès leur démarrage : arrêt (voir les erreurs ci-dessus)');
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      setTimeout(() => process.exit(1), config.shutdownGraceMs + 5000).unref();
      return;
    }
    logger.error({ worker: worker.id, code, signal }, 'processus arrêté de façon inattendue : remplacé');
    setTimeout(fork, Math.min(1000 * 2 ** Math.max(0, quickDeaths - 1), 15_000));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal },
      `arrêt demandé : ${Object.keys(cluster.workers ?? {}).length} processus finissent leurs requêtes`,
    );
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    // Past the workers' own grace period, whatever is left is killed.
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.webConcurrency; i++) fork();
  logger.info(`${config.webConcurrency} processus (WEB_CONCURRENCY) sur le port ${config.port}`);
}

async function main() {
  const dev = process.argv.includes('--dev');
  const base = loadConfig();
  const config: AppConfig = { ...base, appKey: resolveAppKey(base.storageDir), viteDev: dev };
  const logger = pino({
    level: config.logLevel,
    base: { pid: process.pid, hostname: os.hostname(), ...(cluster.isWorker ? { worker: cluster.worker!.id } : {}) },
  });

  if (cluster.isWorker) return serve(config, logger, false);

  if (config.webConcurrency > 1 && config.database.client !== 'pg') {
    throw new Error(
      `WEB_CONCURRENCY=${config.webConcurrency} demande plusieurs processus : réservé à PostgreSQL (DATABASE_URL=postgres://…). Avec SQLite, un seul processus sert (la restauration d’une sauvegarde remplace le fichier de la base sous les autres processus) : retirez WEB_CONCURRENCY.`,
    );
  }
  if (config.webConcurrency > 1 && dev)
    throw new Error('npm run dev sert en un seul processus : retirez WEB_CONCURRENCY.');

  if (!dev && config.buildOnStart) buildClientIfStale(logger);
  else if (!dev && buildIsStale())
    logger.warn('public/build absent ou plus ancien que les sources : lancez « npm run build » (BUILD_ON_START=false)');
  await prepareDatabase(config, logger);
  if (config.webConcurrency > 1) supervise(config, logger);
  else await serve(config, logger, dev);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
