import type {
  AdjustmentPrintLine,
  AdjustmentPrintProps,
  CountLineView,
  CountSessionRow,
  CountSessionView,
  CountSheetPrintProps,
  CountSummaryView,
  ReadjustmentRow,
} from '../../../../shared/pages/stock.js';
import {
  COUNT_STATUS_LABELS,
  type CountStatus,
  MOVED_POLICY_LABELS,
  type MovedPolicy,
  READJUSTMENT_REASON_LABELS,
  type ReadjustmentReason,
} from '../../../../shared/stock.js';
import { toBool } from '../../../db/dialect.js';
import { valueOf } from '../../../domain/stock/cmup.js';
import {
  type CountLineResult,
  type CountOptions,
  type CountSummary,
  countLineResult,
} from '../../../domain/stock/count.js';
import type { AdjustmentTotals } from '../../../services/stock/count-queries.js';
import type { Row } from '../../../services/stock/lookups.js';
import { withoutCosts } from '../../../policies/index.js';
import { n, nOrNull } from './common.js';

/** Inventory rows → page props: count sessions, their lines and totals, readjustments, printouts. */

export function presentCountSessionRow(r: Row, showValues: boolean): CountSessionRow {
  const validated = r.status === 'validated';
  return withoutCosts(
    {
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
      net_value: validated ? n(r.gain_value) - n(r.loss_value) : null,
      created_by: r.created_by_name ?? null,
    },
    showValues,
  );
}

export function presentReadjustmentRow(r: Row, showValues: boolean): ReadjustmentRow {
  return withoutCosts(
    {
      id: n(r.id),
      number: r.number,
      adjustment_date: r.adjustment_date,
      location_name: r.location_name,
      reason: r.reason as ReadjustmentReason,
      reason_label: READJUSTMENT_REASON_LABELS[r.reason as ReadjustmentReason] ?? r.reason,
      note: r.note ?? '',
      line_count: n(r.line_count),
      total_value: n(r.total_value),
      created_by: r.created_by_name ?? null,
    },
    showValues,
  );
}

/** A count's reference: its INV- number (given when it opens); counts opened before that rule, « Inventaire n° id ». */
export function countReference(r: Row): string {
  return (r.number as string | null) ?? `Inventaire n° ${r.id}`;
}

export function presentCountSession(r: Row): CountSessionView {
  const policy = (r.moved_policy as MovedPolicy | null) ?? null;
  return {
    id: n(r.id),
    number: r.number ?? null,
    label: r.status === 'cancelled' ? `${countReference(r)} (annulé)` : countReference(r),
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
    uncounted_as_zero:
      r.uncounted_as_zero === null || r.uncounted_as_zero === undefined ? null : toBool(r.uncounted_as_zero),
    cancelled_by: r.cancelled_by_name ?? null,
    cancelled_at: r.cancelled_at ?? null,
    cancel_reason: r.cancel_reason ?? null,
    version: n(r.version),
  };
}

/** The preview result of an open session's line under the chosen options (null once validated). */
function previewResult(r: Row, session: Row, options: CountOptions): CountLineResult | null {
  if (session.status !== 'open') return null;
  return countLineResult(
    {
      theoretical: n(r.theoretical_quantity),
      counted: nOrNull(r.counted_quantity),
      current: n(r.current_quantity),
      unitCost: n(r.cmup),
    },
    options,
  );
}

/**
 * A count line. `reveal` = the user may see theoretical quantities and differences (validators,
 * or anyone when the count is not blind); `showCosts` adds the values at CMUP. For an open
 * session the adjustment is previewed under `options`; for a validated one the stored figures are used.
 */
export function presentCountLine(
  r: Row,
  session: Row,
  options: CountOptions,
  reveal: boolean,
  showCosts: boolean,
): CountLineView {
  const result = previewResult(r, session, options);
  const validated = session.status === 'validated';
  const theoretical = n(r.theoretical_quantity);
  const current = validated ? n(r.stock_at_validation) : n(r.current_quantity);
  const adjustment = validated
    ? nOrNull(r.adjustment_quantity)
    : result && result.counted !== null
      ? result.adjustment
      : null;
  const unitCost = validated ? n(r.unit_cost) : n(r.cmup);
  const counted = nOrNull(r.counted_quantity);
  return withoutCosts(
    {
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
      unit_cost: reveal ? unitCost : null,
      value: reveal && showCosts && adjustment !== null ? valueOf(adjustment, unitCost) : null,
    },
    showCosts,
  );
}

/** A session's totals (computed in SQL by countSummary); values only for those who see costs. */
export function presentCountSummary(s: CountSummary, showCosts: boolean): CountSummaryView {
  return withoutCosts(
    {
      lines: s.lines,
      counted: s.counted,
      uncounted: s.uncounted,
      moved: s.moved,
      adjusted: s.adjusted,
      gain_lines: s.gainLines,
      loss_lines: s.lossLines,
      gain_value: s.gainValue,
      loss_value: s.lossValue,
      net_value: s.netValue,
    },
    showCosts,
  );
}

/** Lines of the count sheet: theoretical quantities only when revealed; counted ones unless blank. */
export function countSheetLines(rows: Row[], reveal: boolean, blank: boolean): CountSheetPrintProps['lines'] {
  return rows.map((r) => ({
    code: r.code as string,
    name: r.name as string,
    category: r.category_name as string,
    unit: r.unit as string,
    theoretical: reveal ? n(r.theoretical_quantity) : null,
    counted: blank ? null : nOrNull(r.counted_quantity),
  }));
}

type AdjustmentPrint = Pick<AdjustmentPrintProps, 'kind' | 'document' | 'lines' | 'totals'>;

function adjustmentLine(
  r: {
    code: string;
    name: string;
    unit: string;
    before: number;
    counted: number | null;
    adjustment: number;
    unit_cost: number;
  },
  showCosts: boolean,
): AdjustmentPrintLine {
  return withoutCosts({ ...r, value: valueOf(r.adjustment, r.unit_cost) }, showCosts);
}

/** État d'ajustement of a validated count: the lines that were adjusted and their totals. */
export function sessionAdjustmentPrint(
  session: Row,
  { rows, totals }: { rows: Row[]; totals: AdjustmentTotals },
  showCosts: boolean,
): AdjustmentPrint {
  const view = presentCountSession(session);
  return {
    kind: 'count',
    document: {
      number: session.number,
      date: session.count_date,
      location: session.location_name,
      title: 'État d’ajustement d’inventaire',
      subtitle: `${view.categories}${view.blind ? ' — comptage à l’aveugle' : ''}${view.moved_policy_label ? ` — mouvements après l’instantané : ${view.moved_policy_label.toLowerCase()}` : ''}${view.uncounted_as_zero ? ' — produits non comptés considérés absents' : ''}`,
      note: session.note ?? '',
      validated_by: session.validated_by_name ?? null,
      validated_at: session.validated_at ?? null,
    },
    lines: rows.map((r) =>
      adjustmentLine(
        {
          code: r.code,
          name: r.name,
          unit: r.unit,
          before: n(r.stock_at_validation),
          counted: nOrNull(r.counted_quantity),
          adjustment: n(r.adjustment_quantity),
          unit_cost: n(r.unit_cost),
        },
        showCosts,
      ),
    ),
    totals: withoutCosts(adjustmentTotalsView(totals), showCosts),
  };
}

/** État d'ajustement of a direct readjustment. */
export function readjustmentPrint(
  { adjustment: a, lines, totals }: { adjustment: Row; lines: Row[]; totals: AdjustmentTotals },
  showCosts: boolean,
): AdjustmentPrint {
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
    lines: lines.map((r) =>
      adjustmentLine(
        {
          code: r.code,
          name: r.name,
          unit: r.unit,
          before: n(r.stock_before),
          counted: null,
          adjustment: n(r.quantity),
          unit_cost: n(r.unit_cost),
        },
        showCosts,
      ),
    ),
    totals: withoutCosts(adjustmentTotalsView(totals), showCosts),
  };
}

/** The totals a printout shows: lines with a gain or a loss and their values, never summed quantities. */
function adjustmentTotalsView(t: AdjustmentTotals) {
  return {
    gain_lines: t.gain_lines,
    loss_lines: t.loss_lines,
    gain_value: t.gain_value,
    loss_value: t.loss_value,
    net_value: t.net_value,
  };
}
