import {
  STATEMENT_LINE_LABELS,
  type StatementEvent,
  type StatementLine,
  type StatementTotals,
} from '../../../shared/client-statement.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  PAYMENT_METHOD_LABELS,
  type MobileMoneyOperator,
  type PaymentMethod,
} from '../../../shared/treasury.js';

/**
 * The statement of account's running balance (pure): from the opening balance, each event in the
 * order given adds its debit and takes off its credit; the closing balance is the last running
 * balance (the opening one when the period is empty). Totals are the period's debits and credits.
 */
export function runStatement(
  opening: number,
  events: readonly StatementEvent[],
): { lines: StatementLine[]; totals: StatementTotals } {
  let balance = opening;
  let debit = 0;
  let credit = 0;
  const lines = events.map((e, i): StatementLine => {
    balance += e.debit - e.credit;
    debit += e.debit;
    credit += e.credit;
    return { ...e, position: i + 1, label: statementLabel(e), balance };
  });
  return { lines, totals: { opening, debit, credit, closing: balance } };
}

/** What a line reads as: « Règlement · Orange Money (réf. OM123) », « Avoir sur VB-2026-000012 ». */
export function statementLabel(
  e: Pick<StatementEvent, 'kind' | 'method' | 'operator' | 'reference' | 'ref_number'>,
): string {
  const base = STATEMENT_LINE_LABELS[e.kind];
  const method = e.method
    ? e.method === 'mobile_money' && e.operator
      ? (MOBILE_MONEY_OPERATOR_LABELS[e.operator as MobileMoneyOperator] ?? e.operator)
      : (PAYMENT_METHOD_LABELS[e.method as PaymentMethod] ?? e.method)
    : '';
  const reference = e.reference ? ` (réf. ${e.reference})` : '';
  switch (e.kind) {
    case 'sale_payment':
    case 'settlement':
      return method ? `${base} · ${method}${reference}` : base;
    case 'credit_note':
      return e.ref_number ? `${base} sur ${e.ref_number}` : base;
    case 'credit_note_refund':
    case 'sale_cancel_refund':
      return method ? `${base} · ${method}` : base;
    default:
      return base;
  }
}
