import { useState } from 'react';
import { type Columns } from '@/components/data/DataTable';
import { ListPage, type ListPageProps } from '@/components/data/ListPage';
import { allDatesNote } from '@/components/data/ListToolbar';
import { CancelDialog, type DialogChoice } from './CancelDialog';
import { type CancellationColumnsSpec, cancellationColumns } from './cancellationColumns';

/** A row of an Annulations et réimpressions screen: a numbered document with its version. */
export interface CancellableRow {
  id: number;
  number: string;
  version: number;
}

/**
 * A whole Annulations et réimpressions screen (transfers, invoices, settlements): a ListPage under
 * « Opérations › Annulations › `crumb` » with the all-dates note, the screen's own `columns` then
 * the « Statut » / « Actions » of `cancellationColumns(cancellation)`, and the `CancelDialog` of the
 * row being cancelled (`dialog` gives its url, title and explanation). The test ids
 * (`cancellation-search`, `cancellation-table`, `cancellation-row-<number>`) and the empty state's
 * icon are the same on every such screen.
 *
 *   <CancellationPage crumb="Règlements" query={filters} list={list} page={settlements} …
 *     dialog={(s) => ({ url: route('settlements.cancel', { id: s.id }), title: `Annuler le règlement ${s.number}`, explanation: … })}
 *     columns={[…]} cancellation={{ badge, reason, reprints, reprintLinks, canReprint, canCancel, cancellable }} />
 */
export function CancellationPage<T extends CancellableRow>({
  crumb,
  query,
  empty,
  dialog,
  columns,
  cancellation,
  ...rest
}: Omit<
  ListPageProps<T>,
  'breadcrumbs' | 'note' | 'toolbarTestId' | 'tableTestId' | 'rowKey' | 'rowTestId' | 'after' | 'empty' | 'columns'
> & {
  /** The last breadcrumb (« Factures », « Règlements », « Transferts »). */
  crumb: string;
  /** The list's filters, for the all-dates note. */
  query: { q: string; from: string; to: string };
  empty: { title: string; filteredTitle: string; text: string };
  dialog: (row: T) => { url: string; title: string; explanation: string; choice?: DialogChoice };
  /** The screen's own columns, before « Statut » and « Actions ». */
  columns: Columns<T>;
  cancellation: Omit<CancellationColumnsSpec<T>, 'onCancel'>;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const shown = target ? dialog(target) : null;
  return (
    <ListPage
      {...rest}
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Annulations' }, { label: crumb }]}
      note={allDatesNote(query)}
      toolbarTestId="cancellation-search"
      tableTestId="cancellation-table"
      after={
        target && shown ? (
          <CancelDialog
            key={target.id}
            open
            onClose={() => setTarget(null)}
            url={shown.url}
            version={target.version}
            title={shown.title}
            explanation={shown.explanation}
            choice={shown.choice}
          />
        ) : null
      }
      empty={{ icon: 'fa-solid fa-magnifying-glass', ...empty }}
      rowKey={(row) => row.id}
      rowTestId={(row) => `cancellation-row-${row.number}`}
      columns={[...columns, ...cancellationColumns<T>({ ...cancellation, onCancel: setTarget })]}
    />
  );
}
