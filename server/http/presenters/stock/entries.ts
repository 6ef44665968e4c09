import type { PrintMeta } from '../../../../shared/print.js';
import type {
  EntriesShowProps,
  EntriesStatementProps,
  EntryLineView,
  EntryRow,
  EntryView,
} from '../../../../shared/pages/stock.js';
import { type LeftGoods, entryCancellationRefusal } from '../../../domain/stock/cancellation.js';
import {
  ENTRY_KIND_LABELS,
  ENTRY_STATUS_LABELS,
  type EntryKind,
  type EntryStatus,
  OPENING_STOCK_LABEL,
} from '../../../../shared/stock.js';
import type { EntryStatementData } from '../../../services/stock/entry-queries.js';
import type { Row } from '../../../services/stock/lookups.js';
import { withoutCosts } from '../../../policies/index.js';
import { n } from './common.js';

/** Stock entry rows → page props; amounts and costs only for those who see costs (withoutCosts). */

const entryKind = (kind: unknown): EntryKind => (kind === 'opening' ? 'opening' : 'supplier');

export function presentEntryRow(r: Row, showCosts: boolean): EntryRow {
  return withoutCosts(
    {
      id: n(r.id),
      number: r.number,
      entry_date: r.entry_date,
      kind: entryKind(r.kind),
      supplier_name: entryKind(r.kind) === 'opening' ? OPENING_STOCK_LABEL : r.supplier_name,
      location_name: r.location_name,
      supplier_ref: r.supplier_ref ?? '',
      line_count: n(r.line_count),
      total_amount: n(r.total_amount),
      status: r.status as EntryStatus,
      status_label: ENTRY_STATUS_LABELS[r.status as EntryStatus] ?? r.status,
    },
    showCosts,
  );
}

export function presentEntry({ entry: e, lines }: { entry: Row; lines: Row[] }, showCosts: boolean): EntryView {
  return withoutCosts(
    {
      id: n(e.id),
      number: e.number,
      entry_date: e.entry_date,
      kind: entryKind(e.kind),
      kind_label: ENTRY_KIND_LABELS[entryKind(e.kind)],
      supplier:
        entryKind(e.kind) === 'opening' ? null : { id: n(e.supplier_id), code: e.supplier_code, name: e.supplier_name },
      location: { id: n(e.location_id), name: e.location_name },
      supplier_ref: e.supplier_ref ?? '',
      note: e.note ?? '',
      status: e.status,
      status_label: ENTRY_STATUS_LABELS[e.status as EntryStatus] ?? e.status,
      line_count: n(e.line_count),
      total_amount: n(e.total_amount),
      created_by: e.created_by_name ?? null,
      created_at: e.created_at,
      cancelled_by: e.cancelled_by_name ?? null,
      cancelled_at: e.cancelled_at ?? null,
      cancel_reason: e.cancel_reason ?? null,
      version: n(e.version),
      lines: lines.map((l): EntryLineView =>
        withoutCosts(
          {
            position: n(l.position),
            product_id: n(l.product_id),
            product_code: l.product_code,
            product_name: l.product_name,
            unit: l.unit,
            entry_unit: l.entry_unit === 'pack' ? 'pack' : 'unit',
            pack_size: n(l.pack_size),
            entered_quantity: n(l.entered_quantity),
            quantity: n(l.quantity),
            unit_cost: n(l.unit_cost),
            amount: n(l.amount),
            cmup_before: n(l.cmup_before),
            cmup_after: n(l.cmup_after),
          },
          showCosts,
        ),
      ),
    },
    showCosts,
  );
}

/** The period statement: its rows, the totals and per-supplier subtotals computed by the service. */
export function presentEntryStatement(
  s: EntryStatementData,
  includeCancelled: boolean,
  period: { from: string; to: string },
  showCosts: boolean,
): Omit<EntriesStatementProps, keyof PrintMeta> {
  return {
    filters: {
      from: period.from,
      to: period.to,
      supplier: s.supplierName,
      location: s.locationName,
      include_cancelled: includeCancelled,
    },
    rows: s.rows.map((r) => ({
      ...presentEntryRow(r, showCosts),
      created_by: (r.created_by_name as string | null) ?? null,
    })),
    totals: withoutCosts(s.totals, showCosts),
    by_supplier: s.bySupplier.map((b) => withoutCosts(b, showCosts)),
    truncated: s.truncated,
  };
}

/**
 * Whether the entry can still be cancelled, and why not: the show page says it instead of opening
 * the reason dialog. `shortages` is null for an entry that is no longer validated.
 */
export function presentEntryCancellation(
  e: Row,
  shortages: { total: number; first: LeftGoods[] } | null,
): EntriesShowProps['cancellation'] {
  if (!shortages) return { possible: false, blocked_reason: null };
  if (shortages.total === 0) return { possible: true, blocked_reason: null };
  return {
    possible: false,
    blocked_reason: entryCancellationRefusal(e.number, e.location_name, shortages.first, shortages.total),
  };
}
