import { router } from '@inertiajs/react';
import type { MasterDataPages } from '@shared/records';
import { route } from '@shared/routes';
import { Icon } from '@/components/Icon';
import { NameLink, RowLink } from '@/components/data/DataTable';
import { formatQty, pluralUnit } from '@/components/data/format';
import { ListActions } from '@/components/data/ListActions';
import { ListPage } from '@/components/data/ListPage';
import { FilterSelect, STATUS_OPTIONS } from '@/components/data/ListToolbar';
import { Money } from '@/components/data/Money';
import { SortHeader } from '@/components/data/SortHeader';
import { StatusBadge } from '@/components/data/StatusBadge';
import { useList } from '@/components/data/useList';
import { ProductPicker } from '@/components/pickers/ProductPicker';

export default function ProductsIndex({ products, params, categories, can, currency, show_costs }: MasterDataPages['products/Index']) {
  const list = useList(route('products.index'), params);
  return (
    <ListPage
      title="Produits"
      subtitle="Le catalogue : codes, codes-barres, unités, prix et stock total."
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Produits' }]}
      before={
        // A scanned barcode opens the product's record at once (Enter on an exact match).
        <div className="app-record-jump">
          <ProductPicker currency={currency} label="Ouvrir la fiche d'un produit" placeholder="Scannez un code-barres ou tapez un code, un nom…" onPick={(p) => router.visit(route('products.show', { id: p.id }))} />
        </div>
      }
      list={list}
      search={{ placeholder: 'Code, désignation ou code-barres…', label: 'Rechercher un produit' }}
      perPage
      filters={
        <>
          <FilterSelect label="Catégorie" value={params.filters.category_id} allLabel="Toutes" options={categories} onChange={(category_id) => list.update({ category_id })} testId="filter-category" />
          <FilterSelect label="Statut" value={params.filters.status} options={STATUS_OPTIONS} onChange={(status) => list.update({ status })} />
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
      page={products}
      caption="Liste des produits"
      pageLabel="Pagination des produits"
      tableTestId="products-table"
      empty={{ icon: 'fa-solid fa-boxes-stacked', title: 'Aucun produit', filteredTitle: 'Aucun produit ne correspond', text: 'Créez vos produits un par un ou importez votre catalogue depuis Excel.' }}
      head={
        <tr>
          <SortHeader column="code" label="Code" {...list.sort} />
          <SortHeader column="name" label="Désignation" {...list.sort} />
          <SortHeader column="category" label="Catégorie" {...list.sort} />
          {show_costs ? <SortHeader column="purchase_price" label="Achat" className="app-num" {...list.sort} /> : null}
          <SortHeader column="retail_price" label="Détail" className="app-num" {...list.sort} />
          <SortHeader column="wholesale_price" label="Gros" className="app-num" {...list.sort} />
          <th scope="col" className="app-num">
            Stock
          </th>
          <th scope="col">Statut</th>
        </tr>
      }
    >
      {products.data.map((p) => {
        const low = p.alert_threshold > 0 && p.stock_total <= p.alert_threshold;
        return (
          <tr key={p.id} className={p.active ? undefined : 'app-archived-row'}>
            <td>
              <RowLink href={route('products.show', { id: p.id })}>{p.code}</RowLink>
            </td>
            <td className="app-wrap">
              <NameLink href={route('products.show', { id: p.id })}>{p.name}</NameLink>
              {p.barcode ? <div className="small text-body-secondary font-monospace">{p.barcode}</div> : null}
            </td>
            <td>{p.category_name}</td>
            {show_costs ? (
              <td className="app-num">
                <Money value={p.purchase_price} currency={currency} />
              </td>
            ) : null}
            <td className="app-num">
              <Money value={p.retail_price} currency={currency} />
            </td>
            <td className="app-num">
              <Money value={p.wholesale_price} currency={currency} />
            </td>
            <td className={`app-num ${p.stock_total <= 0 ? 'text-danger' : low ? 'text-warning-emphasis fw-semibold' : ''}`} title={low ? `Sous le seuil d'alerte (${formatQty(p.alert_threshold)})` : undefined}>
              {low ? <Icon name="fa-solid fa-triangle-exclamation" className="me-1" /> : null}
              {formatQty(p.stock_total)} <span className="small text-body-secondary">{pluralUnit(p.unit, p.stock_total)}</span>
            </td>
            <td>
              <StatusBadge active={p.active} />
            </td>
          </tr>
        );
      })}
    </ListPage>
  );
}
