import type {
  OpenInvoiceView,
  SettlementClient,
  SettlementRow,
  SettlementView,
} from '../../../shared/pages/settlements.js';
import { saleRemaining } from '../../../shared/sales.js';
import { daysBetween, dueDateOf } from '../../../shared/settlements.js';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator } from '../../../shared/treasury.js';
import { methodLabel, type Row } from '../../services/settlements/settlement-queries.js';
import { presentClientPickerItem } from './clients.js';
import { n } from './stock/common.js';
import type { PickedClient } from '../../services/sales/sale-queries.js';

/** Settlements (REG-) → page props. A settlement's figure is `received` (never `amount`, which COST_FIELDS would read as a cost). */

/** A settlement's figures as every screen shows them: its account, reference, received, allocated to invoices, left as advance. */
export function settlementFigures(
  r: Row,
): Pick<SettlementRow, 'account_name' | 'reference' | 'received' | 'allocated' | 'advance'> {
  return {
    account_name: r.account_name ?? null,
    reference: r.reference ?? null,
    received: n(r.amount),
    allocated: n(r.allocated),
    advance: n(r.advance),
  };
}

/** A settlement as a list row (Règlements, Annulations › Règlements): number, date, client and its figures. */
export function settlementListFields(
  r: Row,
): Pick<
  SettlementRow,
  | 'id'
  | 'number'
  | 'settlement_date'
  | 'client_id'
  | 'client_name'
  | 'account_name'
  | 'reference'
  | 'received'
  | 'allocated'
  | 'advance'
> {
  return {
    id: n(r.id),
    number: r.number,
    settlement_date: r.settlement_date,
    client_id: n(r.client_id),
    client_name: r.client_name,
    ...settlementFigures(r),
  };
}

export function presentSettlementRow(r: Row): SettlementRow {
  return {
    ...settlementListFields(r),
    source: r.source,
    method: r.method ?? null,
    method_label: methodLabel(r.source, r.method, r.operator),
    status: r.status,
    created_by: r.created_by_name ?? null,
  };
}

export function presentSettlement({
  settlement: s,
  allocations,
}: {
  settlement: Row;
  allocations: Row[];
}): SettlementView {
  return {
    id: n(s.id),
    number: s.number,
    settlement_date: s.settlement_date,
    created_at: s.created_at,
    created_by: s.created_by_name ?? null,
    client: {
      id: n(s.client_id),
      code: s.client_code,
      name: s.client_name,
      phone: s.client_phone ?? '',
      balance: n(s.client_balance),
      advance: n(s.client_advance),
    },
    balance_after: s.balance_after === null || s.balance_after === undefined ? n(s.client_balance) : n(s.balance_after),
    advance_after: s.advance_after === null || s.advance_after === undefined ? n(s.client_advance) : n(s.advance_after),
    source: s.source,
    method: s.method ?? null,
    method_label: methodLabel(s.source, s.method, s.operator),
    operator: s.operator ?? null,
    operator_label: s.operator ? MOBILE_MONEY_OPERATOR_LABELS[s.operator as MobileMoneyOperator] : null,
    phone: s.phone ?? null,
    cheque_date: s.cheque_date ?? null,
    ...settlementFigures(s),
    allocation_mode: s.allocation_mode,
    status: s.status,
    note: s.note ?? '',
    cancelled_at: s.cancelled_at ?? null,
    cancelled_by: s.cancelled_by_name ?? null,
    cancel_reason: s.cancel_reason ?? null,
    allocations: allocations.map((a) => ({
      position: n(a.position),
      sale_id: n(a.sale_id),
      number: a.number,
      sale_date: a.sale_date,
      due_date: a.due_date ?? null,
      total: n(a.total_ttc),
      settled: n(a.amount),
      remaining: a.status === 'cancelled' ? 0 : saleRemaining(n(a.total_ttc), n(a.amount_paid), n(a.amount_credited)),
      cancelled: a.cancelled_at !== null && a.cancelled_at !== undefined,
    })),
  };
}

export function presentOpenInvoice(r: Row, today: string): OpenInvoiceView {
  const total = n(r.total_ttc);
  const paid = n(r.amount_paid);
  return {
    id: n(r.id),
    number: r.number,
    sale_date: r.sale_date,
    due_date: r.due_date ?? null,
    age: daysBetween(dueDateOf({ saleDate: r.sale_date, dueDate: r.due_date ?? null }), today),
    total,
    paid,
    remaining: saleRemaining(total, paid, n(r.amount_credited)),
  };
}

export function presentSettlementClient(r: PickedClient & { advance: number }): SettlementClient {
  return { ...presentClientPickerItem(r), advance: n(r.advance) };
}
