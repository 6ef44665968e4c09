import type { MasterDataPages } from '@shared/records';
import { ImportPage } from '@/components/data/ImportPage';

export default function ProductsImport({ preview, columns, can_update }: MasterDataPages['products/Import']) {
  return <ImportPage base="/fichiers/produits" title="Importer des produits" noun="produits" breadcrumbs={[{ label: 'Fichiers' }, { label: 'Produits', href: '/fichiers/produits' }, { label: 'Import' }]} preview={preview} columns={columns} canUpdate={can_update} />;
}
