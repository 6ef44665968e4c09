/**
 * Sales vocabulary and pure rules shared by the server and the live forms: kinds, statuses, payment
 * modes with their French labels; how a split payment is allocated; what a partial return refunds
 * (a document discount's share per line: shared/document-totals.ts). Amounts are
 * integers in minor units.
 */
import { DOCUMENT_TYPES, type DocumentSeries } from './documents.js';
import type { PriceLevel } from './clients.js';
import type { PaymentMethod } from './treasury.js';

export const SALE_KINDS = ['invoice', 'counter'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
/** The DOCUMENT_TYPES entry of each kind (one table, two declarations). */
export const SALE_DOCUMENT_TYPES = { invoice: 'invoice', counter: 'counterSale' } as const satisfies Record<
  SaleKind,
  string
>;
export const SALE_KIND_LABELS: Record<SaleKind, string> = { invoice: 'Vente détaillée', counter: 'Vente boutique' };
/** The number series of each kind (shared/documents.ts). */
export const SALE_SERIES = {
  invoice: DOCUMENT_TYPES.invoice.series,
  counter: DOCUMENT_TYPES.counterSale.series,
} as const satisfies Record<SaleKind, DocumentSeries>;
export const CREDIT_NOTE_SERIES = DOCUMENT_TYPES.creditNote.series;
export const SETTLEMENT_SERIES = DOCUMENT_TYPES.settlement.series;

/**
 * The unit price a client pays before any price typed by the seller: the wholesale price for a
 * « gros » client, the retail price otherwise. A product without a wholesale price (0) sells at its
 * retail price to a wholesale client. The server prices a sale with it and the live forms show it.
 */
export function levelPrice(product: { retail_price: number; wholesale_price: number }, level: PriceLevel): number {
  return level === 'gros' && product.wholesale_price > 0 ? product.wholesale_price : product.retail_price;
}

export const PAYMENT_MODES = ['cash', 'credit'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = { cash: 'Comptant', credit: 'Crédit' };

export const SALE_STATUSES = ['validated', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const PAYMENT_STATUSES = ['paid', 'partial', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/**
 * The status a user reads on a sale: « Annulée »; a sale corrected by credit notes (AV-, goods
 * brought back and refunded) « Partiellement remboursée », or « Remboursée » once all of it was;
 * else its payment status.
 */
export type SaleDisplayStatus = PaymentStatus | 'partly_refunded' | 'refunded' | 'cancelled';
export const SALE_STATUS_LABELS: Record<SaleDisplayStatus, string> = {
  paid: 'Payée',
  partial: 'Partiellement payée',
  unpaid: 'Impayée',
  partly_refunded: 'Partiellement remboursée',
  refunded: 'Remboursée',
  cancelled: 'Annulée',
};
export const SALE_STATUS_TONES: Record<SaleDisplayStatus, string> = {
  paid: 'success',
  partial: 'warning',
  unpaid: 'danger',
  partly_refunded: 'info',
  refunded: 'light',
  cancelled: 'secondary',
};
/** The statuses a payment situation counts (the sales situation's groups): a corrected sale counts as paid there. */
export const PAYMENT_DISPLAY_STATUSES = [
  'paid',
  'partial',
  'unpaid',
  'cancelled',
] as const satisfies readonly SaleDisplayStatus[];

/** The one rule of a sale's status (lists, its page, its printouts, the API, the list's filter: saleListQuery mirrors it in SQL). */
export function saleDisplayStatus(sale: {
  status: string;
  payment_status: string;
  total_ttc: number | string;
  amount_credited: number | string;
}): SaleDisplayStatus {
  if (sale.status === 'cancelled') return 'cancelled';
  const credited = Number(sale.amount_credited);
  if (credited > 0) return credited >= Number(sale.total_ttc) ? 'refunded' : 'partly_refunded';
  return sale.payment_status as PaymentStatus;
}

/**
 * What is left to pay on a validated sale — the one definition every reader uses (lists, reports,
 * settlements, cancellation, statement checks): total − paid − credited, never below zero. A sale's
 * amount_paid stays what was paid for it (at the till + live settlement allocations); a credit note
 * adds to amount_credited and, on a counter sale paid in full, refunds that amount in cash — so
 * total − paid − credited goes below zero by the refund, which is not owed back (it was paid out).
 * SQL sums use `saleRemainingSql` (server/services/sales/remaining.ts): Σ of the rows' remainings,
 * never Σtotal − Σpaid − Σcredited (a refunded sale would lower what the others owe).
 */
export function saleRemaining(total: number, paid: number, credited: number): number {
  return Math.max(0, total - paid - credited);
}

/** paid when nothing is left to pay, unpaid when nothing was paid or credited, partial in between. */
export function paymentStatus(total: number, paid: number, credited: number): PaymentStatus {
  const settled = paid + credited;
  if (settled >= total) return 'paid';
  return settled <= 0 ? 'unpaid' : 'partial';
}

export interface PaymentInput {
  method: PaymentMethod;
  /** For cash: what the customer handed over (the tendered amount); otherwise the amount paid. */
  amount: number;
}

export interface PaymentAllocation {
  /** What each payment puts into its account, in input order (cash: tendered − change). */
  applied: number[];
  /** Cash tendered in total. */
  tendered: number;
  /** Change given back in cash. */
  change: number;
}

/**
 * Why a payment set does not settle a total: `field` is the payment index the message belongs to
 * (or null for the payment block as a whole).
 */
export class PaymentMismatch extends RangeError {
  constructor(
    readonly reason: 'short' | 'non_cash_exceeds' | 'no_change_possible' | 'empty',
    readonly missing: number,
    readonly index: number | null,
  ) {
    super(reason);
  }
}

/**
 * Allocates the payments of a sale paid now (comptant), possibly split between methods:
 * non-cash payments (mobile money, cheque, transfer, card) are taken at their exact amount — they
 * cannot exceed what remains to pay, since no change is given on them; cash pays the rest, and
 * any cash tendered above it is given back as change. Throws PaymentMismatch when the payments do
 * not cover the total. A zero total needs no payment.
 */
export function allocatePayments(total: number, payments: readonly PaymentInput[]): PaymentAllocation {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total invalide');
  for (const p of payments)
    if (!Number.isSafeInteger(p.amount) || p.amount < 0) throw new RangeError('montant invalide');
  if (total > 0 && payments.every((p) => p.amount === 0)) throw new PaymentMismatch('empty', total, null);
  let remaining = total;
  const applied = payments.map(() => 0);
  payments.forEach((p, i) => {
    if (p.method === 'especes') return;
    if (p.amount > remaining) throw new PaymentMismatch('non_cash_exceeds', p.amount - remaining, i);
    applied[i] = p.amount;
    remaining -= p.amount;
  });
  const cashIndexes = payments.flatMap((p, i) => (p.method === 'especes' ? [i] : []));
  const tendered = cashIndexes.reduce((s, i) => s + payments[i].amount, 0);
  if (tendered < remaining)
    throw new PaymentMismatch('short', remaining - tendered, cashIndexes.at(-1) ?? payments.length - 1);
  // Cash pays the rest in input order; the change comes out of the last cash payment.
  let due = remaining;
  for (const i of cashIndexes) {
    applied[i] = Math.min(payments[i].amount, due);
    due -= applied[i];
  }
  return { applied, tendered, change: tendered - remaining };
}

/**
 * What returning `quantity` units of a sale line refunds, when `returnedBefore` units were already
 * returned: the line's paid amount (`basis` = net − its share of the document discount) in
 * proportion, cumulative so that returning every unit, in any number of steps, refunds exactly
 * the basis: floor(basis × (before + q) / sold) − floor(basis × before / sold).
 */
export function refundAmount(basis: number, sold: number, returnedBefore: number, quantity: number): number {
  if (quantity <= 0 || returnedBefore < 0 || returnedBefore + quantity > sold)
    throw new RangeError('quantité rendue invalide');
  const upTo = (q: number) => (BigInt(basis) * BigInt(q)) / BigInt(sold);
  return Number(upTo(returnedBefore + quantity) - upTo(returnedBefore));
}
