import { type ReactNode, useState } from 'react';
import type { AuditItem } from '@shared/records';
import { AppPage, type Crumb } from '@/components/AppPage';
import { StatusAlert } from '@/components/Field';
import { Icon } from '@/components/Icon';
import { AuditHistory } from '@/components/data/AuditHistory';
import { type RowsProps, ScrollTable } from '@/components/data/DataTable';
import { Facts } from '@/components/data/Fact';
import { CancelDialog } from './CancelDialog';

export interface DocumentCancel {
  /** The button: "Annuler l'entrée", "Abandonner". */
  label: string;
  url: string;
  version: number;
  title: string;
  explanation: string;
  confirmLabel?: string;
  buttonTestId?: string;
  dialogTestId?: string;
  /**
   * The cancellation is known to be impossible (goods already gone…): the reason is shown in a
   * notice and the button is disabled, instead of asking for a reason the server would refuse.
   */
  blocked?: string | null;
}

/**
 * The frame of a document's page (stock entry, transfer, count; invoices and settlements next):
 * the heading with the kind, the number and the status badge, the actions (printouts… and the
 * cancellation behind its dialog), notices (cancelled, in transit), the facts, then the lines
 * (children) and the history of the document when the server sends it.
 *
 *   <DocumentShow title={`Entrée ${e.number}`} kind="Entrée" number={e.number} status={<StatusBadge kind="entry" … />}
 *     subtitle={…} breadcrumbs={…} actions={…} cancel={can.cancel ? {…} : null} notices={…} facts={<><Fact …/></>}>…lines…</DocumentShow>
 */
export function DocumentShow({
  title,
  kind,
  number,
  status,
  subtitle,
  breadcrumbs,
  actions,
  cancel,
  notices,
  facts,
  factsFooter,
  history,
  children,
}: {
  title: string;
  /** The word before the number ("Entrée", "Transfert"), or the document's name while it has no number. */
  kind?: string;
  number: string | null;
  /** The status badge, and any other badge after it. */
  status: ReactNode;
  subtitle?: ReactNode;
  breadcrumbs: Crumb[];
  actions?: ReactNode;
  cancel?: DocumentCancel | null;
  notices?: ReactNode;
  facts: ReactNode;
  /** Under the facts, in their card (progress of a count…). */
  factsFooter?: ReactNode;
  history?: AuditItem[];
  children: ReactNode;
}) {
  const [cancelling, setCancelling] = useState(false);
  return (
    <AppPage
      title={title}
      heading={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          {kind} {number ? <span className="app-doc-number">{number}</span> : null} {status}
        </span>
      }
      subtitle={subtitle}
      breadcrumbs={breadcrumbs}
      actions={
        <div className="d-flex gap-2 flex-wrap">
          {actions}
          {cancel ? (
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={() => setCancelling(true)}
              disabled={!!cancel.blocked}
              aria-describedby={cancel.blocked ? 'document-cancel-blocked' : undefined}
              data-testid={cancel.buttonTestId}
            >
              <Icon name="fa-solid fa-ban" className="me-1" />
              {cancel.label}
            </button>
          ) : null}
        </div>
      }
    >
      {cancel?.blocked ? (
        <div id="document-cancel-blocked">
          <StatusAlert tone="warning" icon="fa-solid fa-lock" testId="document-cancel-blocked">
            {cancel.blocked}
          </StatusAlert>
        </div>
      ) : null}
      {notices}
      <div className="card mb-3">
        <div className="card-body">
          <Facts>{facts}</Facts>
          {factsFooter}
        </div>
      </div>
      {children}
      {history ? <AuditHistory items={history} title="Historique du document" /> : null}
      {cancel && !cancel.blocked ? (
        <CancelDialog
          open={cancelling}
          onClose={() => setCancelling(false)}
          url={cancel.url}
          version={cancel.version}
          title={cancel.title}
          explanation={cancel.explanation}
          confirmLabel={cancel.confirmLabel}
          testId={cancel.dialogTestId}
        />
      ) : null}
    </AppPage>
  );
}

/**
 * The lines of a document in their card (a heading line above when given), declared as the lists
 * are: `columns` with roles (components/data/DataTable.tsx), so below 576 px each line reads as a
 * card — product across the top, the key figures labelled — and nothing scrolls sideways. The
 * total row is the columns' `foot` cells (never a sum of quantities of different units).
 *
 *   <DocumentTable caption="Lignes de l'entrée" testId="entry-lines" rows={entry.lines} rowKey={(l) => l.position}
 *     columns={[{ id: 'code', label: 'Code', role: 'title', cell: (l) => l.product_code, foot: 'Total' }, …]} />
 */
export function DocumentTable<T>({
  header,
  caption,
  testId,
  ...table
}: RowsProps<T> & { header?: ReactNode; caption: string; testId: string }) {
  return (
    <div className="card app-data-card">
      {header ? <div className="card-header fw-semibold">{header}</div> : null}
      <ScrollTable caption={caption} testId={testId} tableClassName="app-doc-table" {...table} />
    </div>
  );
}
