import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { seedBase } from './services/setup/first-start.js';
import { pruneThrottleHits } from './services/accounts/throttle.js';
import { startBackupScheduler } from './services/backups/backups.js';
import { createApp } from './app.js';
import { loadConfig, projectRoot } from './config.js';
import { buildIsStale, devAssets } from './http/assets.js';
import { createDb } from './db/connection.js';
import { migrateLatest } from './db/migrate.js';

/** APP_KEY from the environment, or one generated once and kept in storage/ (never committed). */
function resolveAppKey(storageDir: string): string {
  if (process.env.APP_KEY) return process.env.APP_KEY;
  const file = path.join(storageDir, 'app.key');
  fs.mkdirSync(storageDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, (globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID()).replace(/-/g, ''), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

async function main() {
  const dev = process.argv.includes('--dev');
  const base = loadConfig();
  const config = { ...base, appKey: resolveAppKey(base.storageDir), viteDev: dev };
  const logger = pino({ level: config.logLevel });

  if (!dev && buildIsStale()) {
    logger.info('compilation du client (public/build absent ou périmé)…');
    const built = spawnSync(process.execPath, [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: projectRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('La compilation du client a échoué.');
  }

  const db = createDb(config.database);
  const applied = await migrateLatest(db);
  if (applied.length) logger.info({ migrations: applied }, 'migrations appliquées');
  const admin = await seedBase(db, config.admin);
  if (admin) {
    const banner = admin.generated
      ? `\n  Premier administrateur créé\n  E-mail       : ${admin.email}\n  Mot de passe : ${admin.password}\n  (affiché une seule fois — changez-le depuis votre profil)\n`
      : `\n  Premier administrateur créé : ${admin.email} (mot de passe de ADMIN_PASSWORD)\n`;
    process.stdout.write(banner + '\n');
  }

  let beforeRoutes;
  let assets;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    beforeRoutes = [vite.middlewares];
    assets = devAssets();
  }

  const app = createApp({ db, config, logger, beforeRoutes, assets });
  const server = app.listen(config.port, () => {
    logger.info(`SDSTOCK WEB 2.0 prêt sur ${config.appUrl} (${config.database.client === 'pg' ? 'PostgreSQL' : `SQLite ${config.database.filename}`})`);
  });

  // Expired sessions and old throttle hits are swept hourly rather than on each request.
  const sweep = setInterval(() => {
    app.ctx.sessionStore.prune().catch((err) => logger.warn({ err }, 'nettoyage des sessions échoué'));
    pruneThrottleHits(db).catch((err) => logger.warn({ err }, 'nettoyage des tentatives échoué'));
  }, 3_600_000);
  sweep.unref();

  // The daily backup (Paramètres › Sauvegarde): checked every 5 minutes, written once a day.
  const stopBackups = startBackupScheduler(db, { database: config.database, storageDir: config.storageDir }, (err) => logger.error({ err }, 'sauvegarde planifiée échouée'));

  const stop = () => {
    stopBackups();
    server.close(() => app.ctx.background.idle().then(() => db.destroy()).finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
