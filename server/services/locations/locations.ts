import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedLocation } from '../places/scope.js';
import type { Knex } from 'knex';
import type { UsageInfo } from '../../../shared/records.js';
import type { LocationKind } from '../../../shared/locations.js';
import type { Paginated, StatusFilter } from '../../../shared/lists.js';
import { type ListQuery, paginate } from '../../db/paginate.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { whereSearch } from '../../db/search.js';
import { inTransaction } from '../../db/transaction.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { deleteOrRefuse, historyReasons, usageInfo } from '../records/usage.js';
import { Refusal } from '../../domain/errors.js';
import { frenchKey, orderByFrench } from '../../db/french-order.js';

/**
 * Locations (emplacements): the warehouse(s) and shops where stock lives and cash desks stand.
 * Stock, sales and cash refer to them, so they are archived rather than deleted once used.
 */
export interface LocationInput {
  code: string;
  name: string;
  kind: LocationKind;
  address: string;
  /** Its point of sale at the DGI, for the documents of its desks that have none ('' : none). */
  fiscal_point_of_sale: string;
  active: boolean;
}

export const LOCATION_FIELDS = ['code', 'name', 'kind', 'address', 'fiscal_point_of_sale', 'active'] as const;
export const LOCATION_SORTS = ['code', 'name', 'kind'] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];

const withDeskCount = (db: Knex | Knex.Transaction) =>
  db('cash_desks').count('*').whereRaw('cash_desks.location_id = locations.id').as('cash_desk_count');

export type LocationListQuery = ListQuery<LocationSort, { status: StatusFilter; kind: LocationKind | '' }>;

/** One page of the locations list, each with its number of cash desks. */
export function listLocations(db: Knex, params: LocationListQuery, scope: PlaceScope): Promise<Paginated<any>> {
  return paginate(
    whereAllowedLocation(locationsQuery(db, params), 'locations.id', scope),
    params.page,
    params.per_page,
  );
}

function locationsQuery(db: Knex, params: LocationListQuery): Knex.QueryBuilder {
  const qb = db('locations').select('locations.*', withDeskCount(db));
  whereSearch(qb, db, params.q, { upperPrefix: ['locations.code'], contains: ['locations.name'] });
  if (params.filters.kind) qb.where('locations.kind', params.filters.kind);
  if (params.filters.status === 'active') qb.where('locations.active', true);
  else if (params.filters.status === 'archived') qb.where('locations.active', false);
  return (
    params.sort === 'name'
      ? orderByFrench(qb, db, { name: 'locations.name' }, params.dir)
      : qb.orderBy(`locations.${params.sort}`, params.dir)
  ).orderBy('locations.id');
}

export async function findLocation(db: Knex | Knex.Transaction, id: number) {
  return db('locations').where('locations.id', id).select('locations.*', withDeskCount(db)).first();
}

/** Options for selects: the active locations the user works in, plus the one a record already uses. */
export async function locationOptions(
  db: Knex,
  scope: PlaceScope,
  includeId?: number | null,
): Promise<Array<{ value: string; label: string }>> {
  const rows = await whereAllowedLocation(db('locations'), 'id', scope)
    .where((w) => {
      w.where('active', true);
      if (includeId) w.orWhere('id', includeId);
    })
    .orderBy('kind', 'desc')
    .orderByRaw(frenchKey(db, { name: 'name' }))
    .select('id', 'name');
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}

async function assertUnique(trx: Knex.Transaction, input: { code: string; name: string }, exceptId?: number) {
  const errors: Record<string, string> = {};
  const byCode = trx('locations').where({ code: input.code });
  if (exceptId) byCode.whereNot({ id: exceptId });
  if (await byCode.first('id')) errors.code = `Le code ${input.code} est déjà utilisé par un autre emplacement.`;
  const byName = trx('locations').whereRaw('LOWER(name) = ?', [input.name.toLowerCase()]);
  if (exceptId) byName.whereNot({ id: exceptId });
  if (await byName.first('id')) errors.name = `Un emplacement « ${input.name} » existe déjà.`;
  if (Object.keys(errors).length) throw new Refusal(errors);
}

function mapUnique(err: unknown): never {
  const column = uniqueViolationColumn(err);
  if (column === 'code') throw new Refusal({ code: 'Ce code est déjà utilisé par un autre emplacement.' });
  if (column === 'name') throw new Refusal({ name: 'Ce nom est déjà utilisé par un autre emplacement.' });
  throw err;
}

/**
 * Why a location cannot be archived now (null: it can): stock still in it, or an active cash desk
 * standing there, or it is the last active location.
 */
/** What the location's page may offer: archive unless something still needs it there, delete only without history. */
export async function locationUsage(db: Knex, row: { id: unknown; active: unknown }): Promise<UsageInfo> {
  const id = Number(row.id);
  const block = toBool(row.active) ? await archiveBlock(db, id) : null;
  return usageInfo(await historyReasons(db, 'location', id), { archive: block });
}

export async function archiveBlock(db: Knex | Knex.Transaction, id: number): Promise<string | null> {
  const stock = await db('stock_levels').where({ location_id: id }).whereNot('quantity', 0).first('product_id');
  if (stock) return 'Il contient encore du stock : transférez-le ou réajustez-le avant de l’archiver.';
  const desk = await db('cash_desks').where({ location_id: id, active: true }).first('name');
  if (desk)
    return `La caisse « ${desk.name} » y est rattachée : archivez-la ou rattachez-la à un autre emplacement d’abord.`;
  const others = await db('locations').where({ active: true }).whereNot({ id }).first('id');
  if (!others) return 'C’est le dernier emplacement actif : il en faut au moins un.';
  return null;
}

export async function createLocation(db: Knex, input: LocationInput, actor: Actor): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertUnique(trx, input);
      const now = nowIso();
      const id = await insertReturningId(trx, 'locations', { ...input, created_at: now, updated_at: now });
      await recordAudit(trx, {
        action: 'location.created',
        user: auditUser(actor),
        subject: { type: 'location', id, label: `${input.code} — ${input.name}` },
        details: { after: input },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export async function updateLocation(db: Knex, id: number, input: LocationInput, actor: Actor): Promise<void> {
  try {
    await inTransaction(db, async (trx) => {
      const current = await trx('locations').where({ id }).first();
      if (!current) throw new Refusal({ _form: 'Cet emplacement n’existe plus.' });
      await assertUnique(trx, input, id);
      if (toBool(current.active) && !input.active) {
        const block = await archiveBlock(trx, id);
        if (block) throw new Refusal({ active: block });
      }
      const diff = diffFields(
        { ...current, active: toBool(current.active) },
        input as unknown as Record<string, unknown>,
        LOCATION_FIELDS,
      );
      if (!diff) return;
      await trx('locations')
        .where({ id })
        .update({ ...input, updated_at: nowIso() });
      await recordAudit(trx, {
        action: 'location.updated',
        user: auditUser(actor),
        subject: { type: 'location', id, label: `${input.code} — ${input.name}` },
        details: diff,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setLocationActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('locations').where({ id }).first();
    if (!current) throw Refusal.action('Cet emplacement n’existe plus.');
    if (toBool(current.active) === active) return;
    if (!active) {
      const block = await archiveBlock(trx, id);
      if (block) throw Refusal.action(`L’emplacement « ${current.name} » ne peut pas être archivé. ${block}`);
    }
    await trx('locations').where({ id }).update({ active, updated_at: nowIso() });
    await recordAudit(trx, {
      action: active ? 'location.restored' : 'location.archived',
      user: auditUser(actor),
      subject: { type: 'location', id, label: `${current.code} — ${current.name}` },
      ip: actor.ip,
    });
  });
}

export async function deleteLocation(db: Knex, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('locations').where({ id }).first();
    if (!current) throw Refusal.action('Cet emplacement n’existe plus.');
    const reasons = await historyReasons(trx, 'location', id);
    if (reasons.length)
      throw Refusal.action(
        `L’emplacement « ${current.name} » ne peut pas être supprimé : ${reasons.join(' ; ')}. Archivez-le plutôt.`,
      );
    if (toBool(current.active) && !(await trx('locations').where({ active: true }).whereNot({ id }).first('id'))) {
      throw Refusal.action('C’est le dernier emplacement actif : il en faut au moins un.');
    }
    // Empty stock rows (quantity 0) are not history: they go with the location.
    await trx('stock_levels').where({ location_id: id }).delete();
    await deleteOrRefuse(
      trx,
      'locations',
      id,
      'Cet emplacement est utilisé par d’autres enregistrements : archivez-le plutôt.',
    );
    await recordAudit(trx, {
      action: 'location.deleted',
      user: auditUser(actor),
      subject: { type: 'location', id, label: `${current.code} — ${current.name}` },
      details: { before: { code: current.code, name: current.name, kind: current.kind } },
      ip: actor.ip,
    });
  });
}

/** Every location in code order (the REST API's list: a handful of rows). */
export function allLocations(
  db: Knex,
): Promise<Array<{ id: number; code: string; name: string; kind: string; active: unknown }>> {
  return db('locations').orderBy('code').select('id', 'code', 'name', 'kind', 'active');
}
