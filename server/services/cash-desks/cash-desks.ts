import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import type { Knex } from 'knex';
import type { UsageInfo } from '../../../shared/records.js';
import type { Paginated, StatusFilter } from '../../../shared/lists.js';
import { type ListQuery, paginate } from '../../db/paginate.js';
import { formatMoney } from '../../../shared/money.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { whereSearch } from '../../db/search.js';
import { inTransaction } from '../../db/transaction.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCurrency } from '../company/get-company.js';
import { deleteOrRefuse, historyReasons, usageInfo } from '../records/usage.js';
import { Refusal } from '../../domain/errors.js';
import { deleteCashDeskAccount, syncCashDeskAccount } from '../treasury/cash-desk-accounts.js';
import { orderByFrench } from '../../db/french-order.js';
import { encryptSecret } from '../fiscal/secret.js';
import type { CashDesksRow } from '../../db/tables.generated.js';

/**
 * Cash desks (caisses), each standing in one location. The main desk (is_main, created at first
 * start) receives the company's cash and is never archived nor deleted; a desk holding cash is
 * not archived either (its balance would disappear from the cash situation).
 */
export interface CashDeskInput {
  code: string;
  name: string;
  location_id: number;
  /** Its own point of sale at the DGI ('' : its location's). */
  fiscal_point_of_sale: string;
  /** e-MECeF's token of its machine, in clear as typed: '' keeps the stored one; stored encrypted. */
  fiscal_machine_token: string;
  clear_machine_token: boolean;
  active: boolean;
}

export const CASH_DESK_FIELDS = ['code', 'name', 'location_id', 'fiscal_point_of_sale', 'active'] as const;

/** What the audit shows of a new desk: its fields, the token apart (deskColumns' tokenChange says if one was given). */
function columnsForAudit(input: CashDeskInput): Record<string, unknown> {
  return Object.fromEntries(CASH_DESK_FIELDS.map((field) => [field, input[field]]));
}

/** The columns a desk's form writes: the token only encrypted, and only when typed or cleared. */
function deskColumns(input: CashDeskInput, appKey: string, stored: string | null) {
  const { fiscal_machine_token: token, clear_machine_token: clear, ...columns } = input;
  const tokenChanged = token !== '' || (clear && stored !== null);
  return {
    columns: {
      ...columns,
      ...(tokenChanged ? { fiscal_machine_token: token ? encryptSecret(appKey, token) : null } : {}),
    },
    /** For the audit: whether a token is stored before and after, never the token. */
    tokenChange: tokenChanged
      ? {
          before: { fiscal_machine_token: stored ? 'Jeton enregistré' : null },
          after: { fiscal_machine_token: token ? 'Nouveau jeton' : null },
        }
      : null,
  };
}
export const CASH_DESK_SORTS = ['code', 'name', 'location', 'balance'] as const;
export type CashDeskSort = (typeof CASH_DESK_SORTS)[number];
const SORT_COLUMNS: Record<CashDeskSort, string> = {
  code: 'cash_desks.code',
  name: 'cash_desks.name',
  location: 'locations.name',
  balance: 'treasury_accounts.balance',
};

export const MAIN_DESK_BLOCK =
  'La caisse principale reçoit les encaissements de la société : elle ne peut être ni archivée ni supprimée.';

export type CashDeskListQuery = ListQuery<CashDeskSort, { status: StatusFilter; location_id: string }>;

/** A desk of the list: its row, its location's name and its account's balance (none before its account exists). */
export type CashDeskListRow = CashDesksRow & { location_name: string; balance: number | null };

/** One page of the cash desks list, each with its location's name. */
export function listCashDesks(
  db: Knex,
  params: CashDeskListQuery,
  scope: PlaceScope,
): Promise<Paginated<CashDeskListRow>> {
  // The user's desks: their account is the user's (ticked on their form, or of their locations when none is).
  return paginate(
    whereAllowedAccount(cashDesksQuery(db, params), scope, 'treasury_accounts.'),
    params.page,
    params.per_page,
  );
}

function cashDesksQuery(db: Knex, params: CashDeskListQuery) {
  const qb = withBalance(db('cash_desks').join('locations', 'locations.id', 'cash_desks.location_id')).select(
    'cash_desks.*',
    'locations.name as location_name',
    'treasury_accounts.balance',
  );
  whereSearch(qb, db, params.q, { upperPrefix: ['cash_desks.code'], contains: ['cash_desks.name'] });
  if (params.filters.location_id) qb.where('cash_desks.location_id', Number(params.filters.location_id));
  if (params.filters.status === 'active') qb.where('cash_desks.active', true);
  else if (params.filters.status === 'archived') qb.where('cash_desks.active', false);
  const name = params.sort === 'name' || params.sort === 'location' ? SORT_COLUMNS[params.sort] : null;
  return (
    name ? orderByFrench(qb, db, { name }, params.dir) : qb.orderBy(SORT_COLUMNS[params.sort], params.dir)
  ).orderBy('cash_desks.id');
}

export async function findCashDesk(db: Knex | Knex.Transaction, id: number) {
  return withBalance(db('cash_desks').join('locations', 'locations.id', 'cash_desks.location_id'))
    .where('cash_desks.id', id)
    .select('cash_desks.*', 'locations.name as location_name', 'treasury_accounts.balance')
    .first();
}

/** A desk's balance lives on its treasury account (the money ledger). */
function withBalance(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb.leftJoin('treasury_accounts', 'treasury_accounts.cash_desk_id', 'cash_desks.id');
}

/** The desk row with its balance, read inside a transaction. */
function deskWithBalance(trx: Knex.Transaction, id: number) {
  return withBalance(trx('cash_desks'))
    .where('cash_desks.id', id)
    .select('cash_desks.*', 'treasury_accounts.balance')
    .first();
}

async function assertValid(trx: Knex.Transaction, input: CashDeskInput, current?: { id: number; location_id: number }) {
  const errors: Record<string, string> = {};
  const byCode = trx('cash_desks').where({ code: input.code });
  if (current) byCode.whereNot({ id: current.id });
  if (await byCode.first('id')) errors.code = `Le code ${input.code} est déjà utilisé par une autre caisse.`;
  const byName = trx('cash_desks').whereRaw('LOWER(name) = ?', [input.name.toLowerCase()]);
  if (current) byName.whereNot({ id: current.id });
  if (await byName.first('id')) errors.name = `Une caisse « ${input.name} » existe déjà.`;
  // Codes and names are shared with the bank and mobile-money accounts (one money ledger).
  if (!errors.code) {
    const account = await trx('treasury_accounts').whereNull('cash_desk_id').where({ code: input.code }).first('name');
    if (account) errors.code = `Le code ${input.code} est déjà celui du compte « ${account.name} ».`;
  }
  if (
    !errors.name &&
    (await trx('treasury_accounts')
      .whereNull('cash_desk_id')
      .whereRaw('LOWER(name) = ?', [input.name.toLowerCase()])
      .first('id'))
  ) {
    errors.name = `Un compte bancaire ou mobile money s’appelle déjà « ${input.name} ».`;
  }
  const location = await trx('locations').where({ id: input.location_id }).first('active');
  if (!location) errors.location_id = 'Cet emplacement n’existe pas.';
  else if (!toBool(location.active) && input.location_id !== current?.location_id)
    errors.location_id = 'Cet emplacement est archivé : choisissez un emplacement actif.';
  if (Object.keys(errors).length) throw new Refusal(errors);
}

function mapUnique(err: unknown): never {
  const column = uniqueViolationColumn(err);
  if (column === 'code') throw new Refusal({ code: 'Ce code est déjà utilisé par une autre caisse.' });
  if (column === 'name') throw new Refusal({ name: 'Ce nom est déjà utilisé par une autre caisse.' });
  throw err;
}

/** Why a desk cannot be archived (null: it can). */
/** What the desk's page may offer: the main desk is never deleted, a desk holding cash is not archived. */
export async function cashDeskUsage(
  db: Knex,
  row: { id: unknown; is_main: unknown; active: unknown; balance: unknown },
  currency: string,
): Promise<UsageInfo> {
  const main = toBool(row.is_main);
  const block = toBool(row.active) ? archiveBlock(row, currency) : null;
  return usageInfo(main ? [] : await historyReasons(db, 'cash_desk', Number(row.id), currency), {
    archive: block,
    delete: main ? MAIN_DESK_BLOCK : null,
  });
}

export function archiveBlock(desk: { is_main: unknown; balance: unknown }, currency: string): string | null {
  if (toBool(desk.is_main)) return MAIN_DESK_BLOCK;
  const balance = Number(desk.balance);
  if (balance !== 0)
    return `Elle contient ${formatMoney(balance, currency)} : versez ou transférez ce solde avant de l’archiver.`;
  return null;
}

export async function createCashDesk(db: Knex, input: CashDeskInput, actor: Actor, appKey: string): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertValid(trx, input);
      const now = nowIso();
      const { columns, tokenChange } = deskColumns(input, appKey, null);
      const id = await insertReturningId(trx, 'cash_desks', {
        ...columns,
        is_main: false,
        created_at: now,
        updated_at: now,
      });
      await syncCashDeskAccount(trx, id);
      await recordAudit(trx, {
        action: 'cash_desk.created',
        user: auditUser(actor),
        subject: { type: 'cash_desk', id, label: `${input.code} — ${input.name}` },
        details: { after: { ...columnsForAudit(input), ...tokenChange?.after } },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export async function updateCashDesk(
  db: Knex,
  id: number,
  input: CashDeskInput,
  actor: Actor,
  appKey: string,
): Promise<void> {
  const currency = await getCurrency(db);
  try {
    await inTransaction(db, async (trx) => {
      const current = await deskWithBalance(trx, id);
      if (!current) throw new Refusal({ _form: 'Cette caisse n’existe plus.' });
      await assertValid(trx, input, { id, location_id: Number(current.location_id) });
      if (toBool(current.active) && !input.active) {
        const block = archiveBlock(current, currency);
        if (block) throw new Refusal({ active: block });
      }
      const { columns, tokenChange } = deskColumns(input, appKey, current.fiscal_machine_token);
      const fields = diffFields({ ...current, active: toBool(current.active) }, { ...input }, CASH_DESK_FIELDS);
      if (!fields && !tokenChange) return;
      const diff = {
        before: { ...fields?.before, ...tokenChange?.before },
        after: { ...fields?.after, ...tokenChange?.after },
      };
      await trx('cash_desks')
        .where({ id })
        .update({ ...columns, updated_at: nowIso() });
      await syncCashDeskAccount(trx, id);
      await recordAudit(trx, {
        action: 'cash_desk.updated',
        user: auditUser(actor),
        subject: { type: 'cash_desk', id, label: `${input.code} — ${input.name}` },
        details: diff,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setCashDeskActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  const currency = await getCurrency(db);
  await inTransaction(db, async (trx) => {
    const current = await deskWithBalance(trx, id);
    if (!current) throw Refusal.action('Cette caisse n’existe plus.');
    if (toBool(current.active) === active) return;
    if (!active) {
      const block = archiveBlock(current, currency);
      if (block) throw Refusal.action(`La caisse « ${current.name} » ne peut pas être archivée. ${block}`);
    } else {
      const location = (await trx('locations').where({ id: current.location_id }).first('name', 'active'))!; // cash_desks.location_id references it
      if (!toBool(location.active))
        throw Refusal.action(
          `L’emplacement « ${location.name} » est archivé : réactivez-le ou rattachez la caisse à un autre emplacement avant de la réactiver.`,
        );
    }
    await trx('cash_desks').where({ id }).update({ active, updated_at: nowIso() });
    await syncCashDeskAccount(trx, id);
    await recordAudit(trx, {
      action: active ? 'cash_desk.restored' : 'cash_desk.archived',
      user: auditUser(actor),
      subject: { type: 'cash_desk', id, label: `${current.code} — ${current.name}` },
      ip: actor.ip,
    });
  });
}

export async function deleteCashDesk(db: Knex, id: number, actor: Actor): Promise<void> {
  const currency = await getCurrency(db);
  await inTransaction(db, async (trx) => {
    const current = await deskWithBalance(trx, id);
    if (!current) throw Refusal.action('Cette caisse n’existe plus.');
    if (toBool(current.is_main)) throw Refusal.action(MAIN_DESK_BLOCK);
    const reasons = await historyReasons(trx, 'cash_desk', id, currency);
    if (reasons.length)
      throw Refusal.action(
        `La caisse « ${current.name} » ne peut pas être supprimée : ${reasons.join(' ; ')}. Archivez-la plutôt.`,
      );
    await deleteCashDeskAccount(trx, id);
    await deleteOrRefuse(
      trx,
      'cash_desks',
      id,
      'Cette caisse est utilisée par d’autres enregistrements : archivez-la plutôt.',
    );
    await recordAudit(trx, {
      action: 'cash_desk.deleted',
      user: auditUser(actor),
      subject: { type: 'cash_desk', id, label: `${current.code} — ${current.name}` },
      details: { before: { code: current.code, name: current.name } },
      ip: actor.ip,
      places: { locations: [Number(current.location_id)] },
    });
  });
}
