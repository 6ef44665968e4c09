import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import { formatMoney } from '../../../shared/money.js';
import type { UsageInfo } from '../../../shared/records.js';
import {
  MANAGED_TREASURY_KINDS,
  type ManagedTreasuryKind,
  type PaymentAccountOption,
  type PaymentAccounts,
  type TreasuryAccountFilters,
} from '../../../shared/treasury-accounts.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  TREASURY_KIND_LABELS,
  type TreasuryKind,
} from '../../../shared/treasury.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { type ListQuery, paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import type { PlaceScope } from '../../policies/places.js';
import { whereAllowedAccount } from '../places/scope.js';
import { inTransaction } from '../../db/transaction.js';
import { Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCurrency } from '../company/get-company.js';
import { deleteOrRefuse, exists, historyReasons, usageInfo } from '../records/usage.js';
import { type ExportFile, type ExportFormat, buildExport } from '../tabular/export.js';
import { orderByFrench } from '../../db/french-order.js';
import type { TreasuryAccountsRow } from '../../db/tables.generated.js';

/**
 * Bank and mobile-money accounts (Paramètres › Société, issue 14): treasury accounts of kind
 * banque or mobile_money, managed beside the cash desks (whose caisse accounts follow the desk,
 * cash-desk-accounts.ts). A bank account has its bank and its RIB/IBAN; a wallet its operator and
 * its phone number (kept in account_number). Balances move only through the money ledger
 * (ledger.ts): an account holding money is not archived, an account with movements not deleted,
 * and its kind no longer changes once it has movements.
 *
 * paymentAccounts() answers the payment pickers of the sales and settlements: the active
 * accounts a payment can land in, grouped by kind.
 */

export interface TreasuryAccountInput {
  kind: ManagedTreasuryKind;
  code: string;
  name: string;
  bank_name: string;
  account_number: string;
  operator: MobileMoneyOperator | '';
  phone: string;
  active: boolean;
}

/** The fields the audit log compares (what the row stores). */
export const TREASURY_ACCOUNT_FIELDS = [
  'kind',
  'code',
  'name',
  'bank_name',
  'account_number',
  'operator',
  'active',
] as const;
export const TREASURY_ACCOUNT_SORTS = ['code', 'name', 'kind', 'balance'] as const;
export type TreasuryAccountSort = (typeof TREASURY_ACCOUNT_SORTS)[number];
const SORT_COLUMNS: Record<TreasuryAccountSort, string> = {
  code: 'code',
  name: 'name',
  kind: 'kind',
  balance: 'balance',
};

export type TreasuryAccountListQuery = ListQuery<TreasuryAccountSort, TreasuryAccountFilters>;

const MANAGED: string[] = ['banque', 'mobile_money'];

/** A bank or mobile-money account as read: its kind is one of MANAGED (the queries filter on it). */
export type ManagedTreasuryAccount = Omit<TreasuryAccountsRow, 'kind'> & { kind: ManagedTreasuryKind };

/** The columns of the accounts' list and export. */
export type TreasuryAccountListRow = Pick<
  ManagedTreasuryAccount,
  'id' | 'kind' | 'code' | 'name' | 'bank_name' | 'account_number' | 'operator' | 'balance' | 'active'
>;

const isManagedKind = (kind: TreasuryKind): kind is ManagedTreasuryKind =>
  (MANAGED_TREASURY_KINDS as readonly string[]).includes(kind);
const ACCOUNT_NUMBER_MIN = 5;

/** The word for an account in messages: « le compte SGBCI Compte courant ». */
const subjectLabel = (row: { code: string; name: string }) => `${row.code} — ${row.name}`;

function accountsQuery(
  db: Knex,
  params: Omit<TreasuryAccountListQuery, 'page' | 'per_page'>,
  scope: PlaceScope,
): Knex.QueryBuilder {
  const qb = db('treasury_accounts')
    .whereIn('kind', MANAGED)
    .select('id', 'kind', 'code', 'name', 'bank_name', 'account_number', 'operator', 'balance', 'active');
  whereAllowedAccount(qb, scope);
  whereSearch(qb, db, params.q, { upperPrefix: ['code'], contains: ['name', 'bank_name', 'account_number'] });
  if (params.filters.kind) qb.where('kind', params.filters.kind);
  if (params.filters.operator) qb.where('operator', params.filters.operator);
  if (params.filters.status === 'active') qb.where('active', true);
  else if (params.filters.status === 'archived') qb.where('active', false);
  return (
    params.sort === 'name'
      ? orderByFrench(qb, db, { name: 'name' }, params.dir)
      : qb.orderBy(SORT_COLUMNS[params.sort], params.dir)
  ).orderBy('id');
}

/** One page of the bank and mobile-money accounts the user works on. */
export function listTreasuryAccounts(
  db: Knex,
  params: TreasuryAccountListQuery,
  scope: PlaceScope,
): Promise<Paginated<TreasuryAccountListRow>> {
  return paginate(accountsQuery(db, params, scope), params.page, params.per_page);
}

/** The list as filtered, as a CSV or XLSX file. */
export async function exportTreasuryAccounts(
  db: Knex,
  params: Omit<TreasuryAccountListQuery, 'page' | 'per_page'>,
  format: ExportFormat,
  scope: PlaceScope,
): Promise<ExportFile> {
  const rows: TreasuryAccountListRow[] = await accountsQuery(db, params, scope);
  return buildExport(
    format,
    {
      fileName: 'comptes-tresorerie',
      sheetName: 'Comptes',
      currency: await getCurrency(db),
      columns: [
        { header: 'Code', value: (r) => r.code, width: 12 },
        { header: 'Nom', value: (r) => r.name, width: 30 },
        { header: 'Type', value: (r) => TREASURY_KIND_LABELS[r.kind as TreasuryKind] ?? r.kind, width: 14 },
        {
          header: 'Banque ou opérateur',
          value: (r) =>
            r.kind === 'banque' ? r.bank_name : (MOBILE_MONEY_OPERATOR_LABELS[r.operator as MobileMoneyOperator] ?? ''),
          width: 22,
        },
        { header: 'N° de compte ou téléphone', value: (r) => r.account_number, width: 30 },
        { header: 'Solde', kind: 'money', value: (r) => Number(r.balance) },
        { header: 'Actif', value: (r) => toBool(r.active) },
      ],
    },
    rows,
  );
}

/** A bank or mobile-money account (a caisse account is reached through its cash desk). */
export async function findTreasuryAccount(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<ManagedTreasuryAccount | undefined> {
  const row = await db('treasury_accounts').where({ id }).whereIn('kind', MANAGED).first();
  return row && isManagedKind(row.kind) ? { ...row, kind: row.kind } : undefined;
}

/** Any treasury account, caisse included (the ledger export). */
export async function findAnyTreasuryAccount(db: Knex | Knex.Transaction, id: number) {
  return db('treasury_accounts').where({ id }).first('id', 'kind', 'code', 'name', 'balance', 'cash_desk_id');
}

export function hasMovements(db: Knex | Knex.Transaction, accountId: number): Promise<boolean> {
  return exists(db('money_movements').where({ account_id: accountId }));
}

/** What is stored from the form: a bank keeps its bank and RIB, a wallet its operator and phone. */
function stored(input: TreasuryAccountInput) {
  const bank = input.kind === 'banque';
  return {
    kind: input.kind,
    code: input.code,
    name: input.name,
    bank_name: bank ? input.bank_name : '',
    account_number: bank ? input.account_number : input.phone,
    operator: bank ? null : input.operator || null,
    active: input.active,
  };
}

async function assertValid(trx: Knex.Transaction, input: TreasuryAccountInput, current?: { id: number; kind: string }) {
  const errors: Record<string, string> = {};
  const byCode = trx('treasury_accounts').where({ code: input.code });
  if (current) byCode.whereNot({ id: current.id });
  const sameCode = await byCode.first('kind', 'name');
  if (sameCode)
    errors.code =
      sameCode.kind === 'caisse'
        ? `Le code ${input.code} est déjà celui de la caisse « ${sameCode.name} ».`
        : `Le code ${input.code} est déjà utilisé par un autre compte.`;
  const byName = trx('treasury_accounts').whereRaw('LOWER(name) = ?', [input.name.toLowerCase()]);
  if (current) byName.whereNot({ id: current.id });
  const sameName = await byName.first('kind');
  if (sameName)
    errors.name =
      sameName.kind === 'caisse'
        ? `Une caisse s’appelle déjà « ${input.name} ».`
        : `Un compte « ${input.name} » existe déjà.`;
  if (input.kind === 'banque') {
    if (!input.bank_name) errors.bank_name = 'Indiquez la banque.';
    if (!input.account_number) errors.account_number = 'Indiquez le numéro de compte (RIB ou IBAN).';
    else if (input.account_number.replace(/[\s-]/g, '').length < ACCOUNT_NUMBER_MIN)
      errors.account_number = `Le numéro de compte doit contenir au moins ${ACCOUNT_NUMBER_MIN} caractères.`;
    else if (!/^[A-Za-z0-9 .\-/]+$/.test(input.account_number))
      errors.account_number =
        'Le numéro de compte ne peut contenir que des lettres sans accent, des chiffres, des espaces et les signes . - /.';
  } else {
    if (!input.operator) errors.operator = 'Choisissez l’opérateur du compte mobile money.';
    if (!input.phone) errors.phone = 'Indiquez le numéro de téléphone du compte.';
  }
  if (current && current.kind !== input.kind && (await hasMovements(trx, current.id))) {
    errors.kind = 'Ce compte a déjà des mouvements : son type ne peut plus changer.';
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
}

function mapUnique(err: unknown): never {
  const column = uniqueViolationColumn(err);
  if (column === 'code') throw new Refusal({ code: 'Ce code est déjà utilisé par un autre compte.' });
  if (column === 'name') throw new Refusal({ name: 'Ce nom est déjà utilisé par un autre compte.' });
  throw err;
}

/** Why an account cannot be archived (null: it can): money on it would vanish from the treasury. */
export function treasuryArchiveBlock(account: { balance: unknown }, currency: string): string | null {
  const balance = Number(account.balance);
  return balance !== 0
    ? `Il a un solde de ${formatMoney(balance, currency)} : virez ou retirez ce solde avant de l’archiver.`
    : null;
}

/** What the account's page may offer: delete only without movements, archive only at zero. */
export async function treasuryAccountUsage(
  db: Knex,
  row: { id: unknown; active: unknown; balance: unknown },
  currency: string,
): Promise<UsageInfo> {
  return usageInfo(await historyReasons(db, 'treasury_account', Number(row.id), currency), {
    archive: toBool(row.active) ? treasuryArchiveBlock(row, currency) : null,
  });
}

/**
 * A new bank or wallet account. `grantTo`: the restricted user who creates it works on it from
 * then on (user_treasury_accounts, same transaction) — else it would vanish from their list.
 */
export async function createTreasuryAccount(
  db: Knex,
  input: TreasuryAccountInput,
  actor: Actor,
  options: { grantTo?: number | null } = {},
): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertValid(trx, input);
      const now = nowIso();
      const row = stored(input);
      const id = await insertReturningId(trx, 'treasury_accounts', {
        ...row,
        cash_desk_id: null,
        location_id: null,
        balance: 0,
        created_at: now,
        updated_at: now,
      });
      if (options.grantTo) await trx('user_treasury_accounts').insert({ user_id: options.grantTo, account_id: id });
      await recordAudit(trx, {
        action: 'treasury_account.created',
        user: auditUser(actor),
        subject: { type: 'treasury_account', id, label: subjectLabel(row) },
        details: { after: row },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export async function updateTreasuryAccount(
  db: Knex,
  id: number,
  input: TreasuryAccountInput,
  actor: Actor,
): Promise<void> {
  const currency = await getCurrency(db);
  try {
    await inTransaction(db, async (trx) => {
      const current = await findTreasuryAccount(trx, id);
      if (!current) throw new Refusal({ _form: 'Ce compte n’existe plus.' });
      await assertValid(trx, input, { id, kind: current.kind });
      if (toBool(current.active) && !input.active) {
        const block = treasuryArchiveBlock(current, currency);
        if (block) throw new Refusal({ active: block });
      }
      const row = stored(input);
      const diff = diffFields({ ...current, active: toBool(current.active) }, row, TREASURY_ACCOUNT_FIELDS);
      if (!diff) return;
      await trx('treasury_accounts')
        .where({ id })
        .update({ ...row, updated_at: nowIso() });
      await recordAudit(trx, {
        action: 'treasury_account.updated',
        user: auditUser(actor),
        subject: { type: 'treasury_account', id, label: subjectLabel(row) },
        details: diff,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setTreasuryAccountActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  const currency = await getCurrency(db);
  await inTransaction(db, async (trx) => {
    const current = await findTreasuryAccount(trx, id);
    if (!current) throw Refusal.action('Ce compte n’existe plus.');
    if (toBool(current.active) === active) return;
    if (!active) {
      const block = treasuryArchiveBlock(current, currency);
      if (block) throw Refusal.action(`Le compte « ${current.name} » ne peut pas être archivé. ${block}`);
    }
    await trx('treasury_accounts').where({ id }).update({ active, updated_at: nowIso() });
    await recordAudit(trx, {
      action: active ? 'treasury_account.restored' : 'treasury_account.archived',
      user: auditUser(actor),
      subject: { type: 'treasury_account', id, label: subjectLabel(current) },
      ip: actor.ip,
    });
  });
}

export async function deleteTreasuryAccount(db: Knex, id: number, actor: Actor): Promise<void> {
  const currency = await getCurrency(db);
  await inTransaction(db, async (trx) => {
    const current = await findTreasuryAccount(trx, id);
    if (!current) throw Refusal.action('Ce compte n’existe plus.');
    const reasons = await historyReasons(trx, 'treasury_account', id, currency);
    if (reasons.length)
      throw Refusal.action(
        `Le compte « ${current.name} » ne peut pas être supprimé : ${reasons.join(' ; ')}. Archivez-le plutôt.`,
      );
    await deleteOrRefuse(
      trx,
      'treasury_accounts',
      id,
      'Ce compte est utilisé par d’autres enregistrements : archivez-le plutôt.',
    );
    await recordAudit(trx, {
      action: 'treasury_account.deleted',
      user: auditUser(actor),
      subject: { type: 'treasury_account', id, label: subjectLabel(current) },
      details: {
        before: {
          kind: current.kind,
          code: current.code,
          name: current.name,
          bank_name: current.bank_name,
          account_number: current.account_number,
          operator: current.operator,
        },
      },
      ip: actor.ip,
    });
  });
}

/**
 * The active accounts a payment can land in, for the payment pickers of the sales and
 * settlements: the cash desk(s) of `locationId` (every active desk without it), the banks, the
 * wallets with their operator — each group ordered by code; with a `scope`, only the accounts the
 * user works on (`whereAllowedAccount`). A payment method's kind of account is
 * PAYMENT_METHOD_ACCOUNT_KIND (shared/treasury.ts).
 */
export async function paymentAccounts(
  db: Knex | Knex.Transaction,
  options: { locationId?: number | null; scope?: PlaceScope } = {},
): Promise<PaymentAccounts> {
  const qb = db('treasury_accounts')
    .where('active', true)
    .orderBy('kind')
    .orderBy('code')
    .select('id', 'kind', 'code', 'name', 'location_id', 'bank_name', 'account_number', 'operator');
  if (options.scope) whereAllowedAccount(qb, options.scope);
  if (options.locationId) qb.where((w) => w.whereNot('kind', 'caisse').orWhere('location_id', options.locationId!));
  const out: PaymentAccounts = { caisse: [], banque: [], mobile_money: [] };
  for (const r of await qb) {
    const kind = r.kind as TreasuryKind;
    if (!(kind in out)) continue;
    const operator = kind === 'mobile_money' ? ((r.operator as MobileMoneyOperator | null) ?? null) : null;
    const option: PaymentAccountOption = {
      id: Number(r.id),
      kind,
      code: r.code,
      name: r.name,
      location_id: kind === 'caisse' && r.location_id !== null ? Number(r.location_id) : null,
      bank_name: kind === 'banque' ? r.bank_name : null,
      operator,
      operator_label: operator ? MOBILE_MONEY_OPERATOR_LABELS[operator] : null,
      phone: kind === 'mobile_money' ? r.account_number || null : null,
    };
    out[kind].push(option);
  }
  return out;
}

/** The bank and mobile-money accounts of a payment picker, as one list (cash goes to the location's desk). */
export function nonCashAccounts(
  accounts: PaymentAccounts,
): Array<{ id: number; name: string; kind: 'banque' | 'mobile_money'; operator: MobileMoneyOperator | null }> {
  return [...accounts.banque, ...accounts.mobile_money].map((a) => ({
    id: a.id,
    name: a.name,
    kind: a.kind as 'banque' | 'mobile_money',
    operator: a.operator,
  }));
}

/** Every account of a payment picker as one list — desks, banks, wallets — (the settlement form picks by the method's kind). */
export function allPaymentAccounts(
  accounts: PaymentAccounts,
): Array<{ id: number; name: string; kind: TreasuryKind; operator: MobileMoneyOperator | null }> {
  return [...accounts.caisse, ...accounts.banque, ...accounts.mobile_money].map((a) => ({
    id: a.id,
    name: a.name,
    kind: a.kind,
    operator: a.operator,
  }));
}
