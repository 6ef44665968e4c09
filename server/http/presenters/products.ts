import type { ProductPickerItem } from '../../../shared/pickers.js';
import type { PriceGridRow } from '../../../shared/price-centre.js';
import type { PriceHistoryItem, ProductDetail, ProductRow, StockAtLocation } from '../../../shared/products.js';
import type { LocationKind } from '../../../shared/locations.js';
import {
  type LocationThresholdField,
  PRICE_SOURCE_LABELS,
  type PriceSource,
  belowAlertThreshold,
  effectiveThreshold,
} from '../../../shared/products.js';
import type { LocationThreshold } from '../../services/stock/alert-thresholds.js';
import { toBool } from '../../db/dialect.js';
import { PRICE_FIELD_LABELS, type PriceField } from '../../domain/pricing/price-rule.js';
import { withoutCosts } from '../../policies/index.js';
import { isTaxGroup, productTaxGroup } from '../../../shared/tax-groups.js';

/**
 * Products: rows → props, for the list, the record, the price centre and the pickers. The fields
 * every view of a product shares, with its costs masked for a user who may not see them
 * (server/policies seesCosts), are shaped once here.
 */
function productFields(row: any, showCosts: boolean) {
  return withoutCosts(
    {
      id: Number(row.id),
      code: row.code as string,
      barcode: (row.barcode ?? null) as string | null,
      name: row.name as string,
      unit: row.unit as string,
      pack_size: Number(row.pack_size),
      purchase_price: Number(row.purchase_price) as number | undefined,
      cmup: Number(row.cmup) as number | undefined,
      retail_price: Number(row.retail_price),
      wholesale_price: Number(row.wholesale_price),
      min_price: Number(row.min_price),
    },
    showCosts,
  );
}

/**
 * A row of the products list (row.stock_total: its stock over all locations; row.stock_location: at
 * the filtered location, or null; row.alerts: the locations where it is under its threshold;
 * row.threshold_location: the threshold at the filtered location).
 */
export function presentProductRow(row: any, showCosts: boolean): ProductRow {
  const stockTotal = Number(row.stock_total ?? 0);
  // Counted over the locations whose stock the user sees (the service's alertLocations).
  const alerts = Number(row.alerts ?? 0);
  return {
    ...productFields(row, showCosts),
    category_id: Number(row.category_id),
    category_name: row.category_name,
    alert_threshold: Number(row.alert_threshold),
    tax_group: isTaxGroup(row.tax_group) ? row.tax_group : null,
    stock_total: row.stock_total === null ? null : stockTotal,
    stock_location: row.stock_location === null || row.stock_location === undefined ? null : Number(row.stock_location),
    below_threshold: alerts > 0,
    alert_locations: alerts,
    threshold_location:
      row.threshold_location === null || row.threshold_location === undefined ? null : Number(row.threshold_location),
    active: toBool(row.active),
  };
}

/** The product form's thresholds per location (the user's places). */
export function presentLocationThresholds(rows: LocationThreshold[]): LocationThresholdField[] {
  return rows.map((r) => ({
    location_id: r.location_id,
    code: r.code,
    name: r.name,
    kind: r.kind as LocationKind,
    threshold: r.threshold,
  }));
}

export function presentProduct(row: any, showCosts: boolean): ProductDetail {
  return { ...presentProductRow(row, showCosts), created_at: row.created_at, updated_at: row.updated_at };
}

/** A product as the pickers offer it: with its category name and its stock at the asked location (null when none was asked). */
export function presentProductPickerItem(
  row: any,
  showCosts: boolean,
  stock: ReadonlyMap<number, number> | null,
): ProductPickerItem {
  const fields = productFields(row, showCosts);
  return {
    ...fields,
    tax_group: productTaxGroup(row.tax_group, row.default_tax_group),
    category: row.category,
    stock: stock ? (stock.get(fields.id) ?? 0) : null,
  };
}

/** A row of the price centre's grid (its users see costs). */
export function presentPriceGridRow(row: any): PriceGridRow {
  const { pack_size: _pack, ...fields } = productFields(row, true);
  return {
    ...fields,
    purchase_price: Number(row.purchase_price),
    cmup: Number(row.cmup),
    category_name: row.category_name,
    updated_at: row.updated_at,
  };
}

/**
 * A product's stock at a location with the threshold in force there (`productThreshold` the
 * product's own); no quantity — nor alert — for a location the user counts blind (`hidden`).
 */
export function presentStock(
  row: any,
  productThreshold: number,
  hidden: ReadonlySet<number> = new Set(),
): StockAtLocation {
  const blind = hidden.has(Number(row.id));
  const own = row.own_threshold === null || row.own_threshold === undefined ? null : Number(row.own_threshold);
  const threshold = effectiveThreshold(own, productThreshold);
  const quantity = blind ? null : Number(row.quantity);
  return {
    location_id: Number(row.id),
    location_code: row.code,
    location_name: row.name,
    kind: row.kind,
    active: toBool(row.active),
    quantity,
    own_threshold: own,
    threshold,
    below_threshold: quantity !== null && toBool(row.active) && belowAlertThreshold(quantity, threshold),
  };
}

/** A price change (the service leaves out purchase price changes for users who may not see costs). */
export function presentPriceHistory(row: any): PriceHistoryItem {
  return {
    id: Number(row.id),
    field: row.field,
    field_label: PRICE_FIELD_LABELS[row.field as PriceField] ?? row.field,
    old_value: Number(row.old_value),
    new_value: Number(row.new_value),
    user_name: row.user_name ?? null,
    source: row.source,
    source_label: PRICE_SOURCE_LABELS[row.source as PriceSource] ?? row.source,
    changed_at: row.changed_at,
  };
}
