import type { PlaceScope } from '../../policies/places.js';
import type { PaymentMode, SaleKind } from '../../../shared/sales.js';
import type { MobileMoneyOperator, PaymentMethod } from '../../../shared/treasury.js';

/** What a sale is validated from (the invoice form, the counter, the API, the demo seed). */
export interface SaleLineInput {
  productId: number;
  unit: 'unit' | 'pack';
  quantity: number;
  /** Per base unit; null → the client's price level. */
  unitPrice: number | null;
  discount: number;
}

export interface SalePaymentInput {
  method: PaymentMethod;
  /** Cash: what the customer handed over; otherwise the amount paid. */
  amount: number;
  accountId: number | null;
  operator: MobileMoneyOperator | null;
  phone: string;
  reference: string;
}

export interface SaleInput {
  idempotencyKey: string;
  kind: SaleKind;
  clientId: number;
  locationId: number;
  saleDate: string;
  paymentMode: PaymentMode;
  dueDate: string | null;
  discount: number;
  note: string;
  formLoadedAt: string;
  lines: SaleLineInput[];
  payments: SalePaymentInput[];
  /**
   * The places the seller works in (server/policies/places.ts): the location and every payment
   * account are refused on their field when not theirs. Absent: no restriction (the demo seed).
   */
  places?: PlaceScope;
  /**
   * The seller's basket on hold this counter sale was resumed from (parked-sales.ts): it leaves the
   * list in the sale's own transaction, so a basket is never both sold and still on hold.
   */
  parkedSaleId?: number | null;
}

/** What the seller may do beyond the rules (their permissions). */
export interface SaleRights {
  belowMinPrice: boolean;
  beyondCreditLimit: boolean;
}
