import { Link, router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import { TRANSFER_STATUSES, TRANSFER_STATUS_LABELS } from '@shared/stock';
import type { TransferRow } from '@shared/stock-pages';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { FilterInput, FilterSelect, ListFilters, allDatesNote, locationOptions } from '@/components/stock/ListFilters';
import type { PageProps } from '@shared/pages';
import { CancelDialog } from '@/components/documents/CancelDialog';
import { EmptyState } from '@/components/data/EmptyState';
import { formatDate, formatQty } from '@/components/data/format';
import { StatusBadge } from '@/components/data/StatusBadge';

const PATH = '/operations/transfert/annulation';
const TRANSFERS = '/operations/sortiestock/transferts';

/**
 * Annulation des transferts: find a transfer by number, date or locations; cancel it with a
 * mandatory reason, or reprint it (counted, audited, marked DUPLICATA).
 */
export default function TransferCancellation({ filters, transfers, locations, searched, can }: PageProps<'stock/transfers/Cancellation'>) {
  const { url } = usePage();
  const [target, setTarget] = useState<TransferRow | null>(null);
  const [reprinting, setReprinting] = useState<number | null>(null);
  return (
    <AppPage
      title="Annulation des transferts"
      subtitle="Recherchez un transfert pour l'annuler (motif obligatoire) ou le réimprimer en duplicata."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Annulations' }, { label: 'Transferts' }]}
    >
      <ListFilters url={PATH} submitLabel="Rechercher" initial={{ q: filters.q, from: filters.from, to: filters.to, from_location_id: filters.from_location_id, to_location_id: filters.to_location_id, status: filters.status }} testId="cancellation-search" note={allDatesNote(filters)}>
        {(v, set) => (
          <>
            <FilterInput id="c-q" label="N° de transfert" value={v.q} onChange={(x) => set('q', x)} placeholder="TRF-2026-000123" />
            <FilterInput id="c-from" label="Du" type="date" value={v.from} onChange={(x) => set('from', x)} />
            <FilterInput id="c-to" label="Au" type="date" value={v.to} onChange={(x) => set('to', x)} />
            <FilterSelect id="c-src" label="Départ" value={v.from_location_id} onChange={(x) => set('from_location_id', x)} options={locationOptions(locations)} />
            <FilterSelect id="c-dst" label="Destination" value={v.to_location_id} onChange={(x) => set('to_location_id', x)} options={locationOptions(locations)} allLabel="Toutes" />
            <FilterSelect id="c-status" label="Statut" value={v.status} onChange={(x) => set('status', x)} options={TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] }))} />
          </>
        )}
      </ListFilters>

      <div className="card">
        {transfers.data.length === 0 ? (
          <EmptyState icon="fa-solid fa-magnifying-glass" title={searched ? 'Aucun transfert ne correspond' : 'Aucun transfert récent'}>{searched ? 'Modifiez la recherche ou les filtres.' : 'Aucun transfert sur les 30 derniers jours.'}</EmptyState>
        ) : (
          <div className="table-responsive">
            <table className="table table-hover app-stock-table" data-testid="cancellation-table">
              <thead>
                <tr>
                  <th scope="col">N°</th>
                  <th scope="col">Date</th>
                  <th scope="col">Départ → destination</th>
                  <th scope="col" className="num">Envoyé</th>
                  <th scope="col">Statut</th>
                  <th scope="col" className="num">Réimpr.</th>
                  <th scope="col" className="text-end">Actions</th>
                </tr>
              </thead>
              <tbody>
                {transfers.data.map((t) => (
                  <tr key={t.id} data-testid={`cancellation-row-${t.number}`}>
                    <td>
                      <Link href={`${TRANSFERS}/${t.id}`} className="app-doc-number">
                        {t.number}
                      </Link>
                    </td>
                    <td>{formatDate(t.transfer_date)}</td>
                    <td>
                      {t.from_name} → {t.to_name}
                    </td>
                    <td className="num">{formatQty(t.total_quantity_sent)}</td>
                    <td>
                      <StatusBadge kind="transfer" status={t.status} label={t.status_label} />
                      {t.cancel_reason ? <div className="small text-body-secondary text-truncate" style={{ maxWidth: '16rem' }} title={t.cancel_reason}>{t.cancel_reason}</div> : null}
                    </td>
                    <td className="num">{formatQty(t.reprint_count)}</td>
                    <td className="text-end text-nowrap">
                      {can.reprint ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary me-1"
                          disabled={reprinting !== null}
                          onClick={() => router.post(`${PATH}/${t.id}/reprint`, {}, { onStart: () => setReprinting(t.id), onFinish: () => setReprinting(null) })}
                          data-testid="reprint"
                        >
                          <Icon name="fa-solid fa-copy" className="me-1" />
                          Réimprimer
                        </button>
                      ) : null}
                      {can.cancel && t.status !== 'cancelled' ? (
                        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setTarget(t)} data-testid="cancel">
                          <Icon name="fa-solid fa-ban" className="me-1" />
                          Annuler
                        </button>
                      ) : null}
                    </td>
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

      {target ? (
        <CancelDialog
          key={target.id}
          open
          onClose={() => setTarget(null)}
          url={`${TRANSFERS}/${target.id}/cancel`}
          version={target.version}
          title={`Annuler le transfert ${target.number}`}
          explanation={
            target.status === 'sent'
              ? `La marchandise en transit revient dans le stock de ${target.from_name}.`
              : `La marchandise reçue ressort de ${target.to_name} et revient à ${target.from_name}. Impossible si elle a déjà été vendue ou déplacée.`
          }
        />
      ) : null}
    </AppPage>
  );
}
