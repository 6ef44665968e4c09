import { DOCUMENT_TYPE_KEYS, type DocumentPrintout, type DocumentPrintoutDecl, documentType } from './documents.js';
import type { FiscalPrint } from './fiscal.js';
import { PRINT_DOCUMENTS, type PaperFormat, type PrintDocumentDef, type PrintDocumentType } from './print-formats.js';

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
  /** The company logo (authenticated route, versioned), or null when none is uploaded. */
  logo_url: string | null;
}

/**
 * The printouts that are documents (shared/documents.ts, `duplicata: true`): each has one original
 * print; every later print of it, from any button or URL, is a DUPLICATA (counted, audited). State
 * reports (période, filtres) are not documents and have no copy. The label names the printout in
 * the audit log.
 */
export type Printout = DocumentPrintout;
const documentPrintouts = DOCUMENT_TYPE_KEYS.flatMap((type) =>
  Object.entries(documentType(type).printouts).filter(([, p]) => p.duplicata),
) as Array<[Printout, DocumentPrintoutDecl]>;
export const PRINTOUTS = Object.fromEntries(documentPrintouts.map(([key, p]) => [key, p.label])) as Readonly<
  Record<Printout, string>
>;

export {
  PAPER_FORMATS,
  type PaperFormat,
  PAPER_FORMAT_LABELS,
  type PrintDocumentDef,
  PRINT_DOCUMENTS,
  type PrintDocumentType,
  PRINT_DOCUMENT_TYPES,
} from './print-formats.js';

/** The settings of one document type, as stored in print_settings (defaults when never saved). */
export interface PrintSettings {
  format: PaperFormat;
  /** 1 to 5 copies of the sheet in one printout. */
  copies: number;
  header_text: string;
  footer_text: string;
  show_logo: boolean;
  /** Only meaningful for documents whose `amountInWords` is true. */
  amount_in_words: boolean;
}

export const MAX_PRINT_COPIES = 5;
export const PRINT_TEXT_MAX = 300;

export function defaultPrintSettings(type: PrintDocumentType): PrintSettings {
  const def: PrintDocumentDef = PRINT_DOCUMENTS[type];
  return {
    format: def.defaultFormat,
    copies: 1,
    header_text: '',
    footer_text: '',
    show_logo: true,
    amount_in_words: def.amountInWords,
  };
}

/** Which settings each printout reads (its document type in Paramètres › Impression). */
export const PRINTOUT_SETTINGS = Object.fromEntries(documentPrintouts.map(([key, p]) => [key, p.settings])) as Readonly<
  Record<Printout, PrintDocumentType>
>;

/**
 * Which copy of a document a print is. In a preview (the print route's GET) it is what the paper
 * WILL say — nothing is counted before the print; the print itself (POST route('prints.record'))
 * answers the copy it counted, which the paper then carries.
 */
export interface PrintCopy {
  /** False for the original (the first print), true for every later print. */
  duplicata: boolean;
  /** 0 for the original, then 1, 2… (« Réimpression n° 2 »). */
  reprint: number;
  /** When and by whom the original was printed; null in the preview of a document never printed. */
  original_printed_at: string | null;
  original_printed_by: string | null;
}

/**
 * The answer of a counted print (POST route('prints.record') with the preview's `print_token` and
 * the print's idempotency key): the copy counted — the mark the paper carries —, when, and what the
 * next print from this preview would be (null when this user may not print it again: a DUPLICATA
 * needs the right to reprint). A refused print answers `{ message }` (409 or 422) instead.
 */
export interface PrintRecorded {
  copy: PrintCopy;
  printed_at: string;
  next: PrintCopy | null;
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
  /** What the next print will be (original or DUPLICATA n° N), for printouts that are documents; null for state reports. */
  copy: PrintCopy | null;
  /**
   * A document's preview: the signed token its « Imprimer » sends to route('prints.record') to count
   * the print before the dialog opens (server/services/print/print-token.ts); null for state reports,
   * which print as often as needed and count nothing.
   */
  print_token: string | null;
  /** Paramètres › Impression for this printout's document type: format, copies, texts, logo. */
  settings: PrintSettings;
  /** The certification of a document the DGI certifies (shared/fiscal.ts), null for every other printout. */
  fiscal: FiscalPrint | null;
}

/**
 * The widths of a cash ticket (till rolls). The ticket reads ONE setting, `ticketWidth` on the
 * server (server/services/print/ticket-width.ts: the company default, 80 mm, until Paramètres ›
 * Impression stores it); `?width=58` / `?width=80` overrides it for one print (reprint, preview).
 */
export const TICKET_WIDTHS = ['80mm', '58mm'] as const;
export type TicketWidth = (typeof TICKET_WIDTHS)[number];
export const DEFAULT_TICKET_WIDTH: TicketWidth = '80mm';
