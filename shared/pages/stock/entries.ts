/** Props of the stock entry pages (entrée de stock): list, form, detail, printout, period statement. */
import type { LocationOption, Option, Paginated, SortDir } from '../../lists.js';
import type { ImportColumn, ImportPreview } from '../../imports.js';
import type { PrintMeta, PrintState } from '../../print.js';
import type { EntryKind, EntryStatus } from '../../stock.js';

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
  kind: EntryKind;
  /** The supplier, or « Stock initial » for opening stock. */
  supplier_name: string;
  location_name: string;
  supplier_ref: string;
  line_count: number;
  total_amount?: number;
  status: EntryStatus;
  status_label: string;
}

export interface EntriesIndexProps {
  filters: EntryListFilters;
  entries: Paginated<EntryRow>;
  totals: { count: number; amount?: number };
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
  /** 'opening': the « Stock initial » form (no supplier; a link to its import). */
  kind: EntryKind;
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
  unit_cost?: number;
  amount?: number;
  cmup_before?: number;
  cmup_after?: number;
}

export interface EntryView {
  id: number;
  number: string;
  entry_date: string;
  kind: EntryKind;
  kind_label: string;
  /** null for opening stock (« Stock initial »): no supplier. */
  supplier: { id: number; code: string; name: string } | null;
  location: { id: number; name: string };
  supplier_ref: string;
  note: string;
  status: EntryStatus;
  status_label: string;
  line_count: number;
  total_amount?: number;
  created_by: string | null;
  created_at: string;
  cancelled_by: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  version: number;
  lines: EntryLineView[];
}

export interface EntriesShowProps {
  entry: EntryView;
  can: { cancel: boolean; create: boolean };
  /** Whether the entry's state and the stock still allow its cancellation; when not, why (French). */
  cancellation: { possible: boolean; blocked_reason: string | null };
  /** The print button: original or DUPLICATA, offered or not. */
  print: PrintState;
}

export interface EntriesPrintProps extends PrintMeta {
  entry: EntryView;
}

export interface EntriesStatementProps extends PrintMeta {
  filters: { from: string; to: string; supplier: string | null; location: string | null; include_cancelled: boolean };
  rows: Array<EntryRow & { created_by: string | null }>;
  /** `lines`: the lines of the validated entries (quantities of different units are never added). */
  totals: { count: number; lines: number; amount?: number; cancelled_count: number };
  by_supplier: Array<{ supplier_name: string; count: number; amount?: number }>;
  truncated: boolean;
}

/** Import of the opening stock (« Stock initial ») from a CSV/XLSX file: the one import page. */
export interface OpeningStockImportProps {
  preview: ImportPreview | null;
  columns: ImportColumn[];
  can_update: boolean;
}
