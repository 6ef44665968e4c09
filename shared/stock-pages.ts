/**
 * Props of the stock pages (issue 5), registered in shared/pages.ts. Amounts are integers in the
 * currency's minor unit (`currency` travels with each page); quantities are integers in the
 * product's base unit; dates are YYYY-MM-DD, timestamps ISO strings.
 */
import type { LocationOption, Option, Paginated, SortDir } from './lists.js';
import type { PrintMeta } from './print.js';
import type { CountStatus, EntryStatus, MovedPolicy, ReadjustmentReason, TransferStatus } from './stock.js';

export type { PrintCompany, PrintMeta } from './print.js';

// ——— Entrée de stock ———

export interface EntryListFilters {
  from: string;
  to: string;
  supplier_id: string;
  location_id: string;
  status: '' | EntryStatus;
  q: string;
  sort: 'date' | 'number' | 'supplier' | 'amount';
  dir: SortDir;
}

export interface EntryRow {
  id: number;
  number: string;
  entry_date: string;
  supplier_name: string;
  location_name: string;
  supplier_ref: string;
  line_count: number;
  total_quantity: number;
  total_amount: number;
  status: EntryStatus;
  status_label: string;
}

export interface EntriesIndexProps {
  currency: string;
  filters: EntryListFilters;
  entries: Paginated<EntryRow>;
  totals: { count: number; amount: number };
  suppliers: Option[];
  locations: LocationOption[];
  can: { create: boolean; cancel: boolean };
}

export interface EntryFormProduct {
  id: number;
  code: string;
  barcode: string | null;
  name: string;
  unit: string;
  pack_size: number;
  purchase_price: number;
  cmup: number;
  stock: number | null;
}

export interface EntriesCreateProps {
  currency: string;
  today: string;
  suppliers: Option[];
  locations: LocationOption[];
  default_location_id: number | null;
}

export interface EntryLineView {
  position: number;
  product_id: number;
  product_code: string;
  product_name: string;
  unit: string;
  entry_unit: 'unit' | 'pack';
  pack_size: number;
  entered_quantity: number;
  quantity: number;
  unit_cost: number;
  amount: number;
  cmup_before: number;
  cmup_after: number;
}

export interface EntryView {
  id: number;
  number: string;
  entry_date: string;
  supplier: { id: number; code: string; name: string };
  location: { id: number; name: string };
  supplier_ref: string;
  note: string;
  status: EntryStatus;
  status_label: string;
  line_count: number;
  total_quantity: number;
  total_amount: number;
  created_by: string | null;
  created_at: string;
  cancelled_by: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  version: number;
  lines: EntryLineView[];
}

export interface EntriesShowProps {
  currency: string;
  entry: EntryView;
  can: { cancel: boolean; create: boolean };
}

export interface EntriesPrintProps extends PrintMeta {
  entry: EntryView;
}

export interface EntriesStatementProps extends PrintMeta {
  filters: { from: string; to: string; supplier: string | null; location: string | null; include_cancelled: boolean };
  rows: Array<EntryRow & { created_by: string | null }>;
  totals: { count: number; quantity: number; amount: number; cancelled_count: number };
  by_supplier: Array<{ supplier_name: string; count: number; amount: number }>;
  truncated: boolean;
}

// ——— Transferts ———

export interface TransferListFilters {
  from: string;
  to: string;
  status: '' | TransferStatus;
  from_location_id: string;
  to_location_id: string;
  q: string;
  sort: 'date' | 'number' | 'status';
  dir: SortDir;
}

export interface TransferRow {
  id: number;
  number: string;
  transfer_date: string;
  from_name: string;
  to_name: string;
  line_count: number;
  total_quantity_sent: number;
  total_quantity_received: number | null;
  status: TransferStatus;
  status_label: string;
  sent_by: string | null;
  received_date: string | null;
  reprint_count: number;
  cancel_reason: string | null;
  version: number;
}

export interface TransfersIndexProps {
  filters: TransferListFilters;
  transfers: Paginated<TransferRow>;
  locations: LocationOption[];
  in_transit: number;
  can: { create: boolean; cancel: boolean };
}

export interface TransfersCreateProps {
  /** For the product picker's prices. */
  currency: string;
  today: string;
  locations: LocationOption[];
  default_from_id: number | null;
  default_to_id: number | null;
}

export interface TransferLineView {
  position: number;
  product_id: number;
  product_code: string;
  product_name: string;
  barcode: string | null;
  unit: string;
  quantity_sent: number;
  quantity_received: number | null;
  difference: number | null;
  difference_reason: string | null;
  /** CMUP at sending; null when the user may not see costs. */
  unit_cost: number | null;
}

export interface TransferView {
  id: number;
  number: string;
  transfer_date: string;
  from: { id: number; name: string };
  to: { id: number; name: string };
  status: TransferStatus;
  status_label: string;
  note: string;
  line_count: number;
  total_quantity_sent: number;
  total_quantity_received: number | null;
  total_value: number | null;
  sent_by: string | null;
  sent_at: string;
  received_by: string | null;
  received_at: string | null;
  received_date: string | null;
  reception_note: string | null;
  cancelled_by: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  status_before_cancel: TransferStatus | null;
  reprint_count: number;
  last_reprinted_at: string | null;
  version: number;
  lines: TransferLineView[];
}

export interface TransfersShowProps {
  currency: string;
  today: string;
  transfer: TransferView;
  actions: { receive: boolean; cancel: boolean };
  can: { receive: boolean; cancel: boolean; reprint: boolean };
}

export interface TransfersPrintProps extends PrintMeta {
  transfer: TransferView;
  duplicata: boolean;
}

export interface TransferCancellationProps {
  filters: TransferListFilters;
  transfers: Paginated<TransferRow>;
  locations: LocationOption[];
  searched: boolean;
  can: { cancel: boolean; reprint: boolean };
}

// ——— Inventaire ———

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
  net_value: number | null;
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
  total_value: number | null;
  created_by: string | null;
}

export interface InventoryIndexProps {
  currency: string;
  tab: 'sessions' | 'readjustments';
  filters: { location_id: string; status: '' | CountStatus; from: string; to: string };
  sessions: Paginated<CountSessionRow>;
  readjustments: Paginated<ReadjustmentRow>;
  locations: LocationOption[];
  can: { count: boolean; validate: boolean };
}

export interface InventoryCreateProps {
  today: string;
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
  unit_cost: number | null;
  value: number | null;
}

export interface CountSummaryView {
  lines: number;
  counted: number;
  uncounted: number;
  moved: number;
  adjusted: number;
  gain_quantity: number;
  loss_quantity: number;
  gain_value: number;
  loss_value: number;
  net_value: number;
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
  currency: string;
  session: CountSessionView;
  tab: 'saisie' | 'ecarts';
  filters: { q: string; category_id: string; show: CountLineFilter };
  lines: Paginated<CountLineView>;
  categories: Option[];
  /** Differences and values: for validators, or for everyone when the count is not blind. */
  reveal: boolean;
  summary: CountSummaryView | null;
  /** Preview of the validation under the chosen policy (ecarts tab). */
  preview_policy: MovedPolicy;
  uncounted_as_zero: boolean;
  last_scan: { name: string; code: string; counted: number; added: number } | null;
  can: { count: boolean; validate: boolean };
}

export interface CountSheetPrintProps extends PrintMeta {
  session: CountSessionView;
  lines: Array<{ code: string; name: string; category: string; unit: string; theoretical: number | null; counted: number | null }>;
  with_quantities: boolean;
}

export interface AdjustmentPrintLine {
  code: string;
  name: string;
  unit: string;
  before: number;
  counted: number | null;
  adjustment: number;
  unit_cost: number;
  value: number;
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
  totals: { gain_quantity: number; loss_quantity: number; gain_value: number; loss_value: number; net_value: number };
}

export interface ReadjustmentCreateProps {
  currency: string;
  today: string;
  locations: LocationOption[];
  reasons: Array<{ value: ReadjustmentReason; label: string; allows_increase: boolean }>;
  default_location_id: number | null;
}

// ——— Produit ———

export interface ProductStockSectionsProps {
  currency: string;
  show_costs: boolean;
  product: { id: number; code: string; name: string; unit: string; cmup: number | null; purchase_price: number | null; active: boolean; alert_threshold: number };
  locations: Array<{ id: number; name: string; kind: string; quantity: number; value: number | null }>;
  in_transit: number;
  total_quantity: number;
  total_value: number | null;
  movements: Array<{
    id: number;
    business_date: string;
    created_at: string;
    location_name: string;
    type: string;
    type_label: string;
    quantity: number;
    unit_cost: number | null;
    document_number: string | null;
    document_url: string | null;
    user_name: string | null;
    reason: string | null;
  }>;
  movements_page: { page: number; last_page: number; total: number; per_page: number };
  cmup_history: Array<{
    id: number;
    changed_at: string;
    business_date: string;
    old_cmup: number;
    new_cmup: number;
    quantity_before: number;
    quantity: number;
    unit_cost: number;
    type_label: string;
    document_number: string | null;
    document_url: string | null;
    user_name: string | null;
  }> | null;
}

export interface ProductStockPageProps extends ProductStockSectionsProps {
  back_url: string;
}

export interface StockPages {
  'stock/entries/Index': EntriesIndexProps;
  'stock/entries/Create': EntriesCreateProps;
  'stock/entries/Show': EntriesShowProps;
  'stock/entries/Print': EntriesPrintProps;
  'stock/entries/Statement': EntriesStatementProps;
  'stock/transfers/Index': TransfersIndexProps;
  'stock/transfers/Create': TransfersCreateProps;
  'stock/transfers/Show': TransfersShowProps;
  'stock/transfers/Print': TransfersPrintProps;
  'stock/transfers/Cancellation': TransferCancellationProps;
  'stock/inventory/Index': InventoryIndexProps;
  'stock/inventory/Create': InventoryCreateProps;
  'stock/inventory/Show': InventoryShowProps;
  'stock/inventory/CountSheet': CountSheetPrintProps;
  'stock/inventory/AdjustmentPrint': AdjustmentPrintProps;
  'stock/inventory/Readjust': ReadjustmentCreateProps;
  'products/Stock': ProductStockPageProps;
}

export const STOCK_PAGE_NAMES = [
  'stock/entries/Index',
  'stock/entries/Create',
  'stock/entries/Show',
  'stock/entries/Print',
  'stock/entries/Statement',
  'stock/transfers/Index',
  'stock/transfers/Create',
  'stock/transfers/Show',
  'stock/transfers/Print',
  'stock/transfers/Cancellation',
  'stock/inventory/Index',
  'stock/inventory/Create',
  'stock/inventory/Show',
  'stock/inventory/CountSheet',
  'stock/inventory/AdjustmentPrint',
  'stock/inventory/Readjust',
  'products/Stock',
] as const satisfies ReadonlyArray<keyof StockPages>;
