import { Link } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/master-data';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { DataTable } from '@/components/data/DataTable';
import { ListActions } from '@/components/data/ListActions';
import { FEMININE_STATUS_OPTIONS, FilterSelect, ListToolbar } from '@/components/data/ListToolbar';
import { SortHeader } from '@/components/data/SortHeader';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

export default function CategoriesIndex({ categories, params, can }: MasterDataPages['categories/Index']) {
  const list = useList(route('categories.index'), params);
  const filtered = params.q !== '' || params.filters.status !== 'active';
  return (
    <AppPage title="Catégories" subtitle="Familles de produits : elles servent aux filtres, aux inventaires et aux états." breadcrumbs={[{ label: 'Fichiers' }, { label: 'Catégories' }]}>
      <ListToolbar
        q={params.q}
        onSearch={(q) => list.update({ q })}
        placeholder="Code ou nom…"
        searchLabel="Rechercher une catégorie"
        perPage={params.per_page}
        onPerPage={(per_page) => list.update({ per_page })}
        onReset={filtered ? list.reset : undefined}
        actions={<ListActions exportUrl={can.export ? route('categories.export') : null} state={list.state} create={can.create ? { href: route('categories.create'), label: 'Nouvelle catégorie' } : null} />}
      >
        <FilterSelect label="Statut" value={params.filters.status} options={FEMININE_STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
      </ListToolbar>
      <DataTable
        caption="Liste des catégories"
        testId="categories-table"
        page={categories}
        pageLabel="Pagination des catégories"
        emptyIcon="fa-solid fa-tags"
        emptyTitle={filtered ? 'Aucune catégorie ne correspond' : 'Aucune catégorie'}
        emptyText={filtered ? 'Modifiez la recherche ou les filtres.' : 'Créez les familles de produits avant de saisir votre catalogue.'}
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
              <Link href={route('categories.show', { id: c.id })} className="app-row-link">
                {c.code}
              </Link>
            </td>
            <td>
              <Link href={route('categories.show', { id: c.id })} className="text-reset text-decoration-none">
                {c.name}
              </Link>
            </td>
            <td className="app-wrap text-body-secondary">{c.description || '—'}</td>
            <td className="app-num">{c.product_count > 0 ? <Link href={route('products.index', { category_id: c.id, status: 'all' })}>{c.product_count.toLocaleString('fr-FR')}</Link> : '0'}</td>
            <td>
              <StatusBadge active={c.active} feminine />
            </td>
          </tr>
        ))}
      </DataTable>
    </AppPage>
  );
}
