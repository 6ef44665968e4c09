import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { FISCAL_PROVIDERS, type FiscalProvider } from '../shared/fiscal.js';

/** An empty variable (`FISCAL_API_KEY=` in a .env) is an unset one. */
const unsetWhenEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** Everything the server reads from the environment, parsed once. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).optional(),
  APP_URL: z.string().url().optional(),
  APP_KEY: z.string().min(16).optional(),
  DATABASE_URL: z.string().optional(),
  MAIL_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SDSTOCK WEB <no-reply@sdstock.local>'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  APP_VENDOR: z.string().default('SDSTOCK'),
  TRUST_PROXY: z.string().optional(),
  BACKUP_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(102_400).default(2048),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  BUILD_ON_START: z.enum(['true', 'false']).default('true'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  ERROR_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Where files live (SQLite database by default, backups, logos, attachments); storage/ by default. */
  STORAGE_DIR: z.string().min(1).optional(),
  /** Certified invoices: each one set wins over Paramètres › Société › Facturation électronique. */
  FISCAL_PROVIDER: unsetWhenEmpty(z.enum(Object.keys(FISCAL_PROVIDERS) as [FiscalProvider, ...FiscalProvider[]])),
  FISCAL_API_URL: unsetWhenEmpty(z.string().trim().url().max(300)),
  FISCAL_API_KEY: unsetWhenEmpty(z.string().trim().max(4000)),
  FISCAL_TAX_ID: unsetWhenEmpty(z.string().trim().max(80)),
  FISCAL_POINT_OF_SALE: unsetWhenEmpty(z.string().trim().max(80)),
  FISCAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
});

/**
 * The certification settings the environment fixes (FISCAL_*): a field given here is shown locked
 * on the screen and the screen's value is ignored (server/services/fiscal/settings.ts merges them).
 */
export interface FiscalEnvironment {
  provider?: FiscalProvider;
  apiUrl?: string;
  apiKey?: string;
  /** The seller's NCC / IFU, instead of the company's tax number. */
  taxId?: string;
  /** The DGI point of sale of a desk and a location that have none. */
  pointOfSale?: string;
  /** Per request to the DGI, in milliseconds (15 000 by default). */
  timeoutMs: number;
}

/**
 * Express's `trust proxy` from TRUST_PROXY: off when unset (the client address is the socket's, an
 * X-Forwarded-For header is ignored); a number of proxy hops ("1"); or the addresses of the proxies
 * ("loopback", "10.0.0.1, 10.0.0.2", "uniquelocal"). "true" (trust any sender) is refused: it lets
 * every client choose its own address, which defeats the throttles.
 */
export function parseTrustProxy(value: string | undefined): false | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true' || v === '*')
    throw new Error(
      'TRUST_PROXY=true ferait confiance à n’importe quel client : indiquez le nombre de proxys (1) ou leurs adresses (loopback, 10.0.0.1…).',
    );
  return v;
}

export type DatabaseConfig = { client: 'sqlite'; filename: string } | { client: 'pg'; connectionString: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Address to listen on (HOST; every interface when unset, 127.0.0.1 behind a reverse proxy on the same machine). */
  host?: string;
  appUrl: string;
  /** Secret used to sign session cookies and e-mail links. */
  appKey: string;
  database: DatabaseConfig;
  mailUrl?: string;
  mailFrom: string;
  storageDir: string;
  sessionIdleMinutes: number;
  logLevel: string;
  secureCookies: boolean;
  vendor: string;
  /** Vite dev server (HMR) instead of the built assets. */
  viteDev: boolean;
  admin: { email?: string; password?: string };
  /** Express `trust proxy` (TRUST_PROXY); false by default. */
  trustProxy: false | number | string;
  /** Largest backup file accepted for a restore from an upload (BACKUP_UPLOAD_MAX_MB, default 2 048 Mo). */
  backupUploadMaxBytes: number;
  /** Serving processes (WEB_CONCURRENCY, default 1): more than one runs a node:cluster primary and its workers (server/main.ts). */
  webConcurrency: number;
  /** How long a stopping process lets its requests in flight finish (SHUTDOWN_GRACE_SECONDS, default 30 s). */
  shutdownGraceMs: number;
  /** Server errors kept in error_log (ERROR_LOG_RETENTION_DAYS, default 90 days); older ones are deleted by the hourly sweep. */
  errorLogRetentionDays: number;
  /** Compile the client at start when public/build is missing or stale (BUILD_ON_START, default true; false where the deployment runs `npm run build`). */
  buildOnStart: boolean;
  /** Certified invoices' settings from FISCAL_* (none set by default). */
  fiscal: FiscalEnvironment;
}

export const projectRoot = path.resolve(import.meta.dirname, '..');

export function parseDatabaseUrl(url: string | undefined, storageDir: string): DatabaseConfig {
  if (!url) return { client: 'sqlite', filename: path.join(storageDir, 'database.sqlite') };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { client: 'pg', connectionString: url };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    return { client: 'sqlite', filename: file === ':memory:' ? file : path.resolve(projectRoot, file) };
  }
  throw new Error(`DATABASE_URL non reconnue : ${url} (attendu postgres://… ou sqlite:/chemin)`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = EnvSchema.parse(env);
  const storageDir =
    overrides.storageDir ??
    (parsed.STORAGE_DIR ? path.resolve(projectRoot, parsed.STORAGE_DIR) : path.join(projectRoot, 'storage'));
  const port = parsed.PORT;
  const appUrl = (parsed.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    env: parsed.NODE_ENV,
    port,
    host: parsed.HOST,
    appUrl,
    appKey: parsed.APP_KEY ?? randomBytes(32).toString('hex'),
    database: parseDatabaseUrl(parsed.DATABASE_URL, storageDir),
    mailUrl: parsed.MAIL_URL,
    mailFrom: parsed.MAIL_FROM,
    storageDir,
    sessionIdleMinutes: parsed.SESSION_IDLE_MINUTES,
    logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
    secureCookies: appUrl.startsWith('https://'),
    vendor: parsed.APP_VENDOR,
    viteDev: false,
    admin: { email: parsed.ADMIN_EMAIL, password: parsed.ADMIN_PASSWORD },
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    backupUploadMaxBytes: parsed.BACKUP_UPLOAD_MAX_MB * 1024 * 1024,
    webConcurrency: parsed.WEB_CONCURRENCY,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_SECONDS * 1000,
    errorLogRetentionDays: parsed.ERROR_LOG_RETENTION_DAYS,
    buildOnStart: parsed.BUILD_ON_START === 'true',
    fiscal: {
      provider: parsed.FISCAL_PROVIDER,
      apiUrl: parsed.FISCAL_API_URL?.replace(/\/+$/, ''),
      apiKey: parsed.FISCAL_API_KEY,
      taxId: parsed.FISCAL_TAX_ID,
      pointOfSale: parsed.FISCAL_POINT_OF_SALE,
      timeoutMs: parsed.FISCAL_TIMEOUT_MS,
    },
    ...overrides,
  };
}
