import { useState } from 'react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import type { TransferRow } from '@shared/stock-pages';
import { RowLink } from '@/components/data/DataTable';
import { ListPage } from '@/components/data/ListPage';
import { allDatesNote } from '@/components/data/ListToolbar';
import { formatDate, formatQty } from '@/components/data/format';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { CancelDialog } from '@/components/documents/CancelDialog';
import { cancellationColumns } from '@/components/documents/cancellationColumns';
import { TRANSFER_SEARCH, TransferFilters } from '@/components/stock/TransferFilters';

/**
 * Annulation des transferts: find a transfer by number, date or locations; cancel it with a
 * mandatory reason, or reprint it (every print after the first is a DUPLICATA, counted and audited).
 */
export default function TransferCancellation({ filters, transfers, locations, can }: PageProps<'stock/transfers/Cancellation'>) {
  const list = useList(route('transfers.cancellations'), filters);
  const [target, setTarget] = useState<TransferRow | null>(null);
  return (
    <ListPage
      title="Annulation des transferts"
      subtitle="Recherchez un transfert pour l'annuler (motif obligatoire) ou le réimprimer en duplicata."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Annulations' }, { label: 'Transferts' }]}
      list={list}
      search={TRANSFER_SEARCH}
      note={allDatesNote(filters)}
      filters={<TransferFilters list={list} filters={filters} locations={locations} />}
      toolbarTestId="cancellation-search"
      page={transfers}
      caption="Transferts à annuler ou réimprimer"
      pageLabel="Pagination des transferts"
      tableTestId="cancellation-table"
      after={
        target ? (
          <CancelDialog
            key={target.id}
            open
            onClose={() => setTarget(null)}
            url={route('transfers.cancel', { id: target.id })}
            version={target.version}
            title={`Annuler le transfert ${target.number}`}
            explanation={`La marchandise en transit revient dans le stock de ${target.from_name}.`}
          />
        ) : null
      }
      empty={{ icon: 'fa-solid fa-magnifying-glass', title: 'Aucun transfert récent', filteredTitle: 'Aucun transfert ne correspond', text: 'Aucun transfert sur les 30 derniers jours.' }}
      rowKey={(t) => t.id}
      rowTestId={(t) => `cancellation-row-${t.number}`}
      columns={[
        {
          id: 'number',
          label: 'N°',
          role: 'title',
          cell: (t) => (
            <RowLink href={route('transfers.show', { id: t.id })} doc>
              {t.number}
            </RowLink>
          ),
        },
        { id: 'date', label: 'Date', role: 'secondary', cell: (t) => formatDate(t.transfer_date) },
        {
          id: 'route',
          label: 'Départ → destination',
          role: 'secondary',
          wrap: true,
          cell: (t) => (
            <>
              {t.from_name}
              <div className="small text-body-secondary">→ {t.to_name}</div>
            </>
          ),
        },
        { id: 'lines', label: 'Lignes', role: 'figure', num: true, cell: (t) => formatQty(t.line_count) },
        ...cancellationColumns<TransferRow>({
          badge: (t) => <StatusBadge kind="transfer" status={t.status} label={t.status_label} />,
          reason: (t) => ({ text: t.cancel_reason }),
          reprints: (t) => t.reprint_count,
          reprintLinks: (t) => [{ href: route('transfers.print', { id: t.id }, { print: 1, retour: 'annulation' }), label: 'Réimprimer', icon: 'fa-solid fa-copy', testId: 'reprint' }],
          canReprint: can.reprint,
          canCancel: can.cancel,
          cancellable: (t) => t.cancellable,
          onCancel: setTarget,
        }),
      ]}
    />
  );
}
