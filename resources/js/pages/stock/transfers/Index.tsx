import { Link } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { RowLink } from '@/components/data/DataTable';
import { formatDate, formatQty } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { allDatesNote } from '@/components/data/ListToolbar';
import { SortHeader } from '@/components/data/SortHeader';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { TRANSFER_SEARCH, TransferFilters } from '@/components/stock/TransferFilters';

/** Sortie de stock › Transferts: transfers between locations of a period, the ones in transit first to act on. */
export default function TransfersIndex({ filters, transfers, locations, in_transit, can }: PageProps<'stock/transfers/Index'>) {
  const list = useList(route('transfers.index'), filters);
  return (
    <ListPage
      title="Transferts"
      subtitle="Sortie de stock : mouvements de marchandise entre le dépôt et les boutiques, en deux temps (envoi puis réception)."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Sortie de stock' }, { label: 'Transferts' }]}
      before={
        in_transit > 0 ? (
          <div className="alert alert-info d-flex align-items-center gap-2 flex-wrap" role="status" data-testid="in-transit">
            <Icon name="fa-solid fa-truck-fast" />
            <span>
              <strong>{formatQty(in_transit)}</strong> transfert{in_transit > 1 ? 's' : ''} en transit, à réceptionner à destination.
            </span>
            {filters.status !== 'sent' ? (
              <Link href={route('transfers.index', { status: 'sent' })} className="alert-link ms-auto">
                Voir les transferts envoyés
              </Link>
            ) : null}
          </div>
        ) : null
      }
      list={list}
      search={TRANSFER_SEARCH}
      note={allDatesNote(filters)}
      filters={<TransferFilters list={list} filters={filters} locations={locations} />}
      actions={<ListActions create={can.create ? { href: route('transfers.create'), label: 'Nouveau transfert', testId: 'transfers-create' } : null} />}
      wrap
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
      head={
        <tr>
          <SortHeader column="number" label="N°" {...list.sort} />
          <SortHeader column="date" label="Date" {...list.sort} />
          <th scope="col">Départ</th>
          <th scope="col">Destination</th>
          <th scope="col" className="app-num">Lignes</th>
          <th scope="col" className="app-num">Envoyé</th>
          <th scope="col" className="app-num">Reçu</th>
          <SortHeader column="status" label="Statut" {...list.sort} />
          <th scope="col">Envoyé par</th>
        </tr>
      }
    >
      {transfers.data.map((t) => (
        <tr key={t.id} className={t.status === 'cancelled' ? 'app-archived-row' : undefined}>
          <td>
            <RowLink href={route('transfers.show', { id: t.id })} doc>
              {t.number}
            </RowLink>
          </td>
          <td>{formatDate(t.transfer_date)}</td>
          <td>{t.from_name}</td>
          <td>{t.to_name}</td>
          <td className="app-num">{formatQty(t.line_count)}</td>
          <td className="app-num">{formatQty(t.total_quantity_sent)}</td>
          <td className="app-num">{t.total_quantity_received === null ? '—' : formatQty(t.total_quantity_received)}</td>
          <td>
            <StatusBadge kind="transfer" status={t.status} label={t.status_label} />
          </td>
          <td>{t.sent_by ?? '—'}</td>
        </tr>
      ))}
    </ListPage>
  );
}
