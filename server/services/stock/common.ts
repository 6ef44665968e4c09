import type { Knex } from 'knex';
import { lockForUpdate, toBool } from '../../db/dialect.js';
import { businessDate, isIsoDate } from '../../domain/dates.js';
import { Refusal } from '../../domain/errors.js';
import { LimitExceeded, documentTotal } from '../../domain/limits.js';
import { limitMessage } from '../../../shared/limits.js';
import { getCurrency } from '../company/get-company.js';

export interface LocationRef {
  id: number;
  code: string;
  name: string;
  kind: string;
}

export interface ProductRef {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  unit: string;
  pack_size: number;
  purchase_price: number;
  cmup: number;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  category_id: number;
  active: boolean;
  /** null: the company's default group (shared/tax-groups.ts). */
  tax_group: string | null;
}

/** An active location, or a French error on the field. */
export async function requireActiveLocation(
  db: Knex | Knex.Transaction,
  id: number,
  field: string,
  errors: Record<string, string>,
  label = 'L’emplacement',
): Promise<LocationRef | null> {
  const row = await db('locations').where({ id }).first('id', 'code', 'name', 'kind', 'active');
  if (!row) {
    errors[field] = `${label} choisi n’existe pas.`;
    return null;
  }
  if (!toBool(row.active)) {
    errors[field] = `${label} « ${row.name} » est archivé.`;
    return null;
  }
  return { id: Number(row.id), code: row.code, name: row.name, kind: row.kind };
}

/**
 * The products of the given ids. `lock: true` (inside a transaction) takes their row locks
 * (FOR UPDATE on PostgreSQL, in id order — the ledger's lock order) with the same read, so a document
 * that moves their stock can hand them to the ledger (`lockedProducts` of postStockMovements) instead
 * of having them read twice.
 */
export async function loadProducts(
  db: Knex | Knex.Transaction,
  ids: number[],
  options: { lock?: boolean } = {},
): Promise<Map<number, ProductRef>> {
  const out = new Map<number, ProductRef>();
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  for (let i = 0; i < unique.length; i += 400) {
    const query = db('products')
      .whereIn('id', unique.slice(i, i + 400))
      .orderBy('id')
      .select(
        'id',
        'code',
        'barcode',
        'name',
        'unit',
        'pack_size',
        'purchase_price',
        'cmup',
        'retail_price',
        'wholesale_price',
        'min_price',
        'category_id',
        'active',
        'tax_group',
      );
    const rows = await (options.lock ? lockForUpdate(db, query) : query);
    for (const r of rows) {
      out.set(Number(r.id), {
        id: Number(r.id),
        code: r.code,
        barcode: r.barcode ?? null,
        name: r.name,
        unit: r.unit,
        pack_size: Number(r.pack_size),
        purchase_price: Number(r.purchase_price),
        cmup: Number(r.cmup),
        retail_price: Number(r.retail_price),
        wholesale_price: Number(r.wholesale_price),
        min_price: Number(r.min_price),
        category_id: Number(r.category_id),
        active: toBool(r.active),
        tax_group: r.tax_group ?? null,
      });
    }
  }
  return out;
}

/** Products of document lines: each must exist and be active; errors keyed lines.N.product_id. `lock`: see loadProducts. */
export async function requireActiveProducts(
  db: Knex | Knex.Transaction,
  lines: Array<{ productId: number }>,
  errors: Record<string, string>,
  options: { lock?: boolean } = {},
): Promise<Map<number, ProductRef>> {
  const products = await loadProducts(
    db,
    lines.map((l) => l.productId),
    options,
  );
  lines.forEach((l, i) => {
    const p = products.get(l.productId);
    if (!p) errors[`lines.${i}.product_id`] = `Ligne ${i + 1} : produit introuvable.`;
    else if (!p.active) errors[`lines.${i}.product_id`] = `Ligne ${i + 1} : le produit « ${p.name} » est archivé.`;
  });
  return products;
}

/** A business date: a real date, not in the future (company time zone). */
export function checkBusinessDate(
  value: string,
  timeZone: string,
  field: string,
  errors: Record<string, string>,
  label = 'La date',
) {
  if (!isIsoDate(value)) {
    errors[field] = `${label} n’est pas valide.`;
    return;
  }
  if (value > businessDate(timeZone)) errors[field] = `${label} ne peut pas être dans le futur.`;
  else if (value < '2000-01-01') errors[field] = `${label} est trop ancienne.`;
}

export function throwIfErrors(errors: Record<string, string>) {
  if (Object.keys(errors).length) throw new Refusal(errors);
}

/** Reads a document row for update: a row lock on PostgreSQL (SQLite holds the write lock). */
export async function lockRow<T = Record<string, unknown>>(
  trx: Knex.Transaction,
  table: string,
  id: number,
): Promise<T | undefined> {
  return (await lockForUpdate(trx, trx(table).where({ id }).first())) as T | undefined;
}

/**
 * Stale-form check: the version the form was loaded with must still be the current one, otherwise
 * the request is refused (never overwritten). `changed` is e.g. "Ce transfert a été modifié".
 */
export function assertFresh(current: number, submitted: number, changed: string) {
  if (Number(current) !== submitted) {
    throw new Refusal({
      version: `${changed} entre-temps par un autre utilisateur. Rechargez la page pour voir son état actuel avant de recommencer.`,
    });
  }
}

/**
 * A document's value at cost (a transfer, a readjustment): the exact sum of its lines' values,
 * refused on the lines when it would pass the document ceiling (shared/limits.ts).
 */
export async function valuedTotal(db: Knex | Knex.Transaction, values: number[], label: string): Promise<number> {
  try {
    return documentTotal(values);
  } catch (err) {
    if (err instanceof LimitExceeded)
      throw new Refusal({
        lines: `${limitMessage(label, 'documentTotal', await getCurrency(db)).replace(/\.$/, '')} : répartissez les produits sur plusieurs documents.`,
      });
    throw err;
  }
}
