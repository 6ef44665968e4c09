import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import type { DbKind } from './databases.js';

/** Tests that start real processes (the server, `npm run migrate`, a lock holder) with tsx. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface EmptyDatabase {
  /** DATABASE_URL for a child process. */
  url: string;
  config: DatabaseConfig;
  /** A knex handle of the test's own (destroyed by drop). */
  db(): Knex;
  drop(): Promise<void>;
}

/** A database with nothing in it — not migrated: a path for a new SQLite file, or a new PostgreSQL database. */
export async function emptyDatabase(kind: DbKind): Promise<EmptyDatabase> {
  const handles: Knex[] = [];
  const open = (config: DatabaseConfig) => () => {
    const db = createDb(config);
    handles.push(db);
    return db;
  };
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-proc-'));
    const filename = path.join(dir, 'database.sqlite');
    const config: DatabaseConfig = { client: 'sqlite', filename };
    return {
      url: `sqlite:${filename}`,
      config,
      db: open(config),
      async drop() {
        for (const h of handles) await h.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sdstock_proc_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { client: 'pg', connectionString: url.toString() };
  return {
    url: url.toString(),
    config,
    db: open(config),
    async drop() {
      for (const h of handles) await h.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

export interface Spawned {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** Resolves once the output matches, rejects after `timeoutMs` or if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * Runs `node --import tsx <script> …args` from the project root — one process (the tsx command would
 * put a second one in front, which a SIGKILL would not reach) with the test environment plus `env`. */
export function spawnTsx(script: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (m) {
            cleanup();
            resolve(m[0]);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`attendu ${pattern} dans la sortie :\n${out}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        exited.then(() => {
          check();
          if (listeners.has(check)) {
            cleanup();
            reject(new Error(`processus terminé avant ${pattern} :\n${out}`));
          }
        });
        check();
      });
    },
  };
}
