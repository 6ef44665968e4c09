/**
 * The print frame's props, shared by every printout (stock documents and statements now, sales
 * invoices, tickets and receipts next): company header, who printed and when, the auto-print flag
 * and where "Retour" goes. Built by server/http/presenters/print.ts.
 */

/** Company header of the printouts. */
export interface PrintCompany {
  name: string;
  address: string;
  city: string;
  phones: string;
  email: string;
  rccm: string;
  tax_number: string;
  currency: string;
}

/**
 * The printouts that are documents: each has one original print; every later print of it, from any
 * button or URL, is a DUPLICATA (counted, audited). State reports (période, filtres) are not
 * documents and have no copy. The label names the printout in the audit log.
 */
export const PRINTOUTS = {
  stock_entry: "Bon d'entrée de stock",
  transfer: 'Bon de transfert',
  stock_adjustment: 'État de réajustement',
  count_sheet: 'État de contrôle de stock',
  count_blank_sheet: 'Feuille de comptage vierge',
  count_adjustment: "État d'ajustement d'inventaire",
  invoice: 'Facture',
  cash_invoice: 'Facture comptant',
} as const;
export type Printout = keyof typeof PRINTOUTS;

/** Which copy of a document this printout is. */
export interface PrintCopy {
  /** False for the original (the first print), true for every later print. */
  duplicata: boolean;
  /** 0 for the original, then 1, 2… (« Réimpression n° 2 »). */
  reprint: number;
  /** When and by whom the original was printed. */
  original_printed_at: string;
  original_printed_by: string | null;
}

/**
 * A document's print button on its page: whether the next print is a DUPLICATA (the original is
 * already printed — the rule of server/services/print/record-print.ts) and whether this user may
 * print it at all (a DUPLICATA needs the right to reprint).
 */
export interface PrintState {
  duplicata: boolean;
  allowed: boolean;
}

export interface PrintMeta {
  company: PrintCompany;
  printed_at: string;
  printed_by: string;
  /** ?print=1: open the print dialog as soon as the page is shown. */
  auto_print: boolean;
  /** Where "Retour" goes. */
  back_url: string;
  /** Original or DUPLICATA, for printouts that are documents; null for state reports. */
  copy: PrintCopy | null;
}
