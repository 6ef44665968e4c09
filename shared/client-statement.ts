/**
 * The statement of account of a client (relevé de compte, issue 15): for a period, the opening
 * balance, every event that moved what the client owes — invoices and counter sales, payments taken
 * at the sale, credit notes (avoirs) and their refunds, settlements (REG-), cancellations of a
 * settlement or of a sale — in date order with the running balance, and the closing balance, which
 * is the client's balance (clients.balance) when the period ends today.
 *
 * A debit raises what the client owes, a credit lowers it. Amounts are integers in minor units.
 */
import type { Paginated } from './lists.js';
import type { PrintMeta } from './print.js';

export const STATEMENT_LINE_KINDS = [
  'invoice',
  'counter_sale',
  'sale_payment',
  'credit_note',
  'credit_note_refund',
  'settlement',
  'advance_use',
  'settlement_cancel',
  'sale_cancel',
  'sale_cancel_refund',
] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export const STATEMENT_LINE_LABELS: Record<StatementLineKind, string> = {
  invoice: 'Facture',
  counter_sale: 'Vente boutique',
  sale_payment: 'Paiement à la vente',
  credit_note: 'Avoir',
  credit_note_refund: 'Remboursement de l’avoir',
  settlement: 'Règlement',
  advance_use: 'Imputation de l’acompte',
  settlement_cancel: 'Annulation du règlement',
  sale_cancel: 'Annulation de la vente',
  sale_cancel_refund: 'Remboursement à l’annulation',
};

/** One event of the statement as the service reads it, before the running balance. */
export interface StatementEvent {
  date: string;
  kind: StatementLineKind;
  /** The document the line belongs to (a sale, a credit note, a settlement). */
  document_type: 'sale' | 'credit_note' | 'settlement';
  document_id: number;
  number: string;
  /** The document this one refers to (the sale of a credit note), or ''. */
  ref_number: string;
  /** Payment method (especes, mobile_money…), or ''. */
  method: string;
  /** Mobile-money operator, or ''. */
  operator: string;
  /** Mobile-money transaction id, cheque number, transfer reference, or ''. */
  reference: string;
  /** Informational amount of a line that moves nothing (an advance spent on invoices). */
  amount: number;
  debit: number;
  credit: number;
}

/** A line of the statement: its event, what it reads as, and the balance after it. */
export interface StatementLine extends StatementEvent {
  /** 1, 2, 3… in the period. */
  position: number;
  label: string;
  balance: number;
}

export interface StatementTotals {
  opening: number;
  debit: number;
  credit: number;
  closing: number;
}

/** The statement section of a client's page: the period asked, its totals and one page of lines. */
export interface ClientStatementSection {
  from: string;
  to: string;
  totals: StatementTotals;
  lines: Paginated<StatementLine>;
  /** Lines of the period in all (the page shows `lines`). */
  count: number;
  truncated: boolean;
  /** The closing balance is the client's balance (the period ends today or later). */
  ends_today: boolean;
}

/** Relevé de compte (A4): the whole period. */
export interface ClientStatementPrintProps extends PrintMeta {
  client: {
    code: string;
    name: string;
    phone: string;
    address: string;
    city: string;
    tax_number: string;
    balance: number;
    advance: number;
  };
  from: string;
  to: string;
  totals: StatementTotals;
  lines: StatementLine[];
  count: number;
  truncated: boolean;
  ends_today: boolean;
}

export interface ClientStatementPages {
  'clients/Statement': ClientStatementPrintProps;
}
export const CLIENT_STATEMENT_PAGE_NAMES = ['clients/Statement'] as const satisfies ReadonlyArray<
  keyof ClientStatementPages
>;
