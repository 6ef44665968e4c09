import type { Knex } from 'knex';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import type { Paginated } from '../../../shared/lists.js';

/**
 * The application error log (Support › Journaux › Erreurs): one row per server error (500) with
 * the request id the error page shows, the route, the user and the time. Never a request body,
 * a query string, a password or a token: the route is the router's pattern when known, otherwise
 * the path with its long opaque segments (tokens) masked.
 */
export interface ServerErrorInput {
  requestId: string;
  method: string;
  route: string;
  status: number;
  user: { id: number; name: string } | null;
  ip: string | null;
  error: unknown;
}

/** Masks path segments that look like secrets (reset tokens, signatures): 16+ opaque characters. */
export function safeRoute(path: string): string {
  return path
    .split('?')[0]
    .split('/')
    .map((seg) => (/^[A-Za-z0-9_\-.%]{16,}$/.test(seg) && /\d/.test(seg) ? '…' : seg))
    .join('/')
    .slice(0, 255);
}

/** Removes anything shaped like a credential from an error text (key=value, Bearer …). */
export function scrub(text: string): string {
  return text
    .replace(
      /(password|passwd|mot_de_passe|token|secret|authorization|cookie|api[_-]?key)(["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&]+)/gi,
      '$1$2[masqué]',
    )
    .replace(/Bearer\s+[A-Za-z0-9._\-~+/]+=*/g, 'Bearer [masqué]');
}

export async function recordServerError(db: Knex, input: ServerErrorInput): Promise<void> {
  const err = input.error;
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const stack = err instanceof Error && err.stack ? err.stack : null;
  await db('error_log').insert({
    occurred_at: nowIso(),
    request_id: input.requestId.slice(0, 64),
    method: input.method.slice(0, 10),
    route: safeRoute(input.route),
    status: input.status,
    user_id: input.user?.id ?? null,
    user_name: input.user?.name?.slice(0, 120) ?? null,
    ip: input.ip?.slice(0, 64) ?? null,
    message: scrub(message).slice(0, 500),
    stack: stack ? scrub(stack).slice(0, 8000) : null,
  });
}

/**
 * Deletes the server errors older than `retentionDays` (ERROR_LOG_RETENTION_DAYS): one indexed
 * delete on occurred_at, run by the hourly sweep of server/main.ts (idempotent: each worker may
 * run it). Returns how many rows went.
 */
export async function pruneErrorLog(db: Knex, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  return db('error_log').where('occurred_at', '<', cutoff).delete();
}

export interface ErrorLogFilters {
  q: string;
  from: string | null;
  to: string | null;
}

export interface ErrorLogRow {
  id: number;
  occurred_at: string;
  request_id: string;
  method: string;
  route: string;
  status: number;
  user_name: string | null;
  ip: string | null;
  message: string;
  stack: string | null;
}

/** Newest first; `q` finds a request id (exact prefix), a route or a message. */
export async function listServerErrors(
  db: Knex,
  filters: ErrorLogFilters,
  page: number,
  perPage = 25,
): Promise<Paginated<ErrorLogRow>> {
  const q = db('error_log');
  if (filters.q)
    q.where((w) => whereSearch(w, db, filters.q, { prefix: ['request_id'], contains: ['route', 'message'] }));
  if (filters.from) q.where('occurred_at', '>=', filters.from);
  if (filters.to) q.where('occurred_at', '<', filters.to);
  return paginate(
    q
      .orderBy('id', 'desc')
      .select('id', 'occurred_at', 'request_id', 'method', 'route', 'status', 'user_name', 'ip', 'message', 'stack'),
    page,
    perPage,
  );
}
