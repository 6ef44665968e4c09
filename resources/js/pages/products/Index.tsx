import type { MasterDataPages } from '@shared/pages/master-data';
import { ALERT_THRESHOLD_RULE, type ProductRow } from '@shared/products';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { formatCount, formatQty, pluralUnit } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';

export default function ProductsIndex({
  products,
  params,
  categories,
  locations,
  can,
  show_costs,
}: MasterDataPages['products/Index']) {
  const list = useList(route('products.index'), params);
  const location = locations.find((l) => l.value === params.filters.location_id);
  return (
    <ListPage
      title="Produits"
      subtitle="Le catalogue : codes, codes-barres, unités, prix et stock — au total ou par emplacement."
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Produits' }]}
      list={list}
      // One search box: it filters the list; Enter opens the product found — a scanned barcode or a code typed whole opens its product at once.
      search={{
        placeholder: 'Code-barres, code ou désignation…',
        label: 'Rechercher un produit',
        open: (p) => route('products.show', { id: p.id }),
        exact: (p, q) => p.code === q.toUpperCase() || (p.barcode !== null && p.barcode === q.toUpperCase()),
      }}
      perPage
      filters={
        <>
          <FilterSelect
            label="Catégorie"
            value={params.filters.category_id}
            allLabel="Toutes"
            options={categories}
            onChange={(category_id) => list.update({ category_id })}
            testId="filter-category"
          />
          <FilterSelect
            label="Stock de"
            value={params.filters.location_id ?? ''}
            allLabel="Tous les emplacements"
            options={locations}
            onChange={(location_id) => list.update({ location_id })}
            testId="filter-location"
          />
          <FilterSelect
            label="Niveau de stock"
            value={params.filters.stock ?? ''}
            allLabel="Tous"
            options={[{ value: 'low', label: 'Sous le seuil d’alerte' }]}
            onChange={(stock) => list.update({ stock })}
            testId="filter-stock"
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
          exportUrl={can.export ? route('products.export') : null}
          state={list.state}
          importHref={can.import ? route('products.import') : null}
          create={can.create ? { href: route('products.create'), label: 'Nouveau produit' } : null}
        />
      }
      note={
        params.filters.stock === 'low' ? (
          <span className="small text-body-secondary">
            Sous le seuil d’alerte {location ? `à ${location.label}` : 'dans au moins un de vos emplacements'} — seuil{' '}
            {ALERT_THRESHOLD_RULE}.
          </span>
        ) : undefined
      }
      page={products}
      caption="Liste des produits"
      pageLabel="Pagination des produits"
      tableTestId="products-table"
      empty={{
        icon: 'fa-solid fa-boxes-stacked',
        title: 'Aucun produit',
        filteredTitle: 'Aucun produit ne correspond',
        text: 'Créez vos produits un par un ou importez votre catalogue depuis Excel.',
      }}
      rowKey={(p) => p.id}
      rowClassName={(p) => (p.active ? undefined : 'app-archived-row')}
      columns={[
        {
          id: 'code',
          label: 'Code',
          role: 'title',
          sort: true,
          cell: (p) => <RowLink href={route('products.show', { id: p.id })}>{p.code}</RowLink>,
        },
        {
          id: 'name',
          label: 'Désignation',
          role: 'title',
          sort: true,
          wrap: true,
          cell: (p) => (
            <>
              <NameLink href={route('products.show', { id: p.id })}>{p.name}</NameLink>
              {p.barcode ? <div className="small text-body-secondary font-monospace">{p.barcode}</div> : null}
            </>
          ),
        },
        { id: 'category', label: 'Catégorie', role: 'secondary', sort: true, wrap: true, cell: (p) => p.category_name },
        show_costs
          ? {
              id: 'purchase_price',
              label: 'Achat',
              role: 'figure',
              sort: true,
              num: true,
              cell: (p) => <Money value={p.purchase_price} />,
            }
          : null,
        {
          id: 'retail_price',
          label: 'Détail',
          role: 'figure',
          sort: true,
          num: true,
          cell: (p) => <Money value={p.retail_price} />,
        },
        {
          id: 'wholesale_price',
          label: 'Gros',
          role: 'figure',
          sort: true,
          num: true,
          cell: (p) => <Money value={p.wholesale_price} />,
        },
        {
          id: 'stock',
          label: location ? `Stock ${location.label}` : 'Stock total',
          role: 'figure',
          sort: true,
          num: true,
          cellTitle: (p) =>
            p.below_threshold
              ? location
                ? `Sous le seuil d’alerte à ${location.label} (seuil : ${formatQty(p.threshold_location)})`
                : `Sous le seuil d’alerte dans ${formatCount(p.alert_locations, 'emplacement')}`
              : undefined,
          cell: (p) => <ProductStock product={p} />,
        },
        { id: 'status', label: 'Statut', role: 'status', cell: (p) => <StatusBadge active={p.active} /> },
      ]}
    />
  );
}

/**
 * The stock of a row: at the filtered location (with the total under it) or the total; red when
 * none is left, a warning when it is under the alert threshold at the filtered location, or at one
 * of the user's places (ALERT_THRESHOLD_RULE).
 * A total (or a location) the user counts blind comes as null and shows as « — ».
 */
function ProductStock({ product: p }: { product: ProductRow }) {
  const shown = p.stock_location ?? p.stock_total;
  const blind = shown === null || p.stock_total === null;
  return (
    <span
      className={`app-stock ${shown !== null && shown <= 0 ? 'text-danger' : p.below_threshold ? 'text-warning-emphasis' : ''}`}
      data-testid="product-stock"
      title={blind ? 'Inventaire à l’aveugle en cours' : undefined}
    >
      <span className="fw-semibold">
        {p.below_threshold ? (
          <>
            <Icon name="fa-solid fa-triangle-exclamation" className="me-1" />
            <span className="visually-hidden">Sous le seuil d’alerte : </span>
          </>
        ) : null}
        {formatQty(shown)} <span className="small text-body-secondary fw-normal">{pluralUnit(p.unit, shown)}</span>
      </span>
      {p.stock_location !== null && p.stock_total !== null ? (
        <span className="d-block small text-body-secondary">{formatQty(p.stock_total)} au total</span>
      ) : null}
    </span>
  );
}
