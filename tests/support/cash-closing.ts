import type { Knex } from 'knex';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { ROUTES } from '../../shared/routes.js';
import type { Client } from './app.js';
import { uniqueTag } from './unique.js';

/**
 * A cash desk's treasury account of its own (kind caisse, no desk screen record), so a test owns
 * every movement of its days: expected amounts are then exact, whatever else the suite posts.
 */
export async function makeDeskAccount(db: Knex, locationId: number | null = null): Promise<number> {
  const tag = uniqueTag('C');
  const now = nowIso();
  return insertReturningId(db, 'treasury_accounts', { kind: 'caisse', code: tag.slice(0, 20), name: `Caisse test ${tag}`, location_id: locationId, balance: 0, active: true, created_at: now, updated_at: now });
}

/** A shop of its own with its cash desk (created through the screen, as an administrator would), and the desk's treasury account. */
export async function makeShop(db: Knex, admin: Client): Promise<{ location: number; desk: number; deskName: string }> {
  const tag = uniqueTag('S');
  const now = nowIso();
  const location = await insertReturningId(db, 'locations', { code: tag.slice(0, 20), name: `Boutique ${tag}`, kind: 'boutique', created_at: now, updated_at: now });
  const deskName = `Caisse ${tag}`;
  const res = await admin.post(ROUTES['cashDesks.index'], { code: `K${tag}`.slice(0, 20), name: deskName, location_id: String(location) });
  if (res.status !== 303) throw new Error(`cash desk not created: ${res.status}`);
  const row = await db('treasury_accounts').where({ kind: 'caisse', location_id: location }).first('id');
  return { location, desk: Number(row.id), deskName };
}
