/**
 * Treasury accounts as the screens and the payment pickers see them (issue 14): the bank and
 * mobile-money accounts of Paramètres › Société, the ledger of any account (caisse included),
 * and the accounts a payment can land in. Amounts are integers in the currency's minor unit.
 */
import type { ListParams, Paginated, StatusFilter } from './lists.js';
import type { AuditItem, UsageInfo } from './records.js';
import {
  MOBILE_MONEY_OPERATOR_LABELS,
  type MobileMoneyOperator,
  type PaymentMethod,
  type TreasuryKind,
} from './treasury.js';

/** The kinds managed on the « Comptes bancaires et mobile money » screens (a caisse is managed with its cash desk). */
export const MANAGED_TREASURY_KINDS = ['banque', 'mobile_money'] as const;
export type ManagedTreasuryKind = (typeof MANAGED_TREASURY_KINDS)[number];

export interface TreasuryAccountRow {
  id: number;
  kind: ManagedTreasuryKind;
  code: string;
  name: string;
  /** banque: the bank (« SGBCI »); '' for a wallet. */
  bank_name: string;
  /** banque: RIB/IBAN; mobile money: the wallet's phone number. */
  account_number: string;
  operator: MobileMoneyOperator | null;
  balance: number;
  active: boolean;
}

export interface TreasuryAccountFilters {
  status: StatusFilter;
  kind: ManagedTreasuryKind | '';
  operator: MobileMoneyOperator | '';
}

/** One line of an account's ledger. */
export interface MoneyMovementRow {
  id: number;
  business_date: string;
  occurred_at: string;
  movement_type: string;
  type_label: string;
  label: string;
  payment_method: PaymentMethod;
  method_label: string;
  operator: MobileMoneyOperator | null;
  phone: string | null;
  reference: string | null;
  document_number: string | null;
  /** The caisse operation (CAI-) the movement belongs to, to link its page; null for other documents. */
  cash_operation_id?: number | null;
  user_name: string | null;
  /** Signed: positive into the account. */
  amount: number;
  balance_after: number;
}

export interface AccountLedgerFilters {
  from: string;
  to: string;
  type: string;
  q: string;
  /** Caisse screen: the payment method and the user who recorded the movement ('' / null: any). */
  method?: string;
  user_id?: number | null;
}

/** The ledger section of an account's page: its movements of the period and the period's figures. */
export interface AccountLedger {
  account_id: number;
  filters: AccountLedgerFilters;
  movements: Paginated<MoneyMovementRow>;
  totals: {
    /** The balance before the period's first movement. */
    opening: number;
    /** Sum of the movements into the account over the period (filters applied). */
    in: number;
    /** Sum of the movements out of it, as a positive amount. */
    out: number;
    count: number;
  };
}

/** The accounts a payment can land in, grouped by kind (paymentAccounts() in server/services/treasury/accounts.ts). */
export interface PaymentAccountOption {
  id: number;
  kind: TreasuryKind;
  code: string;
  name: string;
  /** caisse: its location. */
  location_id: number | null;
  /** banque: the bank. */
  bank_name: string | null;
  /** mobile money: the operator and the wallet's number. */
  operator: MobileMoneyOperator | null;
  operator_label: string | null;
  phone: string | null;
}

/** An account in a form's list of accounts (a settlement's, a refund's): its kind says what it is. */
export interface AccountChoice {
  id: number;
  name: string;
  kind: TreasuryKind;
  operator: MobileMoneyOperator | null;
}

/** An account as a list option reads it: a desk by its name, a bank « (banque) », a wallet with its operator. */
export function accountChoiceLabel(a: AccountChoice): string {
  if (a.kind === 'banque') return `${a.name} (banque)`;
  if (a.kind === 'mobile_money')
    return `${a.name} (${a.operator ? MOBILE_MONEY_OPERATOR_LABELS[a.operator] : 'mobile money'})`;
  return a.name;
}

export interface PaymentAccounts {
  caisse: PaymentAccountOption[];
  banque: PaymentAccountOption[];
  mobile_money: PaymentAccountOption[];
}

export interface TreasuryPages {
  'settings/treasury-accounts/Index': {
    accounts: Paginated<TreasuryAccountRow>;
    params: ListParams<TreasuryAccountFilters>;
    can_manage: boolean;
  };
  'settings/treasury-accounts/Form': {
    account: TreasuryAccountRow | null;
    suggested_codes: Record<ManagedTreasuryKind, string>;
    has_movements: boolean;
  };
  'settings/treasury-accounts/Show': {
    account: TreasuryAccountRow;
    ledger: AccountLedger;
    usage: UsageInfo;
    history: AuditItem[];
    can_manage: boolean;
  };
}

export const TREASURY_PAGE_NAMES = [
  'settings/treasury-accounts/Index',
  'settings/treasury-accounts/Form',
  'settings/treasury-accounts/Show',
] as const satisfies ReadonlyArray<keyof TreasuryPages>;
