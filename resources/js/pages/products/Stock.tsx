import { Link } from '@inertiajs/react';
import { route } from '@shared/routes';
import { AppPage } from '@/components/AppPage';
import { Icon } from '@/components/Icon';
import { ProductStockSections } from '@/components/stock/ProductStockSections';
import type { PageProps } from '@shared/pages';
import { StatusBadge } from '@/components/data/StatusBadge';

/** Stock of one product: per location, last movements, CMUP history. */
export default function ProductStock(props: PageProps<'products/Stock'>) {
  const { product, back_url } = props;
  return (
    <AppPage
      title={`Stock — ${product.name}`}
      heading={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          Stock de {product.name} <span className="app-doc-number fs-6">{product.code}</span>
          {!product.active ? <StatusBadge active={false} /> : null}
        </span>
      }
      breadcrumbs={[
        { label: 'Fichiers' },
        { label: 'Produits', href: route('products.index') },
        { label: product.code, href: back_url },
        { label: 'Stock' },
      ]}
      actions={
        <Link href={back_url} className="btn btn-outline-secondary">
          <Icon name="fa-solid fa-arrow-left" className="me-1" />
          Fiche produit
        </Link>
      }
    >
      <ProductStockSections {...props} />
    </AppPage>
  );
}
