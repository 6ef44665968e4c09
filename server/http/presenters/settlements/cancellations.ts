import type { SettlementCancellationRow } from '../../../../shared/pages/cancellations.js';
import { formatMoney } from '../../../../shared/money.js';
import { route } from '../../../../shared/routes.js';
import { SETTLEMENT_STATUS_LABELS } from '../../../../shared/settlements.js';
import { methodLabel } from '../../../services/settlements/settlement-queries.js';
import type { Row } from '../../../services/stock/lookups.js';
import { settlementListFields } from '../settlements.js';
import { n } from '../stock/common.js';

/** The receipt's print route of a settlement, coming back to Annulations › Règlements. */
function receiptUrl(id: number): string {
  return route('settlements.print', { id }, { print: 1, retour: 'annulation' });
}

/** Annulations › Règlements: a settlement row with what the screen needs to cancel or reprint it. */
export function presentSettlementCancellationRow(currency: string) {
  return (r: Row): SettlementCancellationRow => {
    const cancelled = r.status === 'cancelled';
    const advance = n(r.advance);
    const clientAdvance = n(r.client_advance);
    const blocked =
      !cancelled && r.source === 'payment' && advance > clientAdvance
        ? `Ce règlement a laissé ${formatMoney(advance, currency)} d’acompte, dont il ne reste que ${formatMoney(clientAdvance, currency)} : l’acompte a déjà servi. Annulez d’abord le règlement qui l’a utilisé.`
        : null;
    return {
      ...settlementListFields(r),
      method_label: methodLabel(r.source, r.method, r.operator, { withMethod: true }),
      status: cancelled ? 'cancelled' : 'validated',
      status_label: SETTLEMENT_STATUS_LABELS[cancelled ? 'cancelled' : 'validated'],
      version: n(r.version),
      cancel_reason: r.cancel_reason ?? null,
      cancelled_on: r.cancelled_on ?? null,
      invoices: (r.invoices as string[]) ?? [],
      blocked,
      reprints: n(r.reprints),
      receipt_url: receiptUrl(n(r.id)),
    };
  };
}
