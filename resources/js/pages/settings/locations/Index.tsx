import { Link } from '@inertiajs/react';
import { LOCATION_KIND_LABELS, LOCATION_KINDS, type MasterDataPages } from '@shared/master-data';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { DataTable } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { FilterSelect, ListToolbar, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { SortHeader } from '@/components/data/SortHeader';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useList } from '@/components/data/useList';

export default function Locations({ locations, params, can_manage }: MasterDataPages['settings/locations/Index']) {
  const list = useList(route('locations.index'), params);
  const filtered = params.q !== '' || params.filters.kind !== '' || params.filters.status !== 'active';
  return (
    <AppPage title="Emplacements" subtitle="Dépôts et boutiques où le stock est tenu ; chaque caisse est rattachée à l'un d'eux." breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Emplacements' }]}>
      <SubNav items={COMPANY_TABS} label="Paramètres de la société" />
      <ListToolbar
        q={params.q}
        onSearch={(q) => list.update({ q })}
        placeholder="Code ou nom…"
        searchLabel="Rechercher un emplacement"
        perPage={params.per_page}
        onPerPage={(per_page) => list.update({ per_page })}
        onReset={filtered ? list.reset : undefined}
        actions={<ListActions create={can_manage ? { href: route('locations.create'), label: 'Nouvel emplacement' } : null} />}
      >
        <FilterSelect label="Type" value={params.filters.kind} allLabel="Tous" options={LOCATION_KINDS.map((k) => ({ value: k, label: LOCATION_KIND_LABELS[k] }))} onChange={(kind) => list.update({ kind })} />
        <FilterSelect label="Statut" value={params.filters.status} options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
      </ListToolbar>
      <DataTable
        caption="Liste des emplacements"
        testId="locations-table"
        page={locations}
        pageLabel="Pagination des emplacements"
        emptyIcon="fa-solid fa-warehouse"
        emptyTitle={filtered ? 'Aucun emplacement ne correspond' : 'Aucun emplacement'}
        emptyText={filtered ? 'Modifiez la recherche ou les filtres.' : 'Créez au moins un dépôt ou une boutique pour tenir le stock.'}
        head={
          <tr>
            <SortHeader column="code" label="Code" {...list.sort} />
            <SortHeader column="name" label="Nom" {...list.sort} />
            <SortHeader column="kind" label="Type" {...list.sort} />
            <th scope="col">Adresse</th>
            <th scope="col" className="app-num">
              Caisses
            </th>
            <th scope="col">Statut</th>
          </tr>
        }
      >
        {locations.data.map((l) => (
          <tr key={l.id} className={l.active ? undefined : 'app-archived-row'}>
            <td>
              <Link href={route('locations.show', { id: l.id })} className="app-row-link">
                {l.code}
              </Link>
            </td>
            <td>
              <Link href={route('locations.show', { id: l.id })} className="text-reset text-decoration-none">
                {l.name}
              </Link>
            </td>
            <td>
              <Badge tone={l.kind === 'depot' ? 'primary' : 'info'}>{LOCATION_KIND_LABELS[l.kind]}</Badge>
            </td>
            <td className="app-wrap">{l.address || '—'}</td>
            <td className="app-num">{l.cash_desk_count > 0 ? <Link href={route('cashDesks.index', { location_id: l.id, status: 'all' })}>{l.cash_desk_count}</Link> : '0'}</td>
            <td>
              <StatusBadge active={l.active} />
            </td>
          </tr>
        ))}
      </DataTable>
    </AppPage>
  );
}
