import type { Permission } from './permissions.js';
import type { PrintDocumentType } from './print-formats.js';
import type { RouteName } from './routes.js';
import type { SearchDocumentKind } from './search.js';

/**
 * A printout of a document: the print route that previews it (GET, with `query` when one route
 * prints several printouts), its page, the Paramètres › Impression type whose formats and texts it
 * reads, and whether it is a document print — one original, every later print a DUPLICATA,
 * counted and audited (server/services/print/record-print.ts). The label names it in the audit log.
 */
export interface DocumentPrintoutDecl {
  readonly label: string;
  readonly route: RouteName;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly page: string;
  readonly settings: PrintDocumentType;
  readonly duplicata: boolean;
}

/**
 * Where a document stands, for the places restriction: `guard` is the kind the places guards of its
 * routes name (`requirePlace(db, guard)` for `locations`, `requireAccountDocument(db, guard)` for
 * `accounts`); `locations` maps each side to its column (a transfer's `from` and `to`), `accounts`
 * lists the treasury-account columns (a document with none of them set stands in no place).
 */
export type DocumentPlacesDecl =
  | { readonly guard: string; readonly locations: Readonly<Record<string, string>>; readonly accounts?: never }
  | { readonly guard: string; readonly accounts: readonly string[]; readonly locations?: never };

export interface DocumentTypeDecl {
  /** The number's prefix, taken from the (series, year) counter: 'ENT' for ENT-2026-000001. */
  readonly series: string;
  /** What the document is, in French (the header search shows it under the number). */
  readonly label: string;
  readonly table: string;
  /** The rows of this type when its table holds several (sales: FAC- and VB-). */
  readonly where?: Readonly<Record<string, string>>;
  /** Its number, date and status columns (status null when it has none); every numbered table names its number `number`, which the header search reads through its prefix index. */
  readonly columns: { readonly number: 'number'; readonly date: string; readonly status: string | null };
  /** Badge kind of its status (StatusBadge). */
  readonly badge: SearchDocumentKind;
  readonly places: DocumentPlacesDecl;
  /** The page a document opens on (route with `id`) and its Inertia component. */
  readonly show: { readonly route: RouteName; readonly page: string };
  /** Who may open it: any of these screens (the header search's scope). */
  readonly screens: readonly Permission[];
  readonly printouts: Readonly<Record<string, DocumentPrintoutDecl>>;
  /** The action (POST, route with `id`) that cancels it, or null when it is never cancelled. */
  readonly cancel: RouteName | null;
  /** Its resource in the REST API (the route reading one), or null when the API does not expose it. */
  readonly api: RouteName | null;
  /**
   * How the DGI certifies it when the company has a fiscal provider (shared/fiscal.ts): `sale` (an
   * FNE sale, an e-MECeF FV), `refund` (an FNE refund of its original's items, an e-MECeF FA naming
   * its original's code, sent once the original is certified), or null when it is not certified.
   */
  readonly fiscal: 'sale' | 'refund' | null;
}

/**
 * Every numbered document, one declaration each (DESIGN.md §3): what the counters number, what the
 * header search finds, what the places guards read, what prints as original then DUPLICATA, what
 * the drill fills — all read from here. One series may number two types (INV: a count and a
 * direct readjustment). Adding a type is one entry here, then what the type check asks for (the
 * drill's form, the service calling `nextDocumentNumber`) and tests/http/document-types.test.ts.
 */
export const DOCUMENT_TYPES = {
  stockEntry: {
    series: 'ENT',
    label: 'Entrée de stock',
    table: 'stock_entries',
    columns: { number: 'number', date: 'entry_date', status: 'status' },
    badge: 'entry',
    places: { guard: 'entry', locations: { location: 'location_id' } },
    show: { route: 'entries.show', page: 'stock/entries/Show' },
    screens: ['menu.entreestock'],
    printouts: {
      stock_entry: {
        label: 'Bon d’entrée de stock',
        route: 'entries.print',
        page: 'stock/entries/Print',
        settings: 'stock_entry',
        duplicata: true,
      },
    },
    cancel: 'entries.cancel',
    api: null,
    fiscal: null,
  },
  transfer: {
    series: 'TRF',
    label: 'Transfert',
    table: 'transfers',
    columns: { number: 'number', date: 'transfer_date', status: 'status' },
    badge: 'transfer',
    places: { guard: 'transfer', locations: { from: 'from_location_id', to: 'to_location_id' } },
    show: { route: 'transfers.show', page: 'stock/transfers/Show' },
    screens: ['menu.sortiestock', 'menu.annulation.transfert'],
    printouts: {
      transfer: {
        label: 'Bon de transfert',
        route: 'transfers.print',
        page: 'stock/transfers/Print',
        settings: 'transfer',
        duplicata: true,
      },
    },
    cancel: 'transfers.cancel',
    api: null,
    fiscal: null,
  },
  // A count takes its number when it opens; an open count is abandoned (it keeps its number), a validated one stands.
  count: {
    series: 'INV',
    label: 'Inventaire',
    table: 'inventory_counts',
    columns: { number: 'number', date: 'count_date', status: 'status' },
    badge: 'count',
    places: { guard: 'count', locations: { location: 'location_id' } },
    show: { route: 'inventory.show', page: 'stock/inventory/Show' },
    screens: ['menu.inventaire'],
    printouts: {
      count_sheet: {
        label: 'État de contrôle de stock',
        route: 'inventory.sheet',
        page: 'stock/inventory/CountSheet',
        settings: 'states',
        duplicata: true,
      },
      count_blank_sheet: {
        label: 'Feuille de comptage vierge',
        route: 'inventory.sheet',
        query: { vierge: 1 },
        page: 'stock/inventory/CountSheet',
        settings: 'states',
        duplicata: true,
      },
      count_adjustment: {
        label: 'État d’ajustement d’inventaire',
        route: 'inventory.adjustment',
        page: 'stock/inventory/AdjustmentPrint',
        settings: 'states',
        duplicata: true,
      },
    },
    cancel: 'inventory.abandon',
    api: null,
    fiscal: null,
  },
  // A direct readjustment (casse, perte…) is numbered in the counts' series; its page is its printout. Never cancelled: another readjustment corrects it.
  readjustment: {
    series: 'INV',
    label: 'Réajustement de stock',
    table: 'stock_adjustments',
    columns: { number: 'number', date: 'adjustment_date', status: null },
    badge: 'readjustment',
    places: { guard: 'adjustment', locations: { location: 'location_id' } },
    show: { route: 'inventory.readjustmentPrint', page: 'stock/inventory/AdjustmentPrint' },
    screens: ['menu.inventaire'],
    printouts: {
      stock_adjustment: {
        label: 'État de réajustement',
        route: 'inventory.readjustmentPrint',
        page: 'stock/inventory/AdjustmentPrint',
        settings: 'states',
        duplicata: true,
      },
    },
    cancel: null,
    api: null,
    fiscal: null,
  },
  // Sales: one table, two series; the status a user reads is the payment status. A credit sale prints the facture, a cash sale the facture comptant.
  invoice: {
    series: 'FAC',
    label: 'Facture',
    table: 'sales',
    where: { kind: 'invoice' },
    columns: { number: 'number', date: 'sale_date', status: 'payment_status' },
    badge: 'sale',
    places: { guard: 'sale', locations: { location: 'location_id' } },
    show: { route: 'sales.show', page: 'sales/Show' },
    screens: ['menu.sortiestock'],
    printouts: {
      invoice: { label: 'Facture', route: 'sales.print', page: 'sales/Print', settings: 'invoice', duplicata: true },
      cash_invoice: {
        label: 'Facture comptant',
        route: 'sales.print',
        page: 'sales/Print',
        settings: 'cash_invoice',
        duplicata: true,
      },
    },
    cancel: 'sales.cancel',
    api: 'api.invoices.show',
    fiscal: 'sale',
  },
  counterSale: {
    series: 'VB',
    label: 'Vente boutique',
    table: 'sales',
    where: { kind: 'counter' },
    columns: { number: 'number', date: 'sale_date', status: 'payment_status' },
    badge: 'sale',
    places: { guard: 'sale', locations: { location: 'location_id' } },
    show: { route: 'sales.show', page: 'sales/Show' },
    screens: ['menu.sortiestock'],
    printouts: {
      sale_ticket: {
        label: 'Ticket de caisse',
        route: 'sales.ticket',
        page: 'sales/counter/Ticket',
        settings: 'ticket',
        duplicata: true,
      },
    },
    cancel: 'sales.cancel',
    api: 'api.invoices.show',
    fiscal: 'sale',
  },
  // Credit notes (corrections of counter sales): never cancelled, so no status badge.
  creditNote: {
    series: 'AV',
    label: 'Avoir',
    table: 'credit_notes',
    columns: { number: 'number', date: 'credit_date', status: null },
    badge: 'sale',
    places: { guard: 'creditNote', locations: { location: 'location_id' } },
    show: { route: 'creditNotes.show', page: 'sales/credit-notes/Show' },
    screens: ['menu.sortiestock'],
    printouts: {
      credit_note: {
        label: 'Avoir (correction de vente boutique)',
        route: 'creditNotes.print',
        page: 'sales/credit-notes/Print',
        settings: 'avoir',
        duplicata: true,
      },
    },
    cancel: null,
    api: null,
    fiscal: 'refund',
  },
  // A settlement's place is the account the money landed in.
  settlement: {
    series: 'REG',
    label: 'Règlement client',
    table: 'settlements',
    columns: { number: 'number', date: 'settlement_date', status: 'status' },
    badge: 'settlement',
    places: { guard: 'settlement', accounts: ['account_id'] },
    show: { route: 'settlements.show', page: 'settlements/Show' },
    screens: ['menu.reglement'],
    printouts: {
      settlement_receipt: {
        label: 'Reçu de règlement',
        route: 'settlements.print',
        page: 'settlements/Print',
        settings: 'receipt',
        duplicata: true,
      },
    },
    cancel: 'settlements.cancel',
    api: 'api.settlements.show',
    fiscal: null,
  },
  // A caisse operation's place is the place of its accounts (a desk's location, the user's banks and wallets), seen from either side.
  cashOperation: {
    series: 'CAI',
    label: 'Opération de caisse',
    table: 'cash_operations',
    columns: { number: 'number', date: 'operation_date', status: 'status' },
    badge: 'cash',
    places: { guard: 'cashOperation', accounts: ['from_account_id', 'to_account_id'] },
    show: { route: 'cashOperations.show', page: 'cash/Show' },
    screens: ['menu.caisse'],
    printouts: {
      cash_voucher: {
        label: 'Bon de caisse',
        route: 'cashOperations.print',
        page: 'cash/Voucher',
        settings: 'cash_voucher',
        duplicata: true,
      },
    },
    cancel: 'cashOperations.cancel',
    api: null,
    fiscal: null,
  },
} as const satisfies Record<string, DocumentTypeDecl>;

type Types = typeof DOCUMENT_TYPES;
export type DocumentType = keyof Types;
/** The numbered series (a union: `nextDocumentNumber(trx, 'ENT', year)`; a typo fails the type check). */
export type DocumentSeries = Types[DocumentType]['series'];
/** The printouts that are document prints (`duplicata: true`), by key: shared/print.ts `Printout`. */
export type DocumentPrintout = {
  [K in DocumentType]: {
    [P in keyof Types[K]['printouts']]: Types[K]['printouts'][P] extends { duplicata: true } ? P & string : never;
  }[keyof Types[K]['printouts']];
}[DocumentType];
/** The places-guard kinds of the documents placed by location, and of those placed by treasury account. */
export type LocatedDocument = {
  [K in DocumentType]: Types[K]['places'] extends { locations: object } ? Types[K]['places']['guard'] : never;
}[DocumentType];
export type AccountPlacedDocument = {
  [K in DocumentType]: Types[K]['places'] extends { accounts: readonly string[] } ? Types[K]['places']['guard'] : never;
}[DocumentType];
/** The types the DGI certifies (`fiscal` not null): sales and their credit notes. */
export type CertifiedDocumentType = {
  [K in DocumentType]: Types[K]['fiscal'] extends null ? never : K;
}[DocumentType];
/** The page a document opens on (route names). */
export type DocumentShowRoute = Types[DocumentType]['show']['route'];

export const DOCUMENT_TYPE_KEYS = Object.keys(DOCUMENT_TYPES) as DocumentType[];

export const CERTIFIED_DOCUMENT_TYPES = DOCUMENT_TYPE_KEYS.filter(
  (type) => DOCUMENT_TYPES[type].fiscal !== null,
) as CertifiedDocumentType[];

/** The declaration of a type, widened (for code going through every type). */
export const documentType = (type: DocumentType): DocumentTypeDecl & { readonly series: DocumentSeries } =>
  DOCUMENT_TYPES[type];
