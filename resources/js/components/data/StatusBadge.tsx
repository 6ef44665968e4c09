import type { ReactNode } from 'react';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@shared/support';
import { SALE_STATUS_LABELS, SALE_STATUS_TONES } from '@shared/sales';
import { SETTLEMENT_STATUS_LABELS, type SettlementStatus } from '@shared/settlements';
import { CASH_OPERATION_STATUS_LABELS, type CashOperationStatus } from '@shared/cash-operations';
import { FISCAL_STATES, FISCAL_STATE_TONES } from '@shared/fiscal';
import {
  COUNT_STATUS_LABELS,
  type CountStatus,
  ENTRY_STATUS_LABELS,
  type EntryStatus,
  TRANSFER_STATUS_LABELS,
  TRANSFER_STATUS_TONES,
} from '@shared/stock';

const TONES = {
  success: 'text-bg-success',
  secondary: 'text-bg-secondary',
  warning: 'text-bg-warning',
  danger: 'text-bg-danger',
  info: 'text-bg-info',
  primary: 'text-bg-primary',
  dark: 'text-bg-dark',
  light: 'app-badge-soft',
} as const;
export type BadgeTone = keyof typeof TONES;

/** A small coloured label: "Actif", "Dépôt", "Comptant", "obligatoire"… */
export function Badge({
  tone = 'secondary',
  children,
  className = '',
  title,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  return (
    <span className={`badge rounded-pill ${TONES[tone]} ${className}`} title={title}>
      {children}
    </span>
  );
}

/** The kinds of document whose status has a badge; sales documents add theirs here. */
const DOCUMENT_STATUSES = {
  entry: {
    labels: ENTRY_STATUS_LABELS,
    tones: { validated: 'success', cancelled: 'secondary' } satisfies Record<EntryStatus, BadgeTone>,
  },
  transfer: { labels: TRANSFER_STATUS_LABELS, tones: TRANSFER_STATUS_TONES },
  count: {
    labels: COUNT_STATUS_LABELS,
    tones: { open: 'info', validated: 'success', cancelled: 'secondary' } satisfies Record<CountStatus, BadgeTone>,
  },
  ticket: {
    labels: TICKET_STATUS_LABELS,
    tones: {
      ouvert: 'info',
      en_cours: 'primary',
      en_attente: 'warning',
      resolu: 'success',
      ferme: 'secondary',
    } satisfies Record<TicketStatus, BadgeTone>,
  },
  // A sale's status as read (payée, partiellement payée, impayée, annulée).
  sale: { labels: SALE_STATUS_LABELS, tones: SALE_STATUS_TONES as Record<keyof typeof SALE_STATUS_TONES, BadgeTone> },
  settlement: {
    labels: SETTLEMENT_STATUS_LABELS,
    tones: { validated: 'success', cancelled: 'secondary' } satisfies Record<SettlementStatus, BadgeTone>,
  },
  // A caisse operation (CAI-): a transfer in transit until the receiving desk confirms it.
  cash: {
    labels: CASH_OPERATION_STATUS_LABELS,
    tones: { done: 'success', in_transit: 'warning', received: 'success', cancelled: 'secondary' } satisfies Record<
      CashOperationStatus,
      BadgeTone
    >,
  },
  // A certified document's standing with the DGI (en attente, certifiée, refusée, incertaine).
  fiscal: { labels: FISCAL_STATES, tones: FISCAL_STATE_TONES },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_STATUSES;

type StatusBadgeProps =
  /** Active / archived master-data record ("Active"/"Archivée" with `feminine`). */
  | { active: boolean; feminine?: boolean }
  /** Status of a document, with the server's label when it sent one. */
  | { kind: DocumentKind; status: string; label?: string };

/**
 * The status of a record or a document as one coloured badge (data-status carries the raw value):
 *
 *   <StatusBadge active={client.active} />   <StatusBadge kind="transfer" status={t.status} label={t.status_label} />
 */
export function StatusBadge(props: StatusBadgeProps) {
  let status: string;
  let tone: BadgeTone;
  let text: string;
  if ('active' in props) {
    status = props.active ? 'active' : 'archived';
    tone = props.active ? 'success' : 'secondary';
    text = props.active ? (props.feminine ? 'Active' : 'Actif') : props.feminine ? 'Archivée' : 'Archivé';
  } else {
    const kind = DOCUMENT_STATUSES[props.kind];
    status = props.status;
    tone = (kind.tones as Record<string, BadgeTone>)[status] ?? 'secondary';
    text = props.label ?? (kind.labels as Record<string, string>)[status] ?? status;
  }
  return (
    <span data-status={status}>
      <Badge tone={tone} className="app-status">
        {text}
      </Badge>
    </span>
  );
}
