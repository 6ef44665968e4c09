/**
 * Props of the Vente boutique screens (issue 14): the counter (a till made for a scanner and the
 * keyboard) and its cash ticket (80 / 58 mm). Registered in shared/pages.ts.
 */
import type { DiscountEntry } from '../../document-totals.js';
import type { PrintMeta, TicketWidth } from '../../print.js';
import type { PriceLevel } from '../../clients.js';
import type { TaxGroup } from '../../tax-groups.js';
import type { VatRateTotals } from '../../vat.js';
import type { MobileMoneyOperator, PaymentMethod } from '../../treasury.js';
import type { SaleCreditNoteRef } from '../sales.js';

/** A shop the counter can sell from, with the cash desk its cash lands in (null: none yet). */
export interface CounterLocation {
  id: number;
  code: string;
  name: string;
  desk: string | null;
}

/** The client of a counter sale: CLIENT COMPTANT by default, or one picked (its price level applies). */
export interface CounterClient {
  id: number;
  code: string;
  name: string;
  price_level: PriceLevel;
  is_walk_in: boolean;
}

/** The sale just validated by this user, shown in a corner while the next one starts. */
export interface CounterLastSale {
  id: number;
  number: string;
  total: number;
  cash_tendered: number;
  change: number;
  mobile: number;
  created_at: string;
  ticket_url: string;
}

/** A line of a basket on hold, with its product as it is now (null fields: the product is gone). */
export interface ParkedLineView {
  product_id: number;
  code: string;
  name: string;
  unit: string;
  retail_price: number;
  wholesale_price: number;
  min_price: number;
  /** The group a sale taxes it under (productTaxGroup). */
  tax_group: TaxGroup;
  active: boolean;
  quantity: number;
  /** A price typed by the seller; null: the client's level. */
  unit_price: number | null;
  discount: DiscountEntry;
}

/** A basket this cashier put on hold (« en attente ») at one of their shops. */
export interface ParkedSaleView {
  id: number;
  location_id: number;
  /** When it was first put on hold (ISO instant). */
  parked_at: string;
  client: CounterClient;
  line_count: number;
  /** TTC when it was put on hold. */
  total: number;
  lines: ParkedLineView[];
  discount: DiscountEntry;
}

export interface CounterPageProps {
  /** When this form was opened (ISO instant): a price changed since then refuses the sale. */
  form_loaded_at: string;
  /** The active shops the seller works in (their allowed places). */
  locations: CounterLocation[];
  /** The seller works only in some places (Paramètres › Utilisateurs): no shop means none is theirs. */
  places_restricted: boolean;
  walk_in: CounterClient;
  /** The mobile-money operators that have an active wallet to receive a payment. */
  operators: Array<{ value: MobileMoneyOperator; label: string }>;
  last_sale: CounterLastSale | null;
  /** This cashier's baskets on hold, oldest first. */
  parked: ParkedSaleView[];
  ticket_width: TicketWidth;
  /** below_min_price: the seller may sell under a product's minimum price (sales.below_min_price). */
  can: { create: boolean; reprint: boolean; below_min_price: boolean };
}

export interface TicketLine {
  position: number;
  code: string;
  name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  discount: number;
  net: number;
}

export interface TicketPayment {
  method: PaymentMethod;
  label: string;
  amount: number;
  operator: string | null;
  phone: string | null;
  reference: string | null;
}

export interface SaleTicket {
  id: number;
  number: string;
  sale_date: string;
  created_at: string;
  cancelled: boolean;
  client: { name: string; is_walk_in: boolean };
  location: string;
  seller: string | null;
  lines: TicketLine[];
  line_count: number;
  lines_total: number;
  discount: number;
  vat_rate_bp: number;
  total_ht: number;
  vat_amount: number;
  /** The VAT per rate of its lines (vatBreakdown), highest rate first. */
  vat_rates: VatRateTotals[];
  total: number;
  cash_tendered: number;
  change: number;
  payments: TicketPayment[];
  /** The credit notes that corrected the sale (goods brought back, refunded), oldest first. */
  credit_notes: SaleCreditNoteRef[];
  /** What they refunded in all. */
  refunded: number;
}

export interface CounterPages {
  'sales/counter/Index': CounterPageProps;
  'sales/counter/Ticket': PrintMeta & { width: TicketWidth; ticket: SaleTicket };
}

export const COUNTER_PAGE_NAMES = ['sales/counter/Index', 'sales/counter/Ticket'] as const satisfies ReadonlyArray<
  keyof CounterPages
>;
