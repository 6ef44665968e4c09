import { Link, usePage } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { Pagination } from '@/components/Pagination';
import { DataTable } from '@/components/data/DataTable';
import { ExportButtons } from '@/components/data/ExportButtons';
import { FilterSelect, ListToolbar } from '@/components/data/ListToolbar';
import { SortHeader } from '@/components/data/SortHeader';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

const BASE = '/fichiers/categories';
const FEMININE_STATUS = [
  { value: 'active', label: 'Actives' },
  { value: 'archived', label: 'Archivées' },
  { value: 'all', label: 'Toutes' },
];

export default function CategoriesIndex({ categories, params, can }: MasterDataPages['categories/Index']) {
  const { url } = usePage();
  const list = useList(BASE, params);
  const sort = { sort: params.sort, dir: params.dir, onSort: list.update };
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
        actions={
          <>
            {can.export ? <ExportButtons base={BASE} params={params} /> : null}
            {can.create ? (
              <Link href={`${BASE}/create`} className="btn btn-primary" data-testid="create-link">
                <Icon name="fa-solid fa-plus" className="me-2" />
                Nouvelle catégorie
              </Link>
            ) : null}
          </>
        }
      >
        <FilterSelect label="Statut" value={params.filters.status} options={FEMININE_STATUS} onChange={(status) => list.update({ status })} />
      </ListToolbar>
      <DataTable
        caption="Liste des catégories"
        testId="categories-table"
        empty={categories.data.length === 0}
        emptyIcon="fa-solid fa-tags"
        emptyTitle={filtered ? 'Aucune catégorie ne correspond' : 'Aucune catégorie'}
        emptyText={filtered ? 'Modifiez la recherche ou les filtres.' : 'Créez les familles de produits avant de saisir votre catalogue.'}
        head={
          <tr>
            <SortHeader column="code" label="Code" {...sort} />
            <SortHeader column="name" label="Nom" {...sort} />
            <th scope="col">Description</th>
            <SortHeader column="product_count" label="Produits" className="app-num" {...sort} />
            <th scope="col">Statut</th>
          </tr>
        }
        footer={<Pagination currentPage={categories.page} lastPage={categories.last_page} url={url} total={categories.total} perPage={categories.per_page} label="Pagination des catégories" />}
      >
        {categories.data.map((c) => (
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
            </td>
            <td className="app-wrap text-body-secondary">{c.description || '—'}</td>
            <td className="app-num">
              {c.product_count > 0 ? (
                <Link href={`/fichiers/produits?category_id=${c.id}&status=all`}>{c.product_count.toLocaleString('fr-FR')}</Link>
              ) : (
                '0'
              )}
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
