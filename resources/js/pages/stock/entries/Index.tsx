import type { SortDir } from '@shared/lists';
import { Link, router, usePage } from '@inertiajs/react';
import type { PageProps } from '@shared/pages';
import { ENTRY_STATUSES, ENTRY_STATUS_LABELS } from '@shared/stock';
import { AppPage } from '@/components/AppPage';
import { Money } from '@/components/data/Money';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { FilterInput, FilterSelect, ListFilters, allDatesNote, locationOptions, plainOptions } from '@/components/stock/ListFilters';
import { SortHeader } from '@/components/data/SortHeader';
import { EmptyState } from '@/components/data/EmptyState';
import { cleanQuery } from '@/components/data/list-query';
import { formatDate, formatQty } from '@/components/data/format';
import { StatusBadge } from '@/components/data/StatusBadge';

const BASE = '/operations/entreestock';

/** Entrée de stock: the list of entries of a period, filtered by supplier, location, status. */
export default function EntriesIndex({ currency, filters, entries, totals, suppliers, locations, can }: PageProps<'stock/entries/Index'>) {
  const { url } = usePage();
  const sortBy = (next: { sort: string; dir: SortDir }) => router.get(BASE, cleanQuery({ ...filters, ...next }), { preserveScroll: true });
  const statementQuery = new URLSearchParams(cleanQuery({ from: filters.from, to: filters.to, supplier_id: filters.supplier_id, location_id: filters.location_id, status: filters.status, q: filters.q })).toString();
  return (
    <AppPage
      title="Entrées de stock"
      subtitle="Marchandise reçue des fournisseurs : stock, coût moyen (CMUP) et solde fournisseur mis à jour à la validation."
      breadcrumbs={[{ label: 'Opérations' }, { label: 'Entrées de stock' }]}
      actions={
        <div className="d-flex gap-2 flex-wrap">
          <a href={`${BASE}/etat?${statementQuery}`} className="btn btn-outline-secondary" data-testid="entries-statement">
            <Icon name="fa-solid fa-print" className="me-1" />
            État des entrées
          </a>
          {can.create ? (
            <Link href={`${BASE}/create`} className="btn btn-primary" data-testid="entries-create">
              <Icon name="fa-solid fa-plus" className="me-1" />
              Nouvelle entrée
            </Link>
          ) : null}
        </div>
      }
    >
      <ListFilters url={BASE} initial={{ from: filters.from, to: filters.to, supplier_id: filters.supplier_id, location_id: filters.location_id, status: filters.status, q: filters.q }} keep={{ sort: filters.sort, dir: filters.dir }} note={allDatesNote(filters)}>
        {(v, set) => (
          <>
            <FilterInput id="f-from" label="Du" type="date" value={v.from} onChange={(x) => set('from', x)} />
            <FilterInput id="f-to" label="Au" type="date" value={v.to} onChange={(x) => set('to', x)} />
            <FilterSelect id="f-supplier" label="Fournisseur" value={v.supplier_id} onChange={(x) => set('supplier_id', x)} options={plainOptions(suppliers)} />
            <FilterSelect id="f-location" label="Emplacement" value={v.location_id} onChange={(x) => set('location_id', x)} options={locationOptions(locations)} />
            <FilterSelect id="f-status" label="Statut" value={v.status} onChange={(x) => set('status', x)} options={ENTRY_STATUSES.map((s) => ({ value: s, label: ENTRY_STATUS_LABELS[s] }))} />
            <FilterInput id="f-q" label="N° ou réf. fournisseur" value={v.q} onChange={(x) => set('q', x)} placeholder="ENT-2026-…" />
          </>
        )}
      </ListFilters>

      <div className="app-stock-kpis">
        <div className="app-stock-kpi">
          <div className="app-stock-kpi-label">Entrées validées</div>
          <div className="app-stock-kpi-value">{formatQty(totals.count)}</div>
        </div>
        <div className="app-stock-kpi">
          <div className="app-stock-kpi-label">Montant de la période</div>
          <div className="app-stock-kpi-value">
            <Money value={totals.amount} currency={currency} />
          </div>
        </div>
      </div>

      <div className="card">
        {entries.data.length === 0 ? (
          <EmptyState icon="fa-solid fa-truck-ramp-box" title="Aucune entrée de stock" action={can.create ? <Link href={`${BASE}/create`} className="btn btn-sm btn-primary">Saisir une entrée</Link> : null}>
            Aucune entrée de stock sur cette période avec ces filtres.
          </EmptyState>
        ) : (
          <div className="table-responsive">
            <table className="table table-hover app-stock-table" data-testid="entries-table">
              <thead>
                <tr>
                  <SortHeader column="number" label="N°" sort={filters.sort} dir={filters.dir} onSort={sortBy} />
                  <SortHeader column="date" label="Date" sort={filters.sort} dir={filters.dir} onSort={sortBy} />
                  <SortHeader column="supplier" label="Fournisseur" sort={filters.sort} dir={filters.dir} onSort={sortBy} />
                  <th scope="col">Emplacement</th>
                  <th scope="col">Réf. fournisseur</th>
                  <th scope="col" className="num">Lignes</th>
                  <th scope="col" className="num">Quantité</th>
                  <SortHeader column="amount" label="Montant" sort={filters.sort} dir={filters.dir} onSort={sortBy} className="num" />
                  <th scope="col">Statut</th>
                </tr>
              </thead>
              <tbody>
                {entries.data.map((e) => (
                  <tr key={e.id} className={e.status === 'cancelled' ? 'text-body-secondary' : ''}>
                    <td>
                      <Link href={`${BASE}/${e.id}`} className="app-doc-number">
                        {e.number}
                      </Link>
                    </td>
                    <td>{formatDate(e.entry_date)}</td>
                    <td>{e.supplier_name}</td>
                    <td>{e.location_name}</td>
                    <td>{e.supplier_ref || '—'}</td>
                    <td className="num">{formatQty(e.line_count)}</td>
                    <td className="num">{formatQty(e.total_quantity)}</td>
                    <td className="num">
                      <Money value={e.total_amount} currency={currency} />
                    </td>
                    <td>
                      <StatusBadge kind="entry" status={e.status} label={e.status_label} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="card-footer">
          <Pagination currentPage={entries.page} lastPage={entries.last_page} url={url} total={entries.total} perPage={entries.per_page} label="Pagination des entrées" />
        </div>
      </div>
    </AppPage>
  );
}
