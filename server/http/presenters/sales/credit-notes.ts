import type { CorrectableSale, CreditNoteRow, CreditNoteView } from '../../../../shared/pages/sales.js';
import { fiscalBadgeOf } from '../../../services/fiscal/list-column.js';
import type { Row } from '../../../services/stock/lookups.js';
import { withoutCosts } from '../../../policies/index.js';
import { n } from '../stock/common.js';
import { toBool } from '../../../db/dialect.js';
import { lineVat } from '../../../../shared/vat.js';

/** Credit notes (AV-) → page props. Costs (the lines' unit cost, the cost total) only reach users allowed to see them. */

export function presentCreditNoteRow(r: Row): CreditNoteRow {
  return {
    id: n(r.id),
    number: r.number,
    credit_date: r.credit_date,
    sale_id: n(r.sale_id),
    sale_number: r.sale_number,
    location_name: r.location_name,
    client_name: r.client_name,
    line_count: n(r.line_count),
    refund: n(r.refunded),
    reason: r.reason,
    created_by: r.created_by_name ?? null,
    fiscal: fiscalBadgeOf(r),
  };
}

export function presentCreditNote({ note, lines }: { note: Row; lines: Row[] }, showCosts: boolean): CreditNoteView {
  return withoutCosts(
    {
      id: n(note.id),
      number: note.number,
      credit_date: note.credit_date,
      created_at: note.created_at,
      created_by: note.created_by_name ?? null,
      reason: note.reason,
      sale: { id: n(note.sale_id), number: note.sale_number, sale_date: note.sale_date },
      location_name: note.location_name,
      client_name: note.client_name,
      account_name: note.account_name ?? null,
      line_count: n(note.line_count),
      refund: n(note.refunded),
      cost_total: n(note.cost_total),
      lines: lines.map((l) =>
        withoutCosts(
          {
            position: n(l.position),
            product_code: l.product_code,
            product_name: l.product_name,
            unit: l.unit,
            quantity: n(l.quantity),
            unit_price: n(l.unit_price),
            refund: n(l.amount),
            unit_cost: n(l.unit_cost),
          },
          showCosts,
        ),
      ),
    },
    showCosts,
  );
}

export function presentCorrectableSale({
  sale,
  lines,
  notes,
}: {
  sale: Row;
  lines: Row[];
  notes: Row[];
}): CorrectableSale {
  return {
    id: n(sale.id),
    number: sale.number,
    sale_date: sale.sale_date,
    location_name: sale.location_name,
    client_name: sale.client_name,
    total_ttc: n(sale.total_ttc),
    amount_credited: n(sale.amount_credited),
    version: n(sale.version),
    lines: lines.map((l) => ({
      sale_line_id: n(l.id),
      position: n(l.position),
      product_code: l.product_code,
      product_name: l.product_name,
      unit: l.unit,
      quantity: n(l.quantity),
      returned_quantity: n(l.returned_quantity),
      returnable: n(l.quantity) - n(l.returned_quantity),
      unit_price: n(l.unit_price),
      net: n(l.net),
      allocated_discount: n(l.allocated_discount),
      refund_basis: lineVat(n(l.net) - n(l.allocated_discount), n(l.vat_amount), toBool(sale.prices_include_vat)).ttc,
    })),
    credit_notes: notes.map((c) => ({
      id: n(c.id),
      number: c.number,
      credit_date: c.credit_date,
      refund: n(c.refunded),
    })),
  };
}
