import type { MasterDataPages } from '@shared/records';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { SortHeader } from '@/components/data/SortHeader';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

export default function SuppliersIndex({ suppliers, params, can, currency }: MasterDataPages['suppliers/Index']) {
  const list = useList(route('suppliers.index'), params);
  return (
    <ListPage
      title="Fournisseurs"
      subtitle="Fiches fournisseurs et soldes qui leur sont dus."
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Fournisseurs' }]}
      list={list}
      search={{ placeholder: 'Code, nom ou téléphone…', label: 'Rechercher un fournisseur' }}
      perPage
      filters={
        <>
          <FilterSelect label="Solde" value={params.filters.balance} allLabel="Tous" options={[{ value: 'owed', label: 'À payer' }]} onChange={(balance) => list.update({ balance })} />
          <FilterSelect label="Statut" value={params.filters.status} options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
        </>
      }
      actions={<ListActions exportUrl={can.export ? route('suppliers.export') : null} state={list.state} create={can.create ? { href: route('suppliers.create'), label: 'Nouveau fournisseur' } : null} />}
      page={suppliers}
      caption="Liste des fournisseurs"
      pageLabel="Pagination des fournisseurs"
      tableTestId="suppliers-table"
      empty={{ icon: 'fa-solid fa-truck-field', title: 'Aucun fournisseur', filteredTitle: 'Aucun fournisseur ne correspond', text: 'Créez les fournisseurs auprès desquels vous achetez votre marchandise.' }}
      head={
        <tr>
          <SortHeader column="code" label="Code" {...list.sort} />
          <SortHeader column="name" label="Nom" {...list.sort} />
          <th scope="col">Téléphone</th>
          <th scope="col">E-mail</th>
          <SortHeader column="balance" label="Solde à payer" className="app-num" {...list.sort} />
          <th scope="col">Statut</th>
        </tr>
      }
    >
      {suppliers.data.map((s) => (
        <tr key={s.id} className={s.active ? undefined : 'app-archived-row'}>
          <td>
            <RowLink href={route('suppliers.show', { id: s.id })}>{s.code}</RowLink>
          </td>
          <td className="app-wrap">
            <NameLink href={route('suppliers.show', { id: s.id })}>{s.name}</NameLink>
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
    </ListPage>
  );
}
