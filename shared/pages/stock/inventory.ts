/** Props of the inventory pages: count sessions, their lines and totals, readjustments, printouts. */
import type { LocationOption, Option, Paginated } from '../../lists.js';
import type { PrintMeta } from '../../print.js';
import type { CountStatus, MovedPolicy, ReadjustmentReason } from '../../stock.js';

export interface CountSessionRow {
  id: number;
  number: string | null;
  location_name: string;
  count_date: string;
  categories: string;
  blind: boolean;
  status: CountStatus;
  status_label: string;
  line_count: number;
  counted_count: number;
  adjusted_lines: number | null;
  net_value?: number | null;
  created_by: string | null;
}

export interface ReadjustmentRow {
  id: number;
  number: string;
  adjustment_date: string;
  location_name: string;
  reason: ReadjustmentReason;
  reason_label: string;
  note: string;
  line_count: number;
  total_value?: number | null;
  created_by: string | null;
}

export interface InventoryIndexProps {
  tab: 'sessions' | 'readjustments';
  filters: { location_id: string; status: '' | CountStatus; from: string; to: string };
  sessions: Paginated<CountSessionRow>;
  readjustments: Paginated<ReadjustmentRow>;
  locations: LocationOption[];
  can: { count: boolean; validate: boolean };
}

export interface InventoryCreateProps {
  locations: LocationOption[];
  categories: Array<Option & { product_count: number }>;
  open_sessions: Array<{ id: number; location_id: number; categories: string }>;
}

export type CountLineFilter = 'all' | 'uncounted' | 'counted' | 'differences' | 'moved';

export interface CountLineView {
  product_id: number;
  code: string;
  barcode: string | null;
  name: string;
  category: string;
  unit: string;
  pack_size: number;
  counted: number | null;
  counted_by: string | null;
  counted_at: string | null;
  /** Hidden (null) in a blind count for users who may not validate. */
  theoretical: number | null;
  current: number | null;
  moved: number | null;
  difference: number | null;
  adjustment: number | null;
  unit_cost?: number | null;
  value?: number | null;
}

export interface CountSummaryView {
  lines: number;
  counted: number;
  uncounted: number;
  moved: number;
  adjusted: number;
  /** Lines with a gain / a loss (quantities of different units are never added). */
  gain_lines: number;
  loss_lines: number;
  gain_value?: number;
  loss_value?: number;
  net_value?: number;
}

export interface CountSessionView {
  id: number;
  number: string | null;
  label: string;
  location: { id: number; name: string };
  count_date: string;
  blind: boolean;
  categories: string;
  status: CountStatus;
  status_label: string;
  note: string;
  snapshot_at: string;
  line_count: number;
  counted_count: number;
  created_by: string | null;
  validated_by: string | null;
  validated_at: string | null;
  moved_policy: MovedPolicy | null;
  moved_policy_label: string | null;
  uncounted_as_zero: boolean | null;
  cancelled_by: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  version: number;
}

export interface InventoryShowProps {
  session: CountSessionView;
  tab: 'saisie' | 'ecarts';
  filters: { q: string; category_id: string; show: CountLineFilter };
  lines: Paginated<CountLineView>;
  categories: Option[];
  /** Differences and values: for validators, or for everyone when the count is not blind. */
  reveal: boolean;
  summary: CountSummaryView | null;
  /** Values at CMUP are shown (policies seesCosts): in the differences and the validation's confirmation. */
  show_values: boolean;
  /** Preview of the validation under the chosen policy (ecarts tab). */
  preview_policy: MovedPolicy;
  uncounted_as_zero: boolean;
  last_scan: { name: string; code: string; counted: number; added: number } | null;
  can: { count: boolean; validate: boolean };
}

export interface CountSheetPrintProps extends PrintMeta {
  session: CountSessionView;
  lines: Array<{
    code: string;
    name: string;
    category: string;
    unit: string;
    theoretical: number | null;
    counted: number | null;
  }>;
  with_quantities: boolean;
}

export interface AdjustmentPrintLine {
  code: string;
  name: string;
  unit: string;
  before: number;
  counted: number | null;
  adjustment: number;
  unit_cost?: number;
  value?: number;
}

export interface AdjustmentPrintProps extends PrintMeta {
  kind: 'count' | 'readjustment';
  document: {
    number: string;
    date: string;
    location: string;
    title: string;
    subtitle: string;
    note: string;
    validated_by: string | null;
    validated_at: string | null;
  };
  lines: AdjustmentPrintLine[];
  totals: { gain_lines: number; loss_lines: number; gain_value?: number; loss_value?: number; net_value?: number };
}

export interface ReadjustmentCreateProps {
  locations: LocationOption[];
  reasons: Array<{ value: ReadjustmentReason; label: string; allows_increase: boolean }>;
  default_location_id: number | null;
}
