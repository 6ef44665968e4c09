import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { type ListQuery, paginate } from '../../db/paginate.js';
import { whereSearch } from '../../db/search.js';
import { inTransaction } from '../../db/transaction.js';
import { Refusal } from '../../domain/errors.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { deleteOrRefuse, historyReasons } from '../records/usage.js';
import { type ExportFile, type ExportFormat, buildExport } from '../tabular/export.js';
import { getCurrency } from '../company/get-company.js';
import { orderByFrench } from '../../db/french-order.js';
import type { ExpenseCategoriesRow } from '../../db/tables.generated.js';

/**
 * Catégories de dépenses (Caisse): the managed list a décaissement is filed under. Same lifecycle
 * as the other master data: created, renamed, archived (no longer offered) and deleted only while
 * no décaissement uses it; every change audited.
 */
// A type alias, not an interface: it then fits where Record<string, unknown> is asked (diffFields).
export type ExpenseCategoryInput = {
  code: string;
  name: string;
  description: string;
  active: boolean;
};

/** A category with the number of décaissements filed under it. */
export type ExpenseCategoryWithCount = ExpenseCategoriesRow & { expense_count: number };

export const EXPENSE_CATEGORY_FIELDS = ['code', 'name', 'description', 'active'] as const;
export const EXPENSE_CATEGORY_SORTS = ['code', 'name', 'expense_count'] as const;
export type ExpenseCategorySort = (typeof EXPENSE_CATEGORY_SORTS)[number];
export type ExpenseCategoryListQuery = ListQuery<ExpenseCategorySort, { status: 'active' | 'archived' | 'all' }>;

/** The categories an install starts with (reference data, first start). */
export const DEFAULT_EXPENSE_CATEGORIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'DEP01', name: 'Transport et livraison' },
  { code: 'DEP02', name: 'Carburant' },
  { code: 'DEP03', name: 'Électricité et eau' },
  { code: 'DEP04', name: 'Loyer' },
  { code: 'DEP05', name: 'Salaires et primes' },
  { code: 'DEP06', name: 'Fournitures de bureau' },
  { code: 'DEP07', name: 'Entretien et réparations' },
  { code: 'DEP08', name: 'Téléphone et internet' },
  { code: 'DEP09', name: 'Impôts et taxes' },
  { code: 'DEP10', name: 'Divers' },
];

function listQuery(db: Knex, params: Omit<ExpenseCategoryListQuery, 'page' | 'per_page'>): Knex.QueryBuilder {
  const qb = db('expense_categories as c').select(
    'c.*',
    db('cash_operations').count('*').whereRaw('cash_operations.expense_category_id = c.id').as('expense_count'),
  );
  whereSearch(qb, db, params.q, { upperPrefix: ['c.code'], contains: ['c.name'] });
  if (params.filters.status === 'active') qb.where('c.active', true);
  else if (params.filters.status === 'archived') qb.where('c.active', false);
  if (params.sort === 'name') return orderByFrench(qb, db, { name: 'c.name' }, params.dir).orderBy('c.id');
  return qb.orderBy(params.sort === 'expense_count' ? 'expense_count' : `c.${params.sort}`, params.dir).orderBy('c.id');
}

export function listExpenseCategories(
  db: Knex,
  params: ExpenseCategoryListQuery,
): Promise<Paginated<ExpenseCategoryWithCount>> {
  return paginate(listQuery(db, params), params.page, params.per_page);
}

/** The list as filtered, as a CSV or XLSX file. */
export async function exportExpenseCategories(
  db: Knex,
  params: Omit<ExpenseCategoryListQuery, 'page' | 'per_page'>,
  format: ExportFormat,
): Promise<ExportFile> {
  const rows: ExpenseCategoryWithCount[] = await listQuery(db, params);
  return buildExport(
    format,
    {
      fileName: 'categories-depenses',
      sheetName: 'Catégories de dépenses',
      currency: await getCurrency(db),
      columns: [
        { header: 'Code', value: (r) => r.code, width: 12 },
        { header: 'Nom', value: (r) => r.name, width: 32 },
        { header: 'Description', value: (r) => r.description, width: 40 },
        { header: 'Décaissements', kind: 'integer', value: (r) => Number(r.expense_count ?? 0) },
        { header: 'Active', value: (r) => toBool(r.active) },
      ],
    },
    rows,
  );
}

export async function findExpenseCategory(
  db: Knex | Knex.Transaction,
  id: number,
): Promise<ExpenseCategoryWithCount | undefined> {
  return db('expense_categories as c')
    .where('c.id', id)
    .select(
      'c.*',
      db('cash_operations').count('*').whereRaw('cash_operations.expense_category_id = c.id').as('expense_count'),
    )
    .first();
}

async function assertUnique(trx: Knex.Transaction, input: ExpenseCategoryInput, exceptId?: number) {
  const errors: Record<string, string> = {};
  const byCode = trx('expense_categories').where({ code: input.code });
  if (exceptId) byCode.whereNot({ id: exceptId });
  if (await byCode.first('id'))
    errors.code = `Le code ${input.code} est déjà utilisé par une autre catégorie de dépenses.`;
  const byName = trx('expense_categories').whereRaw('LOWER(name) = ?', [input.name.toLowerCase()]);
  if (exceptId) byName.whereNot({ id: exceptId });
  if (await byName.first('id')) errors.name = `Une catégorie de dépenses « ${input.name} » existe déjà.`;
  if (Object.keys(errors).length) throw new Refusal(errors);
}

function mapUnique(err: unknown): never {
  const column = uniqueViolationColumn(err);
  if (column === 'code') throw new Refusal({ code: 'Ce code est déjà utilisé par une autre catégorie de dépenses.' });
  if (column === 'name') throw new Refusal({ name: 'Une catégorie de dépenses porte déjà ce nom.' });
  throw err;
}

const label = (r: { code: string; name: string }) => `${r.code} — ${r.name}`;

export async function createExpenseCategory(db: Knex, input: ExpenseCategoryInput, actor: Actor): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertUnique(trx, input);
      const now = nowIso();
      const id = await insertReturningId(trx, 'expense_categories', { ...input, created_at: now, updated_at: now });
      await recordAudit(trx, {
        action: 'expense_category.created',
        user: auditUser(actor),
        subject: { type: 'expense_category', id, label: label(input) },
        details: { after: input },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export async function updateExpenseCategory(
  db: Knex,
  id: number,
  input: ExpenseCategoryInput,
  actor: Actor,
): Promise<void> {
  try {
    await inTransaction(db, async (trx) => {
      const current = await trx('expense_categories').where({ id }).first();
      if (!current) throw new Refusal({ _form: 'Cette catégorie de dépenses n’existe plus.' });
      await assertUnique(trx, input, id);
      const diff = diffFields({ ...current, active: toBool(current.active) }, input, EXPENSE_CATEGORY_FIELDS);
      if (!diff) return;
      await trx('expense_categories')
        .where({ id })
        .update({ ...input, updated_at: nowIso() });
      await recordAudit(trx, {
        action: 'expense_category.updated',
        user: auditUser(actor),
        subject: { type: 'expense_category', id, label: label(input) },
        details: diff,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setExpenseCategoryActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('expense_categories').where({ id }).first();
    if (!current) throw Refusal.action('Cette catégorie de dépenses n’existe plus.');
    if (toBool(current.active) === active) return;
    await trx('expense_categories').where({ id }).update({ active, updated_at: nowIso() });
    await recordAudit(trx, {
      action: active ? 'expense_category.restored' : 'expense_category.archived',
      user: auditUser(actor),
      subject: { type: 'expense_category', id, label: label(current) },
      ip: actor.ip,
    });
  });
}

/** Deleted only while no décaissement uses it; otherwise archive it. */
export async function deleteExpenseCategory(db: Knex, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('expense_categories').where({ id }).first();
    if (!current) throw Refusal.action('Cette catégorie de dépenses n’existe plus.');
    const reasons = await historyReasons(trx, 'expense_category', id);
    if (reasons.length)
      throw Refusal.action(`Cette catégorie ne peut pas être supprimée : ${reasons.join(', ')}. Archivez-la plutôt.`);
    await deleteOrRefuse(
      trx,
      'expense_categories',
      id,
      'Cette catégorie ne peut pas être supprimée : des opérations y sont liées. Archivez-la plutôt.',
    );
    await recordAudit(trx, {
      action: 'expense_category.deleted',
      user: auditUser(actor),
      subject: { type: 'expense_category', id, label: label(current) },
      details: { before: { code: current.code, name: current.name } },
      ip: actor.ip,
    });
  });
}

/** First start: the default list while there is none (idempotent). */
export async function seedExpenseCategories(trx: Knex.Transaction): Promise<void> {
  if ((await trx('expense_categories').count<{ n: number }[]>({ n: '*' }))[0].n != 0) return;
  const now = nowIso();
  await trx('expense_categories').insert(
    DEFAULT_EXPENSE_CATEGORIES.map((c) => ({ ...c, description: '', active: true, created_at: now, updated_at: now })),
  );
}
