import type { Knex } from 'knex';
import { type IdempotencyScope, runIdempotent } from '../../services/idempotency.js';
import { ApiError } from './errors.js';

/**
 * Runs a create under its Idempotency-Key (services/idempotency.ts runIdempotent, the same store as
 * the screens' keys): a replay answers the first result (the same resource, 201, header
 * Idempotent-Replayed), the same key with another request is 409, nothing created twice.
 */
export async function idempotentCreate(
  call: { db: Knex; idempotency: IdempotencyScope | null; fingerprint: string },
  work: (db: Knex) => Promise<number>,
): Promise<{ id: number; replayed: boolean }> {
  try {
    const { result, replayed, mismatch } = await runIdempotent(call.db, call.idempotency, call.fingerprint, work);
    if (mismatch)
      throw new ApiError(
        409,
        'Cette clé d’idempotence a déjà servi pour une autre requête : utilisez une nouvelle clé pour une nouvelle création.',
      );
    return { id: result, replayed };
  } catch (err) {
    if (err instanceof Error && err.message === 'Clé d’idempotence en cours d’utilisation')
      throw new ApiError(409, 'Une requête avec cette clé d’idempotence est en cours : réessayez dans un instant.');
    throw err;
  }
}
