import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FEMININE_STATUS_OPTIONS, FilterSelect } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useList } from '@/components/data/useList';

export default function CashDesks({
  cash_desks,
  params,
  locations,
  can_manage,
}: MasterDataPages['settings/cash-desks/Index']) {
  const list = useList(route('cashDesks.index'), params);
  return (
    <ListPage
      title="Caisses"
      subtitle="La caisse principale et une caisse par boutique, chacune rattachée à un emplacement."
      breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Caisses' }]}
      before={<SubNav items={COMPANY_TABS} label="Paramètres de la société" />}
      list={list}
      search={{ placeholder: 'Code ou nom…', label: 'Rechercher une caisse' }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Emplacement"
            value={params.filters.location_id}
            allLabel="Tous"
            options={locations}
            onChange={(location_id) => list.update({ location_id })}
          />
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={FEMININE_STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={
        <ListActions create={can_manage ? { href: route('cashDesks.create'), label: 'Nouvelle caisse' } : null} />
      }
      page={cash_desks}
      caption="Liste des caisses"
      pageLabel="Pagination des caisses"
      tableTestId="cash-desks-table"
      empty={{
        icon: 'fa-solid fa-cash-register',
        title: 'Aucune caisse',
        filteredTitle: 'Aucune caisse ne correspond',
        text: 'Créez la caisse principale puis une caisse par boutique.',
      }}
      rowKey={(c) => c.id}
      rowClassName={(c) => (c.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (c) => <RowLink href={route('cashDesks.show', { id: c.id })}>{c.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (c) => (
            <>
              <NameLink href={route('cashDesks.show', { id: c.id })}>{c.name}</NameLink>
              {c.is_main ? (
                <Badge tone="primary" className="ms-2">
                  Principale
                </Badge>
              ) : null}
            </>
          ),
        },
        { id: 'location', label: 'Emplacement', role: 'secondary', sort: true, cell: (c) => c.location_name },
        {
          id: 'point_of_sale',
          label: 'Point de vente DGI',
          role: 'secondary',
          cell: (c) => c.fiscal_point_of_sale || '—',
        },
        {
          id: 'balance',
          label: 'Solde',
          role: 'figure',
          sort: true,
          num: true,
          cell: (c) => <Money value={c.balance} tone="balance" />,
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (c) => <StatusBadge active={c.active} feminine /> },
      ]}
    />
  );
}
