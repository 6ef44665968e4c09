import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { SupplierFilters } from '../../../shared/suppliers.js';
import { type ListQuery, paginate } from '../../db/paginate.js';
import { type ExportFile, type ExportFormat, type ExportSpec, buildExport } from '../tabular/export.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { whereSearch, withSearchName, withTypoFallback } from '../../db/search.js';
import { inTransaction } from '../../db/transaction.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { getCurrency } from '../company/get-company.js';
import { deleteOrRefuse, historyReasons } from '../records/usage.js';
import { Refusal } from '../../domain/errors.js';
import { orderByFrench } from '../../db/french-order.js';
import type { SuppliersRow } from '../../db/tables.generated.js';

export interface SupplierInput {
  code: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  tax_number: string;
  active: boolean;
}

export const SUPPLIER_FIELDS = ['code', 'name', 'phone', 'email', 'address', 'tax_number', 'active'] as const;
export const SUPPLIER_SORTS = ['code', 'name', 'balance'] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];

export type SupplierListQuery = ListQuery<SupplierSort, SupplierFilters>;

function suppliersQuery(
  db: Knex,
  params: Omit<SupplierListQuery, 'page' | 'per_page'>,
): Knex.QueryBuilder<SuppliersRow, SuppliersRow[]> {
  const qb = db('suppliers').select('*');
  whereSearch(qb, db, params.q, {
    upperPrefix: ['code'],
    prefix: ['phone'],
    folded: ['search_name'],
    squeezed: ['search_key'],
  });
  if (params.filters.status === 'active') qb.where('active', true);
  else if (params.filters.status === 'archived') qb.where('active', false);
  if (params.filters.balance === 'owed') qb.where('balance', '>', 0);
  return (
    params.sort === 'name'
      ? orderByFrench(qb, db, { folded: 'search_name' }, params.dir)
      : qb.orderBy(params.sort, params.dir)
  ).orderBy('id');
}

/** One page of the suppliers list. */
export function listSuppliers(db: Knex, params: SupplierListQuery): Promise<Paginated<SuppliersRow>> {
  return withTypoFallback(
    params.q,
    (q) => suppliersQuery(db, { ...params, q }),
    { id: 'id', key: 'search_key' },
    (qb) => paginate(qb, params.page, params.per_page),
  );
}

function supplierExportSpec(currency: string): ExportSpec<SuppliersRow> {
  return {
    fileName: 'fournisseurs',
    sheetName: 'Fournisseurs',
    currency,
    columns: [
      { header: 'Code', value: (r) => r.code, width: 12 },
      { header: 'Nom', value: (r) => r.name, width: 32 },
      { header: 'Téléphone', value: (r) => r.phone },
      { header: 'E-mail', value: (r) => r.email, width: 28 },
      { header: 'Adresse', value: (r) => r.address, width: 30 },
      { header: 'N° contribuable', value: (r) => r.tax_number },
      { header: 'Solde dû', kind: 'money', value: (r) => Number(r.balance) },
      { header: 'Actif', value: (r) => toBool(r.active) },
    ],
  };
}

/** The suppliers list as filtered on screen, as a CSV or XLSX file. */
export async function exportSuppliers(
  db: Knex,
  params: Omit<SupplierListQuery, 'page' | 'per_page'>,
  format: ExportFormat,
): Promise<ExportFile> {
  return buildExport(format, supplierExportSpec(await getCurrency(db)), await suppliersQuery(db, params));
}

export async function findSupplier(db: Knex | Knex.Transaction, id: number) {
  return db('suppliers').where({ id }).first();
}

async function assertUniqueCode(trx: Knex.Transaction, code: string, exceptId?: number) {
  const q = trx('suppliers').where({ code });
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first('id')) throw new Refusal({ code: `Le code ${code} est déjà utilisé par un autre fournisseur.` });
}

function mapUnique(err: unknown): never {
  if (uniqueViolationColumn(err) === 'code')
    throw new Refusal({ code: 'Ce code est déjà utilisé par un autre fournisseur.' });
  throw err;
}

export async function createSupplier(db: Knex, input: SupplierInput, actor: Actor): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertUniqueCode(trx, input.code);
      const now = nowIso();
      const id = await insertReturningId(
        trx,
        'suppliers',
        withSearchName({ ...input, balance: 0, created_at: now, updated_at: now }),
      );
      await recordAudit(trx, {
        action: 'supplier.created',
        user: auditUser(actor),
        subject: { type: 'supplier', id, label: `${input.code} — ${input.name}` },
        details: { after: input },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export async function updateSupplier(db: Knex, id: number, input: SupplierInput, actor: Actor): Promise<void> {
  try {
    await inTransaction(db, async (trx) => {
      const current = await findSupplier(trx, id);
      if (!current) throw new Refusal({ _form: 'Ce fournisseur n’existe plus.' });
      await assertUniqueCode(trx, input.code, id);
      const diff = diffFields({ ...current, active: toBool(current.active) }, { ...input }, SUPPLIER_FIELDS);
      if (!diff) return;
      await trx('suppliers')
        .where({ id })
        .update(withSearchName({ ...input, updated_at: nowIso() }));
      await recordAudit(trx, {
        action: 'supplier.updated',
        user: auditUser(actor),
        subject: { type: 'supplier', id, label: `${input.code} — ${input.name}` },
        details: diff,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setSupplierActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await findSupplier(trx, id);
    if (!current) throw Refusal.action('Ce fournisseur n’existe plus.');
    if (toBool(current.active) === active) return;
    await trx('suppliers').where({ id }).update({ active, updated_at: nowIso() });
    await recordAudit(trx, {
      action: active ? 'supplier.restored' : 'supplier.archived',
      user: auditUser(actor),
      subject: { type: 'supplier', id, label: `${current.code} — ${current.name}` },
      ip: actor.ip,
    });
  });
}

export async function deleteSupplier(db: Knex, id: number, actor: Actor): Promise<void> {
  const currency = await getCurrency(db);
  await inTransaction(db, async (trx) => {
    const current = await findSupplier(trx, id);
    if (!current) throw Refusal.action('Ce fournisseur n’existe plus.');
    const reasons = await historyReasons(trx, 'supplier', id, currency);
    if (reasons.length)
      throw Refusal.action(`Ce fournisseur ne peut pas être supprimé : ${reasons.join(' ; ')}. Archivez-le plutôt.`);
    await deleteOrRefuse(
      trx,
      'suppliers',
      id,
      'Ce fournisseur est utilisé par d’autres enregistrements : archivez-le plutôt.',
    );
    await recordAudit(trx, {
      action: 'supplier.deleted',
      user: auditUser(actor),
      subject: { type: 'supplier', id, label: `${current.code} — ${current.name}` },
      details: { before: { code: current.code, name: current.name } },
      ip: actor.ip,
    });
  });
}
