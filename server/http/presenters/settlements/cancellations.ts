import type { SettlementCancellationRow } from '../../../../shared/cancellation-pages.js';
import { formatMoney } from '../../../../shared/money.js';
import { ROUTES } from '../../../../shared/routes.js';
import { MOBILE_MONEY_OPERATOR_LABELS, type MobileMoneyOperator, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../shared/treasury.js';
import type { Row } from '../../../services/stock/lookups.js';
import { n } from '../stock/common.js';

/** The receipt's print route of a settlement, when the receipt printout is there (Règlement). */
function receiptUrl(id: number): string | null {
  const path = (ROUTES as Record<string, string>)['settlements.print'];
  return path ? `${path.replace(':id', String(id))}?print=1&retour=annulation` : null;
}

/** Annulations › Règlements: a settlement row with what the screen needs to cancel or reprint it. */
export function presentSettlementCancellationRow(currency: string) {
  return (r: Row): SettlementCancellationRow => {
    const method = r.method as PaymentMethod | null;
    const cancelled = r.status === 'cancelled';
    const advance = n(r.advance);
    const clientAdvance = n(r.client_advance);
    const blocked =
      !cancelled && r.source === 'payment' && advance > clientAdvance
        ? `Ce règlement a laissé ${formatMoney(advance, currency)} d'acompte, dont il ne reste que ${formatMoney(clientAdvance, currency)} : l'acompte a déjà servi. Annulez d'abord le règlement qui l'a utilisé.`
        : null;
    return {
      id: n(r.id),
      number: r.number,
      settlement_date: r.settlement_date,
      client_id: n(r.client_id),
      client_name: r.client_name,
      method_label:
        r.source === 'advance'
          ? 'Acompte'
          : method
            ? `${PAYMENT_METHOD_LABELS[method] ?? method}${r.operator ? ` · ${MOBILE_MONEY_OPERATOR_LABELS[r.operator as MobileMoneyOperator] ?? r.operator}` : ''}`
            : '—',
      account_name: r.account_name ?? null,
      reference: r.reference ?? null,
      received: n(r.amount),
      allocated: n(r.allocated),
      advance,
      status: cancelled ? 'cancelled' : 'validated',
      status_label: cancelled ? 'Annulé' : 'Validé',
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
