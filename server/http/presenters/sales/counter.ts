import type {
  CounterClient,
  CounterLastSale,
  CounterLocation,
  ParkedSaleView,
  SaleTicket,
} from '../../../../shared/pages/sales/counter.js';
import type { ParkedSaleRows } from '../../../services/sales/parked-sales.js';
import type { PriceLevel } from '../../../../shared/clients.js';
import { productTaxGroup } from '../../../../shared/tax-groups.js';
import { route } from '../../../../shared/routes.js';
import {
  MOBILE_MONEY_OPERATORS,
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '../../../../shared/treasury.js';
import { toBool } from '../../../db/dialect.js';
import type { TicketDetail } from '../../../services/sales/counter-queries.js';
import type { Row } from '../../../services/stock/lookups.js';
import { n } from '../stock/common.js';
import { presentSaleCreditNotes, storedVatLine } from '../sales.js';
import { vatBreakdown } from '../../../../shared/vat.js';

/** The counter's props and the cash ticket: rows → props (no cost ever travels to either). */

export function presentCounterLocations(rows: Row[]): CounterLocation[] {
  return rows.map((r) => ({ id: n(r.id), code: r.code, name: r.name, desk: r.desk ?? null }));
}

export function presentCounterClient(r: Row): CounterClient {
  return {
    id: n(r.id),
    code: r.code,
    name: r.name,
    price_level: (r.price_level === 'gros' ? 'gros' : 'detail') as PriceLevel,
    is_walk_in: toBool(r.is_walk_in),
  };
}

/** The operators in their usual order, each with its French label. */
export function presentOperators(active: string[]): Array<{ value: MobileMoneyOperator; label: string }> {
  return MOBILE_MONEY_OPERATORS.filter((o) => active.includes(o)).map((o) => ({
    value: o,
    label: MOBILE_MONEY_OPERATOR_LABELS[o],
  }));
}

export function presentLastSale(r: Row): CounterLastSale {
  const id = n(r.id);
  return {
    id,
    number: r.number,
    total: n(r.total_ttc),
    cash_tendered: n(r.cash_tendered),
    change: n(r.change_given),
    mobile: n(r.mobile),
    created_at: r.created_at,
    ticket_url: route('sales.ticket', { id }),
  };
}

/** A basket on hold: its client, its lines with their products as they are now (a product deleted since is left out). */
export function presentParkedSale({ sale, lines, discount }: ParkedSaleRows): ParkedSaleView {
  return {
    id: n(sale.id),
    location_id: n(sale.location_id),
    parked_at: sale.created_at,
    client: presentCounterClient({
      id: sale.client_id,
      code: sale.client_code,
      name: sale.client_name,
      price_level: sale.client_price_level,
      is_walk_in: sale.client_is_walk_in,
    }),
    line_count: n(sale.line_count),
    total: n(sale.total),
    lines: lines.flatMap(({ product: p, quantity, unit_price, discount: lineDiscount }) =>
      p
        ? [
            {
              product_id: n(p.id),
              code: p.code,
              name: p.name,
              unit: p.unit,
              retail_price: n(p.retail_price),
              wholesale_price: n(p.wholesale_price),
              min_price: n(p.min_price),
              tax_group: productTaxGroup(p.tax_group, p.default_tax_group),
              active: toBool(p.active),
              quantity: n(quantity),
              unit_price: unit_price === null ? null : n(unit_price),
              discount: lineDiscount,
            },
          ]
        : [],
    ),
    discount,
  };
}

export function presentTicket({ sale, lines, payments, creditNotes }: TicketDetail): SaleTicket {
  const total = n(sale.total_ttc);
  return {
    id: n(sale.id),
    number: sale.number,
    sale_date: sale.sale_date,
    created_at: sale.created_at,
    cancelled: sale.status === 'cancelled',
    client: { name: sale.client_name, is_walk_in: Boolean(sale.client_is_walk_in) },
    location: sale.location_name,
    seller: sale.seller_name ?? null,
    lines: lines.map((l) => ({
      position: n(l.position),
      code: l.code,
      name: l.name,
      unit: l.unit,
      quantity: n(l.quantity),
      unit_price: n(l.unit_price),
      discount: n(l.discount),
      net: n(l.net),
    })),
    line_count: n(sale.line_count),
    lines_total: n(sale.lines_total),
    discount: n(sale.discount),
    vat_rate_bp: n(sale.vat_rate_bp),
    total_ht: n(sale.total_ht),
    vat_amount: n(sale.vat_amount),
    vat_rates: vatBreakdown(lines.map(storedVatLine), toBool(sale.prices_include_vat)),
    total,
    cash_tendered: n(sale.cash_tendered),
    change: n(sale.change_given),
    payments: payments.map((p) => {
      const method = p.method as PaymentMethod;
      return {
        method,
        label: PAYMENT_METHOD_LABELS[method] ?? method,
        amount: n(p.amount),
        operator: p.operator ? (MOBILE_MONEY_OPERATOR_LABELS[p.operator as MobileMoneyOperator] ?? p.operator) : null,
        phone: p.phone || null,
        reference: p.reference || null,
      };
    }),
    credit_notes: presentSaleCreditNotes(creditNotes),
    refunded: n(sale.amount_credited),
  };
}
