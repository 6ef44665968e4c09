import type { MasterDataPages } from '@shared/pages/master-data';
import { route } from '@shared/routes';
import { ImportPage } from '@/components/data/ImportPage';

export default function ClientsImport({ preview, columns, can_update }: MasterDataPages['clients/Import']) {
  return (
    <ImportPage
      resource="clients"
      title="Importer des clients"
      noun="clients"
      breadcrumbs={[{ label: 'Fichiers' }, { label: 'Clients', href: route('clients.index') }, { label: 'Import' }]}
      preview={preview}
      columns={columns}
      canUpdate={can_update}
    />
  );
}
