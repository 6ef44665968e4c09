import type { Knex } from 'knex';
import type { Paginated } from '../../../shared/lists.js';
import type { ProductFilters } from '../../../shared/products.js';
import { type TaxGroup, taxGroupLabel } from '../../../shared/tax-groups.js';
import { type ListQuery, keysetPage, paginate, paginateDeferred } from '../../db/paginate.js';
import { getCurrency } from '../company/get-company.js';
import {
  type ExportColumn,
  type ExportFile,
  type ExportFormat,
  type ExportSpec,
  buildExport,
} from '../tabular/export.js';
import { insertReturningId, nowIso, toBool } from '../../db/dialect.js';
import { insertInChunks } from '../../db/bulk.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import { whereSearch, withSearchName, withTypoFallback } from '../../db/search.js';
import { inTransaction } from '../../db/transaction.js';
import { PRICE_FIELDS, type PriceField } from '../../domain/pricing/price-rule.js';
import { type Actor, auditUser } from '../actor.js';
import { diffFields } from '../audit/diff.js';
import { recordAudit } from '../audit/record-audit.js';
import { deleteOrRefuse, historyReasons } from '../records/usage.js';
import { Refusal } from '../../domain/errors.js';
import { EVERY_PLACE, type PlaceScope } from '../../policies/places.js';
import {
  type ThresholdChanges,
  locationsUnderThreshold,
  saveLocationThresholds,
  thresholdsText,
} from '../stock/alert-thresholds.js';
import { frenchKey, orderByFrench } from '../../db/french-order.js';

export interface ProductInput {
  code: string;
  barcode: string | null;
  name: string;
  category_id: number;
  unit: string;
  pack_size: number;
  purchase_price: number;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  alert_threshold: number;
  /** null: the company's default group (shared/tax-groups.ts). */
  tax_group: TaxGroup | null;
  active: boolean;
  /** Location id → its own alert threshold, null: the product's (absent: left as they are). */
  location_thresholds?: Record<string, number | null>;
}

/** The product's own columns (the thresholds per location live on stock_levels). */
export function productColumns(input: ProductInput): Omit<ProductInput, 'location_thresholds'> {
  const { location_thresholds: _thresholds, ...columns } = input;
  return columns;
}

/** The form's (or the file's) thresholds per location as the changes saveLocationThresholds takes. */
export function thresholdChanges(input: Pick<ProductInput, 'location_thresholds'>): ThresholdChanges {
  return new Map(Object.entries(input.location_thresholds ?? {}).map(([id, v]) => [Number(id), v]));
}

export const PRODUCT_FIELDS = [
  'code',
  'barcode',
  'name',
  'category_id',
  'unit',
  'pack_size',
  'purchase_price',
  'retail_price',
  'wholesale_price',
  'min_price',
  'alert_threshold',
  'tax_group',
  'active',
] as const;
/** The sorts of the price grid; the products list adds the stock (LIST_SORTS). */
export const PRODUCT_SORTS = [
  'code',
  'name',
  'category',
  'barcode',
  'purchase_price',
  'retail_price',
  'wholesale_price',
  'min_price',
  'alert_threshold',
  'updated_at',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number] | 'stock';
const LIST_SORTS: readonly ProductSort[] = [...PRODUCT_SORTS, 'stock'];
const COST_SORTS: readonly ProductSort[] = ['purchase_price'];

/** The sorts of the products list a user may ask for: one who may not see costs may not sort on them (the order would reveal them). */
export function productSorts(showCosts: boolean): readonly ProductSort[] {
  return showCosts ? LIST_SORTS : LIST_SORTS.filter((s) => !COST_SORTS.includes(s));
}

export type ProductListQuery = ListQuery<ProductSort, ProductFilters>;

const SORT_COLUMNS: Record<Exclude<ProductSort, 'stock'>, string> = {
  code: 'products.code',
  name: 'products.name',
  category: 'categories.name',
  barcode: 'products.barcode',
  purchase_price: 'products.purchase_price',
  retail_price: 'products.retail_price',
  wholesale_price: 'products.wholesale_price',
  min_price: 'products.min_price',
  alert_threshold: 'products.alert_threshold',
  updated_at: 'products.updated_at',
};

/** A product's stock over all locations, or at one location, as SQL (stock_levels' primary key (product_id, location_id) serves both). */
function stockSql(locationId?: number): { sql: string; bindings: number[] } {
  const total = 'SELECT COALESCE(SUM(sl.quantity), 0) FROM stock_levels sl WHERE sl.product_id = products.id';
  return locationId
    ? { sql: `(${total} AND sl.location_id = ?)`, bindings: [locationId] }
    : { sql: `(${total})`, bindings: [] };
}

/**
 * The filtered, sorted products (list, price centre, exports), on the products table alone: the
 * page count and ORDER BY … LIMIT then read one table and its indexes, and what the rows shown
 * carry besides (category name, stock) is added to their statement only (withCategoryColumn,
 * withStockColumns) or looked up afterwards (withCategoryNames). Only a sort by category joins; the
 * stock filter and sort read stock_levels by its primary key, per product.
 */
export function productsQuery(
  db: Knex | Knex.Transaction,
  params: Omit<ProductListQuery, 'page' | 'per_page'>,
  alertLocations: AlertLocations = null,
): Knex.QueryBuilder {
  const qb = db('products').select('products.*');
  if (params.sort === 'category') qb.join('categories', 'categories.id', 'products.category_id');
  whereSearch(qb, db, params.q, {
    upperPrefix: ['products.code', 'products.barcode'],
    folded: ['products.search_name'],
    squeezed: ['products.search_key'],
  });
  if (params.filters.category_id) qb.where('products.category_id', Number(params.filters.category_id));
  if (params.filters.status === 'active') qb.where('products.active', true);
  else if (params.filters.status === 'archived') qb.where('products.active', false);
  // Under the alert threshold at the location the list shows, else at one of the user's places (ALERT_THRESHOLD_RULE).
  if (params.filters.stock === 'low')
    qb.whereExists(
      locationsUnderThreshold(
        db as Knex,
        'products',
        alertsAt(params.filters.location_id ? Number(params.filters.location_id) : null, alertLocations),
      ),
    );
  if (params.sort === 'stock') {
    const stock = stockSql(params.filters.location_id ? Number(params.filters.location_id) : undefined);
    return qb
      .orderByRaw(`${stock.sql} ${params.dir === 'desc' ? 'desc' : 'asc'}`, stock.bindings)
      .orderBy('products.id');
  }
  if (params.sort === 'name')
    return orderByFrench(qb, db, { folded: 'products.search_name' }, params.dir).orderBy('products.id');
  if (params.sort === 'category')
    return orderByFrench(qb, db, { folded: 'categories.search_name' }, params.dir).orderBy('products.id');
  return qb.orderBy(SORT_COLUMNS[params.sort], params.dir).orderBy('products.id');
}

/**
 * What a row of the products list shows beside the product's own columns, added to the page's
 * statement only: the count and the page's ids clear the select, so neither pays for them, and
 * only the rows shown run these subqueries, by primary key. Here: its category's name.
 */
function withCategoryColumn(db: Knex, qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb.select(
    db.raw('(SELECT categories.name FROM categories WHERE categories.id = products.category_id) AS category_name'),
  );
}

/**
 * The locations a « sous le seuil » figure of the products list is about: null = every active
 * location, else these ids (the user's places, without those counted blind).
 */
export type AlertLocations = readonly number[] | null;

/** The list's location filter when set (none when its stock is hidden from the user), else the user's places. */
function alertsAt(locationId: number | null, alertLocations: AlertLocations): AlertLocations {
  if (!locationId) return alertLocations;
  return alertLocations === null || alertLocations.includes(locationId) ? [locationId] : [];
}

/**
 * Same, for its stock over all locations (stock_total) and at `locationId` (stock_location; null
 * when none), the number of locations (of `alertLocations`, or the filtered one) where it is under
 * its threshold (alerts) and, filtered on a location, the threshold in force there (threshold_location).
 */
function withStockColumns(
  db: Knex,
  qb: Knex.QueryBuilder,
  locationId: number | null,
  alertLocations: AlertLocations,
): Knex.QueryBuilder {
  const here = locationId ? stockSql(locationId) : null;
  const alerts = locationsUnderThreshold(db, 'products', alertsAt(locationId, alertLocations)).count({ n: 'tl.id' });
  return qb.select(
    db.raw(`${stockSql().sql} AS stock_total`),
    here ? db.raw(`${here.sql} AS stock_location`, here.bindings) : db.raw('NULL AS stock_location'),
    alerts.as('alerts'),
    locationId
      ? db.raw(
          'COALESCE((SELECT sl.alert_threshold FROM stock_levels sl WHERE sl.product_id = products.id AND sl.location_id = ?), products.alert_threshold) AS threshold_location',
          [locationId],
        )
      : db.raw('NULL AS threshold_location'),
  );
}

/** The list's rows: withCategoryColumn and withStockColumns. */
const withListColumns = (db: Knex, qb: Knex.QueryBuilder, locationId: number | null, alertLocations: AlertLocations) =>
  withStockColumns(db, withCategoryColumn(db, qb), locationId, alertLocations);

/**
 * One page of the products list, each row with its category name, its stock over all locations
 * and, when the list is filtered on a location, its stock there (stock_location, else null), and
 * where it is under its threshold: one statement for the page beside its count.
 */
export async function listProducts(
  db: Knex,
  params: ProductListQuery,
  alertLocations: AlertLocations = null,
): Promise<Paginated<any>> {
  const locationId = params.filters.location_id ? Number(params.filters.location_id) : null;
  return withTypoFallback(
    params.q,
    (q) => withListColumns(db, productsQuery(db, { ...params, q }, alertLocations), locationId, alertLocations),
    { id: 'products.id', key: 'products.search_key' },
    (qb) => paginateDeferred(qb, 'products.id', params.page, params.per_page),
  );
}

/**
 * Products in id order after `afterId` (the REST API's cursor pages), with the same search and
 * filters as the list, each with its category name and its stock over all locations.
 */
export function productsAfter(
  db: Knex,
  params: { q: string; filters: ProductFilters },
  afterId: number | null,
  limit: number,
  alertLocations: AlertLocations = null,
): Promise<{ data: any[]; next_after: number | null }> {
  return keysetPage(
    withListColumns(
      db,
      productsQuery(db, { q: params.q, sort: 'code', dir: 'asc', filters: params.filters }, alertLocations),
      null,
      alertLocations,
    ),
    'products.id',
    afterId,
    limit,
  );
}

/** The stock of the given products at one location (0 where they never had any), for the REST API. */
export function stockAtLocation(db: Knex, productIds: number[], locationId: number): Promise<Map<number, number>> {
  return stockTotals(db, productIds, locationId);
}

/** A product's stock summed over the given locations (null: every location), for the REST API's places scope. */
export async function stockTotalAt(db: Knex, productId: number, locationIds: number[] | null): Promise<number> {
  const row = await db('stock_levels')
    .where('product_id', productId)
    .modify((q) => (locationIds ? q.whereIn('location_id', locationIds) : q))
    .sum({ total: 'quantity' })
    .first();
  return Number(row?.total ?? 0);
}

/** One page of the price grid (the products list's rows: with their category names). */
export async function listProductPrices(db: Knex, params: ProductListQuery): Promise<Paginated<any>> {
  return paginateDeferred(
    withCategoryColumn(db, productsQuery(db, params)),
    'products.id',
    params.page,
    params.per_page,
  );
}

/** The columns of both product exports (same headers as the import's, so a file can be imported back). */
const IDENTITY_COLUMNS: ExportColumn<any>[] = [
  { header: 'Code', value: (r) => r.code, width: 12 },
  { header: 'Code-barres', value: (r) => r.barcode ?? '', width: 16 },
  { header: 'Désignation', value: (r) => r.name, width: 36 },
  { header: 'Catégorie', value: (r) => r.category_name, width: 20 },
];

const SALE_PRICE_COLUMNS: ExportColumn<any>[] = [
  { header: 'Prix de détail', kind: 'money', value: (r) => Number(r.retail_price) },
  { header: 'Prix de gros', kind: 'money', value: (r) => Number(r.wholesale_price) },
  { header: 'Prix minimum', kind: 'money', value: (r) => Number(r.min_price) },
];

const COST_COLUMNS: ExportColumn<any>[] = [
  { header: 'Prix d’achat', kind: 'money', value: (r) => Number(r.purchase_price) },
  { header: 'CMUP', kind: 'money', value: (r) => Number(r.cmup) },
];

function productExportSpec(
  currency: string,
  showCosts: boolean,
  thresholds: ReadonlyMap<number, string>,
): ExportSpec<any> {
  return {
    fileName: 'produits',
    sheetName: 'Produits',
    currency,
    // Headers match the import columns, so an export can be edited and imported back.
    columns: [
      ...IDENTITY_COLUMNS,
      { header: 'Unité', value: (r) => r.unit, width: 10 },
      { header: 'Colisage', kind: 'integer', value: (r) => Number(r.pack_size) },
      ...(showCosts ? COST_COLUMNS : []),
      ...SALE_PRICE_COLUMNS,
      { header: 'Seuil d’alerte', kind: 'integer', value: (r) => Number(r.alert_threshold) },
      { header: 'Seuils par emplacement', value: (r) => thresholds.get(Number(r.id)) ?? '', width: 24 },
      { header: 'Groupe de taxe', value: (r) => taxGroupLabel(r.tax_group), width: 24 },
      { header: 'Actif', value: (r) => toBool(r.active) },
    ],
  };
}

function priceGridExportSpec(currency: string): ExportSpec<any> {
  return {
    fileName: 'centrale-des-prix',
    sheetName: 'Prix',
    currency,
    columns: [...IDENTITY_COLUMNS, { header: 'Unité', value: (r) => r.unit }, ...COST_COLUMNS, ...SALE_PRICE_COLUMNS],
  };
}

/**
 * The products as filtered on screen, as a CSV or XLSX file: the products list (cost columns only
 * for a user who may see costs; the thresholds of the user's places) or the price centre's grid
 * (its users see costs).
 */
export async function exportProducts(
  db: Knex,
  params: Omit<ProductListQuery, 'page' | 'per_page'>,
  format: ExportFormat,
  view: { showCosts: boolean; grid?: boolean; scope?: PlaceScope; alertLocations?: AlertLocations },
): Promise<ExportFile> {
  const currency = await getCurrency(db);
  const rows = await withCategoryNames(
    db,
    (await productsQuery(db, params, view.alertLocations ?? null)) as Array<{ id: number; category_id: unknown }>,
  );
  const spec = view.grid
    ? priceGridExportSpec(currency)
    : productExportSpec(
        currency,
        view.showCosts,
        await thresholdsText(
          db,
          rows.map((r) => Number(r.id)),
          view.scope ?? EVERY_PLACE,
        ),
      );
  return buildExport(format, spec, rows);
}

/** Sets category_name on each row (one query on the categories the rows use). */
export async function withCategoryNames<R extends { category_id: unknown }>(
  db: Knex | Knex.Transaction,
  rows: R[],
): Promise<Array<R & { category_name: string }>> {
  const ids = [...new Set(rows.map((r) => Number(r.category_id)))];
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const c of await db('categories')
      .whereIn('id', ids.slice(i, i + 1000))
      .select('id', 'name'))
      names.set(Number(c.id), c.name);
  }
  return rows.map((r) => Object.assign(r, { category_name: names.get(Number(r.category_id)) ?? '' }));
}

/** Stock summed over all locations (or at `locationId`), for the given products (one grouped query on the PK). */
async function stockTotals(db: Knex, productIds: number[], locationId?: number): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  for (let i = 0; i < productIds.length; i += 1000) {
    const rows: Array<{ product_id: number; total: number | string | null }> = await db('stock_levels')
      .whereIn('product_id', productIds.slice(i, i + 1000))
      .modify((q) => (locationId ? q.where('location_id', locationId) : q))
      .groupBy('product_id')
      .select('product_id', db.raw('SUM(quantity) as total'));
    for (const r of rows) totals.set(Number(r.product_id), Number(r.total ?? 0));
  }
  return totals;
}

export async function findProduct(db: Knex | Knex.Transaction, id: number) {
  return db('products')
    .join('categories', 'categories.id', 'products.category_id')
    .where('products.id', id)
    .select('products.*', 'categories.name as category_name')
    .first();
}

/** A product's stock at every location (0 where it never had any) with the location's own threshold (own_threshold, null: the product's), active locations first, and its total. */
export async function productStock(db: Knex, productId: number): Promise<{ levels: any[]; total: number }> {
  const levels = await stockByLocation(db, productId);
  const total = (await stockTotals(db, [productId])).get(productId) ?? 0;
  return { levels, total };
}

function stockByLocation(db: Knex, productId: number) {
  return db('locations')
    .leftJoin('stock_levels', (j) =>
      j
        .on('stock_levels.location_id', '=', 'locations.id')
        .andOn('stock_levels.product_id', '=', db.raw('?', [productId])),
    )
    .select(
      'locations.id',
      'locations.code',
      'locations.name',
      'locations.kind',
      'locations.active',
      db.raw('COALESCE(stock_levels.quantity, 0) as quantity'),
      'stock_levels.alert_threshold as own_threshold',
    )
    .orderBy([{ column: 'locations.active', order: 'desc' }, { column: 'locations.kind' }])
    .orderByRaw(frenchKey(db, { name: 'locations.name' }));
}

async function assertUnique(trx: Knex.Transaction, input: ProductInput, exceptId?: number) {
  const errors: Record<string, string> = {};
  const byCode = trx('products').where({ code: input.code });
  if (exceptId) byCode.whereNot({ id: exceptId });
  const codeOwner = await byCode.first('name');
  if (codeOwner) errors.code = `Le code ${input.code} est déjà utilisé par le produit « ${codeOwner.name} ».`;
  if (input.barcode) {
    const byBarcode = trx('products').where({ barcode: input.barcode });
    if (exceptId) byBarcode.whereNot({ id: exceptId });
    const owner = await byBarcode.first('name');
    if (owner) errors.barcode = `Le code-barres ${input.barcode} est déjà utilisé par le produit « ${owner.name} ».`;
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
}

async function assertCategory(trx: Knex.Transaction, categoryId: number, currentCategoryId?: number) {
  const category = await trx('categories').where({ id: categoryId }).first('id', 'active');
  if (!category) throw new Refusal({ category_id: 'Cette catégorie n’existe pas.' });
  if (!toBool(category.active) && categoryId !== currentCategoryId)
    throw new Refusal({ category_id: 'Cette catégorie est archivée : choisissez une catégorie active.' });
}

function mapUnique(err: unknown): never {
  const column = uniqueViolationColumn(err);
  if (column === 'code') throw new Refusal({ code: 'Ce code est déjà utilisé par un autre produit.' });
  if (column === 'barcode') throw new Refusal({ barcode: 'Ce code-barres est déjà utilisé par un autre produit.' });
  throw err;
}

export async function createProduct(
  db: Knex,
  input: ProductInput,
  actor: Actor,
  scope: PlaceScope = EVERY_PLACE,
): Promise<number> {
  try {
    return await inTransaction(db, async (trx) => {
      await assertCategory(trx, input.category_id);
      await assertUnique(trx, input);
      const now = nowIso();
      const columns = productColumns(input);
      // Until the first stock entry sets it, the weighted average cost is the purchase price.
      const id = await insertReturningId(
        trx,
        'products',
        withSearchName({ ...columns, cmup: input.purchase_price, created_at: now, updated_at: now }),
      );
      const thresholds = await saveLocationThresholds(trx, id, thresholdChanges(input), scope);
      await recordAudit(trx, {
        action: 'product.created',
        user: auditUser(actor),
        subject: { type: 'product', id, label: `${input.code} — ${input.name}` },
        details: { after: { ...columns, ...thresholds?.after } },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    return mapUnique(err);
  }
}

export interface PriceChange {
  product_id: number;
  field: PriceField;
  old_value: number;
  new_value: number;
}

/** Appends price history rows (who, when, old, new, why), in the caller's transaction. */
export async function recordPriceChanges(
  trx: Knex.Transaction,
  changes: PriceChange[],
  actor: Actor,
  source: 'manual' | 'rule' | 'import' | 'entry',
  at = nowIso(),
): Promise<void> {
  await insertInChunks(
    trx,
    'price_history',
    changes.map((c) => ({
      product_id: c.product_id,
      field: c.field,
      old_value: c.old_value,
      new_value: c.new_value,
      user_id: actor.id,
      source,
      changed_at: at,
    })),
  );
}

export const NO_PRICE_PERMISSION = 'Vous n’avez pas la permission de modifier les prix.';

/**
 * Saves a product's form. A user who may not see costs never receives the purchase price, so the
 * form cannot send it back: the current one is kept.
 */
export async function updateProduct(
  db: Knex,
  id: number,
  input: ProductInput,
  actor: Actor,
  options: { canChangePrices: boolean; seesCosts: boolean; scope?: PlaceScope },
): Promise<void> {
  try {
    await inTransaction(db, async (trx) => {
      const current = await trx('products').where({ id }).forUpdate().first();
      if (!current) throw new Refusal({ _form: 'Ce produit n’existe plus.' });
      if (!options.seesCosts) input = { ...input, purchase_price: Number(current.purchase_price) };
      const priceChanges: PriceChange[] = PRICE_FIELDS.filter((f) => Number(current[f]) !== input[f]).map((f) => ({
        product_id: id,
        field: f,
        old_value: Number(current[f]),
        new_value: input[f],
      }));
      if (priceChanges.length && !options.canChangePrices) {
        throw new Refusal(Object.fromEntries(priceChanges.map((c) => [c.field, NO_PRICE_PERMISSION])));
      }
      await assertCategory(trx, input.category_id, Number(current.category_id));
      await assertUnique(trx, input, id);
      const columns = productColumns(input);
      const diff = diffFields(
        { ...current, active: toBool(current.active) },
        columns as unknown as Record<string, unknown>,
        PRODUCT_FIELDS,
      );
      const thresholds = await saveLocationThresholds(trx, id, thresholdChanges(input), options.scope ?? EVERY_PLACE);
      if (!diff && !thresholds) return;
      const now = nowIso();
      if (diff) {
        await trx('products')
          .where({ id })
          .update(withSearchName({ ...columns, updated_at: now }));
        await recordPriceChanges(trx, priceChanges, actor, 'manual', now);
      }
      const details = {
        before: { ...diff?.before, ...thresholds?.before },
        after: { ...diff?.after, ...thresholds?.after },
      };
      await recordAudit(trx, {
        action: 'product.updated',
        user: auditUser(actor),
        subject: { type: 'product', id, label: `${input.code} — ${input.name}` },
        details,
        ip: actor.ip,
      });
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setProductActive(db: Knex, id: number, active: boolean, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('products').where({ id }).first();
    if (!current) throw Refusal.action('Ce produit n’existe plus.');
    if (toBool(current.active) === active) return;
    if (active) {
      const category = (await trx('categories').where({ id: current.category_id }).first('active', 'name'))!; // products.category_id references it
      if (!toBool(category.active))
        throw Refusal.action(
          `La catégorie « ${category.name} » est archivée : réactivez-la ou changez la catégorie du produit avant de le réactiver.`,
        );
    }
    await trx('products').where({ id }).update({ active, updated_at: nowIso() });
    await recordAudit(trx, {
      action: active ? 'product.restored' : 'product.archived',
      user: auditUser(actor),
      subject: { type: 'product', id, label: `${current.code} — ${current.name}` },
      ip: actor.ip,
    });
  });
}

/** Deletes a product without history (with its manual price history and empty stock rows). */
export async function deleteProduct(db: Knex, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx('products').where({ id }).first();
    if (!current) throw Refusal.action('Ce produit n’existe plus.');
    const reasons = await historyReasons(trx, 'product', id);
    if (reasons.length)
      throw Refusal.action(`Ce produit ne peut pas être supprimé : ${reasons.join(' ; ')}. Archivez-le plutôt.`);
    await trx('price_history').where({ product_id: id }).delete();
    await trx('stock_levels').where({ product_id: id }).delete();
    await deleteOrRefuse(
      trx,
      'products',
      id,
      'Ce produit est utilisé par d’autres enregistrements : archivez-le plutôt.',
    );
    await recordAudit(trx, {
      action: 'product.deleted',
      user: auditUser(actor),
      subject: { type: 'product', id, label: `${current.code} — ${current.name}` },
      details: { before: { code: current.code, barcode: current.barcode, name: current.name } },
      ip: actor.ip,
    });
  });
}

/**
 * A product's price history, newest first. Purchase price changes are left out for users who may
 * not see costs (the history would otherwise reveal them).
 */
export function priceHistory(
  db: Knex,
  productId: number,
  options: { showCosts: boolean; page: number; perPage: number },
): Promise<Paginated<any>> {
  const qb = db('price_history')
    .leftJoin('users', 'users.id', 'price_history.user_id')
    .where('price_history.product_id', productId)
    .select('price_history.*', 'users.name as user_name');
  if (!options.showCosts) qb.whereNot('price_history.field', 'purchase_price');
  return paginate(qb.orderBy('price_history.id', 'desc'), options.page, options.perPage);
}
