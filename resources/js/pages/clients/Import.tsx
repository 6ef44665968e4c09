import type { MasterDataPages } from '@shared/records';
import { ImportPage } from '@/components/data/ImportPage';

export default function ClientsImport({ preview, columns, can_update }: MasterDataPages['clients/Import']) {
  return <ImportPage base="/fichiers/clients" title="Importer des clients" noun="clients" breadcrumbs={[{ label: 'Fichiers' }, { label: 'Clients', href: '/fichiers/clients' }, { label: 'Import' }]} preview={preview} columns={columns} canUpdate={can_update} />;
}
