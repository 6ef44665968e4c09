import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

export default function SuppliersIndex({ suppliers, params, can }: MasterDataPages['suppliers/Index']) {
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
          <FilterSelect
            label="Solde"
            value={params.filters.balance}
            allLabel="Tous"
            options={[{ value: 'owed', label: 'À payer' }]}
            onChange={(balance) => list.update({ balance })}
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
        <ListActions
          exportUrl={can.export ? route('suppliers.export') : null}
          state={list.state}
          create={can.create ? { href: route('suppliers.create'), label: 'Nouveau fournisseur' } : null}
        />
      }
      page={suppliers}
      caption="Liste des fournisseurs"
      pageLabel="Pagination des fournisseurs"
      tableTestId="suppliers-table"
      empty={{
        icon: 'fa-solid fa-truck-field',
        title: 'Aucun fournisseur',
        filteredTitle: 'Aucun fournisseur ne correspond',
        text: 'Créez les fournisseurs auprès desquels vous achetez votre marchandise.',
      }}
      rowKey={(s) => s.id}
      rowClassName={(s) => (s.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (s) => <RowLink href={route('suppliers.show', { id: s.id })}>{s.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (s) => <NameLink href={route('suppliers.show', { id: s.id })}>{s.name}</NameLink>,
        },
        { id: 'phone', label: 'Téléphone', role: 'secondary', cell: (s) => s.phone || '—' },
        { id: 'email', label: 'E-mail', role: 'secondary', wrap: true, cell: (s) => s.email || '—' },
        {
          id: 'balance',
          label: 'Solde à payer',
          role: 'figure',
          sort: true,
          num: true,
          cell: (s) => <Money value={s.balance} tone="debt" />,
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (s) => <StatusBadge active={s.active} /> },
      ]}
    />
  );
}
