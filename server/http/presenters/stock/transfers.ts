import type {
  TransferLineView,
  TransferRow,
  TransfersShowProps,
  TransferView,
} from '../../../../shared/pages/stock.js';
import { TRANSFER_STATUS_LABELS, type TransferStatus } from '../../../../shared/stock.js';
import { canTransfer } from '../../../domain/stock/transfer-state.js';
import type { Row } from '../../../services/stock/lookups.js';
import { withoutCosts } from '../../../policies/index.js';
import type { DifferenceValues } from '../../../services/stock/transfer-queries.js';
import { valueOf } from '../../../domain/stock/cmup.js';
import { n, nOrNull } from './common.js';

/** Transfer rows → page props. Costs only reach users allowed to see them (`showCosts`). */

export function presentTransferRow(r: Row): TransferRow {
  return {
    id: n(r.id),
    number: r.number,
    transfer_date: r.transfer_date,
    from_name: r.from_name,
    to_name: r.to_name,
    line_count: n(r.line_count),
    status: r.status as TransferStatus,
    status_label: TRANSFER_STATUS_LABELS[r.status as TransferStatus] ?? r.status,
    sent_by: r.sent_by_name ?? null,
    received_date: r.received_date ?? null,
    reprint_count: n(r.reprints ?? 0),
    cancel_reason: r.cancel_reason ?? null,
    version: n(r.version),
    cancellable: canTransfer(r.status as TransferStatus, 'cancel'),
  };
}

/**
 * A transfer's props. `showCosts`: unit costs and the value sent (the detail page for users who see
 * costs; absent otherwise — withoutCosts). `showDifferenceValues`: a received transfer's differences
 * valued at the CMUP at sending — per line and in total (loss, surplus) — on the detail page and the
 * printout for users who see costs; without it those fields are absent from the props.
 */
export function presentTransfer(
  { transfer: t, lines, differenceValues }: { transfer: Row; lines: Row[]; differenceValues?: DifferenceValues | null },
  showCosts: boolean,
  showDifferenceValues = showCosts,
): TransferView {
  const valued = showDifferenceValues && differenceValues ? differenceValues : null;
  const view: TransferView = withoutCosts(
    {
      id: n(t.id),
      number: t.number,
      transfer_date: t.transfer_date,
      from: { id: n(t.from_location_id), name: t.from_name },
      to: { id: n(t.to_location_id), name: t.to_name },
      status: t.status,
      status_label: TRANSFER_STATUS_LABELS[t.status as TransferStatus] ?? t.status,
      note: t.note ?? '',
      line_count: n(t.line_count),
      total_value: n(t.total_value),
      sent_by: t.sent_by_name ?? null,
      sent_at: t.sent_at,
      received_by: t.received_by_name ?? null,
      received_at: t.received_at ?? null,
      received_date: t.received_date ?? null,
      reception_note: t.reception_note ?? null,
      cancelled_by: t.cancelled_by_name ?? null,
      cancelled_at: t.cancelled_at ?? null,
      cancel_reason: t.cancel_reason ?? null,
      status_before_cancel: (t.status_before_cancel as TransferStatus | null) ?? null,
      reprint_count: n(t.reprints ?? 0),
      last_reprinted_at: t.last_reprint_at ?? null,
      version: n(t.version),
      lines: lines.map((l): TransferLineView => {
        const received = nOrNull(l.quantity_received);
        const difference = received === null ? null : received - n(l.quantity_sent);
        const line: TransferLineView = withoutCosts(
          {
            position: n(l.position),
            product_id: n(l.product_id),
            product_code: l.product_code,
            product_name: l.product_name,
            barcode: l.barcode ?? null,
            unit: l.unit,
            quantity_sent: n(l.quantity_sent),
            quantity_received: received,
            difference,
            difference_reason: l.difference_reason ?? null,
            unit_cost: n(l.unit_cost),
          },
          showCosts,
        );
        return valued && difference !== null
          ? { ...line, difference_value: valueOf(difference, n(l.unit_cost)) }
          : line;
      }),
    },
    showCosts,
  );
  // Added after withoutCosts: the printout shows them (showDifferenceValues) without the unit costs.
  return valued
    ? { ...view, difference_values: { loss: valued.loss, surplus: valued.surplus, net: valued.net } }
    : view;
}

/** What the transfer's state still allows (the user's permissions are the `can` props). */
export function transferActions(transfer: Row): TransfersShowProps['actions'] {
  const status = transfer.status as TransferStatus;
  return { receive: canTransfer(status, 'receive'), cancel: canTransfer(status, 'cancel') };
}
