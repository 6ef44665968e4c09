import { Link, usePage } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { DataTable } from '@/components/data/DataTable';
import { FilterSelect, ListToolbar } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { SortHeader } from '@/components/data/SortHeader';
import { Badge, StatusBadge } from '@/components/data/StatusBadge';
import { COMPANY_TABS, SubNav } from '@/components/data/SubNav';
import { useList } from '@/components/data/useList';

const BASE = '/parametres/societe/caisses';
const STATUS = [
  { value: 'active', label: 'Actives' },
  { value: 'archived', label: 'Archivées' },
  { value: 'all', label: 'Toutes' },
];

export default function CashDesks({ cash_desks, params, locations, can_manage, currency }: MasterDataPages['settings/cash-desks/Index']) {
  const { url } = usePage();
  const list = useList(BASE, params);
  const sort = { sort: params.sort, dir: params.dir, onSort: list.update };
  const filtered = params.q !== '' || params.filters.location_id !== '' || params.filters.status !== 'active';
  return (
    <AppPage title="Caisses" subtitle="La caisse principale et une caisse par boutique, chacune rattachée à un emplacement." breadcrumbs={[{ label: 'Paramètres' }, { label: 'Société' }, { label: 'Caisses' }]}>
      <SubNav items={COMPANY_TABS} label="Paramètres de la société" />
      <ListToolbar
        q={params.q}
        onSearch={(q) => list.update({ q })}
        placeholder="Code ou nom…"
        searchLabel="Rechercher une caisse"
        perPage={params.per_page}
        onPerPage={(per_page) => list.update({ per_page })}
        actions={
          can_manage ? (
            <Link href={`${BASE}/create`} className="btn btn-primary" data-testid="create-link">
              <Icon name="fa-solid fa-plus" className="me-2" />
              Nouvelle caisse
            </Link>
          ) : null
        }
      >
        <FilterSelect label="Emplacement" value={params.filters.location_id} options={[{ value: '', label: 'Tous' }, ...locations]} onChange={(location_id) => list.update({ location_id })} />
        <FilterSelect label="Statut" value={params.filters.status} options={STATUS} onChange={(status) => list.update({ status })} />
      </ListToolbar>
      <DataTable
        caption="Liste des caisses"
        testId="cash-desks-table"
        empty={cash_desks.data.length === 0}
        emptyIcon="fa-solid fa-cash-register"
        emptyTitle={filtered ? 'Aucune caisse ne correspond' : 'Aucune caisse'}
        emptyText={filtered ? 'Modifiez la recherche ou les filtres.' : 'Créez la caisse principale puis une caisse par boutique.'}
        head={
          <tr>
            <SortHeader column="code" label="Code" {...sort} />
            <SortHeader column="name" label="Nom" {...sort} />
            <SortHeader column="location" label="Emplacement" {...sort} />
            <SortHeader column="balance" label="Solde" className="app-num" {...sort} />
            <th scope="col">Statut</th>
          </tr>
        }
        footer={<Pagination currentPage={cash_desks.page} lastPage={cash_desks.last_page} url={url} total={cash_desks.total} perPage={cash_desks.per_page} label="Pagination des caisses" />}
      >
        {cash_desks.data.map((c) => (
          <tr key={c.id} className={c.active ? undefined : 'app-archived-row'}>
            <td>
              <Link href={`${BASE}/${c.id}`} className="app-row-link">
                {c.code}
              </Link>
            </td>
            <td>
              <Link href={`${BASE}/${c.id}`} className="text-reset text-decoration-none">
                {c.name}
              </Link>
              {c.is_main ? <Badge tone="primary" className="ms-2">Principale</Badge> : null}
            </td>
            <td>{c.location_name}</td>
            <td className="app-num">
              <Money value={c.balance} currency={currency} tone="balance" />
            </td>
            <td>
              <StatusBadge active={c.active} feminine />
            </td>
          </tr>
        ))}
      </DataTable>
    </AppPage>
  );
}
