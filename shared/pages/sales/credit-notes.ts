import type { FiscalBadgeFacts, FiscalFilterState } from '../../fiscal.js';
import type { LocationOption, Paginated, SortDir } from '../../lists.js';
import type { PrintMeta, PrintState } from '../../print.js';
import type { AccountChoice } from '../../treasury-accounts.js';
import type { DocumentSharing } from '../../shares.js';

/** Correction vente boutique: the credit notes (AV-) list, the correction form, a credit note and its A5 printout. */

export interface CreditNoteListFilters {
  from: string;
  to: string;
  location_id: string;
  /** Its certification's state (« Certification »). */
  fiscal: '' | FiscalFilterState;
  q: string;
  sort: 'date' | 'number' | 'total';
  dir: SortDir;
}

export interface CreditNoteRow {
  id: number;
  number: string;
  credit_date: string;
  sale_id: number;
  sale_number: string;
  location_name: string;
  client_name: string;
  line_count: number;
  /** What was refunded to the customer. */
  refund: number;
  reason: string;
  created_by: string | null;
  /** Its certification (null: made while no provider was set). */
  fiscal: FiscalBadgeFacts | null;
}

export interface CreditNotesIndexProps {
  filters: CreditNoteListFilters;
  credit_notes: Paginated<CreditNoteRow>;
  /** Σ refunds of the filtered credit notes (every page). */
  refund_total: number;
  locations: LocationOption[];
  /** The « Certification » column and filter: the company certifies, or some credit note was certified. */
  fiscal_column: boolean;
  can: { create: boolean; export: boolean };
}

/** A line of the counter sale being corrected: what was sold, what is already back, what may still come back. */
export interface CorrectableLine {
  sale_line_id: number;
  position: number;
  product_code: string;
  product_name: string;
  unit: string;
  quantity: number;
  returned_quantity: number;
  returnable: number;
  unit_price: number;
  net: number;
  /** The line's share of the document discount. */
  allocated_discount: number;
  /** What the customer paid for the line, VAT included (net − allocated_discount, plus its VAT share when priced HT): what refundAmount shares out. */
  refund_basis: number;
}

export interface CorrectableSale {
  id: number;
  number: string;
  sale_date: string;
  location_name: string;
  client_name: string;
  total_ttc: number;
  amount_credited: number;
  version: number;
  lines: CorrectableLine[];
  /** Credit notes already made on this sale. */
  credit_notes: Array<{ id: number; number: string; credit_date: string; refund: number }>;
}

export interface CreditNotesCreateProps {
  /** What was typed or scanned in the search box (a VB- number). */
  searched: string;
  /** The counter sale found, or null (nothing searched yet, or not found — `not_found` says which). */
  sale: CorrectableSale | null;
  not_found: string | null;
  /** The accounts the refund may be paid from instead of the shop's desk (the user's). */
  refund_accounts: AccountChoice[];
}

export interface CreditNoteLineView {
  position: number;
  product_code: string;
  product_name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  refund: number;
  /** The line's cost (the CMUP the sale took it out at): only for users who see costs. */
  unit_cost?: number;
}

export interface CreditNoteView {
  id: number;
  number: string;
  credit_date: string;
  created_at: string;
  created_by: string | null;
  reason: string;
  sale: { id: number; number: string; sale_date: string };
  location_name: string;
  client_name: string;
  account_name: string | null;
  line_count: number;
  refund: number;
  /** Only for users who see costs. */
  cost_total?: number;
  lines: CreditNoteLineView[];
}

export interface CreditNotesShowProps {
  credit_note: CreditNoteView;
  print: PrintState;
  /** « Partager »: the public link to the receipt (shared/shares.ts). */
  sharing: DocumentSharing;
}

export interface CreditNotesPrintProps extends PrintMeta {
  credit_note: CreditNoteView;
}
