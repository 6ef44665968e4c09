/**
 * Props of the « Annulations et réimpressions » screens of issue 15: Factures (invoices FAC- and
 * counter sales VB-: search, cancel with a reason, reprint A6 / ticket as DUPLICATA). Registered in
 * shared/pages.ts. Amounts in minor units; dates YYYY-MM-DD.
 */
import type { LocationOption, Paginated } from './lists.js';
import type { SaleKind } from './sales.js';
import type { SaleListFilters, SaleRow } from './sales-pages.js';

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
}

export interface SalesCancellationProps {
  currency: string;
  filters: SaleCancellationFilters;
  sales: Paginated<SaleCancellationRow>;
  client: { id: number; name: string } | null;
  locations: LocationOption[];
  can: { cancel: boolean; reprint: boolean };
}

export interface CancellationPages {
  'sales/Cancellation': SalesCancellationProps;
}

export const CANCELLATION_PAGE_NAMES = ['sales/Cancellation'] as const satisfies ReadonlyArray<keyof CancellationPages>;
