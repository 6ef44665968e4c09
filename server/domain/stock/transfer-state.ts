import type { TransferStatus } from '../../../shared/stock.js';

/**
 * The transfer state machine. A transfer is created "sent" (the stock left the source and is in
 * transit); reception moves it to "received" or "received_with_difference"; only a transfer still in
 * transit can be cancelled (the goods return to the source). Once received, the transfer is closed:
 * goods to send back travel on a new transfer the other way, so the reception's differences (a loss
 * in transit, a surplus gained at the destination) stay in the ledger as they were recorded.
 */
export type TransferAction = 'receive' | 'cancel';

const TRANSITIONS: Record<TransferStatus, TransferAction[]> = {
  sent: ['receive', 'cancel'],
  received: [],
  received_with_difference: [],
  cancelled: [],
};

export function allowedTransferActions(status: TransferStatus): TransferAction[] {
  return TRANSITIONS[status] ?? [];
}

export function canTransfer(status: TransferStatus, action: TransferAction): boolean {
  return allowedTransferActions(status).includes(action);
}

/** French reason why an action is refused in a status (null when allowed). */
export function transferActionRefusal(status: TransferStatus, action: TransferAction): string | null {
  if (canTransfer(status, action)) return null;
  if (status === 'cancelled') return 'Ce transfert est annulé : aucune opération n’est plus possible.';
  if (action === 'receive') return 'Ce transfert a déjà été réceptionné.';
  if (action === 'cancel')
    return 'Ce transfert a déjà été réceptionné : il ne peut plus être annulé. Pour renvoyer la marchandise, faites un transfert dans l’autre sens.';
  return 'Cette opération n’est pas possible pour ce transfert.';
}

export interface SentLine {
  productId: number;
  quantitySent: number;
}
export interface ReceptionInputLine {
  productId: number;
  quantityReceived: number;
  reason?: string | null;
}
export interface PlannedReceptionLine {
  productId: number;
  quantitySent: number;
  quantityReceived: number;
  difference: number; // received − sent
  reason: string | null;
  /** What arrives from what was sent: min(received, sent) — a "transfer_in" at the destination. */
  quantityIn: number;
  /**
   * Received beyond what was sent (the source never lost it): a gain recorded at the destination as
   * its own movement ("transfer_surplus", « Excédent à la réception »), with the difference's reason.
   */
  surplus: number;
}

export interface ReceptionPlan {
  status: Extract<TransferStatus, 'received' | 'received_with_difference'>;
  lines: PlannedReceptionLine[];
  errors: Record<string, string>;
}

/**
 * Checks a reception against what was sent: one received quantity per sent line (integer ≥ 0),
 * a reason for every line whose quantity differs, no unknown product. Errors are keyed by the
 * reception form's fields (lines.N.quantity_received / lines.N.reason, N = index of the sent line).
 */
export function planReception(
  sent: SentLine[],
  input: ReceptionInputLine[],
  labels: Record<number, string> = {},
): ReceptionPlan {
  const errors: Record<string, string> = {};
  const byProduct = new Map<number, ReceptionInputLine>();
  for (const line of input) {
    if (byProduct.has(line.productId)) {
      errors.lines = 'Un produit figure deux fois dans la réception.';
      continue;
    }
    byProduct.set(line.productId, line);
  }
  const sentIds = new Set(sent.map((l) => l.productId));
  for (const line of input) {
    if (!sentIds.has(line.productId))
      errors.lines = 'La réception contient un produit qui ne fait pas partie du transfert.';
  }
  const lines: PlannedReceptionLine[] = [];
  sent.forEach((s, i) => {
    const name = labels[s.productId] ?? `produit n° ${s.productId}`;
    const got = byProduct.get(s.productId);
    if (!got) {
      errors[`lines.${i}.quantity_received`] = `Indiquez la quantité reçue pour « ${name} ».`;
      return;
    }
    if (!Number.isSafeInteger(got.quantityReceived) || got.quantityReceived < 0) {
      errors[`lines.${i}.quantity_received`] = `La quantité reçue de « ${name} » doit être un entier positif ou nul.`;
      return;
    }
    const difference = got.quantityReceived - s.quantitySent;
    const reason = got.reason?.trim() ? got.reason.trim() : null;
    if (difference !== 0 && !reason)
      errors[`lines.${i}.reason`] =
        `Indiquez le motif de l’écart sur « ${name} » (${difference > 0 ? '+' : ''}${difference}).`;
    lines.push({
      productId: s.productId,
      quantitySent: s.quantitySent,
      quantityReceived: got.quantityReceived,
      difference,
      reason: difference === 0 ? null : reason,
      quantityIn: Math.min(got.quantityReceived, s.quantitySent),
      surplus: Math.max(difference, 0),
    });
  });
  const status = lines.some((l) => l.difference !== 0) ? 'received_with_difference' : 'received';
  return { status, lines, errors };
}
