import type { Knex } from 'knex';
import { toBool } from '../../db/dialect.js';
import { Refusal } from '../../domain/errors.js';
import { type PlaceScope, UNALLOWED_LOCATION, allowsLocation } from '../../policies/places.js';

/**
 * Alert thresholds per location (migration 202612012137): a product's `alert_threshold` is its
 * default, `stock_levels.alert_threshold` a location's own (null: the product's; 0: no alert
 * there). A pair (product, location) is « sous le seuil » when its effective threshold is above
 * zero and its quantity — 0 where the pair has no stock row — is at or under it. Every reader (État
 * de stock, the dashboard's card, the products list's filter and marks, the product's pages, the
 * API) says it with these pieces; the writers are the product's form, its import and the API.
 */

/** The threshold in force for a pair: `sl` the pair's stock_levels row (left-joined, may be absent), `p` the product. */
export const effectiveThresholdSql = (sl: string, p: string) => `COALESCE(${sl}.alert_threshold, ${p}.alert_threshold)`;

/** The pair is at or under its threshold (0: none). */
export const underThresholdSql = (sl: string, p: string) =>
  `${effectiveThresholdSql(sl, p)} > 0 AND COALESCE(${sl}.quantity, 0) <= ${effectiveThresholdSql(sl, p)}`;

/** The rows of `locations` only (null: every one): the places a stock figure — « sous le seuil », the stock's value — is about. */
export function inLocations(
  q: Knex.QueryBuilder,
  column: string,
  locations: readonly number[] | null,
): Knex.QueryBuilder {
  if (locations === null) return q;
  if (locations.length === 0) return q.whereRaw('1 = 0');
  return q.whereIn(column, [...locations]);
}

/**
 * The active locations (of `locations`) where the product of the outer query's `products` (its
 * alias, correlated) is under its threshold: `EXISTS (…)` for a filter, `COUNT(*)` for a mark. One
 * primary-key seek per location.
 */
export function locationsUnderThreshold(
  db: Knex,
  products: string,
  locations: readonly number[] | null,
): Knex.QueryBuilder {
  const q = db('locations as tl')
    .leftJoin('stock_levels as tsl', (j) =>
      j.on('tsl.product_id', '=', `${products}.id`).andOn('tsl.location_id', '=', 'tl.id'),
    )
    .where('tl.active', true)
    .whereRaw(underThresholdSql('tsl', products));
  return inLocations(q, 'tl.id', locations);
}

export interface LocationThreshold {
  location_id: number;
  code: string;
  name: string;
  kind: string;
  /** The location's own threshold; null: the product's. */
  threshold: number | null;
}

/** The active locations of `scope` (and inactive ones with a threshold of their own) with the product's threshold there. */
export async function locationThresholds(
  db: Knex | Knex.Transaction,
  productId: number | null,
  scope: PlaceScope,
): Promise<LocationThreshold[]> {
  const q = db('locations as l')
    .leftJoin('stock_levels as sl', (j) =>
      j.on('sl.location_id', '=', 'l.id').andOn('sl.product_id', '=', db.raw('?', [productId ?? 0])),
    )
    .where((w) => w.where('l.active', true).orWhereNotNull('sl.alert_threshold'))
    .orderBy([{ column: 'l.kind' }, { column: 'l.name' }])
    .select('l.id', 'l.code', 'l.name', 'l.kind', 'l.active', 'sl.alert_threshold');
  const rows = (await q) as Array<Record<string, unknown>>;
  return rows
    .filter((r) => allowsLocation(scope, Number(r.id)))
    .map((r) => ({
      location_id: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      kind: String(r.kind),
      threshold: r.alert_threshold === null || r.alert_threshold === undefined ? null : Number(r.alert_threshold),
    }));
}

/** What the form, the import or the API asks: location id → its own threshold, or null for the product's. */
export type ThresholdChanges = ReadonlyMap<number, number | null>;

/** An audit key per location (`location_threshold:BTQ01`), so a product's history names where it changed. */
export const LOCATION_THRESHOLD_FIELD = 'location_threshold:';

/**
 * Writes a product's thresholds per location in the caller's transaction: a number sets the
 * location's own, null gives it back the product's. Refused on the field (`location_thresholds.<id>`)
 * for a location that does not exist, is archived (unless clearing it) or is not one of the user's
 * places. Returns what changed for the audit entry (keyed by location code), or null.
 */
export async function saveLocationThresholds(
  trx: Knex.Transaction,
  productId: number,
  changes: ThresholdChanges,
  scope: PlaceScope,
): Promise<{ before: Record<string, number | null>; after: Record<string, number | null> } | null> {
  if (changes.size === 0) return null;
  const ids = [...changes.keys()];
  const locations = new Map(
    (await trx('locations').whereIn('id', ids).select('id', 'code', 'name', 'active')).map((l) => [Number(l.id), l]),
  );
  const current = new Map(
    (
      await trx('stock_levels')
        .where({ product_id: productId })
        .whereIn('location_id', ids)
        .select('location_id', 'alert_threshold')
    ).map((r) => [Number(r.location_id), r.alert_threshold === null ? null : Number(r.alert_threshold)]),
  );
  const errors: Record<string, string> = {};
  for (const [id, value] of changes) {
    const l = locations.get(id);
    if (!l) errors[`location_thresholds.${id}`] = 'Cet emplacement n’existe pas.';
    else if (!allowsLocation(scope, id)) errors[`location_thresholds.${id}`] = UNALLOWED_LOCATION;
    else if (!toBool(l.active) && value !== null)
      errors[`location_thresholds.${id}`] = `L’emplacement « ${l.name} » est archivé.`;
  }
  if (Object.keys(errors).length) throw new Refusal(errors);
  const before: Record<string, number | null> = {};
  const after: Record<string, number | null> = {};
  for (const [id, value] of changes) {
    const was = current.has(id) ? current.get(id)! : null;
    if (was === value) continue;
    const code = String(locations.get(id)!.code);
    before[`${LOCATION_THRESHOLD_FIELD}${code}`] = was;
    after[`${LOCATION_THRESHOLD_FIELD}${code}`] = value;
    // A pair without stock gets its row (quantity 0, as the ledger has it): the threshold lives beside the quantity.
    await trx('stock_levels')
      .insert({ product_id: productId, location_id: id, quantity: 0, alert_threshold: value })
      .onConflict(['product_id', 'location_id'])
      .merge(['alert_threshold']);
  }
  return Object.keys(after).length ? { before, after } : null;
}

/** Each product's own thresholds per location (codes of `scope`'s locations), for the exports: « BTQ01=10; DEP01=50 ». */
export async function thresholdsText(db: Knex, productIds: number[], scope: PlaceScope): Promise<Map<number, string>> {
  const out = new Map<number, Array<[string, number]>>();
  for (let i = 0; i < productIds.length; i += 1000) {
    const rows = await db('stock_levels as sl')
      .join('locations as l', 'l.id', 'sl.location_id')
      .whereIn('sl.product_id', productIds.slice(i, i + 1000))
      .whereNotNull('sl.alert_threshold')
      .orderBy([{ column: 'sl.product_id' }, { column: 'l.code' }])
      .select('sl.product_id', 'sl.location_id', 'l.code', 'sl.alert_threshold');
    for (const r of rows) {
      if (!allowsLocation(scope, Number(r.location_id))) continue;
      const list = out.get(Number(r.product_id)) ?? [];
      list.push([String(r.code), Number(r.alert_threshold)]);
      out.set(Number(r.product_id), list);
    }
  }
  return new Map([...out].map(([id, list]) => [id, formatThresholds(list)]));
}

/** « BTQ01=10; DEP01=50 » — the cell of the exports and imports. */
export function formatThresholds(list: ReadonlyArray<readonly [string, number]>): string {
  return list.map(([code, n]) => `${code}=${n}`).join('; ');
}
