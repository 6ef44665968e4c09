import { PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
import type { PageProps } from '@shared/pages';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatDate, formatDateTime, formatQty, formatSigned } from '@/components/data/format';

/** État de contrôle de stock (A4): the products of a count, theoretical quantities when allowed, counted column (blank to count by hand). */
export default function CountSheet(props: PageProps<'stock/inventory/CountSheet'>) {
  const { session, lines, with_quantities } = props;
  const counted = lines.filter((l) => l.counted !== null).length;
  return (
    <PrintFrame
      meta={props}
      title="État de contrôle de stock"
      number={session.number ?? `Inventaire n° ${session.id}`}
      watermark={session.status === 'cancelled' ? 'ANNULÉ' : null}
      footer={<PrintClosing signatures={['Compté par', 'Contrôlé par']} />}
    >
      <PrintFacts
        items={[
          ['Emplacement', session.location.name],
          ['Date du comptage', formatDate(session.count_date)],
          ['Périmètre', session.categories],
          ['Statut', session.status_label],
          ['Instantané', formatDateTime(session.snapshot_at)],
          ['Comptage', session.blind ? 'à l’aveugle' : 'quantités théoriques visibles'],
        ]}
      />
      <PrintLines
        rows={lines}
        rowKey={(l) => l.code}
        columns={[
          {
            id: 'code',
            label: 'Code',
            className: 'code',
            cell: (l) => l.code,
            foot: `${formatQty(lines.length)} produit${lines.length > 1 ? 's' : ''} — ${formatQty(counted)} compté${counted > 1 ? 's' : ''}`,
            footSpan: with_quantities ? 7 : 5,
          },
          { id: 'name', label: 'Désignation', cell: (l) => l.name },
          { id: 'category', label: 'Catégorie', cell: (l) => l.category },
          { id: 'unit', label: 'Unité', cell: (l) => l.unit },
          with_quantities
            ? { id: 'theoretical', label: 'Théorique', num: true, cell: (l) => formatQty(l.theoretical) }
            : null,
          {
            id: 'counted',
            label: 'Compté',
            num: true,
            className: 'count-box',
            headClassName: 'count-box',
            cell: (l) => (l.counted === null ? '' : formatQty(l.counted)),
          },
          with_quantities
            ? {
                id: 'difference',
                label: 'Écart',
                num: true,
                cell: (l) =>
                  l.counted !== null && l.theoretical !== null ? formatSigned(l.counted - l.theoretical) : '',
              }
            : null,
        ]}
      />
    </PrintFrame>
  );
}

CountSheet.layout = SimpleLayout;
