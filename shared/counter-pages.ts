/**
 * Props of the Vente boutique screens (issue 14): the counter (a till made for a scanner and the
 * keyboard) and its cash ticket (80 / 58 mm). Registered in shared/pages.ts.
 */
import type { PrintMeta, TicketWidth } from './print.js';
import type { PriceLevel } from './records.js';
import type { MobileMoneyOperator, PaymentMethod } from './treasury.js';
import type { SaleCreditNoteRef } from './sales-pages.js';

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

export interface CounterPageProps {
  currency: string;
  today: string;
  /** When this form was opened (ISO instant): a price changed since then refuses the sale. */
  form_loaded_at: string;
  /** The company VAT, for the live totals (prices are VAT-inclusive, see SALE_PRICES_INCLUDE_VAT). */
  vat: { enabled: boolean; rate_bp: number };
  /** The active shops the seller works in (their allowed places). */
  locations: CounterLocation[];
  /** The seller works only in some places (Paramètres › Utilisateurs): no shop means none is theirs. */
  places_restricted: boolean;
  walk_in: CounterClient;
  /** The mobile-money operators that have an active wallet to receive a payment. */
  operators: Array<{ value: MobileMoneyOperator; label: string }>;
  last_sale: CounterLastSale | null;
  ticket_width: TicketWidth;
  can: { create: boolean; reprint: boolean };
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

export const COUNTER_PAGE_NAMES = ['sales/counter/Index', 'sales/counter/Ticket'] as const satisfies ReadonlyArray<keyof CounterPages>;
