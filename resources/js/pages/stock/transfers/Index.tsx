import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { cancelledRow, numberColumn } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { allDatesNote } from '@/components/data/ListToolbar';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { StockExitTabs } from '@/components/sales/StockExitTabs';
import { TRANSFER_SEARCH, TransferFilters } from '@/components/stock/TransferFilters';

/** Sortie de stock › Transferts: transfers between locations of a period, the ones in transit first to act on. */
export default function TransfersIndex({
  filters,
  transfers,
  locations,
  in_transit,
  can,
}: PageProps<'stock/transfers/Index'>) {
  const list = useList(route('transfers.index'), filters);
  return (
    <ListPage
      title="Transferts"
      subtitle="Sortie de stock : mouvements de marchandise entre le dépôt et les boutiques, en deux temps (envoi puis réception)."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Sortie de stock' }, { label: 'Transferts' }]}
      before={
        <>
          <StockExitTabs />
          {in_transit > 0 ? (
            <div
              className="alert alert-info d-flex align-items-center gap-2 flex-wrap"
              role="status"
              data-testid="in-transit"
            >
              <Icon name="fa-solid fa-truck-fast" />
              <span>
                <strong>{formatQty(in_transit)}</strong> transfert{in_transit > 1 ? 's' : ''} en transit, à réceptionner
                à destination.
              </span>
              {filters.status !== 'sent' ? (
                <Link href={route('transfers.index', { status: 'sent' })} className="alert-link ms-auto">
                  Voir les transferts envoyés
                </Link>
              ) : null}
            </div>
          ) : null}
        </>
      }
      list={list}
      search={TRANSFER_SEARCH}
      note={allDatesNote(filters)}
      filters={<TransferFilters list={list} filters={filters} locations={locations} />}
      actions={
        <ListActions
          create={
            can.create
              ? { href: route('transfers.create'), label: 'Nouveau transfert', testId: 'transfers-create' }
              : null
          }
        />
      }
      page={transfers}
      caption="Liste des transferts"
      pageLabel="Pagination des transferts"
      tableTestId="transfers-table"
      empty={{
        icon: 'fa-solid fa-right-left',
        title: 'Aucun transfert',
        filteredTitle: 'Aucun transfert ne correspond',
        text: 'Aucun transfert sur cette période.',
        action: can.create ? (
          <Link href={route('transfers.create')} className="btn btn-primary">
            Faire un transfert
          </Link>
        ) : undefined,
      }}
      rowKey={(t) => t.id}
      rowClassName={cancelledRow}
      columns={[
        numberColumn('transfers.show'),
        { id: 'date', label: 'Date', role: 'secondary', sort: true, cell: (t) => formatDate(t.transfer_date) },
        { id: 'from', label: 'Départ', role: 'secondary', wrap: true, cell: (t) => t.from_name },
        { id: 'to', label: 'Destination', role: 'secondary', wrap: true, cell: (t) => t.to_name },
        // The lines, never a sum of quantities across products of different units (the status says whether they were received, with a difference or not).
        { id: 'lines', label: 'Lignes', role: 'figure', num: true, cell: (t) => formatQty(t.line_count) },
        {
          id: 'status',
          label: 'Statut',
          role: 'status',
          sort: true,
          cell: (t) => <StatusBadge kind="transfer" status={t.status} label={t.status_label} />,
        },
        { id: 'sent_by', label: 'Envoyé par', role: 'secondary', wrap: true, cell: (t) => t.sent_by ?? '—' },
      ]}
    />
  );
}
