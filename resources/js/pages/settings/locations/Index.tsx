import { Link } from '@inertiajs/react';
import { LOCATION_KIND_LABELS, LOCATION_KINDS, type MasterDataPages } from '@shared/records';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { SortHeader } from '@/components/data/SortHeader';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useList } from '@/components/data/useList';

export default function Locations({ locations, params, can_manage }: MasterDataPages['settings/locations/Index']) {
  const list = useList(route('locations.index'), params);
  return (
    <ListPage
      title="Emplacements"
      subtitle="Dépôts et boutiques où le stock est tenu ; chaque caisse est rattachée à l'un d'eux."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Emplacements' }]}
      before={<SubNav items={COMPANY_TABS} label="Paramètres de la société" />}
      list={list}
      search={{ placeholder: 'Code ou nom…', label: 'Rechercher un emplacement' }}
      perPage
      filters={
        <>
          <FilterSelect label="Type" value={params.filters.kind} allLabel="Tous" options={LOCATION_KINDS.map((k) => ({ value: k, label: LOCATION_KIND_LABELS[k] }))} onChange={(kind) => list.update({ kind })} />
          <FilterSelect label="Statut" value={params.filters.status} options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
        </>
      }
      actions={<ListActions create={can_manage ? { href: route('locations.create'), label: 'Nouvel emplacement' } : null} />}
      page={locations}
      caption="Liste des emplacements"
      pageLabel="Pagination des emplacements"
      tableTestId="locations-table"
      empty={{ icon: 'fa-solid fa-warehouse', title: 'Aucun emplacement', filteredTitle: 'Aucun emplacement ne correspond', text: 'Créez au moins un dépôt ou une boutique pour tenir le stock.' }}
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
            <RowLink href={route('locations.show', { id: l.id })}>{l.code}</RowLink>
          </td>
          <td>
            <NameLink href={route('locations.show', { id: l.id })}>{l.name}</NameLink>
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
    </ListPage>
  );
}
