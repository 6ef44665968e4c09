/**
 * Props of the sales pages (issue 14), registered in shared/pages.ts. Amounts are integers in the
 * currency's minor unit (`currency` travels with each page); quantities are integers in the
 * product's base unit. Each document type's props live in shared/sales-pages/<type>.ts.
 */
import type { CreditNotesCreateProps, CreditNotesIndexProps, CreditNotesPrintProps, CreditNotesShowProps } from './sales-pages/credit-notes.js';

export type * from './sales-pages/credit-notes.js';

export interface SalesPages {
  'sales/credit-notes/Index': CreditNotesIndexProps;
  'sales/credit-notes/Create': CreditNotesCreateProps;
  'sales/credit-notes/Show': CreditNotesShowProps;
  'sales/credit-notes/Print': CreditNotesPrintProps;
}

export const SALES_PAGE_NAMES = ['sales/credit-notes/Index', 'sales/credit-notes/Create', 'sales/credit-notes/Show', 'sales/credit-notes/Print'] as const satisfies ReadonlyArray<keyof SalesPages>;
