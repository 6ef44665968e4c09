import { amountInWords, currencyWords } from '../../../shared/amount-in-words.js';
import { fiscalBadgeOf } from '../../services/fiscal/list-column.js';
import type { PriceLevel } from '../../../shared/clients.js';
import type {
  SaleCreditNoteRef,
  SaleLineView,
  SalePaymentView,
  SaleRow,
  SaleView,
} from '../../../shared/pages/sales.js';
import {
  PAYMENT_MODE_LABELS,
  type PaymentMode,
  SALE_KIND_LABELS,
  SALE_STATUS_LABELS,
  type SaleKind,
} from '../../../shared/sales.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../../shared/treasury.js';
import { toBool } from '../../db/dialect.js';
import { lineVat, vatBreakdown } from '../../../shared/vat.js';
import { withoutCosts } from '../../policies/index.js';
import { type SaleDetail, displayStatus, dueOf } from '../../services/sales/sale-queries.js';
import type { Row } from '../../services/stock/lookups.js';
import { n } from './stock/common.js';

/** Sales (invoices FAC-, counter sales VB-): list rows, a sale's page and printouts. Costs and margins only for those who see costs. */

export function presentSaleRow(r: Row): SaleRow {
  const status = displayStatus(r);
  return {
    id: n(r.id),
    number: r.number,
    kind: r.kind as SaleKind,
    sale_date: r.sale_date,
    due_date: r.due_date ?? null,
    client_id: n(r.client_id),
    client_name: r.client_name,
    location_name: r.location_name,
    payment_mode: r.payment_mode as PaymentMode,
    line_count: n(r.line_count),
    total_ttc: n(r.total_ttc),
    due: dueOf(r),
    status,
    status_label: SALE_STATUS_LABELS[status],
    refunded: n(r.amount_credited),
    fiscal: fiscalBadgeOf(r),
  };
}

/** The credit notes that corrected a sale (sale's page, invoice and ticket alike). */
export function presentSaleCreditNotes(rows: Row[]): SaleCreditNoteRef[] {
  return rows.map((c) => ({ id: n(c.id), number: c.number, credit_date: c.credit_date, refunded: n(c.refunded) }));
}

function presentLine(l: Row, pricesIncludeVat: boolean, showCosts: boolean): SaleLineView {
  const quantity = n(l.quantity);
  const unitCost = n(l.unit_cost);
  // What the line brings in VAT excluded, after its share of the document discount (shared/vat.ts:
  // its share of the document's VAT taken off when priced TTC).
  const excludingVat = lineVat(n(l.net) - n(l.allocated_discount), n(l.vat_amount), pricesIncludeVat).ht;
  return withoutCosts(
    {
      position: n(l.position),
      product_id: n(l.product_id),
      product_code: l.product_code,
      product_name: l.product_name,
      unit: l.product_unit,
      sale_unit: l.sale_unit === 'pack' ? 'pack' : 'unit',
      pack_size: n(l.pack_size),
      entered_quantity: n(l.entered_quantity),
      quantity,
      list_price: n(l.list_price),
      unit_price: n(l.unit_price),
      gross: n(l.gross),
      discount: n(l.discount),
      net: n(l.net),
      returned_quantity: n(l.returned_quantity),
      unit_cost: unitCost,
      // What the line earns over its cost at CMUP.
      margin: excludingVat - unitCost * quantity,
    },
    showCosts,
  );
}

/** What a stored sale line tells of its VAT (vatBreakdown): its rate, what it was paid, its VAT share. */
export const storedVatLine = (l: Row) => ({
  rate: n(l.vat_rate_bp),
  paid: n(l.net) - n(l.allocated_discount),
  vat: n(l.vat_amount),
});

function presentPayment(p: Row): SalePaymentView {
  const method = p.method as PaymentMethod;
  return {
    method,
    method_label: PAYMENT_METHOD_LABELS[method] ?? method,
    operator_label: p.operator ? (MOBILE_MONEY_OPERATOR_LABELS[p.operator as MobileMoneyOperator] ?? p.operator) : null,
    phone: p.phone || null,
    reference: p.reference || null,
    account_name: p.account_name,
    paid: n(p.amount),
  };
}

export function presentSale(
  { sale: s, lines, payments, creditNotes }: SaleDetail,
  currency: string,
  showCosts: boolean,
): SaleView {
  const status = displayStatus(s);
  const total = n(s.total_ttc);
  return withoutCosts(
    {
      id: n(s.id),
      number: s.number,
      kind: s.kind as SaleKind,
      kind_label: SALE_KIND_LABELS[s.kind as SaleKind],
      sale_date: s.sale_date,
      due_date: s.due_date ?? null,
      payment_mode: s.payment_mode as PaymentMode,
      payment_mode_label: PAYMENT_MODE_LABELS[s.payment_mode as PaymentMode],
      price_level: s.price_level as PriceLevel,
      client: {
        id: n(s.client_id),
        code: s.client_code,
        name: s.client_name,
        phone: s.client_phone ?? '',
        address: s.client_address ?? '',
        city: s.client_city ?? '',
        tax_number: s.client_tax_number ?? '',
        is_walk_in: toBool(s.client_is_walk_in),
      },
      location: { id: n(s.location_id), name: s.location_name },
      status,
      status_label: SALE_STATUS_LABELS[status],
      line_count: n(s.line_count),
      lines_total: n(s.lines_total),
      discount: n(s.discount),
      vat_rate_bp: n(s.vat_rate_bp),
      prices_include_vat: toBool(s.prices_include_vat),
      total_ht: n(s.total_ht),
      vat: n(s.vat_amount),
      vat_rates: vatBreakdown(lines.map(storedVatLine), toBool(s.prices_include_vat)),
      total_ttc: total,
      paid: n(s.amount_paid),
      credited: n(s.amount_credited),
      credit_notes: presentSaleCreditNotes(creditNotes),
      due: dueOf(s),
      cash_tendered: n(s.cash_tendered),
      change_given: n(s.change_given),
      in_words: amountInWords(total, currencyWords(currency)),
      note: s.note ?? '',
      created_by: s.created_by_name ?? null,
      created_at: s.created_at,
      cancelled_at: s.cancelled_at ?? null,
      cancelled_by: s.cancelled_by_name ?? null,
      cancel_reason: s.cancel_reason ?? null,
      cost_total: n(s.cost_total),
      margin: n(s.total_ht) - n(s.cost_total),
      lines: lines.map((l) => presentLine(l, toBool(s.prices_include_vat), showCosts)),
      payments: payments.map(presentPayment),
    },
    showCosts,
  );
}
