/**
 * Treasury vocabulary shared by the server and the client: the kinds of treasury account, the
 * mobile-money operators, the payment methods and the money movement types, with French labels.
 */

export const TREASURY_KINDS = ['caisse', 'banque', 'mobile_money'] as const;
export type TreasuryKind = (typeof TREASURY_KINDS)[number];
export const TREASURY_KIND_LABELS: Record<TreasuryKind, string> = {
  caisse: 'Caisse',
  banque: 'Banque',
  mobile_money: 'Mobile money',
};

export const MOBILE_MONEY_OPERATORS = ['orange_money', 'mtn_momo', 'moov_money', 'wave'] as const;
export type MobileMoneyOperator = (typeof MOBILE_MONEY_OPERATORS)[number];
export const MOBILE_MONEY_OPERATOR_LABELS: Record<MobileMoneyOperator, string> = {
  orange_money: 'Orange Money',
  mtn_momo: 'MTN MoMo',
  moov_money: 'Moov Money',
  wave: 'Wave',
};

export const PAYMENT_METHODS = ['especes', 'mobile_money', 'cheque', 'virement', 'carte'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  especes: 'Espèces',
  mobile_money: 'Mobile money',
  cheque: 'Chèque',
  virement: 'Virement',
  carte: 'Carte bancaire',
};

/** The kind of treasury account each payment method lands in. */
export const PAYMENT_METHOD_ACCOUNT_KIND: Record<PaymentMethod, TreasuryKind> = {
  especes: 'caisse',
  mobile_money: 'mobile_money',
  cheque: 'banque',
  virement: 'banque',
  carte: 'banque',
};

/**
 * What a money movement records. The sales, settlements and cash-desk areas add their documents'
 * types here (one list, so the ledger screens and the checks label every movement).
 */
export const MONEY_MOVEMENT_TYPE_LABELS: Record<string, string> = {
  opening: 'Solde d’ouverture',
  sale: 'Vente',
  sale_refund: 'Remboursement (avoir)',
  sale_cancel: 'Annulation de vente',
  settlement: 'Règlement client',
  settlement_cancel: 'Annulation de règlement',
  cash_in: 'Apport',
  cash_out: 'Décaissement',
  transfer_in: 'Transfert reçu',
  transfer_out: 'Transfert envoyé',
  bank_deposit: 'Versement banque',
  bank_withdrawal: 'Retrait bancaire',
  mobile_money_transfer: 'Transfert mobile money ↔ caisse',
  cash_operation_cancel: 'Annulation d’opération de caisse',
  supplier_payment: 'Paiement fournisseur',
  closing_difference: 'Écart de caisse',
};
export type MoneyMovementType = keyof typeof MONEY_MOVEMENT_TYPE_LABELS | (string & {});
