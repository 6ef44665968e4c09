import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { route } from '@shared/routes';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FEMININE_STATUS_OPTIONS, FilterSelect } from '@/components/data/ListToolbar';
import { SortHeader } from '@/components/data/SortHeader';
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
          <FilterSelect label="Statut" value={params.filters.status} options={FEMININE_STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
        </>
      }
      actions={<ListActions exportUrl={can.export ? route('categories.export') : null} state={list.state} create={can.create ? { href: route('categories.create'), label: 'Nouvelle catégorie' } : null} />}
      page={categories}
      caption="Liste des catégories"
      pageLabel="Pagination des catégories"
      tableTestId="categories-table"
      empty={{ icon: 'fa-solid fa-tags', title: 'Aucune catégorie', filteredTitle: 'Aucune catégorie ne correspond', text: 'Créez les familles de produits avant de saisir votre catalogue.' }}
      head={
        <tr>
          <SortHeader column="code" label="Code" {...list.sort} />
          <SortHeader column="name" label="Nom" {...list.sort} />
          <th scope="col">Description</th>
          <SortHeader column="product_count" label="Produits" className="app-num" {...list.sort} />
          <th scope="col">Statut</th>
        </tr>
      }
    >
      {categories.data.map((c) => (
        <tr key={c.id} className={c.active ? undefined : 'app-archived-row'}>
          <td>
            <RowLink href={route('categories.show', { id: c.id })}>{c.code}</RowLink>
          </td>
          <td>
            <NameLink href={route('categories.show', { id: c.id })}>{c.name}</NameLink>
          </td>
          <td className="app-wrap text-body-secondary">{c.description || '—'}</td>
          <td className="app-num">{c.product_count > 0 ? <Link href={route('products.index', { category_id: c.id, status: 'all' })}>{c.product_count.toLocaleString('fr-FR')}</Link> : '0'}</td>
          <td>
            <StatusBadge active={c.active} feminine />
          </td>
        </tr>
      ))}
    </ListPage>
  );
}
