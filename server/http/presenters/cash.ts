import type {
  CashAccountCard,
  CashAccountOption,
  CashBalanceRow,
  CashOperationRow,
  CashOperationView,
  ExpenseCategoryRow,
} from '../../../shared/pages/cash.js';
import {
  CASH_OPERATION_KINDS_DEF,
  CASH_OPERATION_STATUS_LABELS,
  type CashOperationKind,
  type CashOperationStatus,
} from '../../../shared/cash-operations.js';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/treasury.js';
import { toBool } from '../../db/dialect.js';
import type { ExpenseCategoryWithCount } from '../../services/cash/expense-categories.js';
import type {
  BalanceAt,
  CashAccount,
  CashOperationDetail,
  CashOperationListRow,
  OperationAccountOption,
} from '../../services/cash/queries.js';

/** Caisse rows → props (issue 16). */

export function presentCashAccount(row: CashAccount): CashAccountCard {
  return {
    id: Number(row.id),
    kind: row.kind,
    code: row.code,
    name: row.name,
    balance: Number(row.balance),
    active: toBool(row.active),
    today_in: Number(row.today_in ?? 0),
    today_out: Number(row.today_out ?? 0),
    transit_out: Number(row.transit_out ?? 0),
    transit_in: Number(row.transit_in ?? 0),
    today_closed: row.kind === 'caisse' ? Boolean(row.today_closed) : null,
  };
}

export function presentAccountOption(row: OperationAccountOption): CashAccountOption {
  return { id: Number(row.id), kind: row.kind, code: row.code, name: row.name, balance: Number(row.balance) };
}

export function presentCashOperationRow(
  row: Pick<
    CashOperationListRow,
    'id' | 'number' | 'kind' | 'status' | 'operation_date' | 'amount' | 'from_name' | 'to_name' | 'created_by_name'
  >,
  canReceive = false,
): CashOperationRow {
  const kind = row.kind as CashOperationKind;
  return {
    id: Number(row.id),
    number: row.number,
    kind,
    kind_label: CASH_OPERATION_KINDS_DEF[kind]?.label ?? kind,
    status: row.status,
    status_label: CASH_OPERATION_STATUS_LABELS[row.status as CashOperationStatus] ?? row.status,
    operation_date: row.operation_date,
    amount: Number(row.amount),
    from_name: row.from_name ?? null,
    to_name: row.to_name ?? null,
    created_by: row.created_by_name ?? null,
    can_receive: canReceive,
  };
}

const side = (id: unknown, code: unknown, name: unknown, kind: unknown) =>
  id === null || id === undefined
    ? null
    : { id: Number(id), code: String(code), name: String(name), kind: kind as never };

export function presentCashOperation(detail: CashOperationDetail): CashOperationView {
  const { op } = detail;
  const kind = op.kind as CashOperationKind;
  const def = CASH_OPERATION_KINDS_DEF[kind];
  return {
    id: Number(op.id),
    number: op.number,
    kind,
    kind_label: def.label,
    voucher_title: def.voucher,
    status: op.status,
    status_label: CASH_OPERATION_STATUS_LABELS[op.status as CashOperationStatus] ?? op.status,
    operation_date: op.operation_date,
    amount: Number(op.amount),
    from: side(op.from_account_id, op.from_code, op.from_name, op.from_kind),
    to: side(op.to_account_id, op.to_code, op.to_name, op.to_kind),
    category: op.category_name ?? null,
    // A supplier id joins its supplier, so its code and name are there whenever the id is.
    supplier:
      op.supplier_id && op.supplier_code !== null && op.supplier_name !== null
        ? {
            id: Number(op.supplier_id),
            code: op.supplier_code,
            name: op.supplier_name,
            balance: Number(op.supplier_balance),
          }
        : null,
    payment_method: op.payment_method,
    method_label: PAYMENT_METHOD_LABELS[op.payment_method as PaymentMethod] ?? op.payment_method,
    bank_method: op.payment_method === 'virement' || op.payment_method === 'cheque' ? op.payment_method : null,
    beneficiary: op.beneficiary ?? '',
    beneficiary_label: def.beneficiary,
    reference: op.reference ?? '',
    reference_label: def.reference,
    note: op.note ?? '',
    allocated: Number(op.allocated ?? 0),
    allocations: detail.allocations.map((a) => ({
      entry_id: Number(a.entry_id),
      entry_number: a.entry_number,
      entry_date: a.entry_date,
      supplier_ref: a.supplier_ref ?? '',
      entry_total: Number(a.total_amount),
      entry_paid: Number(a.amount_paid),
      amount: Number(a.amount),
      cancelled: a.cancelled_at !== null && a.cancelled_at !== undefined,
    })),
    created_by: op.created_by_name ?? null,
    created_at: op.created_at,
    received_by: op.received_by_name ?? null,
    received_at: op.received_at ?? null,
    received_on: op.received_on ?? null,
    cancelled_by: op.cancelled_by_name ?? null,
    cancelled_at: op.cancelled_at ?? null,
    cancelled_on: op.cancelled_on ?? null,
    cancel_reason: op.cancel_reason ?? null,
  };
}

export function presentBalanceRow(row: BalanceAt): CashBalanceRow {
  return {
    id: Number(row.id),
    kind: row.kind,
    code: row.code,
    name: row.name,
    active: toBool(row.active),
    balance_at: Number(row.balance_at),
    movement_count: Number(row.movement_count),
  };
}

export function presentExpenseCategory(row: ExpenseCategoryWithCount): ExpenseCategoryRow {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    description: row.description ?? '',
    active: toBool(row.active),
    expense_count: Number(row.expense_count ?? 0),
  };
}
