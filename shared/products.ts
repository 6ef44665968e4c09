/**
 * Products as their pages and the server presenters see them: units, rows and detail, stock and
 * alert thresholds per location, margins and price history. Amounts are integers in the
 * currency's minor unit; quantities in the product's base unit.
 */
import type { StatusFilter } from './lists.js';
import type { LocationKind } from './locations.js';
import type { TaxGroup } from './tax-groups.js';

/** Common units, proposed in the product form (a product may use another one). */
export const PRODUCT_UNITS = [
  'pièce',
  'carton',
  'sac',
  'paquet',
  'boîte',
  'bouteille',
  'bidon',
  'sachet',
  'kg',
  'litre',
  'mètre',
  'rouleau',
  'douzaine',
  'palette',
  'lot',
] as const;

export interface ProductRow {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  category_id: number;
  category_name: string;
  unit: string;
  pack_size: number;
  /** null when the user may not see costs. */
  purchase_price?: number | null;
  cmup?: number | null;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  alert_threshold: number;
  /** Its own tax group; null: the company's default (Paramètres › Société). */
  tax_group: TaxGroup | null;
  /** Sum over all locations; null while the user counts a location blind. */
  stock_total: number | null;
  /** At the location the list is filtered on (ProductFilters.location_id); null without one, and null when that location is counted blind by the user. */
  stock_location: number | null;
  /** Under its alert threshold at one location at least (at the filtered location when the list is filtered: ALERT_THRESHOLD_RULE). */
  below_threshold: boolean;
  /** How many locations (of the user's places, or the filtered one) it is under its threshold at; 0 while a location is counted blind. */
  alert_locations: number;
  /** Filtered on a location: the threshold in force there (its own, else the product's); else null. */
  threshold_location: number | null;
  active: boolean;
}

export interface ProductDetail extends ProductRow {
  created_at: string;
  updated_at: string;
}

export interface ProductFilters {
  category_id: string;
  status: StatusFilter;
  /** The products list only: the stock column (and its sort) at this location instead of the total. */
  location_id?: string;
  /** The products list only: 'low' keeps the products under their alert threshold. */
  stock?: ProductStockFilter;
}

export const PRODUCT_STOCK_FILTERS = ['low'] as const;
export type ProductStockFilter = '' | (typeof PRODUCT_STOCK_FILTERS)[number];

/**
 * The one meaning of an alert threshold, said the same way on the product form, the products list,
 * the product record and the stock page: each location's stock against the threshold in force
 * there — the location's own when it has one, else the product's (its default) —; 0 means no alert.
 */
export const ALERT_THRESHOLD_RULE = 'par emplacement : le seuil propre de l’emplacement, sinon celui du produit';
/** The threshold in force at a location: its own (null: none), else the product's. */
export function effectiveThreshold(own: number | null, product: number): number {
  return own ?? product;
}
/** Whether a location's stock is at or under the threshold in force there (ALERT_THRESHOLD_RULE). */
export function belowAlertThreshold(quantity: number, threshold: number): boolean {
  return threshold > 0 && quantity <= threshold;
}

export interface StockAtLocation {
  location_id: number;
  location_code: string;
  location_name: string;
  kind: LocationKind;
  active: boolean;
  /** null: a location this user is counting blind. */
  quantity: number | null;
  /** The location's own alert threshold; null: the product's. */
  own_threshold: number | null;
  /** The threshold in force there (own, else the product's). */
  threshold: number;
  /** The stock there is at or under it (never for a location counted blind). */
  below_threshold: boolean;
}

/** A price's margin over the CMUP: its amount VAT excluded (ht), the margin, its rate in basis points (null for a zero price). */
export interface PriceMarginView {
  ht: number;
  margin: number;
  rate: number | null;
}

export interface ProductMargins {
  retail: PriceMarginView;
  wholesale: PriceMarginView;
  /** The prices are typed VAT included (their HT is then shown); false: HT, or no VAT. */
  prices_include_vat: boolean;
}

/** A location's line of the product form's « Seuils d'alerte par emplacement ». */
export interface LocationThresholdField {
  location_id: number;
  code: string;
  name: string;
  kind: LocationKind;
  /** Its own threshold; null: the product's. */
  threshold: number | null;
}

export const PRICE_SOURCES = ['manual', 'rule', 'import', 'entry'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
export const PRICE_SOURCE_LABELS: Record<PriceSource, string> = {
  manual: 'Saisie',
  rule: 'Règle de prix',
  import: 'Import',
  entry: 'Entrée de stock',
};

export interface PriceHistoryItem {
  id: number;
  field: string;
  field_label: string;
  old_value: number;
  new_value: number;
  user_name: string | null;
  source: string;
  source_label: string;
  changed_at: string;
}
