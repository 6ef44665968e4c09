/**
 * Master data the drill's documents need (written through the server's own helpers, as the
 * reference data is), and the users of the route × role matrix.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { insertReturningId, nowIso } from '../../server/db/dialect.js';
import { withSearchName } from '../../server/db/search.js';
import { businessDate } from '../../server/domain/dates.js';
import { createUser } from '../../server/services/accounts/create-user.js';
import { createRole } from '../../server/services/roles/create-role.js';
import type { Permission } from '../../shared/permissions.js';
import type { TreasuryKind } from '../../shared/treasury.js';

export const USER_PASSWORD = 'Drill-User-123456';

export interface World {
  depot: number;
  shop: number;
  supplier: number;
  category: number;
  walkIn: number;
  today: string;
  year: number;
}

export const tag = () => randomBytes(4).toString('hex').toUpperCase();

export async function buildWorld(db: Knex): Promise<World> {
  const now = nowIso();
  const location = async (code: string) => Number((await db('locations').where({ code }).first('id'))!.id);
  const t = tag();
  const supplier = await insertReturningId(
    db,
    'suppliers',
    withSearchName({
      code: `FRS${t}`,
      name: `Fournisseur exercice ${t}`,
      active: true,
      created_at: now,
      updated_at: now,
    }),
  );
  const category = await insertReturningId(
    db,
    'categories',
    withSearchName({ code: `CAT${t}`, name: `Catégorie exercice ${t}`, created_at: now, updated_at: now }),
  );
  const walkIn = Number((await db('clients').where({ is_walk_in: true }).first('id'))!.id);
  const company = await db('company_settings').where({ id: 1 }).first('time_zone');
  const today = businessDate(company?.time_zone ?? 'Africa/Abidjan');
  return {
    depot: await location('DEP01'),
    shop: await location('BTQ01'),
    supplier,
    category,
    walkIn,
    today,
    year: Number(today.slice(0, 4)),
  };
}

/** A location of its own (a shop nothing else of the drill stands in). */
export async function makeLocation(db: Knex, label: string): Promise<number> {
  const now = nowIso();
  const code = `L${tag()}`;
  return insertReturningId(db, 'locations', {
    code,
    name: `${label} ${code}`,
    kind: 'boutique',
    active: true,
    created_at: now,
    updated_at: now,
  });
}

/** A product priced 1 000 at retail (cost 600), without stock: stock comes through the entry form. */
export async function makeProduct(
  db: Knex,
  w: World,
  name = 'Article',
): Promise<{ id: number; code: string; name: string }> {
  const now = nowIso();
  const code = `P${tag()}`;
  const fullName = `${name} ${code}`;
  const id = await insertReturningId(
    db,
    'products',
    withSearchName({
      code,
      barcode: null,
      name: fullName,
      category_id: w.category,
      unit: 'pièce',
      pack_size: 1,
      purchase_price: 600,
      cmup: 0,
      retail_price: 1_000,
      wholesale_price: 900,
      min_price: 0,
      active: true,
      created_at: now,
      updated_at: now,
    }),
  );
  return { id, code, name: fullName };
}

export async function makeClient(db: Knex, creditLimit = 100_000_000): Promise<number> {
  const now = nowIso();
  const code = `CL${tag()}`;
  return insertReturningId(
    db,
    'clients',
    withSearchName({
      code,
      name: `Client exercice ${code}`,
      kind: 'particulier',
      price_level: 'detail',
      credit_limit: creditLimit,
      balance: 0,
      active: true,
      created_at: now,
      updated_at: now,
    }),
  );
}

/**
 * A verified user holding exactly these permissions (through a role of their own), or a seeded role;
 * `places`: restricted to these locations (Paramètres › Utilisateurs « Seulement les emplacements cochés »).
 */
export async function makeUser(
  db: Knex,
  label: string,
  grant: { permissions: readonly Permission[] } | { role: string },
  places?: { locations: readonly number[] },
): Promise<{ email: string; password: string }> {
  const email = `drill-${tag().toLowerCase()}@drill.local`;
  let roleName: string;
  if ('role' in grant) roleName = grant.role;
  else {
    roleName = `Exercice ${label} ${tag()}`;
    await createRole(db, { name: roleName, permissions: [...grant.permissions] });
  }
  const id = await createUser(db, {
    name: `Exercice ${label}`,
    email,
    password: USER_PASSWORD,
    roleNames: [roleName],
    verified: true,
  });
  if (places) {
    await db('users').where({ id }).update({ places_restricted: true });
    if (places.locations.length)
      await db('user_locations').insert(places.locations.map((location_id) => ({ user_id: id, location_id })));
  }
  return { email, password: USER_PASSWORD };
}

/**
 * A treasury account of its own (a cash desk at the shop, a bank, an Orange Money wallet), empty:
 * money comes in through the Caisse forms, so every round owns its movements and a closing of one
 * of them never locks a day the other operations post to.
 */
export async function makeAccount(db: Knex, w: World, kind: TreasuryKind, label = 'Exercice'): Promise<number> {
  const now = nowIso();
  const code = `${kind === 'caisse' ? 'K' : kind === 'banque' ? 'B' : 'M'}${tag()}`;
  return insertReturningId(db, 'treasury_accounts', {
    kind,
    code,
    name: `${label} ${code}`,
    location_id: kind === 'caisse' ? w.shop : null,
    operator: kind === 'mobile_money' ? 'orange_money' : null,
    bank_name: kind === 'banque' ? 'Banque exercice' : '',
    account_number: kind === 'caisse' ? '' : `CI${code}`,
    balance: 0,
    active: true,
    created_at: now,
    updated_at: now,
  });
}
