/**
 * Props of the Caisse pages (issue 16, screens 1, 2 and 5): the home (accounts, an account's
 * movements), the operation form, an operation's page and voucher, the balances at a date and the
 * expense categories.
 */
import type { CashOperationKind, CashOperationStatus, BankPaymentMethod } from '../cash-operations.js';
import type { ListParams, Option, Paginated } from '../lists.js';
import type { PrintMeta, PrintState } from '../print.js';
import type { AuditItem, CrudAbilities, UsageInfo } from '../records.js';
import type { AccountLedger } from '../treasury-accounts.js';
import type { TreasuryKind } from '../treasury.js';

/** A treasury account on the Caisse home, with today's figures. */
export interface CashAccountCard {
  id: number;
  kind: TreasuryKind;
  code: string;
  name: string;
  balance: number;
  active: boolean;
  today_in: number;
  today_out: number;
  /** Sent by this desk and not yet received (already out of its balance). */
  transit_out: number;
  /** Sent to this desk and not yet received (not yet in its balance). */
  transit_in: number;
  /** A cash desk: whether today is closed (arrêté de caisse); null for a bank or a wallet. */
  today_closed: boolean | null;
}

/** An operation in a list (in transit, recent operations). */
export interface CashOperationRow {
  id: number;
  number: string;
  kind: CashOperationKind;
  kind_label: string;
  status: CashOperationStatus;
  status_label: string;
  operation_date: string;
  amount: number;
  from_name: string | null;
  to_name: string | null;
  created_by: string | null;
  /** The receiving desk is one of the user's: they may confirm the reception. */
  can_receive: boolean;
}

export interface CashIndexProps {
  accounts: CashAccountCard[];
  /** The account whose movements are shown (?account_id=, else the first), with its filters and page. */
  ledger: AccountLedger | null;
  selected: CashAccountCard | null;
  movement_types: Option[];
  methods: Option[];
  users: Option[];
  in_transit: CashOperationRow[];
  recent: CashOperationRow[];
  /** The operations this user may record (their permission). */
  can: Record<CashOperationKind, boolean> & { expense_categories: boolean };
}

/** An account offered by the operation form. */
export interface CashAccountOption {
  id: number;
  kind: TreasuryKind;
  code: string;
  name: string;
  balance: number;
}

export interface CashCreateProps {
  kind: CashOperationKind;
  /** The kinds this user may record (the form's tabs). */
  kinds: CashOperationKind[];
  accounts: CashAccountOption[];
  /** Every active desk (a transfer's destination). */
  desks: CashAccountOption[];
  categories: Option[];
  suppliers: Array<{ id: number; code: string; name: string; balance: number }>;
  defaults: { from_account_id: number | null; to_account_id: number | null; supplier_id: number | null };
}

export interface CashOperationView {
  id: number;
  number: string;
  kind: CashOperationKind;
  kind_label: string;
  voucher_title: string;
  status: CashOperationStatus;
  status_label: string;
  operation_date: string;
  amount: number;
  from: { id: number; code: string; name: string; kind: TreasuryKind } | null;
  to: { id: number; code: string; name: string; kind: TreasuryKind } | null;
  category: string | null;
  supplier: { id: number; code: string; name: string; balance: number } | null;
  payment_method: string;
  method_label: string;
  bank_method: BankPaymentMethod | null;
  beneficiary: string;
  beneficiary_label: string | null;
  reference: string;
  reference_label: string | null;
  note: string;
  allocated: number;
  allocations: Array<{
    entry_id: number;
    entry_number: string;
    entry_date: string;
    supplier_ref: string;
    entry_total: number;
    entry_paid: number;
    amount: number;
    cancelled: boolean;
  }>;
  created_by: string | null;
  created_at: string;
  received_by: string | null;
  received_at: string | null;
  received_on: string | null;
  cancelled_by: string | null;
  cancelled_at: string | null;
  cancelled_on: string | null;
  cancel_reason: string | null;
}

export interface CashShowProps {
  operation: CashOperationView;
  history: AuditItem[];
  print: PrintState;
  can: { receive: boolean; cancel: boolean };
}

export interface CashVoucherProps extends PrintMeta {
  operation: CashOperationView;
}

export interface CashBalanceRow {
  id: number;
  kind: TreasuryKind;
  code: string;
  name: string;
  active: boolean;
  balance_at: number;
  movement_count: number;
}

export interface CashBalanceProps {
  date: string;
  accounts: CashBalanceRow[];
  totals: Record<TreasuryKind, number>;
  /** Transfers sent on or before the date and not received by its end: out of a desk, in no other. */
  in_transit: number;
}

export interface ExpenseCategoryRow {
  id: number;
  code: string;
  name: string;
  description: string;
  active: boolean;
  expense_count: number;
}

export interface CashPages {
  'cash/Index': CashIndexProps;
  'cash/Create': CashCreateProps;
  'cash/Show': CashShowProps;
  'cash/Voucher': CashVoucherProps;
  'cash/Balance': CashBalanceProps;
  'cash/expense-categories/Index': {
    categories: Paginated<ExpenseCategoryRow>;
    params: ListParams<{ status: string }>;
    can: CrudAbilities;
  };
  'cash/expense-categories/Form': {
    category: ExpenseCategoryRow | null;
    usage: UsageInfo | null;
    can: CrudAbilities;
    history: AuditItem[];
  };
}

export const CASH_PAGE_NAMES = [
  'cash/Index',
  'cash/Create',
  'cash/Show',
  'cash/Voucher',
  'cash/Balance',
  'cash/expense-categories/Index',
  'cash/expense-categories/Form',
] as const satisfies ReadonlyArray<keyof CashPages>;
