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

export interface PrintMeta {
  company: PrintCompany;
  printed_at: string;
  printed_by: string;
  /** ?print=1: open the print dialog as soon as the page is shown. */
  auto_print: boolean;
  /** Where "Retour" goes. */
  back_url: string;
}
