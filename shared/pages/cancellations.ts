/**
 * Props of the « Annulations et réimpressions » screens of issue 15: Factures (invoices FAC- and
 * counter sales VB-: search, cancel with a reason, reprint A6 / ticket as DUPLICATA) and Règlements
 * (REG-: search, cancel with a reason, reprint the receipt as DUPLICATA). Registered in
 * shared/pages.ts. Amounts in minor units; dates YYYY-MM-DD.
 */
import type { LocationOption, Paginated, SortDir } from '../lists.js';
import type { PaymentMethod } from '../treasury.js';
import type { AccountChoice } from '../treasury-accounts.js';
import type { SaleKind } from '../sales.js';
import type { SaleListFilters, SaleRow } from './sales.js';

export interface SaleCancellationFilters extends SaleListFilters {
  /** Both kinds by default; FAC- or VB- only. */
  kind: '' | SaleKind;
}

export interface SaleCancellationRow extends SaleRow {
  version: number;
  cancel_reason: string | null;
  cancelled_on: string | null;
  /** The live settlements (REG-) allocated to the sale: it cannot be cancelled while there are any. */
  settlements: string[];
  /** Why it cannot be cancelled (French), or null. */
  blocked: string | null;
  /** Reprints so far (DUPLICATA) of its invoice and of its ticket. */
  reprints: number;
  /**
   * Whether its invoice and its ticket were printed: a reprint (DUPLICATA, the invoice at A6) once
   * they were, the original (the invoice at A5, the format of originals) before.
   */
  printed: { invoice: boolean; ticket: boolean };
}

export interface SalesCancellationProps {
  filters: SaleCancellationFilters;
  sales: Paginated<SaleCancellationRow>;
  client: { id: number; name: string } | null;
  locations: LocationOption[];
  can: { cancel: boolean; reprint: boolean };
  /** The accounts a refund may be paid from instead of those that took the money (empty without the right to cancel). */
  refund_accounts: AccountChoice[];
}

/** Annulations › Règlements: search settlements (REG-). */
export interface SettlementCancellationFilters {
  from: string;
  to: string;
  client_id: string;
  /** A payment method, or « advance » (the client's advance spent). */
  method: '' | PaymentMethod | 'advance';
  status: '' | 'validated' | 'cancelled';
  q: string;
  sort: 'date' | 'number' | 'amount';
  dir: SortDir;
}

export interface SettlementCancellationRow {
  id: number;
  number: string;
  settlement_date: string;
  client_id: number;
  client_name: string;
  /** « Espèces », « Mobile money · Orange Money », « Acompte »… */
  method_label: string;
  account_name: string | null;
  reference: string | null;
  /** Received (or taken from the advance), allocated to invoices, left as advance. */
  received: number;
  allocated: number;
  advance: number;
  status: 'validated' | 'cancelled';
  status_label: string;
  version: number;
  cancel_reason: string | null;
  cancelled_on: string | null;
  /** The invoices it settles (FAC- numbers). */
  invoices: string[];
  /** Why it cannot be cancelled (the advance it left was spent), or null. */
  blocked: string | null;
  reprints: number;
  /** Its receipt's print route (reprint as DUPLICATA). */
  receipt_url: string;
}

export interface SettlementsCancellationProps {
  filters: SettlementCancellationFilters;
  settlements: Paginated<SettlementCancellationRow>;
  client: { id: number; name: string } | null;
  can: { cancel: boolean; reprint: boolean };
}

export interface CancellationPages {
  'sales/Cancellation': SalesCancellationProps;
  'settlements/Cancellation': SettlementsCancellationProps;
}

export const CANCELLATION_PAGE_NAMES = [
  'sales/Cancellation',
  'settlements/Cancellation',
] as const satisfies ReadonlyArray<keyof CancellationPages>;
