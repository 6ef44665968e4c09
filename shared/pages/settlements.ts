/**
 * Props of the settlement pages (Trésorerie › Règlement, issue 15): the list of settlements (REG-)
 * with totals by method, the new-settlement form (client → open invoices → allocation preview),
 * a settlement's page and its receipt (A5 or 80 mm). Registered in shared/pages.ts. Amounts are
 * integers in the currency's minor unit; dates YYYY-MM-DD, timestamps ISO strings.
 */
import type { Option, Paginated, SortDir } from '../lists.js';
import type { PrintMeta, PrintState } from '../print.js';
import type { AuditItem } from '../records.js';
import type { ClientPickerItem } from '../pickers.js';
import type { AllocationMode, SettlementSource, SettlementStatus } from '../settlements.js';
import type { MobileMoneyOperator, PaymentMethod } from '../treasury.js';
import type { AccountChoice } from '../treasury-accounts.js';

/** A list filter on the way a settlement was paid: a method, or « acompte » (the advance spent). */
export type SettlementMethodFilter = '' | PaymentMethod | 'advance';

export interface SettlementListFilters {
  from: string;
  to: string;
  client_id: string;
  method: SettlementMethodFilter;
  account_id: string;
  user_id: string;
  status: '' | SettlementStatus;
  q: string;
  sort: 'date' | 'number' | 'amount';
  dir: SortDir;
}

export interface SettlementRow {
  id: number;
  number: string;
  settlement_date: string;
  client_id: number;
  client_name: string;
  source: SettlementSource;
  method: PaymentMethod | null;
  /** « Espèces », « Orange Money », « Chèque »… or « Acompte ». */
  method_label: string;
  account_name: string | null;
  reference: string | null;
  /** Received (or taken from the advance). */
  received: number;
  allocated: number;
  advance: number;
  status: SettlementStatus;
  created_by: string | null;
}

/** Σ of the validated settlements of the filtered list, by method (every page). */
export interface SettlementTotals {
  count: number;
  received: number;
  cancelled: number;
  by_method: Array<{ key: string; label: string; count: number; received: number }>;
}

export interface SettlementsIndexProps {
  filters: SettlementListFilters;
  settlements: Paginated<SettlementRow>;
  totals: SettlementTotals;
  client: { id: number; name: string } | null;
  accounts: Option[];
  users: Option[];
  can: { create: boolean; export: boolean };
}

/** An open invoice of the client, as the form lists it. */
export interface OpenInvoiceView {
  id: number;
  number: string;
  sale_date: string;
  due_date: string | null;
  /** Days since it fell due (negative: not due yet). */
  age: number;
  total: number;
  paid: number;
  remaining: number;
}

export interface SettlementClient extends ClientPickerItem {
  /** The advance the client may spend (acompte). */
  advance: number;
}

export type SettlementAccountOption = AccountChoice;

export interface SettlementsCreateProps {
  currency: string;
  today: string;
  client: SettlementClient | null;
  invoices: OpenInvoiceView[];
  /** The accounts the user may receive into (their desks, their banks and wallets). */
  accounts: SettlementAccountOption[];
}

export interface SettlementAllocationView {
  position: number;
  sale_id: number;
  number: string;
  sale_date: string;
  due_date: string | null;
  total: number;
  /** What this settlement paid on the invoice. */
  settled: number;
  /** What the invoice still owes now. */
  remaining: number;
  cancelled: boolean;
}

export interface SettlementView {
  id: number;
  number: string;
  settlement_date: string;
  created_at: string;
  created_by: string | null;
  client: { id: number; code: string; name: string; phone: string; balance: number; advance: number };
  /** The client's balance and advance right after this settlement (its receipt, reprinted later, shows these). */
  balance_after: number;
  advance_after: number;
  source: SettlementSource;
  method: PaymentMethod | null;
  method_label: string;
  operator: MobileMoneyOperator | null;
  operator_label: string | null;
  phone: string | null;
  reference: string | null;
  cheque_date: string | null;
  account_name: string | null;
  received: number;
  allocated: number;
  advance: number;
  allocation_mode: AllocationMode;
  status: SettlementStatus;
  note: string;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  allocations: SettlementAllocationView[];
}

export interface SettlementsShowProps {
  settlement: SettlementView;
  history: AuditItem[];
  print: PrintState;
  can: { create: boolean };
}

/** Reçu de règlement: A5 (the setting) or a till roll (?format=80mm). */
export interface SettlementsPrintProps extends PrintMeta {
  settlement: SettlementView;
  roll: boolean;
}

export interface SettlementPages {
  'settlements/Index': SettlementsIndexProps;
  'settlements/Create': SettlementsCreateProps;
  'settlements/Show': SettlementsShowProps;
  'settlements/Print': SettlementsPrintProps;
}

export const SETTLEMENT_PAGE_NAMES = [
  'settlements/Index',
  'settlements/Create',
  'settlements/Show',
  'settlements/Print',
] as const satisfies ReadonlyArray<keyof SettlementPages>;
