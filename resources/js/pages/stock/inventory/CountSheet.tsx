import { PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
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
      <table className="app-print-table">
        <thead>
          <tr>
            <th>Code</th>
            <th>Désignation</th>
            <th>Catégorie</th>
            <th>Unité</th>
            {with_quantities ? <th className="num">Théorique</th> : null}
            <th className="num count-box">Compté</th>
            {with_quantities ? <th className="num">Écart</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.code}>
              <td className="code">{l.code}</td>
              <td>{l.name}</td>
              <td>{l.category}</td>
              <td>{l.unit}</td>
              {with_quantities ? <td className="num">{formatQty(l.theoretical)}</td> : null}
              <td className="num count-box">{l.counted === null ? '' : formatQty(l.counted)}</td>
              {with_quantities ? (
                <td className="num">
                  {l.counted !== null && l.theoretical !== null ? formatSigned(l.counted - l.theoretical) : ''}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={with_quantities ? 7 : 5}>
              {formatQty(lines.length)} produit{lines.length > 1 ? 's' : ''} — {formatQty(counted)} compté
              {counted > 1 ? 's' : ''}
            </th>
          </tr>
        </tfoot>
      </table>
    </PrintFrame>
  );
}

CountSheet.layout = SimpleLayout;
