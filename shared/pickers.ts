/**
 * The JSON answered to the product and client pickers of the forms (not pages).
 */
import type { PriceLevel } from './clients.js';
import type { TaxGroup } from './tax-groups.js';

export interface ProductPickerItem {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  unit: string;
  pack_size: number;
  /** null when the user may not see costs. */
  purchase_price?: number | null;
  cmup?: number | null;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  /** The group a sale taxes it under: its own, else the company's default (productTaxGroup). */
  tax_group: TaxGroup;
  category: string;
  /** At the asked location_id; null when no location was given. */
  stock: number | null;
}

export interface ProductPickerResponse {
  items: ProductPickerItem[];
  /** The product whose barcode or code equals the query exactly (a scanner read), else null. */
  exact: ProductPickerItem | null;
}

export interface ClientPickerItem {
  id: number;
  code: string;
  name: string;
  phone: string;
  price_level: PriceLevel;
  credit_limit: number;
  balance: number;
  is_walk_in: boolean;
}

export interface ClientPickerResponse {
  items: ClientPickerItem[];
}
