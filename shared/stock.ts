/**
 * Stock vocabulary shared by the server (presenters, services) and the client (badges, selects):
 * statuses, movement types and readjustment reasons with their French labels.
 */
import { currencyInfo, formatMoney } from './money.js';

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
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  supplier: 'Entrée fournisseur',
  opening: 'Stock initial',
};
/** Shown where an entry's supplier would be. */
export const OPENING_STOCK_LABEL = 'Stock initial';

export const COUNT_STATUSES = ['open', 'validated', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  open: 'En cours',
  validated: 'Validé',
  cancelled: 'Annulé',
};

export const MOVEMENT_TYPES = [
  'entry',
  'opening',
  'entry_cancel',
  'transfer_out',
  'transfer_in',
  'transfer_surplus',
  'transfer_cancel',
  'inventory',
  'readjustment',
  'sale',
  'sale_cancel',
  'sale_return',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number] | (string & {});
export const MOVEMENT_TYPE_LABELS: Record<string, string> = {
  entry: 'Entrée de stock',
  opening: 'Stock initial',
  entry_cancel: 'Annulation d’entrée',
  transfer_out: 'Transfert (envoi)',
  transfer_in: 'Transfert (réception)',
  transfer_surplus: 'Excédent à la réception de transfert',
  transfer_cancel: 'Annulation de transfert',
  inventory: 'Ajustement d’inventaire',
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
  snapshot: 'Compté au moment de l’instantané : l’écart (compté − théorique) s’ajoute au stock actuel',
  current: 'Compté après les mouvements : le stock actuel est remplacé par la quantité comptée',
};

/**
 * A cost typed per colis (a stock entry's line entered by pack): the stored cost stays per base
 * unit, an integer of minor units, and the line's amount must stay what the supplier bills
 * (packs × cost of a pack). So a pack cost is taken only when it divides exactly by the pack size
 * — never rounded — and otherwise refused with the two nearest pack costs that do.
 */
export type PackCost = { exact: true; unitCost: number } | { exact: false; below: number; above: number };

export function unitCostOfPack(packCost: number, packSize: number): PackCost {
  const size = Math.max(1, Math.trunc(packSize));
  const remainder = packCost % size;
  if (remainder === 0) return { exact: true, unitCost: packCost / size };
  return { exact: false, below: packCost - remainder, above: packCost - remainder + size };
}

/** « 833,33 FCFA » — a cost per unit that is not a whole number of minor units, for the message only. */
function fractionalCost(minor: number, currency: string): string {
  const { decimals, label } = currencyInfo(currency);
  const major = minor / 10 ** decimals;
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals + 2 }).format(major)}\u00a0${label}`;
}

/** Why a pack cost is refused, in French: what it gives per unit and what to type instead. */
export function packCostMessage(packCost: number, packSize: number, currency: string): string | null {
  const split = unitCostOfPack(packCost, packSize);
  if (split.exact) return null;
  const units = new Intl.NumberFormat('fr-FR').format(packSize);
  return `Un colis de ${units} à ${formatMoney(packCost, currency)} ferait ${fractionalCost(packCost / packSize, currency)} l’unité : le coût est gardé par unité, en nombre entier. Saisissez ${formatMoney(split.below, currency)} ou ${formatMoney(split.above, currency)} le colis, ou la ligne à l’unité.`;
}
