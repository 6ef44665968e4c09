/**
 * npm run bench:browser — only the browser part of `npm run bench` (scripts/bench/browser.ts), on a
 * small demo data set in a temporary SQLite file: quick to rerun while working on the client's
 * weight. Builds the client first when public/build is missing or stale, like `npm start`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { seedDemo } from '../database/seeds/demo/seed.js';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/connection.js';
import { migrateLatest } from '../server/db/migrate.js';
import { seedBase } from '../server/services/setup/first-start.js';
import { benchBrowser, ensureClientBuilt, printBrowser } from './bench/browser.js';

const ADMIN = { email: 'bench@sdstock.local', password: 'Bench-Secret-123456' };

ensureClientBuilt();
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-bench-browser-'));
const database = { client: 'sqlite' as const, filename: path.join(storageDir, 'bench.sqlite') };
const db = createDb(database);
try {
  await migrateLatest(db);
  await seedBase(db, ADMIN);
  await seedDemo(db, { scale: 'small' });
  const config = loadConfig(
    { NODE_ENV: 'production', APP_KEY: randomBytes(24).toString('hex'), LOG_LEVEL: 'error' } as NodeJS.ProcessEnv,
    { storageDir, database },
  );
  const app = createApp({ db, config, logger: pino({ level: 'error' }, pino.destination(2)) });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const rows = await benchBrowser({ base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ...ADMIN });
    if (rows) printBrowser(rows);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
} finally {
  await db.destroy();
  fs.rmSync(storageDir, { recursive: true, force: true });
}
