import type { Knex } from 'knex';
import type { ReportColumn, ReportRow } from '../../../shared/reports.js';
import { route } from '../../../shared/routes.js';
import { whereSearch } from '../../db/search.js';
import { effectiveThresholdSql, inLocations, underThresholdSql } from '../stock/alert-thresholds.js';
import { type ReportSlice, num, pageOf, sliceOf, sliceQuery, table } from './frame.js';
import type { ReportBody } from './sales-situation.js';
import { stockAtRows } from './sales-summaries.js';
import { frenchKey } from '../../db/french-order.js';

/**
 * Éditions › État de stock (issue 17, report 4): quantities, CMUP and value per product and
 * location, by category, the products under their alert threshold, and the stock at the end of a
 * past day rebuilt from the ledger (Σ of the movements up to that day, read from the monthly and
 * daily summaries of the ledger), valued at the CMUP of that day (the product's CMUP history).
 * Quantities are never added across products (units differ): totals are counts and values.
 * `locations` are the places whose stock the user may see (their places, without blind counts).
 */

export const STOCK_STATE_VIEWS = [
  { id: 'niveaux', label: 'Par produit et emplacement' },
  { id: 'categories', label: 'Par catégorie' },
  { id: 'alerte', label: 'Sous le seuil d’alerte' },
  { id: 'date', label: 'À une date passée' },
] as const;
export type StockStateView = (typeof STOCK_STATE_VIEWS)[number]['id'];

export interface StockStateFilters {
  view: StockStateView;
  location_id: string;
  category_id: string;
  q: string;
  date: string;
}

/** The places a user's stock figures may come from: null = every place, else these ids. */
export type StockPlaces = readonly number[] | null;

/** The places' rows only (null: every place) — the one filter of stock figures by place (services/stock/alert-thresholds.ts). */
const inPlaces = (q: Knex.QueryBuilder, column: string, places: StockPlaces): Knex.QueryBuilder =>
  inLocations(q, column, places);

function productFilters(
  db: Knex,
  q: Knex.QueryBuilder,
  f: Pick<StockStateFilters, 'category_id' | 'q'>,
): Knex.QueryBuilder {
  if (f.category_id) q.where('p.category_id', Number(f.category_id));
  if (f.q)
    whereSearch(q, db, f.q, {
      upperPrefix: ['p.code', 'p.barcode'],
      folded: ['p.search_name'],
      squeezed: ['p.search_key'],
    });
  return q;
}

const LEVEL_COLUMNS: ReportColumn[] = [
  { id: 'code', label: 'Code', kind: 'text', role: 'secondary', link: true },
  { id: 'product', label: 'Produit', kind: 'text', role: 'title', wrap: true },
  { id: 'category', label: 'Catégorie', kind: 'text', role: 'secondary' },
  { id: 'location', label: 'Emplacement', kind: 'text', role: 'secondary' },
  { id: 'quantity', label: 'Quantité', kind: 'quantity', role: 'figure' },
  { id: 'cmup', label: 'CMUP', kind: 'money', role: 'secondary', cost: true },
  { id: 'value', label: 'Valeur', kind: 'money', role: 'figure', cost: true },
];

/** A row of LEVEL_COLUMNS (stock now, stock at a date): product × location, quantity, CMUP and value at it. */
function levelRow(r: Record<string, unknown>): ReportRow {
  return {
    code: String(r.code),
    url: route('products.show', { id: Number(r.id) }),
    product: String(r.name),
    category: String(r.category),
    location: String(r.location),
    quantity: num(r.quantity),
    unit: String(r.unit),
    cmup: num(r.cmup),
    value: num(r.quantity) * num(r.cmup),
  };
}

/** The stock now of `places` (null: every place): its non-zero product × location rows, `sl` joined to its product `p`. */
export function currentLevels(db: Knex, places: StockPlaces): Knex.QueryBuilder {
  return inPlaces(
    db('stock_levels as sl').join('products as p', 'p.id', 'sl.product_id').whereNot('sl.quantity', 0),
    'sl.location_id',
    places,
  );
}

/** The totals of `currentLevels` rows: products in stock, product × location rows, their value at the CMUP (État de stock's figures, the dashboard's card). */
export async function levelTotals(
  db: Knex,
  levels: Knex.QueryBuilder,
): Promise<{ products: number; lines: number; value: number }> {
  const r = ((await levels
    .clone()
    .countDistinct({ products: 'sl.product_id' })
    .count({ n: '*' })
    .sum({ value: db.raw('sl.quantity * p.cmup') })
    .first()) ?? {}) as Record<string, unknown>;
  return { products: num(r.products), lines: num(r.n), value: num(r.value) };
}

export async function stockState(
  db: Knex,
  f: StockStateFilters,
  places: StockPlaces,
  slice: ReportSlice,
): Promise<ReportBody> {
  if (f.view === 'date') return stockAtDate(db, f, places, slice);
  const levels = currentLevels(db, places);
  if (f.location_id) levels.where('sl.location_id', Number(f.location_id));
  productFilters(db, levels, f);

  if (f.view === 'niveaux') {
    const agg = await levelTotals(db, levels);
    const { rows } = await sliceQuery(
      db,
      levels
        .clone()
        .join('categories as c', 'c.id', 'p.category_id')
        .join('locations as l', 'l.id', 'sl.location_id')
        .select(
          'p.id',
          'p.code',
          'p.name',
          'p.unit',
          'p.cmup',
          'c.name as category',
          'l.name as location',
          'sl.quantity',
        )
        .orderByRaw(frenchKey(db, { folded: 'p.search_name' }))
        .orderBy('p.id')
        .orderByRaw(frenchKey(db, { name: 'l.name' })),
      slice,
    );
    const data: ReportRow[] = rows.map(levelRow);
    return {
      figures: [
        { id: 'products', label: 'Produits en stock', kind: 'count', figure: agg.products },
        { id: 'lines', label: 'Lignes produit × emplacement', kind: 'count', figure: agg.lines },
        { id: 'value', label: 'Valeur du stock (CMUP)', kind: 'money', figure: agg.value, cost: true },
      ],
      tables: [table('levels', LEVEL_COLUMNS, pageOf(data, agg.lines, slice), { code: 'Total', value: agg.value })],
      notes: ['Stock actuel (non nul) de chaque produit par emplacement, valorisé au CMUP actuel.'],
    };
  }

  if (f.view === 'categories') {
    const rows = (await levels
      .clone()
      .join('categories as c', 'c.id', 'p.category_id')
      .groupBy('c.id', 'c.code', 'c.name')
      .select('c.id', 'c.code', 'c.name')
      .countDistinct({ products: 'sl.product_id' })
      .count({ n: '*' })
      .sum({ value: db.raw('sl.quantity * p.cmup') })
      .orderByRaw(frenchKey(db, { folded: 'c.search_name' }))) as Record<string, unknown>[];
    const data: ReportRow[] = rows.map((r) => ({
      category: String(r.name),
      code: String(r.code),
      products: num(r.products),
      lines: num(r.n),
      value: num(r.value),
    }));
    const agg = await levelTotals(db, levels);
    const s =
      'all' in slice
        ? { offset: 0, limit: slice.limit }
        : { offset: (slice.page - 1) * slice.perPage, limit: slice.perPage };
    return {
      figures: [
        { id: 'categories', label: 'Catégories', kind: 'count', figure: rows.length },
        { id: 'products', label: 'Produits en stock', kind: 'count', figure: agg.products },
        { id: 'value', label: 'Valeur du stock (CMUP)', kind: 'money', figure: agg.value, cost: true },
      ],
      tables: [
        table(
          'categories',
          [
            { id: 'category', label: 'Catégorie', kind: 'text', role: 'title', wrap: true },
            { id: 'code', label: 'Code', kind: 'text', role: 'secondary' },
            { id: 'products', label: 'Produits', kind: 'count', role: 'figure' },
            { id: 'lines', label: 'Lignes produit × emplacement', kind: 'count', role: 'secondary' },
            { id: 'value', label: 'Valeur (CMUP)', kind: 'money', role: 'figure', cost: true },
          ],
          pageOf(data.slice(s.offset, s.offset + s.limit), data.length, slice),
          { category: 'Total', products: agg.products, lines: agg.lines, value: agg.value },
        ),
      ],
      notes: ['Stock actuel par catégorie de produits, valorisé au CMUP actuel.'],
    };
  }

  const { rows, total } = await underThresholdPage(db, places, f, sliceOf(slice));
  const data: ReportRow[] = rows.map((r) => ({
    code: String(r.code),
    url: route('products.show', { id: Number(r.id) }),
    product: String(r.name),
    category: String(r.category),
    location: String(r.location),
    quantity: num(r.quantity),
    threshold: num(r.alert_threshold),
    missing: num(r.alert_threshold) - num(r.quantity),
    unit: String(r.unit),
  }));
  return {
    figures: [
      {
        id: 'products',
        label: 'Produits × emplacements sous le seuil d’alerte',
        kind: 'count',
        figure: total,
        tone: total > 0 ? 'danger' : undefined,
      },
    ],
    tables: [
      table(
        'alerts',
        [
          { id: 'code', label: 'Code', kind: 'text', role: 'secondary', link: true },
          { id: 'product', label: 'Produit', kind: 'text', role: 'title', wrap: true },
          { id: 'category', label: 'Catégorie', kind: 'text', role: 'secondary' },
          { id: 'location', label: 'Emplacement', kind: 'text', role: 'secondary' },
          { id: 'quantity', label: 'En stock', kind: 'quantity', role: 'figure' },
          { id: 'threshold', label: 'Seuil d’alerte', kind: 'quantity', role: 'secondary' },
          { id: 'missing', label: 'Manque pour le seuil', kind: 'quantity', role: 'figure' },
        ],
        pageOf(data, total, slice),
        null,
      ),
    ],
    notes: [
      'Produits actifs dont le stock dans un emplacement est inférieur ou égal au seuil d’alerte en vigueur dans cet emplacement : le sien s’il en a un, sinon celui du produit. Un produit sous le seuil dans plusieurs emplacements y figure une fois par emplacement.',
    ],
  };
}

/**
 * Sous le seuil d'alerte: the (active product, active location) pairs of the places shown whose
 * stock (0 where the pair has none) is at or under the threshold in force there — the location's
 * own, else the product's (services/stock/alert-thresholds.ts) — rows id, name, location_id,
 * alert_threshold, quantity, narrow on purpose. Two parts that never overlap: the products with a
 * default threshold, read from their partial index (migration 202611260010, whose condition is
 * repeated here as written), each crossed with the locations by a primary-key seek on its
 * stock_levels row; and the products without one, which alert only where a location has its own —
 * read from the partial index of those rows (migration 202612012137). The page's other columns are
 * joined to the page only (`underThresholdPage`). The report's view and the dashboard's card read
 * this one query.
 */
export function productsUnderThreshold(
  db: Knex,
  places: StockPlaces,
  f: Partial<Pick<StockStateFilters, 'location_id' | 'category_id' | 'q'>> = {},
): Knex.QueryBuilder {
  const filters = { category_id: f.category_id ?? '', q: f.q ?? '' };
  const withDefault = db('products as p')
    .crossJoin(db.raw('locations as l'))
    .leftJoin('stock_levels as sl', (j) => j.on('sl.product_id', '=', 'p.id').andOn('sl.location_id', '=', 'l.id'))
    .whereRaw('p.active = true AND p.alert_threshold > 0')
    .where('l.active', true)
    .whereRaw(underThresholdSql('sl', 'p'))
    .select(
      'p.id',
      'p.name',
      'l.id as location_id',
      db.raw(`${effectiveThresholdSql('sl', 'p')} AS alert_threshold`),
      db.raw('COALESCE(sl.quantity, 0) AS quantity'),
    );
  const ownOnly = db('stock_levels as sl')
    .join('products as p', 'p.id', 'sl.product_id')
    .join('locations as l', 'l.id', 'sl.location_id')
    .whereRaw('sl.alert_threshold IS NOT NULL AND sl.alert_threshold > 0 AND sl.quantity <= sl.alert_threshold')
    .whereRaw('p.active = true AND p.alert_threshold = 0')
    .where('l.active', true)
    .select('p.id', 'p.name', 'sl.location_id', 'sl.alert_threshold', 'sl.quantity');
  for (const [q, column] of [
    [withDefault, 'l.id'],
    [ownOnly, 'sl.location_id'],
  ] as const) {
    productFilters(db, q, filters);
    inPlaces(q, column, places);
    if (f.location_id) q.where(column, Number(f.location_id));
  }
  // UNION ALL without parentheses around its parts (SQLite accepts no other form).
  return withDefault.unionAll(ownOnly);
}

/** The furthest below first, then by name, then the place. */
const UNDER_THRESHOLD_ORDER = (alias: string) =>
  `(${alias}.alert_threshold - ${alias}.quantity) DESC, ${alias}.name ASC, ${alias}.id ASC, ${alias}.location_id ASC`;

/**
 * One page of `productsUnderThreshold` (furthest below first) with each product's code, unit and
 * category and the location's name, and how many pairs there are — one statement: the count is a
 * window over the whole answer, the display columns are joined to the page's rows only.
 */
export async function underThresholdPage(
  db: Knex,
  places: StockPlaces,
  f: Partial<Pick<StockStateFilters, 'location_id' | 'category_id' | 'q'>>,
  s: { limit: number; offset: number },
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const ranked = db
    .from(productsUnderThreshold(db, places, f).as('u'))
    .select('u.*', db.raw('COUNT(*) OVER () AS under_count'))
    .orderByRaw(UNDER_THRESHOLD_ORDER('u'))
    .limit(s.limit)
    .offset(s.offset);
  const rows = (await db
    .from(ranked.as('k'))
    .join('products as p', 'p.id', 'k.id')
    .join('categories as c', 'c.id', 'p.category_id')
    .join('locations as l', 'l.id', 'k.location_id')
    .select('k.*', 'p.code', 'p.unit', 'c.name as category', 'l.name as location')
    .orderByRaw(UNDER_THRESHOLD_ORDER('k'))) as Record<string, unknown>[];
  if (rows.length || s.offset === 0) return { rows, total: num(rows[0]?.under_count) };
  // A page past the end: the count alone.
  const counted = (await db
    .from(productsUnderThreshold(db, places, f).as('u'))
    .count({ n: '*' })
    .first()) as Record<string, unknown> | undefined;
  return { rows, total: num(counted?.n) };
}

async function stockAtDate(
  db: Knex,
  f: StockStateFilters,
  places: StockPlaces,
  slice: ReportSlice,
): Promise<ReportBody> {
  const atDate = stockAtRows(db, f.date, f, (q, column) => inPlaces(q, column, places));
  // The CMUP of the day: the last change (in the order they were computed) dated on or before it,
  // else the value before the first change dated after it, else today's — each one index seek
  // on cmup_history (product_id, id).
  const cmupAt = `COALESCE(
      (SELECT h.new_cmup FROM cmup_history h WHERE h.product_id = p.id AND h.business_date <= ? ORDER BY h.id DESC LIMIT 1),
      (SELECT h.old_cmup FROM cmup_history h WHERE h.product_id = p.id AND h.business_date > ? ORDER BY h.id ASC LIMIT 1),
      p.cmup)`;
  const rowsQuery = db
    .from(atDate.as('x'))
    .join('products as p', 'p.id', 'x.product_id')
    .join('categories as c', 'c.id', 'p.category_id')
    .join('locations as l', 'l.id', 'x.location_id')
    .select(
      'p.id',
      'p.code',
      'p.name',
      'p.search_name',
      'p.unit',
      'c.name as category',
      'l.name as location',
      'x.quantity',
      db.raw(`${cmupAt} as cmup`, [f.date, f.date]),
    );
  productFilters(db, rowsQuery, f);
  // One pass: the page in name order with the count, the products and the value of the whole list (window sums).
  const counted = db
    .from(rowsQuery.as('r'))
    .select(
      'r.*',
      db.raw(
        'CASE WHEN ROW_NUMBER() OVER (PARTITION BY r.id ORDER BY r.location) = 1 THEN 1 ELSE 0 END AS first_of_product',
      ),
    );
  const s = sliceOf(slice);
  const rows = (await db
    .from(counted.as('k'))
    .select(
      'k.*',
      db.raw('COUNT(*) OVER () AS n'),
      db.raw('SUM(k.first_of_product) OVER () AS products'),
      db.raw('SUM(k.quantity * k.cmup) OVER () AS total_value'),
    )
    .orderByRaw(frenchKey(db, { folded: 'k.search_name' }))
    .orderBy([{ column: 'k.id' }, { column: 'k.location' }])
    .limit(s.limit)
    .offset(s.offset)) as Record<string, unknown>[];
  const agg = rows.length
    ? { n: rows[0].n, products: rows[0].products, value: rows[0].total_value }
    : ((await db
        .from(rowsQuery.clone().as('r'))
        .countDistinct({ products: 'r.id' })
        .count({ n: '*' })
        .sum({ value: db.raw('r.quantity * r.cmup') })
        .first()) as Record<string, unknown>);
  const data: ReportRow[] = rows.map(levelRow);
  return {
    figures: [
      { id: 'products', label: 'Produits en stock à cette date', kind: 'count', figure: num(agg?.products) },
      { id: 'lines', label: 'Lignes produit × emplacement', kind: 'count', figure: num(agg?.n) },
      { id: 'value', label: 'Valeur du stock (CMUP du jour)', kind: 'money', figure: num(agg?.value), cost: true },
    ],
    tables: [
      table(
        'at_date',
        LEVEL_COLUMNS.map((c) => (c.id === 'cmup' ? { ...c, label: 'CMUP du jour' } : c)),
        pageOf(data, num(agg?.n), slice),
        { code: 'Total', value: num(agg?.value) },
      ),
    ],
    notes: [
      'Stock au soir de la date choisie, reconstitué depuis le journal des mouvements (somme des mouvements datés de ce jour ou avant), valorisé au CMUP en vigueur ce jour-là.',
    ],
  };
}
