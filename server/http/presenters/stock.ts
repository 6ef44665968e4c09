import type { AdjustmentPrintLine, AdjustmentPrintProps, CountLineView, CountSessionRow, CountSessionView, CountSummaryView, EntriesStatementProps, EntryLineView, EntryRow, EntryView, PrintCompany, ProductStockSectionsProps, ReadjustmentRow, TransferLineView, TransferRow, TransferView } from '../../../shared/stock-pages.js';
import type { LocationOption, Option, Paginated } from '../../../shared/lists.js';
import {
  COUNT_STATUS_LABELS,
  type CountStatus,
  ENTRY_STATUS_LABELS,
  type EntryStatus,
  MOVED_POLICY_LABELS,
  MOVEMENT_TYPE_LABELS,
  type MovedPolicy,
  READJUSTMENT_REASON_LABELS,
  type ReadjustmentReason,
  TRANSFER_STATUS_LABELS,
  type TransferStatus,
} from '../../../shared/stock.js';
import { toBool } from '../../db/dialect.js';
import { valueOf } from '../../domain/stock/cmup.js';
import { type CountLineResult, type CountOptions, type CountSummary, countLineResult, summarizeCount } from '../../domain/stock/count.js';
import type { PageResult, Row } from '../../services/stock/queries.js';

/** Stock rows → page props. Costs only reach users allowed to see them (`showCosts`). */

const n = (v: unknown): number => Number(v ?? 0);
const nOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function presentPage<T>(result: PageResult, map: (row: Row) => T): Paginated<T> {
  return { data: result.rows.map(map), page: result.page, per_page: result.perPage, total: result.total, last_page: result.lastPage };
}

export function presentLocations(rows: Row[]): LocationOption[] {
  return rows.map((r) => ({ value: String(r.id), label: r.name, code: r.code, kind: r.kind, active: toBool(r.active) }));
}

export function presentOptions(rows: Row[]): Option[] {
  return rows.map((r) => ({ value: String(r.id), label: r.code ? `${r.name} (${r.code})` : r.name }));
}

export function presentPrintCompany(c: { name: string; address: string; city: string; phones: string; email: string; rccm: string; tax_number: string; currency: string }): PrintCompany {
  return { name: c.name, address: c.address, city: c.city, phones: c.phones, email: c.email, rccm: c.rccm, tax_number: c.tax_number, currency: c.currency };
}

/** Where a movement's document is shown. */
export function documentUrl(type: string, id: unknown): string | null {
  if (id === null || id === undefined) return null;
  switch (type) {
    case 'stock_entry':
      return `/operations/entreestock/${id}`;
    case 'transfer':
      return `/operations/sortiestock/transferts/${id}`;
    case 'inventory_count':
      return `/operations/gestionstock/${id}`;
    case 'stock_adjustment':
      return `/operations/gestionstock/reajustements/${id}/print`;
    default:
      return null;
  }
}

// ——— Entries ———

export function presentEntryRow(r: Row): EntryRow {
  return {
    id: n(r.id),
    number: r.number,
    entry_date: r.entry_date,
    supplier_name: r.supplier_name,
    location_name: r.location_name,
    supplier_ref: r.supplier_ref ?? '',
    line_count: n(r.line_count),
    total_quantity: n(r.total_quantity),
    total_amount: n(r.total_amount),
    status: r.status as EntryStatus,
    status_label: ENTRY_STATUS_LABELS[r.status as EntryStatus] ?? r.status,
  };
}

export function presentEntry({ entry: e, lines }: { entry: Row; lines: Row[] }): EntryView {
  return {
    id: n(e.id),
    number: e.number,
    entry_date: e.entry_date,
    supplier: { id: n(e.supplier_id), code: e.supplier_code, name: e.supplier_name },
    location: { id: n(e.location_id), name: e.location_name },
    supplier_ref: e.supplier_ref ?? '',
    note: e.note ?? '',
    status: e.status,
    status_label: ENTRY_STATUS_LABELS[e.status as EntryStatus] ?? e.status,
    line_count: n(e.line_count),
    total_quantity: n(e.total_quantity),
    total_amount: n(e.total_amount),
    created_by: e.created_by_name ?? null,
    created_at: e.created_at,
    cancelled_by: e.cancelled_by_name ?? null,
    cancelled_at: e.cancelled_at ?? null,
    cancel_reason: e.cancel_reason ?? null,
    version: n(e.version),
    lines: lines.map(
      (l): EntryLineView => ({
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
      }),
    ),
  };
}

/** Rows, totals (validated entries only) and per-supplier subtotals of the period statement. */
export function presentEntryStatement(rows: Row[]): Pick<EntriesStatementProps, 'rows' | 'totals' | 'by_supplier'> {
  const present = rows.map((r) => ({ ...presentEntryRow(r), created_by: (r.created_by_name as string | null) ?? null }));
  const valid = present.filter((r) => r.status === 'validated');
  const bySupplier = new Map<string, { supplier_name: string; count: number; amount: number }>();
  for (const r of valid) {
    const s = bySupplier.get(r.supplier_name) ?? { supplier_name: r.supplier_name, count: 0, amount: 0 };
    s.count++;
    s.amount += r.total_amount;
    bySupplier.set(r.supplier_name, s);
  }
  return {
    rows: present,
    totals: {
      count: valid.length,
      quantity: valid.reduce((s, r) => s + r.total_quantity, 0),
      amount: valid.reduce((s, r) => s + r.total_amount, 0),
      cancelled_count: present.length - valid.length,
    },
    by_supplier: [...bySupplier.values()].sort((a, b) => b.amount - a.amount || a.supplier_name.localeCompare(b.supplier_name, 'fr')),
  };
}

// ——— Transfers ———

export function presentTransferRow(r: Row): TransferRow {
  return {
    id: n(r.id),
    number: r.number,
    transfer_date: r.transfer_date,
    from_name: r.from_name,
    to_name: r.to_name,
    line_count: n(r.line_count),
    total_quantity_sent: n(r.total_quantity_sent),
    total_quantity_received: nOrNull(r.total_quantity_received),
    status: r.status as TransferStatus,
    status_label: TRANSFER_STATUS_LABELS[r.status as TransferStatus] ?? r.status,
    sent_by: r.sent_by_name ?? null,
    received_date: r.received_date ?? null,
    reprint_count: n(r.reprint_count),
    cancel_reason: r.cancel_reason ?? null,
    version: n(r.version),
  };
}

export function presentTransfer({ transfer: t, lines }: { transfer: Row; lines: Row[] }, showCosts: boolean): TransferView {
  return {
    id: n(t.id),
    number: t.number,
    transfer_date: t.transfer_date,
    from: { id: n(t.from_location_id), name: t.from_name },
    to: { id: n(t.to_location_id), name: t.to_name },
    status: t.status,
    status_label: TRANSFER_STATUS_LABELS[t.status as TransferStatus] ?? t.status,
    note: t.note ?? '',
    line_count: n(t.line_count),
    total_quantity_sent: n(t.total_quantity_sent),
    total_quantity_received: nOrNull(t.total_quantity_received),
    total_value: showCosts ? n(t.total_value) : null,
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
    reprint_count: n(t.reprint_count),
    last_reprinted_at: t.last_reprinted_at ?? null,
    version: n(t.version),
    lines: lines.map((l): TransferLineView => {
      const received = nOrNull(l.quantity_received);
      return {
        position: n(l.position),
        product_id: n(l.product_id),
        product_code: l.product_code,
        product_name: l.product_name,
        barcode: l.barcode ?? null,
        unit: l.unit,
        quantity_sent: n(l.quantity_sent),
        quantity_received: received,
        difference: received === null ? null : received - n(l.quantity_sent),
        difference_reason: l.difference_reason ?? null,
        unit_cost: showCosts ? n(l.unit_cost) : null,
      };
    }),
  };
}

// ——— Inventory ———

export function presentCountSessionRow(r: Row, showValues: boolean): CountSessionRow {
  const validated = r.status === 'validated';
  return {
    id: n(r.id),
    number: r.number ?? null,
    location_name: r.location_name,
    count_date: r.count_date,
    categories: toBool(r.all_categories) ? 'Tous les produits' : (r.category_names as string[]).join(', '),
    blind: toBool(r.blind),
    status: r.status as CountStatus,
    status_label: COUNT_STATUS_LABELS[r.status as CountStatus] ?? r.status,
    line_count: n(r.line_count),
    counted_count: n(r.counted_count),
    adjusted_lines: validated ? n(r.adjusted_lines) : null,
    net_value: validated && showValues ? n(r.gain_value) - n(r.loss_value) : null,
    created_by: r.created_by_name ?? null,
  };
}

export function presentReadjustmentRow(r: Row, showValues: boolean): ReadjustmentRow {
  return {
    id: n(r.id),
    number: r.number,
    adjustment_date: r.adjustment_date,
    location_name: r.location_name,
    reason: r.reason as ReadjustmentReason,
    reason_label: READJUSTMENT_REASON_LABELS[r.reason as ReadjustmentReason] ?? r.reason,
    note: r.note ?? '',
    line_count: n(r.line_count),
    total_value: showValues ? n(r.total_value) : null,
    created_by: r.created_by_name ?? null,
  };
}

export function countLabel(r: Row): string {
  return r.number ? r.number : `Inventaire n° ${r.id} (en cours)`;
}

export function presentCountSession(r: Row): CountSessionView {
  const policy = (r.moved_policy as MovedPolicy | null) ?? null;
  return {
    id: n(r.id),
    number: r.number ?? null,
    label: r.status === 'open' ? `Inventaire n° ${r.id}` : r.status === 'cancelled' ? `Inventaire n° ${r.id} (abandonné)` : r.number,
    location: { id: n(r.location_id), name: r.location_name },
    count_date: r.count_date,
    blind: toBool(r.blind),
    categories: toBool(r.all_categories) ? 'Tous les produits' : (r.categories as Row[]).map((c) => c.name).join(', '),
    status: r.status,
    status_label: COUNT_STATUS_LABELS[r.status as CountStatus] ?? r.status,
    note: r.note ?? '',
    snapshot_at: r.snapshot_at,
    line_count: n(r.line_count),
    counted_count: n(r.counted_count),
    created_by: r.created_by_name ?? null,
    validated_by: r.validated_by_name ?? null,
    validated_at: r.validated_at ?? null,
    moved_policy: policy,
    moved_policy_label: policy ? MOVED_POLICY_LABELS[policy] : null,
    uncounted_as_zero: r.uncounted_as_zero === null || r.uncounted_as_zero === undefined ? null : toBool(r.uncounted_as_zero),
    cancelled_by: r.cancelled_by_name ?? null,
    cancelled_at: r.cancelled_at ?? null,
    cancel_reason: r.cancel_reason ?? null,
    version: n(r.version),
  };
}

/**
 * A count line. `reveal` = the user may see theoretical quantities and differences (validators,
 * or anyone when the count is not blind); `showCosts` adds the values at CMUP. For an open
 * session `result` is the preview computed under the chosen options; for a validated one the
 * stored figures are used.
 */
export function presentCountLine(r: Row, session: Row, result: CountLineResult | null, reveal: boolean, showCosts: boolean): CountLineView {
  const validated = session.status === 'validated';
  const theoretical = n(r.theoretical_quantity);
  const current = validated ? n(r.stock_at_validation) : n(r.current_quantity);
  const adjustment = validated ? nOrNull(r.adjustment_quantity) : result && result.counted !== null ? result.adjustment : null;
  const unitCost = validated ? n(r.unit_cost) : n(r.cmup);
  const counted = nOrNull(r.counted_quantity);
  return {
    product_id: n(r.product_id),
    code: r.code,
    barcode: r.barcode ?? null,
    name: r.name,
    category: r.category_name,
    unit: r.unit,
    pack_size: n(r.pack_size ?? 1),
    counted,
    counted_by: r.counted_by_name ?? null,
    counted_at: r.counted_at ?? null,
    theoretical: reveal ? theoretical : null,
    current: reveal ? current : null,
    moved: reveal ? current - theoretical : null,
    difference: reveal && counted !== null ? counted - theoretical : null,
    adjustment: reveal ? adjustment : null,
    unit_cost: reveal && showCosts ? unitCost : null,
    value: reveal && showCosts && adjustment !== null ? valueOf(adjustment, unitCost) : null,
  };
}

export function presentCountSummary(s: CountSummary, showCosts: boolean): CountSummaryView {
  return {
    lines: s.lines,
    counted: s.counted,
    uncounted: s.uncounted,
    moved: s.moved,
    adjusted: s.adjusted,
    gain_quantity: s.gainQuantity,
    loss_quantity: s.lossQuantity,
    gain_value: showCosts ? s.gainValue : 0,
    loss_value: showCosts ? s.lossValue : 0,
    net_value: showCosts ? s.netValue : 0,
  };
}

export function presentAdjustmentLines(rows: Array<{ code: string; name: string; unit: string; before: number; counted: number | null; adjustment: number; unit_cost: number }>): AdjustmentPrintLine[] {
  return rows.map((r) => ({ ...r, value: valueOf(r.adjustment, r.unit_cost) }));
}

// ——— Product ———

export function presentProductStock(
  data: { product: Row; locations: Row[]; inTransit: number; movements: PageResult; history: Row[] },
  showCosts: boolean,
  currency: string,
): ProductStockSectionsProps {
  const cmup = n(data.product.cmup);
  const total = data.locations.reduce((s, l) => s + n(l.quantity), 0) + data.inTransit;
  return {
    currency,
    show_costs: showCosts,
    product: {
      id: n(data.product.id),
      code: data.product.code,
      name: data.product.name,
      unit: data.product.unit,
      cmup: showCosts ? cmup : null,
      purchase_price: showCosts ? n(data.product.purchase_price) : null,
      active: toBool(data.product.active),
      alert_threshold: n(data.product.alert_threshold),
    },
    locations: data.locations.map((l) => ({ id: n(l.id), name: l.name, kind: l.kind, quantity: n(l.quantity), value: showCosts ? valueOf(n(l.quantity), cmup) : null })),
    in_transit: data.inTransit,
    total_quantity: total,
    total_value: showCosts ? valueOf(total, cmup) : null,
    movements: data.movements.rows.map((m) => ({
      id: n(m.id),
      business_date: m.business_date,
      created_at: m.created_at,
      location_name: m.location_name,
      type: m.movement_type,
      type_label: MOVEMENT_TYPE_LABELS[m.movement_type] ?? m.movement_type,
      quantity: n(m.quantity),
      unit_cost: showCosts ? n(m.unit_cost) : null,
      document_number: m.document_number ?? null,
      document_url: documentUrl(m.document_type, m.document_id),
      user_name: m.user_name ?? null,
      reason: m.reason ?? null,
    })),
    movements_page: { page: data.movements.page, last_page: data.movements.lastPage, total: data.movements.total, per_page: data.movements.perPage },
    cmup_history: showCosts
      ? data.history.map((h) => ({
          id: n(h.id),
          changed_at: h.changed_at,
          business_date: h.business_date,
          old_cmup: n(h.old_cmup),
          new_cmup: n(h.new_cmup),
          quantity_before: n(h.quantity_before),
          quantity: n(h.quantity),
          unit_cost: n(h.unit_cost),
          type_label: MOVEMENT_TYPE_LABELS[h.movement_type] ?? h.movement_type,
          document_number: h.document_number ?? null,
          document_url: documentUrl(h.document_type, h.document_id),
          user_name: h.user_name ?? null,
        }))
      : null,
  };
}

// ——— Inventory previews and printouts ———

/** The preview result of an open session's line under the chosen options (null once validated). */
export function previewResult(r: Row, session: Row, options: CountOptions): CountLineResult | null {
  if (session.status !== 'open') return null;
  return countLineResult(
    { theoretical: n(r.theoretical_quantity), counted: nOrNull(r.counted_quantity), current: n(r.current_quantity), unitCost: n(r.cmup) },
    options,
  );
}

/** Totals of a session: a preview while open, the stored figures once validated. */
export function countSummaryFor(session: Row, rows: Row[], options: CountOptions, showCosts: boolean): CountSummaryView {
  if (session.status === 'validated') {
    const counted = rows.filter((r) => r.counted_quantity !== null).length;
    const summary: CountSummary = {
      lines: rows.length,
      counted,
      uncounted: rows.length - counted,
      moved: rows.filter((r) => r.stock_at_validation !== null && n(r.stock_at_validation) !== n(r.theoretical_quantity)).length,
      adjusted: n(session.adjusted_lines),
      gainQuantity: n(session.gain_quantity),
      lossQuantity: n(session.loss_quantity),
      gainValue: n(session.gain_value),
      lossValue: n(session.loss_value),
      netValue: n(session.gain_value) - n(session.loss_value),
      needsPolicy: false,
    };
    return presentCountSummary(summary, showCosts);
  }
  const facts = rows.map((r) => ({ theoretical: n(r.theoretical_quantity), counted: nOrNull(r.counted_quantity), current: n(r.current_quantity), unitCost: n(r.cmup) }));
  return presentCountSummary(summarizeCount(facts, options), showCosts);
}

/** Lines of the count sheet: theoretical quantities only when revealed; counted ones unless blank. */
export function countSheetLines(rows: Row[], reveal: boolean, blank: boolean) {
  return rows.map((r) => ({
    code: r.code as string,
    name: r.name as string,
    category: r.category_name as string,
    unit: r.unit as string,
    theoretical: reveal ? n(r.theoretical_quantity) : null,
    counted: blank ? null : nOrNull(r.counted_quantity),
  }));
}

function totalsOf(lines: AdjustmentPrintLine[]) {
  let gain_quantity = 0;
  let loss_quantity = 0;
  let gain_value = 0;
  let loss_value = 0;
  for (const l of lines) {
    if (l.adjustment > 0) {
      gain_quantity += l.adjustment;
      gain_value += l.value;
    } else if (l.adjustment < 0) {
      loss_quantity -= l.adjustment;
      loss_value -= l.value;
    }
  }
  return { gain_quantity, loss_quantity, gain_value, loss_value, net_value: gain_value - loss_value };
}

/** État d'ajustement of a validated count: the lines that were adjusted. */
export function sessionAdjustmentPrint(session: Row, rows: Row[]): Pick<AdjustmentPrintProps, 'kind' | 'document' | 'lines' | 'totals'> {
  const view = presentCountSession(session);
  const lines = presentAdjustmentLines(
    rows
      .filter((r) => r.adjustment_quantity !== null && n(r.adjustment_quantity) !== 0)
      .map((r) => ({ code: r.code, name: r.name, unit: r.unit, before: n(r.stock_at_validation), counted: nOrNull(r.counted_quantity), adjustment: n(r.adjustment_quantity), unit_cost: n(r.unit_cost) })),
  );
  return {
    kind: 'count',
    document: {
      number: session.number,
      date: session.count_date,
      location: session.location_name,
      title: "État d'ajustement d'inventaire",
      subtitle: `${view.categories}${view.blind ? ' — comptage à l’aveugle' : ''}${view.moved_policy_label ? ` — mouvements après l'instantané : ${view.moved_policy_label.toLowerCase()}` : ''}${view.uncounted_as_zero ? ' — produits non comptés considérés absents' : ''}`,
      note: session.note ?? '',
      validated_by: session.validated_by_name ?? null,
      validated_at: session.validated_at ?? null,
    },
    lines,
    totals: totalsOf(lines),
  };
}

/** État d'ajustement of a direct readjustment. */
export function readjustmentPrint({ adjustment: a, lines: rows }: { adjustment: Row; lines: Row[] }): Pick<AdjustmentPrintProps, 'kind' | 'document' | 'lines' | 'totals'> {
  const lines = presentAdjustmentLines(rows.map((r) => ({ code: r.code, name: r.name, unit: r.unit, before: n(r.stock_before), counted: null, adjustment: n(r.quantity), unit_cost: n(r.unit_cost) })));
  return {
    kind: 'readjustment',
    document: {
      number: a.number,
      date: a.adjustment_date,
      location: a.location_name,
      title: `Réajustement de stock — ${READJUSTMENT_REASON_LABELS[a.reason as ReadjustmentReason] ?? a.reason}`,
      subtitle: '',
      note: a.note ?? '',
      validated_by: a.created_by_name ?? null,
      validated_at: a.created_at ?? null,
    },
    lines,
    totals: totalsOf(lines),
  };
}
