import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { ImportPage } from '@/components/data/ImportPage';

export default function ProductsImport({ preview, columns, can_update }: MasterDataPages['products/Import']) {
  return (
    <ImportPage
      resource="products"
      title="Importer des produits"
      noun="produits"
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Produits', href: route('products.index') }, { label: 'Import' }]}
      preview={preview}
      columns={columns}
      canUpdate={can_update}
    />
  );
}
