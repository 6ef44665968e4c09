/**
 * Caisse operations (CAI-, issue 16): their kinds, what each needs and the words the screens,
 * printouts and messages use. Shared by the server (service, routes) and the client (forms, lists).
 */
import { DOCUMENT_TYPES } from './documents.js';
import type { Permission } from './permissions.js';
import type { TreasuryKind } from './treasury.js';

export const CASH_OPERATION_SERIES = DOCUMENT_TYPES.cashOperation.series;

export const CASH_OPERATION_KINDS = [
  'expense',
  'cash_in',
  'transfer',
  'bank_deposit',
  'bank_withdrawal',
  'supplier_payment',
  'mobile_money',
] as const;
export type CashOperationKind = (typeof CASH_OPERATION_KINDS)[number];

export const CASH_OPERATION_STATUSES = ['done', 'in_transit', 'received', 'cancelled'] as const;
export type CashOperationStatus = (typeof CASH_OPERATION_STATUSES)[number];
export const CASH_OPERATION_STATUS_LABELS: Record<CashOperationStatus, string> = {
  done: 'Enregistrée',
  in_transit: 'En transit',
  received: 'Reçue',
  cancelled: 'Annulée',
};

export interface CashOperationKindDef {
  /** « Décaissement », as a title. */
  label: string;
  /** The voucher's title. */
  voucher: string;
  icon: string;
  permission: Permission;
  /** The kinds of account the money leaves (null: it comes from outside, an apport). */
  from: readonly TreasuryKind[] | null;
  /** The kinds of account the money enters (null: it leaves the treasury — an expense, a supplier). */
  to: readonly TreasuryKind[] | null;
  /** What the reference field holds for this kind, or null when the form does not ask. */
  reference: string | null;
  referenceRequired: boolean;
  /** What the beneficiary field is called, or null when the form does not ask. */
  beneficiary: string | null;
}

export const CASH_OPERATION_KINDS_DEF: Record<CashOperationKind, CashOperationKindDef> = {
  expense: {
    label: 'Décaissement',
    voucher: 'Bon de caisse — décaissement',
    icon: 'fa-solid fa-money-bill-transfer',
    permission: 'cash.payment',
    from: ['caisse'],
    to: null,
    reference: 'N° de la pièce justificative',
    referenceRequired: false,
    beneficiary: 'Bénéficiaire',
  },
  cash_in: {
    label: 'Apport',
    voucher: 'Bon de caisse — apport',
    icon: 'fa-solid fa-hand-holding-dollar',
    permission: 'cash.cash_in',
    from: null,
    to: ['caisse'],
    reference: 'Référence',
    referenceRequired: false,
    beneficiary: 'Apporté par',
  },
  transfer: {
    label: 'Transfert inter-caisse',
    voucher: 'Bon de transfert de caisse',
    icon: 'fa-solid fa-right-left',
    permission: 'cash.transfer',
    from: ['caisse'],
    to: ['caisse'],
    reference: null,
    referenceRequired: false,
    beneficiary: 'Convoyeur',
  },
  bank_deposit: {
    label: 'Versement en banque',
    voucher: 'Bon de versement en banque',
    icon: 'fa-solid fa-building-columns',
    permission: 'cash.bank_deposit',
    from: ['caisse'],
    to: ['banque'],
    reference: 'N° du bordereau de versement',
    referenceRequired: true,
    beneficiary: 'Déposant',
  },
  bank_withdrawal: {
    label: 'Retrait bancaire',
    voucher: 'Bon de retrait bancaire',
    icon: 'fa-solid fa-money-check-dollar',
    permission: 'cash.bank_deposit',
    from: ['banque'],
    to: ['caisse'],
    reference: 'N° du chèque ou du bordereau de retrait',
    referenceRequired: true,
    beneficiary: 'Retiré par',
  },
  supplier_payment: {
    label: 'Paiement fournisseur',
    voucher: 'Reçu de paiement fournisseur',
    icon: 'fa-solid fa-truck-field',
    permission: 'cash.supplier_payment',
    from: ['caisse', 'banque', 'mobile_money'],
    to: null,
    reference: 'Référence (reçu, chèque, virement, transaction)',
    referenceRequired: false,
    beneficiary: 'Remis à',
  },
  mobile_money: {
    label: 'Transfert mobile money ↔ caisse',
    voucher: 'Bon de transfert mobile money',
    icon: 'fa-solid fa-mobile-screen-button',
    permission: 'cash.transfer',
    from: ['caisse', 'mobile_money'],
    to: ['caisse', 'mobile_money'],
    reference: 'N° de transaction',
    referenceRequired: true,
    beneficiary: null,
  },
};

/** The method of the paying side of a supplier payment from a bank (a wallet pays by mobile money, a desk in cash). */
export const BANK_PAYMENT_METHODS = ['virement', 'cheque'] as const;
export type BankPaymentMethod = (typeof BANK_PAYMENT_METHODS)[number];

export function isCashOperationKind(v: unknown): v is CashOperationKind {
  return typeof v === 'string' && (CASH_OPERATION_KINDS as readonly string[]).includes(v);
}
