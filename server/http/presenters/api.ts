import { SALE_STATUS_LABELS } from '../../../shared/sales.js';
import type { FiscalFacts } from '../../../shared/fiscal.js';
import { MONEY_MOVEMENT_TYPE_LABELS } from '../../../shared/treasury.js';
import { displayStatus, dueOf, type SaleDetail } from '../../services/sales/sale-queries.js';
import { toBool } from '../../db/dialect.js';
import { presentClient } from './clients.js';
import { presentProduct, presentStock } from './products.js';

/**
 * The REST API's resources: the screens' presenters (costs masked by the same rule, blind counts
 * hidden the same way), less what only a screen needs.
 */
export function apiProduct(row: any, showCosts: boolean) {
  const {
    stock_location: _location,
    alert_locations: _alerts,
    threshold_location: _threshold,
    ...product
  } = presentProduct(row, showCosts);
  return product;
}

export function apiClient(row: any) {
  return presentClient(row);
}

export function apiLocation(row: any) {
  return {
    id: Number(row.id),
    code: row.code as string,
    name: row.name as string,
    kind: row.kind,
    active: toBool(row.active),
  };
}

/** A product's stock at each location the token may see (hidden: counted blind), and their total (the service's sum; null when a location is hidden). */
export function apiProductStock(
  productId: number,
  productThreshold: number,
  levels: any[],
  total: number,
  hidden: ReadonlySet<number>,
) {
  const shown = levels.map((level) => presentStock(level, productThreshold, hidden));
  return { product_id: productId, total: shown.some((l) => l.quantity === null) ? null : total, levels: shown };
}

export function apiStockLevel(row: any, quantity: number | null) {
  return {
    product_id: Number(row.id),
    product_code: row.code as string,
    product_name: row.name as string,
    unit: row.unit as string,
    quantity,
  };
}

export function apiTreasuryAccount(row: any) {
  return {
    id: Number(row.id),
    code: row.code as string,
    name: row.name as string,
    kind: row.kind,
    location_id: row.location_id === null || row.location_id === undefined ? null : Number(row.location_id),
    operator: (row.operator ?? null) as string | null,
    bank_name: row.bank_name as string,
    account_number: row.account_number as string,
    balance: Number(row.balance),
    active: toBool(row.active),
  };
}

export function apiMoneyMovement(row: any) {
  return {
    id: Number(row.id),
    account_id: Number(row.account_id),
    account_code: row.account_code as string,
    account_name: row.account_name as string,
    account_kind: row.account_kind,
    amount: Number(row.amount),
    balance_after: Number(row.balance_after),
    movement_type: row.movement_type as string,
    movement_label: MONEY_MOVEMENT_TYPE_LABELS[row.movement_type] ?? row.movement_type,
    payment_method: row.payment_method,
    operator: (row.operator ?? null) as string | null,
    reference: (row.reference ?? null) as string | null,
    label: row.label as string,
    document_type: (row.document_type ?? null) as string | null,
    document_number: (row.document_number ?? null) as string | null,
    user_name: (row.user_name ?? null) as string | null,
    business_date: row.business_date as string,
    occurred_at: row.occurred_at as string,
  };
}

/** A sale (invoice FAC- or counter sale VB-) as a row of the API's list. */
/** A document's fiscal facts as the API gives them. */
export function apiFiscal(facts: FiscalFacts | undefined) {
  return facts ? { state: facts.state, number: facts.fiscal_number, qr_content: facts.qr_content } : null;
}

export function apiInvoice(row: any, fiscal?: FiscalFacts) {
  const status = displayStatus(row);
  return {
    id: Number(row.id),
    number: row.number as string,
    kind: row.kind,
    client_id: Number(row.client_id),
    client_name: row.client_name as string,
    location_id: Number(row.location_id),
    location_name: row.location_name as string,
    sale_date: row.sale_date as string,
    due_date: (row.due_date ?? null) as string | null,
    payment_mode: row.payment_mode,
    status,
    status_label: SALE_STATUS_LABELS[status],
    line_count: Number(row.line_count),
    discount: Number(row.discount),
    total_ht: Number(row.total_ht),
    vat_amount: Number(row.vat_amount),
    total_ttc: Number(row.total_ttc),
    amount_paid: Number(row.amount_paid),
    amount_credited: Number(row.amount_credited),
    remaining: dueOf(row),
    created_at: row.created_at as string,
    fiscal: apiFiscal(fiscal),
  };
}

/** A sale with its lines and its payments at the sale (never the costs: the API does not show margins). */
export function apiInvoiceDetail({ sale, lines, payments }: SaleDetail, fiscal?: FiscalFacts) {
  return {
    ...apiInvoice(sale, fiscal),
    note: sale.note as string,
    lines: lines.map((l) => ({
      position: Number(l.position),
      product_id: Number(l.product_id),
      product_code: l.product_code as string,
      product_name: l.product_name as string,
      quantity: Number(l.quantity),
      returned_quantity: Number(l.returned_quantity),
      unit_price: Number(l.unit_price),
      discount: Number(l.discount),
      net: Number(l.net),
    })),
    payments: payments.map((p) => ({
      method: p.method,
      account_id: Number(p.account_id),
      account_name: p.account_name as string,
      amount: Number(p.amount),
      operator: (p.operator ?? null) as string | null,
      reference: (p.reference ?? null) as string | null,
    })),
  };
}

/** A settlement (REG-) with its allocations, each with what is left on its invoice now. */
export function apiSettlement({ settlement: s, allocations }: { settlement: any; allocations: any[] }) {
  return {
    id: Number(s.id),
    number: s.number as string,
    client_id: Number(s.client_id),
    client_name: s.client_name as string,
    source: s.source,
    method: s.method ?? null,
    account_id: s.account_id === null ? null : Number(s.account_id),
    account_name: (s.account_name ?? null) as string | null,
    operator: s.operator ?? null,
    reference: (s.reference ?? null) as string | null,
    settlement_date: s.settlement_date as string,
    amount: Number(s.amount),
    allocated: Number(s.allocated),
    advance: Number(s.advance),
    status: s.status,
    client_balance: Number(s.client_balance),
    client_advance: Number(s.client_advance),
    allocations: allocations.map((a) => ({
      sale_id: Number(a.sale_id),
      number: a.number as string,
      amount: Number(a.amount),
      remaining: dueOf(a),
      cancelled: a.cancelled_at !== null && a.cancelled_at !== undefined,
    })),
    created_at: s.created_at as string,
  };
}
