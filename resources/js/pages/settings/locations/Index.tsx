import { Link } from '@inertiajs/react';
import { LOCATION_KIND_LABELS, LOCATION_KINDS } from '@shared/locations';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useList } from '@/components/data/useList';

export default function Locations({ locations, params, can_manage }: MasterDataPages['settings/locations/Index']) {
  const list = useList(route('locations.index'), params);
  return (
    <ListPage
      title="Emplacements"
      subtitle="Dépôts et boutiques où le stock est tenu ; chaque caisse est rattachée à l’un d’eux."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Emplacements' }]}
      before={<SubNav items={COMPANY_TABS} label="Paramètres de la société" />}
      list={list}
      search={{ placeholder: 'Code ou nom…', label: 'Rechercher un emplacement' }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Type"
            value={params.filters.kind}
            allLabel="Tous"
            options={LOCATION_KINDS.map((k) => ({ value: k, label: LOCATION_KIND_LABELS[k] }))}
            onChange={(kind) => list.update({ kind })}
          />
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={
        <ListActions create={can_manage ? { href: route('locations.create'), label: 'Nouvel emplacement' } : null} />
      }
      page={locations}
      caption="Liste des emplacements"
      pageLabel="Pagination des emplacements"
      tableTestId="locations-table"
      empty={{
        icon: 'fa-solid fa-warehouse',
        title: 'Aucun emplacement',
        filteredTitle: 'Aucun emplacement ne correspond',
        text: 'Créez au moins un dépôt ou une boutique pour tenir le stock.',
      }}
      rowKey={(l) => l.id}
      rowClassName={(l) => (l.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (l) => <RowLink href={route('locations.show', { id: l.id })}>{l.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (l) => <NameLink href={route('locations.show', { id: l.id })}>{l.name}</NameLink>,
        },
        {
          id: 'kind',
          label: 'Type',
          role: 'secondary',
          sort: true,
          cell: (l) => <Badge tone={l.kind === 'depot' ? 'primary' : 'info'}>{LOCATION_KIND_LABELS[l.kind]}</Badge>,
        },
        { id: 'address', label: 'Adresse', role: 'secondary', wrap: true, cell: (l) => l.address || '—' },
        {
          id: 'cash_desks',
          label: 'Caisses',
          role: 'figure',
          num: true,
          cell: (l) =>
            l.cash_desk_count > 0 ? (
              <Link href={route('cashDesks.index', { location_id: l.id, status: 'all' })}>{l.cash_desk_count}</Link>
            ) : (
              '0'
            ),
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (l) => <StatusBadge active={l.active} /> },
      ]}
    />
  );
}
