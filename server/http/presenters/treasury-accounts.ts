import type { MoneyMovementRow, TreasuryAccountRow } from '../../../shared/treasury-accounts.js';
import { MONEY_MOVEMENT_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '../../../shared/treasury.js';
import { toBool } from '../../db/dialect.js';
import type { TreasuryAccountListRow } from '../../services/treasury/accounts.js';
import type { LedgerMovement } from '../../services/treasury/account-ledger.js';

/** A bank or mobile-money account (Paramètres › Société). */
export function presentTreasuryAccountRow(row: TreasuryAccountListRow): TreasuryAccountRow {
  return {
    id: Number(row.id),
    kind: row.kind,
    code: row.code,
    name: row.name,
    bank_name: row.bank_name ?? '',
    account_number: row.account_number ?? '',
    operator: row.operator ?? null,
    balance: Number(row.balance),
    active: toBool(row.active),
  };
}

/** One line of an account's ledger, labelled in French. */
export function presentMoneyMovement(row: LedgerMovement): MoneyMovementRow {
  return {
    id: Number(row.id),
    business_date: row.business_date,
    occurred_at: row.occurred_at,
    movement_type: row.movement_type,
    type_label: MONEY_MOVEMENT_TYPE_LABELS[row.movement_type] ?? row.movement_type,
    label: row.label ?? '',
    payment_method: row.payment_method,
    method_label: PAYMENT_METHOD_LABELS[row.payment_method] ?? row.payment_method,
    operator: row.operator ?? null,
    phone: row.phone ?? null,
    reference: row.reference ?? null,
    document_number: row.document_number ?? null,
    cash_operation_id: row.document_type === 'cash_operation' && row.document_id ? Number(row.document_id) : null,
    user_name: row.user_name ?? null,
    amount: Number(row.amount),
    balance_after: Number(row.balance_after),
  };
}
