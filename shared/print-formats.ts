/**
 * Paper formats and the document types of Paramètres › Impression: what a printout's layout may
 * be. Apart from shared/print.ts so that shared/documents.ts can name a printout's settings
 * without importing the printouts it declares.
 */

/** The paper formats a printout can take: sheets (A4, A5, A6) and till rolls (80 mm, 58 mm). */
export const PAPER_FORMATS = ['A4', 'A5', 'A6', '80mm', '58mm'] as const;
export type PaperFormat = (typeof PAPER_FORMATS)[number];
export const PAPER_FORMAT_LABELS: Record<PaperFormat, string> = {
  A4: 'A4 (210 × 297 mm)',
  A5: 'A5 (148 × 210 mm)',
  A6: 'A6 (105 × 148 mm)',
  '80mm': 'Ticket 80 mm',
  '58mm': 'Ticket 58 mm',
};

export interface PrintDocumentDef {
  readonly label: string;
  /** The formats this document allows (the first is not necessarily the default). */
  readonly formats: readonly PaperFormat[];
  readonly defaultFormat: PaperFormat;
  /** Whether it carries an amount to spell out (« Arrêtée la présente facture à la somme de… »). */
  readonly amountInWords: boolean;
}

/**
 * Paramètres › Impression: the document types whose layout an administrator chooses (DESIGN.md §5).
 * Every printout reads its settings through the server's `printSettingsFor` (in `printFrame`'s
 * meta.settings) — the sales printouts (invoice, cash invoice, ticket, receipt, avoir) are declared
 * here already: their print route passes `settings: 'invoice'` (etc.) to printFrame and the page
 * reads `meta.settings`.
 */
export const PRINT_DOCUMENTS = {
  invoice: { label: 'Facture', formats: ['A4', 'A5', 'A6'], defaultFormat: 'A5', amountInWords: true },
  cash_invoice: { label: 'Facture au comptant', formats: ['A4', 'A5', 'A6'], defaultFormat: 'A5', amountInWords: true },
  ticket: { label: 'Ticket de caisse', formats: ['80mm', '58mm'], defaultFormat: '80mm', amountInWords: true },
  receipt: {
    label: 'Reçu de règlement',
    formats: ['A5', 'A6', '80mm', '58mm'],
    defaultFormat: 'A5',
    amountInWords: true,
  },
  avoir: { label: 'Avoir', formats: ['A4', 'A5'], defaultFormat: 'A5', amountInWords: true },
  transfer: { label: 'Bon de transfert', formats: ['A4', 'A5'], defaultFormat: 'A5', amountInWords: false },
  stock_entry: { label: 'Bon d’entrée de stock', formats: ['A4', 'A5'], defaultFormat: 'A4', amountInWords: false },
  cash_voucher: {
    label: 'Bon de caisse (opérations de caisse)',
    formats: ['A5', 'A6', '80mm', '58mm'],
    defaultFormat: 'A5',
    amountInWords: true,
  },
  states: {
    label: 'États (entrées, inventaires, éditions)',
    formats: ['A4', 'A5'],
    defaultFormat: 'A4',
    amountInWords: false,
  },
} as const satisfies Record<string, PrintDocumentDef>;
export type PrintDocumentType = keyof typeof PRINT_DOCUMENTS;
export const PRINT_DOCUMENT_TYPES = Object.keys(PRINT_DOCUMENTS) as PrintDocumentType[];
