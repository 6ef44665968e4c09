import { DOCUMENT_TYPES } from '../../../shared/documents.js';
import { FISCAL_EVENTS, FISCAL_STATES } from '../../../shared/fiscal.js';
import type { FiscalQueueRow } from '../../../shared/pages/fiscal-queue.js';
import { route } from '../../../shared/routes.js';
import type { QueueEventRow, QueueRow, UncertifiedDocumentRow } from '../../services/fiscal/queue-queries.js';
import type { UncertifiedDocument } from '../../../shared/pages/cash-closings.js';

/** An outbox row as the queue screen shows it, with its history and what may be done with it. */
export function presentQueueRow(row: QueueRow, events: readonly QueueEventRow[]): FiscalQueueRow {
  const decl = DOCUMENT_TYPES[row.document_type];
  return {
    id: Number(row.id),
    document_type: row.document_type,
    document_label: decl.label,
    number: row.number ?? `${decl.label} ${row.document_id}`,
    document_url: route(decl.show.route, { id: row.document_id }),
    document_date: row.document_date,
    location_name: row.location_name,
    state: row.state,
    state_label: FISCAL_STATES[row.state],
    attempts: Number(row.attempts),
    next_attempt_at: row.state === 'pending' ? row.next_attempt_at : null,
    queued_at: row.created_at,
    updated_at: row.updated_at,
    certified_at: row.certified_at,
    fiscal_number: row.fiscal_number,
    qr_content: row.qr_content,
    error_message: row.error_message,
    manual: row.manual,
    events: events.map((e) => ({
      at: e.at,
      kind: e.kind,
      label: FISCAL_EVENTS[e.kind] ?? e.kind,
      detail: e.detail,
      user_name: e.user_name,
    })),
    can: { resend: row.state === 'refused' || row.state === 'uncertain', record_reference: row.state === 'uncertain' },
  };
}

/** A document of a closed day the DGI has not certified, as the closing's page and printout name it. */
export function presentUncertified(row: UncertifiedDocumentRow): UncertifiedDocument {
  const decl = DOCUMENT_TYPES[row.document_type];
  return {
    number: row.number,
    document_label: decl.label,
    url: route(decl.show.route, { id: row.document_id }),
    state: row.state,
    state_label: FISCAL_STATES[row.state],
    error_message: row.error_message,
  };
}
