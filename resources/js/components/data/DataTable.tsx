import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

/**
 * The card around a list table: horizontal scroll on narrow screens (the first column stays
 * readable), an empty state instead of an empty table, pagination under it.
 *
 *   <DataTable caption="Liste des clients" head={<tr>…</tr>} empty={rows.length === 0}
 *     emptyTitle="Aucun client" emptyText="…" footer={<Pagination … />}>{rows.map(…)}</DataTable>
 */
export function DataTable({
  caption,
  head,
  children,
  empty,
  emptyTitle,
  emptyText,
  emptyIcon = 'fa-regular fa-folder-open',
  emptyAction,
  footer,
  testId,
  className = '',
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  empty: boolean;
  emptyTitle: string;
  emptyText?: ReactNode;
  emptyIcon?: string;
  emptyAction?: ReactNode;
  footer?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={`card app-data-card ${className}`} data-testid={testId}>
      {empty ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} action={emptyAction}>
          {emptyText}
        </EmptyState>
      ) : (
        <div className="table-responsive app-table-scroll" tabIndex={0} role="region" aria-label={caption}>
          <table className="table table-hover align-middle mb-0 app-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>{head}</thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {footer ? <div className="card-footer app-data-footer">{footer}</div> : null}
    </div>
  );
}
