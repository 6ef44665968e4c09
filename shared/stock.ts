/**
 * Stock vocabulary shared by the server (presenters, services) and the client (badges, selects):
 * statuses, movement types and readjustment reasons with their French labels.
 */

export const TRANSFER_STATUSES = ['sent', 'received', 'received_with_difference', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  sent: 'Envoyé',
  received: 'Reçu',
  received_with_difference: 'Reçu avec écart',
  cancelled: 'Annulé',
};
/** Bootstrap colour of each status badge. */
export const TRANSFER_STATUS_TONES: Record<TransferStatus, string> = {
  sent: 'info',
  received: 'success',
  received_with_difference: 'warning',
  cancelled: 'secondary',
};

export const ENTRY_STATUSES = ['validated', 'cancelled'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = { validated: 'Validée', cancelled: 'Annulée' };

/**
 * What an entry is: goods bought from a supplier, or the opening stock (« Stock initial ») a
 * business loads when it starts with the software — no supplier, so no supplier debt.
 */
export const ENTRY_KINDS = ['supplier', 'opening'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = { supplier: 'Entrée fournisseur', opening: 'Stock initial' };
/** Shown where an entry's supplier would be. */
export const OPENING_STOCK_LABEL = 'Stock initial';

export const COUNT_STATUSES = ['open', 'validated', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = { open: 'En cours', validated: 'Validé', cancelled: 'Annulé' };

export const MOVEMENT_TYPES = ['entry', 'opening', 'entry_cancel', 'transfer_out', 'transfer_in', 'transfer_surplus', 'transfer_cancel', 'inventory', 'readjustment', 'sale', 'sale_cancel', 'sale_return'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number] | (string & {});
export const MOVEMENT_TYPE_LABELS: Record<string, string> = {
  entry: 'Entrée de stock',
  opening: 'Stock initial',
  entry_cancel: "Annulation d’entrée",
  transfer_out: 'Transfert (envoi)',
  transfer_in: 'Transfert (réception)',
  transfer_surplus: 'Excédent à la réception de transfert',
  transfer_cancel: 'Annulation de transfert',
  inventory: "Ajustement d’inventaire",
  readjustment: 'Réajustement',
  sale: 'Vente',
  sale_cancel: 'Annulation de vente',
  sale_return: 'Retour client (avoir)',
};

export const READJUSTMENT_REASONS = ['casse', 'perte', 'vol', 'peremption', 'erreur_saisie'] as const;
export type ReadjustmentReason = (typeof READJUSTMENT_REASONS)[number];
export const READJUSTMENT_REASON_LABELS: Record<ReadjustmentReason, string> = {
  casse: 'Casse',
  perte: 'Perte',
  vol: 'Vol',
  peremption: 'Péremption',
  erreur_saisie: 'Erreur de saisie',
};
/** Only an input error can go both ways; breakage, loss, theft and expiry only take stock out. */
export const READJUSTMENT_REASON_ALLOWS_INCREASE: Record<ReadjustmentReason, boolean> = {
  casse: false,
  perte: false,
  vol: false,
  peremption: false,
  erreur_saisie: true,
};

/** How a count treats stock that moved between the snapshot and the validation. */
export const MOVED_POLICIES = ['snapshot', 'current'] as const;
export type MovedPolicy = (typeof MOVED_POLICIES)[number];
export const MOVED_POLICY_LABELS: Record<MovedPolicy, string> = {
  snapshot: "Compté au moment de l’instantané : l’écart (compté − théorique) s’ajoute au stock actuel",
  current: 'Compté après les mouvements : le stock actuel est remplacé par la quantité comptée',
};
