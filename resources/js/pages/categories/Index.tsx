import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { formatQty } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FEMININE_STATUS_OPTIONS, FilterSelect } from '@/components/data/ListToolbar';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

export default function CategoriesIndex({ categories, params, can }: MasterDataPages['categories/Index']) {
  const list = useList(route('categories.index'), params);
  return (
    <ListPage
      title="Catégories"
      subtitle="Familles de produits : elles servent aux filtres, aux inventaires et aux états."
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Catégories' }]}
      list={list}
      search={{ placeholder: 'Code ou nom…', label: 'Rechercher une catégorie' }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Statut"
            value={params.filters.status}
            options={FEMININE_STATUS_OPTIONS}
            onChange={(status) => list.update({ status })}
          />
        </>
      }
      actions={
        <ListActions
          exportUrl={can.export ? route('categories.export') : null}
          state={list.state}
          create={can.create ? { href: route('categories.create'), label: 'Nouvelle catégorie' } : null}
        />
      }
      page={categories}
      caption="Liste des catégories"
      pageLabel="Pagination des catégories"
      tableTestId="categories-table"
      empty={{
        icon: 'fa-solid fa-tags',
        title: 'Aucune catégorie',
        filteredTitle: 'Aucune catégorie ne correspond',
        text: 'Créez les familles de produits avant de saisir votre catalogue.',
      }}
      rowKey={(c) => c.id}
      rowClassName={(c) => (c.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (c) => <RowLink href={route('categories.show', { id: c.id })}>{c.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Nom',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (c) => <NameLink href={route('categories.show', { id: c.id })}>{c.name}</NameLink>,
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
          id: 'product_count',
          label: 'Produits',
          role: 'figure',
          sort: true,
          num: true,
          cell: (c) =>
            c.product_count > 0 ? (
              <Link href={route('products.index', { category_id: c.id, status: 'all' })}>
                {formatQty(c.product_count)}
              </Link>
            ) : (
              '0'
            ),
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (c) => <StatusBadge active={c.active} feminine /> },
      ]}
    />
  );
}
