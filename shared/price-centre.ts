/**
 * The price centre (Fichiers › Centre de prix): the grid of prices and the preview of a price rule.
 * Amounts are integers in the currency's minor unit.
 */

export interface PriceGridRow {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  category_name: string;
  unit: string;
  purchase_price: number;
  cmup: number;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  updated_at: string;
}

export interface PriceRuleInput {
  field: 'purchase_price' | 'retail_price' | 'wholesale_price' | 'min_price';
  operation: 'set' | 'percent' | 'amount';
  direction: 'increase' | 'decrease';
  /** As the user typed it: an amount in major units, or a percentage ("12,5"). */
  value: string;
  base: 'current' | 'purchase_price' | 'cmup' | 'retail_price';
  step: number;
  rounding: 'nearest' | 'up' | 'down';
}

export interface RulePreviewRow {
  id: number;
  code: string;
  name: string;
  category_name: string;
  old_value: number;
  new_value: number | null;
  status: 'change' | 'skip';
  reason: string | null;
}

export interface RulePreviewSummary {
  scope_count: number;
  changed: number;
  unchanged: number;
  skipped: number;
  skipped_by_reason: Array<{ reason: string; label: string; count: number }>;
}
