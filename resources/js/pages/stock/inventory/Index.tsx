import { Link, usePage } from '@inertiajs/react';
import { COUNT_STATUSES, COUNT_STATUS_LABELS } from '@shared/stock';
import { AppPage } from '@/components/AppPage';
import { Money } from '@/components/data/Money';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { FilterInput, FilterSelect, ListFilters, locationOptions } from '@/components/stock/ListFilters';
import type { PageProps } from '@shared/pages';
import { EmptyState } from '@/components/data/EmptyState';
import { formatDate, formatQty } from '@/components/data/format';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/operations/gestionstock';

/** Inventaire (gestion de stock): count sessions per location and direct readjustments. */
export default function InventoryIndex({ currency, tab, filters, sessions, readjustments, locations, can }: PageProps<'stock/inventory/Index'>) {
  const { url } = usePage();
  const filterQuery = new URLSearchParams(Object.entries({ location_id: filters.location_id, from: filters.from, to: filters.to }).filter(([, v]) => v)).toString();
  const tabHref = (t: 'sessions' | 'readjustments') => `${BASE}?${filterQuery}${filterQuery ? '&' : ''}tab=${t}`;
  return (
    <AppPage
      title="Inventaire"
      subtitle="Contrôle du stock par emplacement (comptage, écarts, ajustements) et réajustements ponctuels."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Inventaire' }]}
      actions={
        <div className="d-flex gap-2 flex-wrap">
          {can.validate ? (
            <Link href={`${BASE}/reajustement`} className="btn btn-outline-primary" data-testid="readjust-create">
              <Icon name="fa-solid fa-sliders" className="me-1" />
              Réajustement
            </Link>
          ) : null}
          {can.count ? (
            <Link href={`${BASE}/create`} className="btn btn-primary" data-testid="count-create">
              <Icon name="fa-solid fa-plus" className="me-1" />
              Nouvel inventaire
            </Link>
          ) : null}
        </div>
      }
    >
      <ul className="nav nav-tabs mb-3">
        <li className="nav-item">
          <Link href={tabHref('sessions')} className={`nav-link ${tab === 'sessions' ? 'active' : ''}`} aria-current={tab === 'sessions' ? 'page' : undefined}>
            Inventaires <Badge className="ms-1">{formatQty(sessions.total)}</Badge>
          </Link>
        </li>
        <li className="nav-item">
          <Link href={tabHref('readjustments')} className={`nav-link ${tab === 'readjustments' ? 'active' : ''}`} aria-current={tab === 'readjustments' ? 'page' : undefined} data-testid="tab-readjustments">
            Réajustements <Badge className="ms-1">{formatQty(readjustments.total)}</Badge>
          </Link>
        </li>
      </ul>

      <ListFilters url={BASE} initial={{ location_id: filters.location_id, status: filters.status, from: filters.from, to: filters.to }} keep={{ tab }}>
        {(v, set) => (
          <>
            <FilterInput id="f-from" label="Du" type="date" value={v.from} onChange={(x) => set('from', x)} />
            <FilterInput id="f-to" label="Au" type="date" value={v.to} onChange={(x) => set('to', x)} />
            <FilterSelect id="f-location" label="Emplacement" value={v.location_id} onChange={(x) => set('location_id', x)} options={locationOptions(locations)} />
            {tab === 'sessions' ? <FilterSelect id="f-status" label="Statut" value={v.status} onChange={(x) => set('status', x)} options={COUNT_STATUSES.map((s) => ({ value: s, label: COUNT_STATUS_LABELS[s] }))} /> : null}
          </>
        )}
      </ListFilters>

      <div className="card">
        {tab === 'sessions' ? (
          sessions.data.length === 0 ? (
            <EmptyState icon="fa-solid fa-clipboard-check" title="Aucun inventaire" action={can.count ? <Link href={`${BASE}/create`} className="btn btn-sm btn-primary">Ouvrir un inventaire</Link> : null}>
              Aucun inventaire sur cette période.
            </EmptyState>
          ) : (
            <div className="table-responsive">
              <table className="table table-hover app-stock-table" data-testid="sessions-table">
                <thead>
                  <tr>
                    <th scope="col">Inventaire</th>
                    <th scope="col">Date</th>
                    <th scope="col">Emplacement</th>
                    <th scope="col">Périmètre</th>
                    <th scope="col" className="num">Comptés</th>
                    <th scope="col" className="num">Ajustés</th>
                    <th scope="col" className="num">Écart net</th>
                    <th scope="col">Statut</th>
                    <th scope="col">Ouvert par</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.data.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <Link href={`${BASE}/${s.id}`} className="app-doc-number">
                          {s.number ?? `n° ${s.id}`}
                        </Link>
                        {s.blind ? <Badge tone="dark" className="ms-1 app-status" title="Comptage à l'aveugle">aveugle</Badge> : null}
                      </td>
                      <td>{formatDate(s.count_date)}</td>
                      <td>{s.location_name}</td>
                      <td className="small">{s.categories}</td>
                      <td className="num">
                        {formatQty(s.counted_count)} / {formatQty(s.line_count)}
                      </td>
                      <td className="num">{s.adjusted_lines === null ? '—' : formatQty(s.adjusted_lines)}</td>
                      <td className="num">{s.net_value === null ? '—' : <Money value={s.net_value} currency={currency} tone="balance" />}</td>
                      <td>
                        <StatusBadge kind="count" status={s.status} label={s.status_label} />
                      </td>
                      <td>{s.created_by ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : readjustments.data.length === 0 ? (
          <EmptyState icon="fa-solid fa-sliders" title="Aucun réajustement" action={can.validate ? <Link href={`${BASE}/reajustement`} className="btn btn-sm btn-primary">Faire un réajustement</Link> : null}>
            Aucun réajustement sur cette période.
          </EmptyState>
        ) : (
          <div className="table-responsive">
            <table className="table table-hover app-stock-table" data-testid="readjustments-table">
              <thead>
                <tr>
                  <th scope="col">N°</th>
                  <th scope="col">Date</th>
                  <th scope="col">Emplacement</th>
                  <th scope="col">Motif</th>
                  <th scope="col">Observation</th>
                  <th scope="col" className="num">Lignes</th>
                  <th scope="col" className="num">Valeur</th>
                  <th scope="col">Par</th>
                  <th scope="col">
                    <span className="visually-hidden">Imprimer</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {readjustments.data.map((r) => (
                  <tr key={r.id}>
                    <td className="app-doc-number">{r.number}</td>
                    <td>{formatDate(r.adjustment_date)}</td>
                    <td>{r.location_name}</td>
                    <td>{r.reason_label}</td>
                    <td className="small">{r.note}</td>
                    <td className="num">{formatQty(r.line_count)}</td>
                    <td className="num">{r.total_value === null ? '—' : <Money value={r.total_value} currency={currency} tone="balance" />}</td>
                    <td>{r.created_by ?? '—'}</td>
                    <td className="text-end">
                      <a href={`${BASE}/reajustements/${r.id}/print`} className="btn btn-sm btn-outline-secondary" aria-label={`Imprimer ${r.number}`} title="Imprimer">
                        <Icon name="fa-solid fa-print" />
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="card-footer">
          {tab === 'sessions' ? (
            <Pagination currentPage={sessions.page} lastPage={sessions.last_page} url={url} total={sessions.total} perPage={sessions.per_page} label="Pagination des inventaires" />
          ) : (
            <Pagination currentPage={readjustments.page} lastPage={readjustments.last_page} url={url} total={readjustments.total} perPage={readjustments.per_page} label="Pagination des réajustements" />
          )}
        </div>
      </div>
    </AppPage>
  );
}
