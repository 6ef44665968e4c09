/**
 * Props of the sales pages (issue 14): the lists of invoices (FAC-) and counter sales (VB-), the
 * « Vente détaillée » form, a sale's page and its printouts (facture A5, facture comptant A5).
 * Registered in shared/pages.ts. Amounts are integers in the currency's minor unit; quantities in
 * the product's base unit; dates YYYY-MM-DD, timestamps ISO strings. Costs (unit_cost, cost_total,
 * margin) are absent, not null, for users who may not see them (server/policies withoutCosts).
 */
import type { LocationOption, Paginated, SortDir } from '../lists.js';
import type { PrintMeta, PrintState } from '../print.js';
import type { AuditItem } from '../records.js';
import type { DocumentSharing } from '../shares.js';
import type { PriceLevel } from '../clients.js';
import type { ClientPickerItem } from '../pickers.js';
import type { FiscalBadgeFacts, FiscalFilterState } from '../fiscal.js';
import type { PaymentMode, SaleDisplayStatus, SaleKind } from '../sales.js';
import type { MobileMoneyOperator, PaymentMethod } from '../treasury.js';
import type { VatRateTotals } from '../vat.js';
import type {
  CreditNotesCreateProps,
  CreditNotesIndexProps,
  CreditNotesPrintProps,
  CreditNotesShowProps,
} from './sales/credit-notes.js';

export type * from './sales/credit-notes.js';

export interface SaleListFilters {
  from: string;
  to: string;
  client_id: string;
  location_id: string;
  /** payée, partiellement payée, impayée (validated sales), annulée. */
  status: '' | SaleDisplayStatus;
  /** comptant / crédit. */
  mode: '' | PaymentMode;
  /** A payment taken by this method (espèces, mobile money…). */
  method: '' | PaymentMethod;
  /** Its certification's state (« Certification »). */
  fiscal: '' | FiscalFilterState;
  q: string;
  sort: 'date' | 'number' | 'amount';
  dir: SortDir;
}

export interface SaleRow {
  id: number;
  number: string;
  kind: SaleKind;
  sale_date: string;
  due_date: string | null;
  client_id: number;
  client_name: string;
  location_name: string;
  payment_mode: PaymentMode;
  line_count: number;
  total_ttc: number;
  /** What is left to pay (total − paid − credited; 0 for a cancelled sale). */
  due: number;
  status: SaleDisplayStatus;
  status_label: string;
  /** What credit notes (AV-) refunded on this sale (0 when never corrected). */
  refunded: number;
  /** Its certification (null: made while no provider was set). */
  fiscal: FiscalBadgeFacts | null;
}

/** A credit note (AV-) that corrected a sale: goods brought back, `refunded` paid back. */
export interface SaleCreditNoteRef {
  id: number;
  number: string;
  credit_date: string;
  refunded: number;
}

/** Over every sale the filters match (not the page): SQL aggregates. Cancelled sales are counted apart. */
export interface SaleListTotals {
  count: number;
  total: number;
  paid: number;
  due: number;
  cancelled: number;
}

export interface SalesIndexProps {
  kind: SaleKind;
  filters: SaleListFilters;
  sales: Paginated<SaleRow>;
  totals: SaleListTotals;
  /** The client the list is filtered on (its name for the filter). */
  client: { id: number; name: string } | null;
  locations: LocationOption[];
  /** The « Certification » column and filter: the company certifies, or some sale was certified. */
  fiscal_column: boolean;
  can: { create: boolean; export: boolean };
}

export interface SaleFormLocation extends LocationOption {
  kind: 'depot' | 'boutique';
}

export interface SalesCreateProps {
  currency: string;
  today: string;
  /** When the form was opened: sent back, a price changed since refuses the sale (stale form). */
  form_loaded_at: string;
  locations: SaleFormLocation[];
  default_location_id: number | null;
  vat: { enabled: boolean; rate_bp: number; prices_include_vat: boolean };
  /** Days of credit by default (due date = sale date + this). */
  credit_days: number;
  /** The seller's rights: below the minimum price, beyond a credit limit. */
  rights: { below_min_price: boolean; beyond_credit_limit: boolean };
  /** The bank and mobile-money accounts a payment may land in (cash goes to the location's desk). */
  accounts: Array<{ id: number; name: string; kind: 'banque' | 'mobile_money'; operator: MobileMoneyOperator | null }>;
  /** Preselected client (« Nouvelle facture » from a client's page). */
  client: ClientPickerItem | null;
}

export interface SaleLineView {
  position: number;
  product_id: number;
  product_code: string;
  product_name: string;
  unit: string;
  sale_unit: 'unit' | 'pack';
  pack_size: number;
  entered_quantity: number;
  quantity: number;
  list_price: number;
  unit_price: number;
  gross: number;
  discount: number;
  net: number;
  returned_quantity: number;
  unit_cost?: number;
  margin?: number;
}

export interface SalePaymentView {
  method: PaymentMethod;
  method_label: string;
  operator_label: string | null;
  phone: string | null;
  reference: string | null;
  account_name: string;
  /** What the account received (cash: net of the change). Not named « amount »: that word is a cost's (COST_FIELDS). */
  paid: number;
}

export interface SaleView {
  id: number;
  number: string;
  kind: SaleKind;
  kind_label: string;
  sale_date: string;
  due_date: string | null;
  payment_mode: PaymentMode;
  payment_mode_label: string;
  price_level: PriceLevel;
  client: {
    id: number;
    code: string;
    name: string;
    phone: string;
    address: string;
    city: string;
    tax_number: string;
    is_walk_in: boolean;
  };
  location: { id: number; name: string };
  status: SaleDisplayStatus;
  status_label: string;
  line_count: number;
  lines_total: number;
  discount: number;
  vat_rate_bp: number;
  /** The unit prices were typed VAT included (TTC) or excluded (HT): how the printout labels them. */
  prices_include_vat: boolean;
  total_ht: number;
  vat: number;
  /** The VAT per rate of its lines (vatBreakdown), highest rate first: a breakdown when there are several. */
  vat_rates: VatRateTotals[];
  total_ttc: number;
  paid: number;
  credited: number;
  /** The credit notes that corrected the sale, oldest first (their refunds add up to `credited`). */
  credit_notes: SaleCreditNoteRef[];
  due: number;
  cash_tendered: number;
  change_given: number;
  /** « Arrêtée la présente facture à la somme de … » */
  in_words: string;
  note: string;
  created_by: string | null;
  created_at: string;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  cost_total?: number;
  margin?: number;
  lines: SaleLineView[];
  payments: SalePaymentView[];
}

export interface SalesShowProps {
  sale: SaleView;
  history: AuditItem[];
  print: PrintState;
  can: { create: boolean };
  /** « Partager »: the public link to the receipt (shared/shares.ts). */
  sharing: DocumentSharing;
}

/** The format is Paramètres › Impression's (settings.format); a reprint may be asked at A6 (?format=a6). */
export interface SalesPrintProps extends PrintMeta {
  sale: SaleView;
}

/** The sales of a client on its page (both kinds), with their status. */
export interface ClientSalesSection {
  sales: Paginated<SaleRow>;
  totals: SaleListTotals;
}

export interface SalesPages {
  'sales/Index': SalesIndexProps;
  'sales/Create': SalesCreateProps;
  'sales/Show': SalesShowProps;
  'sales/Print': SalesPrintProps;
  'sales/credit-notes/Index': CreditNotesIndexProps;
  'sales/credit-notes/Create': CreditNotesCreateProps;
  'sales/credit-notes/Show': CreditNotesShowProps;
  'sales/credit-notes/Print': CreditNotesPrintProps;
}

export const SALES_PAGE_NAMES = [
  'sales/Index',
  'sales/Create',
  'sales/Show',
  'sales/Print',
  'sales/credit-notes/Index',
  'sales/credit-notes/Create',
  'sales/credit-notes/Show',
  'sales/credit-notes/Print',
] as const satisfies ReadonlyArray<keyof SalesPages>;
