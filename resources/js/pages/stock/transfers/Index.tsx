import type { SortDir } from '@shared/lists';
import { Link, router, usePage } from '@inertiajs/react';
import { TRANSFER_STATUSES, TRANSFER_STATUS_LABELS } from '@shared/stock';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { FilterInput, FilterSelect, ListFilters, allDatesNote, locationOptions } from '@/components/stock/ListFilters';
import { SortHeader } from '@/components/data/SortHeader';
import type { PageProps } from '@shared/pages';
import { EmptyState } from '@/components/data/EmptyState';
import { cleanQuery } from '@/components/data/list-query';
import { formatDate, formatQty } from '@/components/data/format';
import { StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/operations/sortiestock/transferts';

/** Sortie de stock › Transferts: transfers between locations of a period, the ones in transit first to act on. */
export default function TransfersIndex({ filters, transfers, locations, in_transit, can }: PageProps<'stock/transfers/Index'>) {
  const { url } = usePage();
  const sortBy = (next: { sort: string; dir: SortDir }) => router.get(BASE, cleanQuery({ ...filters, ...next }), { preserveScroll: true });
  return (
    <AppPage
      title="Transferts"
      subtitle="Sortie de stock : mouvements de marchandise entre le dépôt et les boutiques, en deux temps (envoi puis réception)."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Sortie de stock' }, { label: 'Transferts' }]}
      actions={
        can.create ? (
          <Link href={`${BASE}/create`} className="btn btn-primary" data-testid="transfers-create">
            <Icon name="fa-solid fa-plus" className="me-1" />
            Nouveau transfert
          </Link>
        ) : null
      }
    >
      {in_transit > 0 ? (
        <div className="alert alert-info d-flex align-items-center gap-2 flex-wrap" role="status" data-testid="in-transit">
          <Icon name="fa-solid fa-truck-fast" />
          <span>
            <strong>{formatQty(in_transit)}</strong> transfert{in_transit > 1 ? 's' : ''} en transit, à réceptionner à destination.
          </span>
          {filters.status !== 'sent' ? (
            <Link href={`${BASE}?status=sent`} className="alert-link ms-auto">
              Voir les transferts envoyés
            </Link>
          ) : null}
        </div>
      ) : null}

      <ListFilters url={BASE} initial={{ from: filters.from, to: filters.to, status: filters.status, from_location_id: filters.from_location_id, to_location_id: filters.to_location_id, q: filters.q }} keep={{ sort: filters.sort, dir: filters.dir }} note={allDatesNote(filters)}>
        {(v, set) => (
          <>
            <FilterInput id="f-from" label="Du" type="date" value={v.from} onChange={(x) => set('from', x)} />
            <FilterInput id="f-to" label="Au" type="date" value={v.to} onChange={(x) => set('to', x)} />
            <FilterSelect id="f-status" label="Statut" value={v.status} onChange={(x) => set('status', x)} options={TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] }))} />
            <FilterSelect id="f-src" label="Départ" value={v.from_location_id} onChange={(x) => set('from_location_id', x)} options={locationOptions(locations)} />
            <FilterSelect id="f-dst" label="Destination" value={v.to_location_id} onChange={(x) => set('to_location_id', x)} options={locationOptions(locations)} allLabel="Toutes" />
            <FilterInput id="f-q" label="N° de transfert" value={v.q} onChange={(x) => set('q', x)} placeholder="TRF-2026-…" />
          </>
        )}
      </ListFilters>

      <div className="card">
        {transfers.data.length === 0 ? (
          <EmptyState icon="fa-solid fa-right-left" title="Aucun transfert" action={can.create ? <Link href={`${BASE}/create`} className="btn btn-sm btn-primary">Faire un transfert</Link> : null}>
            Aucun transfert sur cette période avec ces filtres.
          </EmptyState>
        ) : (
          <div className="table-responsive">
            <table className="table table-hover app-stock-table" data-testid="transfers-table">
              <thead>
                <tr>
                  <SortHeader column="number" label="N°" sort={filters.sort} dir={filters.dir} onSort={sortBy} />
                  <SortHeader column="date" label="Date" sort={filters.sort} dir={filters.dir} onSort={sortBy} />
                  <th scope="col">Départ</th>
                  <th scope="col">Destination</th>
                  <th scope="col" className="num">Lignes</th>
                  <th scope="col" className="num">Envoyé</th>
                  <th scope="col" className="num">Reçu</th>
                  <SortHeader column="status" label="Statut" sort={filters.sort} dir={filters.dir} onSort={sortBy} />
                  <th scope="col">Envoyé par</th>
                </tr>
              </thead>
              <tbody>
                {transfers.data.map((t) => (
                  <tr key={t.id} className={t.status === 'cancelled' ? 'text-body-secondary' : ''}>
                    <td>
                      <Link href={`${BASE}/${t.id}`} className="app-doc-number">
                        {t.number}
                      </Link>
                    </td>
                    <td>{formatDate(t.transfer_date)}</td>
                    <td>{t.from_name}</td>
                    <td>{t.to_name}</td>
                    <td className="num">{formatQty(t.line_count)}</td>
                    <td className="num">{formatQty(t.total_quantity_sent)}</td>
                    <td className="num">{t.total_quantity_received === null ? '—' : formatQty(t.total_quantity_received)}</td>
                    <td>
                      <StatusBadge kind="transfer" status={t.status} label={t.status_label} />
                    </td>
                    <td>{t.sent_by ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="card-footer">
          <Pagination currentPage={transfers.page} lastPage={transfers.last_page} url={url} total={transfers.total} perPage={transfers.per_page} label="Pagination des transferts" />
        </div>
      </div>
    </AppPage>
  );
}
