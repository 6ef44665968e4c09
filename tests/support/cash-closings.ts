import type { Knex } from 'knex';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { cashDeskAccountId } from '../../server/services/treasury/cash-desk-accounts.js';
import { ROUTES } from '../../shared/routes.js';
import type { Client } from './app.js';
import { idempotencyKey } from './stock.js';
import { uniqueTag } from './unique.js';

/**
 * A cash desk's treasury account of its own (kind caisse, no desk screen record), so a test owns
 * every movement of its days: expected amounts are then exact, whatever else the suite posts.
 */
export async function makeDeskAccount(db: Knex, locationId: number | null = null): Promise<number> {
  const tag = uniqueTag('C');
  const now = nowIso();
  return insertReturningId(db, 'treasury_accounts', {
    kind: 'caisse',
    code: tag.slice(0, 20),
    name: `Caisse test ${tag}`,
    location_id: locationId,
    balance: 0,
    active: true,
    created_at: now,
    updated_at: now,
  });
}

/** A shop of its own with its cash desk (created through the screen, as an administrator would), and the desk's treasury account. */
export async function makeShop(db: Knex, admin: Client): Promise<{ location: number; desk: number; deskName: string }> {
  const tag = uniqueTag('S');
  const now = nowIso();
  const location = await insertReturningId(db, 'locations', {
    code: tag.slice(0, 20),
    name: `Boutique ${tag}`,
    kind: 'boutique',
    created_at: now,
    updated_at: now,
  });
  const deskName = `Caisse ${tag}`;
  const res = await admin.post(ROUTES['cashDesks.index'], {
    code: `K${tag}`.slice(0, 20),
    name: deskName,
    location_id: String(location),
  });
  if (res.status !== 303) throw new Error(`cash desk not created: ${res.status}`);
  const row = (await db('treasury_accounts').where({ kind: 'caisse', location_id: location }).first('id'))!;
  return { location, desk: Number(row.id), deskName };
}

/**
 * A desk of its own at Boutique 1 (created through the screen, as an administrator would), funded
 * by an apport (cash_in) of `funds`, and an active expense category to spend it on — the set-up of
 * the suites that write into one desk from many sessions (expenses-concurrency, desk-lock-order).
 * `name` starts the desk's name (the tag follows), `code` its code.
 */
export async function fundedDesk(
  db: Knex,
  admin: Client,
  { code, name, funds }: { code: string; name: string; funds: number },
): Promise<{ desk: number; deskName: string; category: number }> {
  const tag = uniqueTag();
  const shop = Number((await db('locations').where({ code: 'BTQ01' }).first('id'))!.id);
  const deskName = `${name} ${tag}`;
  const created = await admin.post(ROUTES['cashDesks.index'], {
    code: `${code}${tag}`.slice(0, 20),
    name: deskName,
    location_id: String(shop),
  });
  if (created.status !== 303) throw new Error(`cash desk not created: ${created.status}`);
  const desk = await cashDeskAccountId(db, Number(created.headers.location.split('/').pop()));
  if (!desk) throw new Error('cash desk without its treasury account');
  const category = Number((await db('expense_categories').where({ active: true }).orderBy('id').first('id'))!.id);
  const apport = await admin.post(ROUTES['cashOperations.index'], {
    idempotency_key: idempotencyKey(),
    kind: 'cash_in',
    amount: funds,
    to_account_id: desk,
    beneficiary: 'Gérant',
  });
  if (apport.status !== 303 || !/^\/operations\/caisse\/operations\/\d+$/.test(apport.headers.location))
    throw new Error(`apport not recorded: ${apport.status} ${apport.headers.location}`);
  return { desk, deskName, category };
}
