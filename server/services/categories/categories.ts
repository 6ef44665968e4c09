import type { Knex } from 'knex';
import { sortFrench } from '../../domain/records/collation.js';
import type { Paginated } from '../../../shared/lists.js';
import type { CategoryFilters } from '../../../shared/categories.js';
import { type ListQuery, paginate } from '../../db/paginate.js';
import { type ExportFile, type ExportFormat, type ExportSpec, buildExport } from '../tabular/export.js';
import { getCurrency } from '../company/get-company.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { whereSearch, withSearchName } from '../../db/search.js';
import { inTransaction } from '../../db/transaction.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { deleteOrRefuse, historyReasons } from '../records/usage.js';
import { Refusal } from '../../domain/errors.js';
import { orderByFrench } from '../../db/french-order.js';
import type { CategoriesRow } from '../../db/tables.generated.js';

export interface CategoryInput {
  code: string;
  name: string;
  description: string;
  active: boolean;
}

export const CATEGORY_FIELDS = ['code', 'name', 'description', 'active'] as const;
export const CATEGORY_SORTS = ['code', 'name', 'product_count'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

/** Categories with their number of products (a correlated count on the products' category index). */
export type CategoryListQuery = ListQuery<CategorySort, CategoryFilters>;

/** A category of the list: its row and its number of products. */
export type CategoryListRow = CategoriesRow & { product_count: number };

function categoriesQuery(db: Knex, params: Omit<CategoryListQuery, 'page' | 'per_page'>): Knex.QueryBuilder {
  const qb = db('categories').select(
    'categories.*',
    db('products').count('*').whereRaw('products.category_id = categories.id').as('product_count'),
  );
  whereSearch(qb, db, params.q, {
    upperPrefix: ['categories.code'],
    folded: ['categories.search_name'],
    squeezed: ['categories.search_key'],
  });
  if (params.filters.status === 'active') qb.where('categories.active', true);
  else if (params.filters.status === 'archived') qb.where('categories.active', false);
  if (params.sort === 'name')
    return orderByFrench(qb, db, { folded: 'categories.search_name' }, params.dir).orderBy('categories.id');
  return qb
    .orderBy(params.sort === 'product_count' ? 'product_count' : `categories.${params.sort}`, params.dir)
    .orderBy('categories.id');
}

/** One page of the categories list. */
export function listCategories(db: Knex, params: CategoryListQuery): Promise<Paginated<CategoryListRow>> {
  return paginate(categoriesQuery(db, params), params.page, params.per_page);
}

const categoryExportSpec = (currency: string): ExportSpec<CategoryListRow> => ({
  fileName: 'categories',
  sheetName: 'Catégories',
  currency,
  columns: [
    { header: 'Code', value: (r) => r.code, width: 12 },
    { header: 'Nom', value: (r) => r.name, width: 32 },
    { header: 'Description', value: (r) => r.description, width: 40 },
    { header: 'Produits', kind: 'integer', value: (r) => Number(r.product_count ?? 0) },
    { header: 'Active', value: (r) => toBool(r.active) },
  ],
});

/** The categories list as filtered on screen, as a CSV or XLSX file. */
export async function exportCategories(
  db: Knex,
  params: Omit<CategoryListQuery, 'page' | 'per_page'>,
  format: ExportFormat,
): Promise<ExportFile> {
  return buildExport(format, categoryExportSpec(await getCurrency(db)), await categoriesQuery(db, params));
}

/** Category names by id (as strings), to show a record's history with names instead of ids. */
export async function categoryNames(db: Knex): Promise<Map<string, string>> {
  return new Map((await db('categories').select('id', 'name')).map((c) => [String(c.id), c.name as string]));
}

/** The name of a category, or null when there is none with that id. */
export async function categoryName(db: Knex, id: number): Promise<string | null> {
  return (await db('categories').where({ id }).first('name'))?.name ?? null;
}

export async function findCategory(db: Knex | Knex.Transaction, id: number) {
  return db('categories')
    .where('categories.id', id)
    .select(
      'categories.*',
      db('products').count('*').whereRaw('products.category_id = categories.id').as('product_count'),
    )
    .first();
}

/** Options for selects: active categories, plus the one a record already uses, in French order (accents sorted as a reader expects). */
export async function categoryOptions(
  db: Knex,
  includeId?: number | null,
): Promise<Array<{ value: string; label: string }>> {
  const rows = await db('categories')
    .where((w) => {
      w.where('active', true);
      if (includeId) w.orWhere('id', includeId);
    })
    .select('id', 'name', 'code');
  return sortFrench(rows, (r) => r.name).map((r) => ({ value: String(r.id), label: r.name }));
}

async function assertUnique(trx: Knex.Transaction, input: CategoryInput, exceptId?: number) {
  const byCode = trx('categories').where({ code: input.code });
  if (exceptId) byCode.whereNot({ id: exceptId });
  if (await byCode.first('id'))
    throw new Refusal({ code: `Le code ${input.code} est déjà utilisé par une autre catégorie.` });
  const byName = trx('categories').whereRaw('LOWER(name) = ?', [input.name.toLowerCase()]);
  if (exceptId) byName.whereNot({ id: exceptId });
  if (await byName.first('id')) throw new Refusal({ name: `Une catégorie « ${input.name} » existe déjà.` });
}

function mapUnique(err: unknown): never {
  if (uniqueViolationColumn(err) === 'code')
    throw new Refusal({ code: 'Ce code est déjà utilisé par une autre catégorie.' });
  throw err;
}

export async function createCategory(db: Knex, input: CategoryInput, actor: Actor): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertUnique(trx, input);
      const now = nowIso();
      const id = await insertReturningId(
        trx,
        'categories',
        withSearchName({ ...input, created_at: now, updated_at: now }),
      );
      await recordAudit(trx, {
        action: 'category.created',
        user: auditUser(actor),
        subject: { type: 'category', id, label: `${input.code} — ${input.name}` },
        details: { after: input },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export async function updateCategory(db: Knex, id: number, input: CategoryInput, actor: Actor): Promise<void> {
  try {
    await inTransaction(db, async (trx) => {
      const current = await trx('categories').where({ id }).first();
      if (!current) throw new Refusal({ _form: 'Cette catégorie n’existe plus.' });
      await assertUnique(trx, input, id);
      const diff = diffFields({ ...current, active: toBool(current.active) }, { ...input }, CATEGORY_FIELDS);
      if (!diff) return;
      await trx('categories')
        .where({ id })
        .update(withSearchName({ ...input, updated_at: nowIso() }));
      await recordAudit(trx, {
        action: 'category.updated',
        user: auditUser(actor),
        subject: { type: 'category', id, label: `${input.code} — ${input.name}` },
        details: diff,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setCategoryActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('categories').where({ id }).first();
    if (!current) throw Refusal.action('Cette catégorie n’existe plus.');
    if (toBool(current.active) === active) return;
    await trx('categories').where({ id }).update({ active, updated_at: nowIso() });
    await recordAudit(trx, {
      action: active ? 'category.restored' : 'category.archived',
      user: auditUser(actor),
      subject: { type: 'category', id, label: `${current.code} — ${current.name}` },
      ip: actor.ip,
    });
  });
}

/** A category is deleted only while no product (even archived) uses it. */
export async function deleteCategory(db: Knex, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('categories').where({ id }).first();
    if (!current) throw Refusal.action('Cette catégorie n’existe plus.');
    const reasons = await historyReasons(trx, 'category', id);
    if (reasons.length)
      throw Refusal.action(
        `La catégorie « ${current.name} » ne peut pas être supprimée : ${reasons.join(' ; ')}. Déplacez ces produits dans une autre catégorie ou archivez-la.`,
      );
    await deleteOrRefuse(
      trx,
      'categories',
      id,
      'Cette catégorie est utilisée par d’autres enregistrements : archivez-la plutôt.',
    );
    await recordAudit(trx, {
      action: 'category.deleted',
      user: auditUser(actor),
      subject: { type: 'category', id, label: `${current.code} — ${current.name}` },
      details: { before: { code: current.code, name: current.name } },
      ip: actor.ip,
    });
  });
}
