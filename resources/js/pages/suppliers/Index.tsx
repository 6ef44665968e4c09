import { Link, usePage } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { DataTable } from '@/components/data/DataTable';
import { ExportButtons } from '@/components/data/ExportButtons';
import { FilterSelect, ListToolbar, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { SortHeader } from '@/components/data/SortHeader';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

const BASE = '/fichiers/fournisseurs';

export default function SuppliersIndex({ suppliers, params, can, currency }: MasterDataPages['suppliers/Index']) {
  const { url } = usePage();
  const list = useList(BASE, params);
  const sort = { sort: params.sort, dir: params.dir, onSort: list.update };
  const filtered = params.q !== '' || params.filters.balance !== '' || params.filters.status !== 'active';
  return (
    <AppPage title="Fournisseurs" subtitle="Fiches fournisseurs et soldes qui leur sont dus." breadcrumbs={[{ label: 'Fichiers' }, { label: 'Fournisseurs' }]}>
      <ListToolbar
        q={params.q}
        onSearch={(q) => list.update({ q })}
        placeholder="Code, nom ou téléphone…"
        searchLabel="Rechercher un fournisseur"
        perPage={params.per_page}
        onPerPage={(per_page) => list.update({ per_page })}
        actions={
          <>
            {can.export ? <ExportButtons base={BASE} params={params} /> : null}
            {can.create ? (
              <Link href={`${BASE}/create`} className="btn btn-primary" data-testid="create-link">
                <Icon name="fa-solid fa-plus" className="me-2" />
                Nouveau fournisseur
              </Link>
            ) : null}
          </>
        }
      >
        <FilterSelect
          label="Solde"
          value={params.filters.balance}
          options={[
            { value: '', label: 'Tous' },
            { value: 'owed', label: 'À payer' },
          ]}
          onChange={(balance) => list.update({ balance })}
        />
        <FilterSelect label="Statut" value={params.filters.status} options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
      </ListToolbar>
      <DataTable
        caption="Liste des fournisseurs"
        testId="suppliers-table"
        empty={suppliers.data.length === 0}
        emptyIcon="fa-solid fa-truck-field"
        emptyTitle={filtered ? 'Aucun fournisseur ne correspond' : 'Aucun fournisseur'}
        emptyText={filtered ? 'Modifiez la recherche ou les filtres.' : 'Créez les fournisseurs auprès desquels vous achetez votre marchandise.'}
        head={
          <tr>
            <SortHeader column="code" label="Code" {...sort} />
            <SortHeader column="name" label="Nom" {...sort} />
            <th scope="col">Téléphone</th>
            <th scope="col">E-mail</th>
            <SortHeader column="balance" label="Solde à payer" className="app-num" {...sort} />
            <th scope="col">Statut</th>
          </tr>
        }
        footer={<Pagination currentPage={suppliers.page} lastPage={suppliers.last_page} url={url} total={suppliers.total} perPage={suppliers.per_page} label="Pagination des fournisseurs" />}
      >
        {suppliers.data.map((s) => (
          <tr key={s.id} className={s.active ? undefined : 'app-archived-row'}>
            <td>
              <Link href={`${BASE}/${s.id}`} className="app-row-link">
                {s.code}
              </Link>
            </td>
            <td className="app-wrap">
              <Link href={`${BASE}/${s.id}`} className="text-reset text-decoration-none">
                {s.name}
              </Link>
            </td>
            <td>{s.phone || '—'}</td>
            <td>{s.email || '—'}</td>
            <td className="app-num">
              <Money value={s.balance} currency={currency} tone="debt" />
            </td>
            <td>
              <StatusBadge active={s.active} />
            </td>
          </tr>
        ))}
      </DataTable>
    </AppPage>
  );
}
