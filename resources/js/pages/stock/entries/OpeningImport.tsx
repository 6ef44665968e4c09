import type { PageProps } from '@shared/pages';
import { route } from '@shared/routes';
import { ImportPage } from '@/components/data/ImportPage';
import { formatCount } from '@/components/data/format';

/** Import of the opening stock (« Stock initial ») from a CSV/XLSX file: one entry per location, all or nothing. */
export default function OpeningStockImport({ preview, columns, can_update }: PageProps<'stock/entries/OpeningImport'>) {
  return (
    <ImportPage
      resource="openingStock"
      title="Importer le stock initial"
      noun="lignes de stock initial"
      breadcrumbs={[
        { label: 'Opérations' },
        { label: 'Entrées de stock', href: route('entries.index') },
        { label: 'Stock initial', href: route('openingStock.create') },
        { label: 'Import' },
      ]}
      preview={preview}
      columns={columns}
      canUpdate={can_update}
      lines={{
        backHref: route('openingStock.create'),
        backLabel: 'Retour au stock initial',
        rowLabel: 'Stock initial',
        confirm: (count) =>
          `${formatCount(count, 'ligne entrera', 'lignes entreront')} en stock comme « Stock initial » (une entrée par emplacement, sans fournisseur), en une seule fois.`,
      }}
    />
  );
}
