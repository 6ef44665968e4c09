import type { CertifiedDocumentType } from '../../../shared/documents.js';
import type { FiscalRegime } from '../../../shared/fiscal.js';
import type { TaxGroup } from '../../../shared/tax-groups.js';
import type { PaymentMethod } from '../../../shared/treasury.js';

/**
 * A document as the DGI is told of it: what the loader (server/services/fiscal/document-loader.ts)
 * reads from the database and the pure mappings (fne.ts, emecef.ts beside this file) turn into a
 * request. Amounts are integers in the currency's minor unit (the franc), exactly as our document
 * stores them, so the certified totals are ours.
 */
export interface FiscalDocument {
  type: CertifiedDocumentType;
  id: number;
  /** Our number (FAC-2026-000001), sent as the invoice's own reference. */
  number: string;
  /** YYYY-MM-DD, the document's business date. */
  date: string;
  /** Prices typed TTC (VAT included) or HT, as the document was made. */
  pricesIncludeVat: boolean;
  vatEnabled: boolean;
  client: FiscalClient;
  lines: FiscalLine[];
  /** The document discount, an amount in the price basis (0 when none). */
  discount: number;
  totals: { ht: number; vat: number; ttc: number };
  /** How it was paid; what is left to pay is `deferred` (a credit sale). Sums to totals.ttc. */
  payments: FiscalPayment[];
  /** The signed-in user who made it (e-MECeF's operator). */
  operator: { id: number; name: string };
  /** The DGI point of sale of its cash desk, else of its location, else FISCAL_POINT_OF_SALE. */
  pointOfSale: string;
  /** A credit note's original, as certified (the refund waits until it is). */
  original: FiscalOriginal | null;
}

export interface FiscalClient {
  name: string;
  /** NCC (Côte d'Ivoire) / IFU (Bénin); '' when the client has none — a B2C sale then. */
  taxNumber: string;
  phone: string;
  email: string;
  address: string;
  /** The walk-in client of the counter (« Client comptoir »): no identity is sent. */
  walkIn: boolean;
}

export interface FiscalLine {
  /** The sale line's id (a credit note: its credit-note line's id). */
  id: number;
  /** A credit note's line: the sale line it returns (FNE refunds name the original's item id). */
  originalLineId: number | null;
  /** The product code. */
  reference: string;
  description: string;
  measurementUnit: string;
  /** In the product's base unit. */
  quantity: number;
  /** As priced (TTC or HT per pricesIncludeVat). */
  unitPrice: number;
  /** The line discount, an amount in the price basis. */
  discount: number;
  taxGroup: TaxGroup;
  /** The line's share of the document, after the document discount: HT, VAT and TTC add up to totals. */
  ht: number;
  vat: number;
  ttc: number;
}

/** Our payment methods, and `deferred` for what the client owes (a credit sale, the unpaid rest). */
export interface FiscalPayment {
  method: PaymentMethod | 'deferred';
  amount: number;
}

export interface FiscalOriginal {
  documentType: CertifiedDocumentType;
  documentId: number;
  number: string;
  /** FNE's reference / e-MECeF's codeMECeFDGI of the original. */
  fiscalNumber: string;
  /** FNE's invoice id (the refund's path) and its item ids by our sale line id. */
  providerInvoiceId: string | null;
  itemIds: Record<number, string>;
}

/** The seller, as every request and printout names it. */
export interface FiscalSeller {
  /** NCC / IFU: company_settings.tax_number. */
  taxId: string;
  name: string;
  rccm: string;
  regime: FiscalRegime;
  establishment: string;
}
