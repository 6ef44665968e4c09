/**
 * The drill's throw-away world: a fresh database (a temporary SQLite file, or a new database on the
 * PostgreSQL server of DRILL_DATABASE_URL, dropped at the end), a storage directory of its own, and
 * the real application (server/main.ts) started as a child process on a free port — so a SIGKILL is
 * a real crash and a restart really runs the start-up path (migrations, first start).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { type DatabaseConfig, projectRoot } from '../../server/config.js';
import { createDb } from '../../server/db/connection.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { rowCounts, tableNames } from '../../server/db/inspect.js';
import { seedBase } from '../../server/services/setup/first-start.js';
import { DEFAULT_BACKUP_SETTINGS, writeSettings } from '../../server/services/backups/catalogue.js';

export const DRILL_ADMIN = { email: 'drill-admin@drill.local', password: 'Drill-Secret-123456' };

export interface DrillDatabase {
  kind: 'sqlite' | 'pg';
  url: string;
  config: DatabaseConfig;
  storageDir: string;
  readonly db: Knex;
  /** Opens the database again (SQLite: a restore replaces the file under an open connection). */
  reopen(): Promise<void>;
  /** Row count of every table (sessions excepted: every request touches them). */
  counts(): Promise<Record<string, number>>;
  drop(): Promise<void>;
}

export async function throwAwayDatabase(pgUrl: string | undefined): Promise<DrillDatabase> {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdstock-drill-'));
  let config: DatabaseConfig;
  let url: string;
  let dropServer: () => Promise<void> = async () => {};
  if (pgUrl) {
    const name = `sdstock_drill_${randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: pgUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    config = { client: 'pg', connectionString: url };
    dropServer = async () => {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    };
  } else {
    const filename = path.join(storageDir, 'drill.sqlite');
    url = `sqlite:${filename}`;
    config = { client: 'sqlite', filename };
  }
  let db = createDb(config);
  await migrateLatest(db);
  await seedBase(db, DRILL_ADMIN);
  // No daily backup in the application under attack: its timer (a minute after each start, then every
  // five) would write a backup and its audit entry in the middle of a step that compares row counts
  // (a refused request writes nothing), a write no request made. Step 7 runs the backup round trip.
  writeSettings({ storageDir }, { ...DEFAULT_BACKUP_SETTINGS, daily: false });
  const kind = config.client;
  const counts = rowCounter(() => db);
  return {
    kind,
    url,
    config,
    storageDir,
    get db() {
      return db;
    },
    async reopen() {
      await db.destroy();
      db = createDb(config);
    },
    counts,
    async drop() {
      await db.destroy();
      await dropServer();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** Row count of every table but sessions (every request touches them), in one query. */
export function rowCounter(db: () => Knex): () => Promise<Record<string, number>> {
  let tables: string[] | null = null;
  return async () => {
    tables ??= (await tableNames(db())).filter((n) => n !== 'sessions');
    return rowCounts(db(), tables);
  };
}

/** The tables whose row counts differ between two snapshots. */
export function changedTables(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => (before[t] ?? 0) !== (after[t] ?? 0));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  url: string;
  pid: number;
  /** Number of worker processes seen under the application (WEB_CONCURRENCY, when it forks). */
  workers(): number;
  /** Answers logged by each process (pid → count), read from the request log lines (LOG_LEVEL=info). */
  answersByPid(): Map<number, number>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
}

/**
 * Starts server/main.ts (node + tsx loader, one process group: a SIGKILL takes its workers down
 * with it) and waits until it answers. `workers` is passed as WEB_CONCURRENCY.
 */
export async function startApp(
  database: DrillDatabase,
  options: { workers?: number; port?: number; env?: Record<string, string> } = {},
): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // The administrator exists already (throwAwayDatabase); no mail leaves the drill.
  const inherited = { ...process.env };
  for (const k of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'MAIL_URL', 'TRUST_PROXY']) delete inherited[k];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/main.ts')], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: url,
      APP_KEY: 'drill-app-key-0123456789abcdef0123456789',
      DATABASE_URL: database.url,
      STORAGE_DIR: database.storageDir,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(options.workers ?? 1),
      ...options.env,
    },
  });
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
  };
  const byPid = new Map<number, number>();
  let partial = '';
  child.stdout!.on('data', (b: Buffer) => {
    const lines = (partial + b.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const pid = answeringPid(line);
      if (pid !== null) byPid.set(pid, (byPid.get(pid) ?? 0) + 1);
    }
  });
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (dead) throw new Error(`l’application s’est arrêtée au démarrage :\n${log}`);
    try {
      const res = await fetch(`${url}/login`, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`l’application ne répond pas après 180 s :\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    pid: child.pid!,
    workers() {
      try {
        const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
        return children ? children.split(/\s+/).length : 1;
      } catch {
        return 1;
      }
    },
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (dead) return;
      try {
        process.kill(signal === 'SIGKILL' ? -child.pid! : child.pid!, signal);
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 15_000);
      await exited;
      clearTimeout(timer);
      if (signal === 'SIGKILL') {
        // Workers of the group go with it; wait until the port is free again.
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // the group is gone
        }
      }
    },
    answersByPid: () => new Map(byPid),
    output: () => log,
  };
}

/** The pid of the process that answered, from one pino-http log line (« request completed »), or null for any other line. */
export function answeringPid(line: string): number | null {
  if (!line.startsWith('{') || !line.includes('"res"')) return null;
  try {
    const entry = JSON.parse(line) as { pid?: unknown; req?: unknown; res?: { statusCode?: unknown } };
    return typeof entry.pid === 'number' && entry.req && typeof entry.res?.statusCode === 'number' ? entry.pid : null;
  } catch {
    return null;
  }
}
