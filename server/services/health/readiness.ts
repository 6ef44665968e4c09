import type { Knex } from 'knex';
import { pendingMigrations } from '../../db/migrate.js';

/** What /readyz answers: the database answers within the time allowed, and every migration of this version is applied. */
export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'ok' | 'pending' | 'unknown';
  /** How many migrations of this version the database lacks (0 when ready). */
  pending: number;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`délai de ${ms} ms dépassé`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * Asks the database `SELECT 1`, then compares knex_migrations with the migrations of this version,
 * each bounded by `timeoutMs` (a PostgreSQL that does not answer must not hold the probe for the
 * pool's minute). Never throws.
 */
export async function readiness(db: Knex, timeoutMs = 2000): Promise<Readiness> {
  try {
    await within(db.raw('SELECT 1'), timeoutMs);
  } catch {
    return { ready: false, database: 'unreachable', migrations: 'unknown', pending: 0 };
  }
  try {
    const pending = await within(pendingMigrations(db), timeoutMs);
    return {
      ready: pending.length === 0,
      database: 'ok',
      migrations: pending.length ? 'pending' : 'ok',
      pending: pending.length,
    };
  } catch {
    return { ready: false, database: 'unreachable', migrations: 'unknown', pending: 0 };
  }
}
