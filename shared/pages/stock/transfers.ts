/** Props of the transfer pages: list, form, detail with reception, bon de transfert, cancellation screen. */
import type { LocationOption, Paginated, SortDir } from '../../lists.js';
import type { PrintMeta, PrintState } from '../../print.js';
import type { TransferStatus } from '../../stock.js';

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
  status: TransferStatus;
  status_label: string;
  sent_by: string | null;
  received_date: string | null;
  reprint_count: number;
  cancel_reason: string | null;
  version: number;
  /** Its state still allows a cancellation (in transit only; the user's right is `can.cancel`). */
  cancellable: boolean;
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
  /** The places the user may send from: those they work in (server/policies/places.ts). */
  locations: LocationOption[];
  /** Where goods may go: every active location (a shop sends to another one). */
  destinations: LocationOption[];
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
  unit_cost?: number | null;
  /** After reception: the difference × the CMUP at sending (negative: a loss); absent when the user may not see costs. */
  difference_value?: number;
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
  total_value?: number | null;
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
  /** After reception, the differences valued at the CMUP at sending (loss ≤ 0, surplus ≥ 0, net); absent when the user may not see costs. */
  difference_values?: { loss: number; surplus: number; net: number };
  lines: TransferLineView[];
}

export interface TransfersShowProps {
  transfer: TransferView;
  actions: { receive: boolean; cancel: boolean };
  can: { receive: boolean; cancel: boolean; reprint: boolean };
  /** The « Bon de transfert » button: original or DUPLICATA, offered or not. */
  print: PrintState;
}

export interface TransfersPrintProps extends PrintMeta {
  transfer: TransferView;
}

export interface TransferCancellationProps {
  filters: TransferListFilters;
  transfers: Paginated<TransferRow>;
  locations: LocationOption[];
  can: { cancel: boolean; reprint: boolean };
}
