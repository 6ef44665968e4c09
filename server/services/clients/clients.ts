import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { UsageInfo } from '../../../shared/records.js';
import {
  CLIENT_KIND_LABELS,
  type ClientFilters,
  type ClientKind,
  PRICE_LEVEL_LABELS,
  type PriceLevel,
} from '../../../shared/clients.js';
import { type ListQuery, keysetPage, paginate } from '../../db/paginate.js';
import { type ExportFile, type ExportFormat, type ExportSpec, buildExport } from '../tabular/export.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { whereSearch, withSearchName, withTypoFallback } from '../../db/search.js';
import { inTransaction } from '../../db/transaction.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCurrency } from '../company/get-company.js';
import { deleteOrRefuse, historyReasons, usageInfo } from '../records/usage.js';
import { Refusal } from '../../domain/errors.js';
import { orderByFrench } from '../../db/french-order.js';
import type { ClientsRow } from '../../db/tables.generated.js';

export interface ClientInput {
  code: string;
  name: string;
  kind: ClientKind;
  phone: string;
  email: string;
  address: string;
  city: string;
  tax_number: string;
  price_level: PriceLevel;
  credit_limit: number;
  active: boolean;
}

export const CLIENT_FIELDS = [
  'code',
  'name',
  'kind',
  'phone',
  'email',
  'address',
  'city',
  'tax_number',
  'price_level',
  'credit_limit',
  'active',
] as const;

export const CLIENT_SORTS = ['code', 'name', 'kind', 'city', 'price_level', 'credit_limit', 'balance'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/**
 * What the client's page may offer: the walk-in client (CLIENT COMPTANT) is neither archived nor
 * deleted; another client is deleted only without history.
 */
export async function clientUsage(
  db: Knex,
  row: { id: unknown; is_walk_in: unknown },
  currency: string,
): Promise<UsageInfo> {
  const block = toBool(row.is_walk_in) ? 'Le CLIENT COMPTANT sert à toutes les ventes au comptant.' : null;
  return usageInfo(block ? [] : await historyReasons(db, 'client', Number(row.id), currency), {
    archive: block,
    delete: block,
  });
}

export const WALK_IN_NO_CREDIT =
  'Le CLIENT COMPTANT sert aux ventes au comptant : il ne peut pas avoir de plafond de crédit.';

export type ClientListQuery = ListQuery<ClientSort, ClientFilters>;

/** The filtered, sorted query of the clients list (also the export). */
function clientsQuery(
  db: Knex,
  params: Omit<ClientListQuery, 'page' | 'per_page'>,
): Knex.QueryBuilder<ClientsRow, ClientsRow[]> {
  const qb = db('clients').select('*');
  whereSearch(qb, db, params.q, {
    upperPrefix: ['code'],
    prefix: ['phone'],
    folded: ['search_name'],
    squeezed: ['search_key'],
  });
  if (params.filters.kind) qb.where('kind', params.filters.kind);
  if (params.filters.price_level) qb.where('price_level', params.filters.price_level);
  if (params.filters.status === 'active') qb.where('active', true);
  else if (params.filters.status === 'archived') qb.where('active', false);
  // The walk-in client stays on top when the list is in its default order.
  return (
    params.sort === 'name'
      ? orderByFrench(qb, db, { folded: 'search_name' }, params.dir)
      : qb.orderBy(params.sort, params.dir)
  ).orderBy('id', 'asc');
}

/** One page of the clients list. */
export function listClients(db: Knex, params: ClientListQuery): Promise<Paginated<ClientsRow>> {
  return withTypoFallback(
    params.q,
    (q) => clientsQuery(db, { ...params, q }),
    { id: 'id', key: 'search_key' },
    (qb) => paginate(qb, params.page, params.per_page),
  );
}

/** Clients in id order after `afterId` (the REST API's cursor pages), with the same search and filters as the list. */
export function clientsAfter(
  db: Knex,
  params: { q: string; filters: ClientFilters },
  afterId: number | null,
  limit: number,
): Promise<{ data: ClientsRow[]; next_after: number | null }> {
  return keysetPage(
    clientsQuery(db, { q: params.q, sort: 'code', dir: 'asc', filters: params.filters }),
    'id',
    afterId,
    limit,
  );
}

function clientExportSpec(currency: string): ExportSpec<ClientsRow> {
  return {
    fileName: 'clients',
    sheetName: 'Clients',
    currency,
    columns: [
      { header: 'Code', value: (r) => r.code, width: 12 },
      { header: 'Nom', value: (r) => r.name, width: 32 },
      { header: 'Type', value: (r) => CLIENT_KIND_LABELS[r.kind] ?? r.kind },
      { header: 'Téléphone', value: (r) => r.phone },
      { header: 'E-mail', value: (r) => r.email, width: 28 },
      { header: 'Adresse', value: (r) => r.address, width: 30 },
      { header: 'Ville', value: (r) => r.city },
      { header: 'N° contribuable', value: (r) => r.tax_number },
      { header: 'Niveau de prix', value: (r) => PRICE_LEVEL_LABELS[r.price_level] ?? r.price_level },
      { header: 'Plafond de crédit', kind: 'money', value: (r) => Number(r.credit_limit) },
      { header: 'Solde', kind: 'money', value: (r) => Number(r.balance) },
      { header: 'Actif', value: (r) => toBool(r.active) },
    ],
  };
}

/** The clients list as filtered on screen, as a CSV or XLSX file. */
export async function exportClients(
  db: Knex,
  params: Omit<ClientListQuery, 'page' | 'per_page'>,
  format: ExportFormat,
): Promise<ExportFile> {
  return buildExport(format, clientExportSpec(await getCurrency(db)), await clientsQuery(db, params));
}

export async function findClient(db: Knex | Knex.Transaction, id: number) {
  return db('clients').where({ id }).first();
}

async function assertUniqueCode(trx: Knex.Transaction, code: string, exceptId?: number) {
  const q = trx('clients').where({ code });
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first('id')) throw new Refusal({ code: `Le code ${code} est déjà utilisé par un autre client.` });
}

function mapUnique(err: unknown): never {
  const column = uniqueViolationColumn(err);
  if (column === 'code') throw new Refusal({ code: 'Ce code est déjà utilisé par un autre client.' });
  throw err;
}

function rowOf(input: ClientInput) {
  return {
    code: input.code,
    name: input.name,
    kind: input.kind,
    phone: input.phone,
    email: input.email,
    address: input.address,
    city: input.city,
    tax_number: input.tax_number,
    price_level: input.price_level,
    credit_limit: input.credit_limit,
    active: input.active,
  };
}

export async function createClient(db: Knex, input: ClientInput, actor: Actor): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertUniqueCode(trx, input.code);
      const now = nowIso();
      const id = await insertReturningId(
        trx,
        'clients',
        withSearchName({ ...rowOf(input), balance: 0, is_walk_in: false, created_at: now, updated_at: now }),
      );
      await recordAudit(trx, {
        action: 'client.created',
        user: auditUser(actor),
        subject: { type: 'client', id, label: `${input.code} — ${input.name}` },
        details: { after: rowOf(input) },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export async function updateClient(db: Knex, id: number, input: ClientInput, actor: Actor): Promise<void> {
  try {
    await inTransaction(db, async (trx) => {
      const current = await findClient(trx, id);
      if (!current) throw new Refusal({ _form: 'Ce client n’existe plus.' });
      const walkIn = toBool(current.is_walk_in);
      if (walkIn && input.credit_limit !== 0) throw new Refusal({ credit_limit: WALK_IN_NO_CREDIT });
      if (walkIn && !input.active) throw new Refusal({ active: 'Le CLIENT COMPTANT ne peut pas être archivé.' });
      await assertUniqueCode(trx, input.code, id);
      const before = { ...current, active: toBool(current.active) };
      const next = rowOf(input);
      const diff = diffFields(before, next, CLIENT_FIELDS);
      if (!diff) return;
      await trx('clients')
        .where({ id })
        .update(withSearchName({ ...next, updated_at: nowIso() }));
      await recordAudit(trx, {
        action: 'client.updated',
        user: auditUser(actor),
        subject: { type: 'client', id, label: `${input.code} — ${input.name}` },
        details: diff,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

/** Archive (active = false) or restore. The walk-in client is never archived. */
export async function setClientActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await findClient(trx, id);
    if (!current) throw Refusal.action('Ce client n’existe plus.');
    if (toBool(current.is_walk_in) && !active)
      throw Refusal.action('Le CLIENT COMPTANT ne peut pas être archivé : il sert à toutes les ventes au comptant.');
    if (toBool(current.active) === active) return;
    await trx('clients').where({ id }).update({ active, updated_at: nowIso() });
    await recordAudit(trx, {
      action: active ? 'client.restored' : 'client.archived',
      user: auditUser(actor),
      subject: { type: 'client', id, label: `${current.code} — ${current.name}` },
      ip: actor.ip,
    });
  });
}

/** Deletes a client without history; one with history must be archived instead. */
export async function deleteClient(db: Knex, id: number, actor: Actor): Promise<void> {
  const currency = await getCurrency(db);
  await inTransaction(db, async (trx) => {
    const current = await findClient(trx, id);
    if (!current) throw Refusal.action('Ce client n’existe plus.');
    if (toBool(current.is_walk_in))
      throw Refusal.action('Le CLIENT COMPTANT ne peut pas être supprimé : il sert à toutes les ventes au comptant.');
    const reasons = await historyReasons(trx, 'client', id, currency);
    if (reasons.length)
      throw Refusal.action(`Ce client ne peut pas être supprimé : ${reasons.join(' ; ')}. Archivez-le plutôt.`);
    await deleteOrRefuse(
      trx,
      'clients',
      id,
      'Ce client est utilisé par d’autres enregistrements : archivez-le plutôt.',
    );
    await recordAudit(trx, {
      action: 'client.deleted',
      user: auditUser(actor),
      subject: { type: 'client', id, label: `${current.code} — ${current.name}` },
      details: { before: { code: current.code, name: current.name, phone: current.phone } },
      ip: actor.ip,
    });
  });
}
