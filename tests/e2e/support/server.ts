/**
 * The real application for browser tests: a fresh SQLite database (a copy of the run's migrated
 * template, tests/support/database-templates.ts), seeded, the built client (public/build), served
 * on a free local port — in this process, so tests can create users and roles directly in the
 * database.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import pino from 'pino';
import { seedBase } from '../../../server/services/setup/first-start.js';
import { createApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { createDb } from '../../../server/db/connection.js';
import { createRole } from '../../../server/services/roles/create-role.js';
import { createUser } from '../../../server/services/accounts/create-user.js';
import { seedDemo } from '../../../database/seeds/demo/seed.js';
import { migratedSqliteFile } from '../../support/databases.js';

export const E2E_ADMIN = { email: 'admin@test.local', password: 'Secret-123456', name: 'Administrateur' };

export interface E2EServer {
  url: string;
  db: Knex;
  storageDir: string;
  close(): Promise<void>;
}

const manifest = path.resolve(import.meta.dirname, '../../../public/build/.vite/manifest.json');

/** `demo`: fill the database with the small demo data set (npm run seed:demo -- --scale=small) too. */
export async function startServer({ demo = false }: { demo?: boolean } = {}): Promise<E2EServer> {
  if (!fs.existsSync(manifest)) throw new Error('Client non compilé : lancez « npx vite build » avant les tests e2e.');
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-e2e-'));
  const config = loadConfig(
    { NODE_ENV: 'production', APP_KEY: 'e2e-app-key-0123456789abcdef0123', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv,
    {
      storageDir,
      database: { client: 'sqlite', filename: path.join(storageDir, 'e2e.sqlite') },
    },
  );
  await migratedSqliteFile(path.join(storageDir, 'e2e.sqlite'));
  const db = createDb(config.database);
  await seedBase(db, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  if (demo) await seedDemo(db, { scale: 'small' });
  // The port is known once listening, and the app builds absolute URLs (X-Inertia-Location) from
  // APP_URL: listen first, then create the app with the real address.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  config.appUrl = url;
  server.on('request', createApp({ db, config, logger: pino({ level: 'silent' }) }));
  return {
    url,
    db,
    storageDir,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** A verified user whose only role grants exactly `permissions`. */
export async function createUserWithPermissions(
  db: Knex,
  input: { name: string; email: string; password: string; permissions: string[] },
) {
  const roleName = `Rôle e2e ${input.email}`;
  await createRole(db, { name: roleName, description: 'Rôle de test', permissions: input.permissions });
  return createUser(db, {
    name: input.name,
    email: input.email,
    password: input.password,
    roleNames: [roleName],
    verified: true,
  });
}
