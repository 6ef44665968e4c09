/**
 * Caisse › Situation de caisse and Arrêtés de caisse (issue 16): the props of their pages and
 * printouts, shared by the server (services, routes) and the client.
 */
import type { ClosingStatus, CountedDenomination, Denomination } from '../cash-closings.js';
import type { FiscalState } from '../fiscal.js';
import type { Paginated } from '../lists.js';
import type { PrintMeta } from '../print.js';
import type { PaymentMethod, TreasuryKind } from '../treasury.js';

/** A cash desk's treasury account as the closing screens name it. */
export interface ClosingAccount {
  id: number;
  code: string;
  name: string;
  location_id: number | null;
  location_name: string | null;
  active: boolean;
}

/** The movements of one type over a day or a period (ins and outs apart, SQL aggregates). */
export interface MovementTypeTotal {
  movement_type: string;
  label: string;
  total_in: number;
  total_out: number;
  count: number;
  /**
   * Sub-lines of the type, summing to it exactly (situation: the décaissements by expense category,
   * cancelled ones included — their reversal is the « Annulation d'opération de caisse » line).
   */
  details?: MovementTypeDetail[];
}

/** One sub-line of a movement type (an expense category): its name, count and amounts. */
export interface MovementTypeDetail {
  key: string;
  label: string;
  total_in: number;
  total_out: number;
  count: number;
}

/** A non-cash total of the day (by method, operator and account), to check against the operators' and banks' statements. */
export interface NonCashTotal {
  method: PaymentMethod;
  operator: string | null;
  account_id: number;
  account_name: string;
  total: number;
  count: number;
}

export interface ClosingFigures {
  opening_balance: number;
  total_in: number;
  total_out: number;
  expected: number;
  movement_count: number;
  by_type: MovementTypeTotal[];
  non_cash: NonCashTotal[];
}

export interface ClosingDraft extends ClosingFigures {
  account: ClosingAccount;
  day: string;
  currency: string;
  /** The last closed day of the desk (every day up to it is locked), or null. */
  closed_through: string | null;
  /** The standing closing of this very day, if any. */
  closing_id: number | null;
}

export interface ClosingRow {
  id: number;
  account_id: number;
  account_name: string;
  location_name: string | null;
  closing_date: string;
  status: ClosingStatus;
  expected: number;
  counted: number;
  difference: number;
  reason: string;
  movement_count: number;
  closed_by_name: string | null;
  closed_at: string;
}

export interface ClosingListFilters {
  from: string;
  to: string;
  account_id: number | null;
  status: '' | ClosingStatus;
}

/** A document of the closed day the DGI has not certified (en attente, refusée, incertaine). */
export interface UncertifiedDocument {
  number: string;
  document_label: string;
  url: string;
  state: FiscalState;
  state_label: string;
  error_message: string | null;
}

export interface ClosingDetail extends ClosingRow {
  account_code: string;
  location_id: number | null;
  currency: string;
  opening_balance: number;
  total_in: number;
  total_out: number;
  counts: CountedDenomination[];
  by_type: MovementTypeTotal[];
  non_cash: NonCashTotal[];
  reopened_by_name: string | null;
  reopened_at: string | null;
  reopen_reason: string | null;
  /** Whether it is the desk's last standing closing (the only one that can be reopened). */
  is_last: boolean;
}

/** A note or coin line of a closing's count, as shown and printed. */
export interface CountLine {
  key: string;
  kind: Denomination['kind'];
  value: number;
  label: string;
  count: number;
  total: number;
}

export interface SituationAccount {
  id: number;
  code: string;
  name: string;
  kind: TreasuryKind;
  location_name: string | null;
  active: boolean;
}

export interface SituationDay {
  day: string;
  total_in: number;
  total_out: number;
  count: number;
  /** The balance at the end of the day. */
  balance: number;
  /** The day's standing closing, if any, and its difference. */
  closing_id: number | null;
  difference: number | null;
}

export interface Situation {
  account: SituationAccount;
  from: string;
  to: string;
  opening_balance: number;
  total_in: number;
  total_out: number;
  closing_balance: number;
  movement_count: number;
  by_type: MovementTypeTotal[];
  days: SituationDay[];
}

export interface AccountChoice {
  value: string;
  label: string;
  kind: TreasuryKind;
}

export interface CashClosingPages {
  'cash/Situation': {
    accounts: AccountChoice[];
    filters: { account_id: string; from: string; to: string };
    situation: Situation | null;
  };
  'cash/SituationPrint': PrintMeta & { situation: Situation };
  'cash-closings/Index': {
    accounts: AccountChoice[];
    filters: { account_id: string; from: string; to: string; status: '' | ClosingStatus };
    closings: Paginated<ClosingRow>;
    difference_total: number;
    can: { close: boolean };
  };
  'cash-closings/Create': {
    accounts: AccountChoice[];
    account_id: string;
    day: string;
    draft: ClosingDraft | null;
    /** The notes and coins to count (a currency without a known set: one line, the total counted). */
    denominations: Array<Omit<CountLine, 'count' | 'total'>>;
    by_denomination: boolean;
  };
  'cash-closings/Show': {
    closing: ClosingDetail;
    count_lines: CountLine[];
    uncertified: UncertifiedDocument[];
    can: { reopen: boolean; close: boolean };
  };
  'cash-closings/Print': PrintMeta & {
    closing: ClosingDetail;
    count_lines: CountLine[];
    uncertified: UncertifiedDocument[];
  };
}

export const CASH_CLOSING_PAGE_NAMES = [
  'cash/Situation',
  'cash/SituationPrint',
  'cash-closings/Index',
  'cash-closings/Create',
  'cash-closings/Show',
  'cash-closings/Print',
] as const satisfies ReadonlyArray<keyof CashClosingPages>;
