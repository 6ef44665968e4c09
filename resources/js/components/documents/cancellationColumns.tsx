import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import type { Column } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';

/** One reprint button of a cancellation row: its print preview (a DUPLICATA — or the original of a document never printed — counted and audited when printed). */
export interface ReprintLink {
  href: string;
  label: string;
  icon: 'fa-solid fa-copy' | 'fa-solid fa-receipt' | 'fa-solid fa-print';
  title?: string;
  testId: string;
}

/** What a cancellation screen tells about each of its rows. */
export interface CancellationColumnsSpec<T> {
  /** The status badge of the row. */
  badge: (row: T) => ReactNode;
  /** Reason given when the document was cancelled, and the day it was ('' / null when not). */
  reason: (row: T) => { text: string | null; on?: string | null };
  /** Lines between the reason and the reprint count (« Réglée par REG-… »). */
  extra?: (row: T) => ReactNode;
  /** How many times the document was printed again (DUPLICATA). */
  reprints: (row: T) => number;
  /** The reprint buttons of the row; shown when `canReprint`. */
  reprintLinks: (row: T) => ReprintLink[];
  canReprint: boolean;
  canCancel: boolean;
  /** The row can still be cancelled (not cancelled already, not received…). */
  cancellable: (row: T) => boolean;
  /** Why the cancellation is refused now (the button stays, disabled, with this title). */
  blocked?: (row: T) => string | null | undefined;
  onCancel: (row: T) => void;
}

/** The status cell: badge, cancellation reason with its date, extra lines, reprint count. */
function StatusCell({
  badge,
  reason,
  on,
  extra,
  reprints,
}: {
  badge: ReactNode;
  reason: string | null;
  on?: string | null;
  extra?: ReactNode;
  reprints: number;
}) {
  return (
    <>
      {badge}
      {reason ? (
        <div className="small text-body-secondary app-clamp" title={reason} data-testid="cancel-reason">
          {on ? `Le ${formatDate(on)} : ` : ''}
          {reason}
        </div>
      ) : null}
      {extra}
      {reprints ? (
        <div className="small text-body-secondary" data-testid="reprint-count">
          {formatQty(reprints)} réimpression{reprints > 1 ? 's' : ''}
        </div>
      ) : null}
    </>
  );
}

/**
 * The « Statut » and « Actions » columns every Annulations et réimpressions screen ends with
 * (transfers, invoices, settlements): one place for the reason, the reprint count, the reprint
 * buttons and the « Annuler » button.
 *
 *   columns={[...ownColumns, ...cancellationColumns({ badge, reason, reprints, reprintLinks, canReprint, canCancel, cancellable, onCancel })]}
 */
export function cancellationColumns<T>(spec: CancellationColumnsSpec<T>): Array<Column<T> | null> {
  const status: Column<T> = {
    id: 'status',
    label: 'Statut',
    role: 'status',
    wrap: true,
    cell: (row) => {
      const reason = spec.reason(row);
      return (
        <StatusCell
          badge={spec.badge(row)}
          reason={reason.text}
          on={reason.on}
          extra={spec.extra?.(row)}
          reprints={spec.reprints(row)}
        />
      );
    },
  };
  if (!spec.canReprint && !spec.canCancel) return [status, null];
  const actions: Column<T> = {
    id: 'actions',
    label: 'Actions',
    role: 'actions',
    cell: (row) => {
      const blocked = spec.blocked?.(row) ?? null;
      return (
        <div className="app-row-actions">
          {spec.canReprint
            ? spec.reprintLinks(row).map((link) => (
                <a
                  key={link.testId}
                  href={link.href}
                  className="btn btn-sm btn-outline-secondary"
                  data-testid={link.testId}
                  title={link.title}
                >
                  <Icon name={link.icon} className="me-1" />
                  {link.label}
                </a>
              ))
            : null}
          {spec.canCancel && spec.cancellable(row) ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => spec.onCancel(row)}
              disabled={Boolean(blocked)}
              title={blocked ?? undefined}
              data-testid="cancel"
            >
              <Icon name="fa-solid fa-ban" className="me-1" />
              Annuler
            </button>
          ) : null}
        </div>
      );
    },
  };
  return [status, actions];
}
