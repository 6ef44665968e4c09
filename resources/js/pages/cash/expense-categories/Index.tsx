import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { formatQty } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FEMININE_STATUS_OPTIONS, FilterSelect } from '@/components/data/ListToolbar';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

/** Caisse › Catégories de dépenses: the managed list a décaissement is filed under. */
export default function ExpenseCategoriesIndex({
  categories,
  params,
  can,
}: PageProps<'cash/expense-categories/Index'>) {
  const list = useList(route('expenseCategories.index'), params);
  return (
    <ListPage
      title="Catégories de dépenses"
      subtitle="Chaque décaissement est classé dans une catégorie : elles regroupent les dépenses de la situation de caisse."
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Caisse', href: route('cash.index') },
        { label: 'Catégories de dépenses' },
      ]}
      list={list}
      search={{ placeholder: 'Code ou nom…', label: 'Rechercher une catégorie de dépenses' }}
      perPage
      filters={
        <FilterSelect
          label="Statut"
          value={params.filters.status}
          options={FEMININE_STATUS_OPTIONS}
          onChange={(status) => list.update({ status })}
        />
      }
      actions={
        <ListActions
          exportUrl={can.export ? route('expenseCategories.export') : null}
          state={list.state}
          create={can.create ? { href: route('expenseCategories.create'), label: 'Nouvelle catégorie' } : null}
        />
      }
      page={categories}
      caption="Liste des catégories de dépenses"
      pageLabel="Pagination des catégories de dépenses"
      tableTestId="expense-categories-table"
      empty={{
        icon: 'fa-solid fa-tags',
        title: 'Aucune catégorie de dépenses',
        filteredTitle: 'Aucune catégorie ne correspond',
        text: 'Créez les catégories avant de saisir les décaissements.',
      }}
      rowKey={(c) => c.id}
      rowClassName={(c) => (c.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (c) => <RowLink href={route('expenseCategories.show', { id: c.id })}>{c.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (c) => <NameLink href={route('expenseCategories.show', { id: c.id })}>{c.name}</NameLink>,
        },
        {
          id: 'description',
          label: 'Description',
          role: 'secondary',
          wrap: true,
          className: 'text-body-secondary',
          cell: (c) => c.description || '—',
        },
        {
          id: 'expense_count',
          label: 'Décaissements',
          role: 'figure',
          sort: true,
          num: true,
          cell: (c) => formatQty(c.expense_count),
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (c) => <StatusBadge active={c.active} feminine /> },
      ]}
    />
  );
}
