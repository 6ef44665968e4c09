import type { SaleCancellationRow } from '../../../../shared/pages/cancellations.js';
import { settlementsBlockMessage } from '../../../services/sales/cancel-sale.js';
import type { Row } from '../../../services/stock/lookups.js';
import { presentSaleRow } from '../sales.js';
import { n } from '../stock/common.js';

/** Annulations › Factures: a sale row with what the screen needs to cancel or reprint it. */
export function presentSaleCancellationRow(r: Row): SaleCancellationRow {
  const base = presentSaleRow(r);
  const settlements = (r.settlements as string[]) ?? [];
  return {
    ...base,
    version: n(r.version),
    cancel_reason: r.cancel_reason ?? null,
    cancelled_on: r.cancelled_on ?? null,
    settlements,
    blocked: base.status === 'cancelled' ? null : settlementsBlockMessage(base.number, settlements),
    reprints: n(r.reprints),
    printed: { invoice: Boolean(r.invoice_printed), ticket: Boolean(r.ticket_printed) },
  };
}
