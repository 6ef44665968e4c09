import { formatMoney } from '@shared/money';
import { PrintClosing, PrintFacts, PrintFrame, PrintNote } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
import type { PageProps } from '@shared/pages';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatCount, formatDate, formatDateTime, formatQty, formatSigned } from '@/components/data/format';

/** État d'ajustement (A4): a validated count's or a readjustment's stock corrections, valued at CMUP. */
export default function AdjustmentPrint(props: PageProps<'stock/inventory/AdjustmentPrint'>) {
  const { kind, document: doc, lines, totals, company } = props;
  // Costs are absent for a user who may not see them: a dash in their place.
  const money = (v: number | undefined) => (v === undefined ? '—' : formatMoney(v, company.currency));
  const isCount = kind === 'count';
  // No CMUP nor value column for a user who may not see costs (the server left them out).
  const costs = totals.net_value !== undefined;
  return (
    <PrintFrame
      meta={props}
      title={doc.title}
      number={doc.number}
      subtitle={
        doc.subtitle ? (
          <span>
            <strong>Périmètre :</strong> {doc.subtitle}
          </span>
        ) : null
      }
      footer={
        <PrintClosing
          notes={[doc.note ? `Observation : ${doc.note}` : null]}
          signatures={['Le responsable de stock', 'Le gérant']}
        />
      }
    >
      <PrintFacts
        items={[
          ['Date', formatDate(doc.date)],
          ['Emplacement', doc.location],
          [
            'Validé par',
            doc.validated_by
              ? `${doc.validated_by}${doc.validated_at ? ` le ${formatDateTime(doc.validated_at)}` : ''}`
              : '',
          ],
        ]}
      />
      {lines.length === 0 ? (
        <PrintNote>Aucun écart : aucun ajustement de stock.</PrintNote>
      ) : (
        <PrintLines
          rows={lines}
          rowKey={(l) => l.code}
          columns={[
            { id: 'code', label: 'Code', className: 'code', cell: (l) => l.code },
            { id: 'name', label: 'Désignation', cell: (l) => l.name },
            { id: 'unit', label: 'Unité', cell: (l) => l.unit },
            { id: 'before', label: 'Stock avant', num: true, cell: (l) => formatQty(l.before) },
            isCount ? { id: 'counted', label: 'Compté', num: true, cell: (l) => formatQty(l.counted) } : null,
            { id: 'adjustment', label: 'Ajustement', num: true, cell: (l) => formatSigned(l.adjustment) },
            costs ? { id: 'cmup', label: 'CMUP', num: true, cell: (l) => money(l.unit_cost) } : null,
            costs ? { id: 'value', label: 'Valeur', num: true, cell: (l) => money(l.value) } : null,
          ]}
        />
      )}
      <table className="app-print-table" style={{ width: 'auto', marginLeft: 'auto' }}>
        <tbody>
          <tr>
            <th>Gains</th>
            <td className="num">{formatCount(totals.gain_lines, 'ligne')}</td>
            {costs ? <td className="num">{money(totals.gain_value)}</td> : null}
          </tr>
          <tr>
            <th>Pertes</th>
            <td className="num">{formatCount(totals.loss_lines, 'ligne')}</td>
            {costs ? (
              <td className="num">{money(totals.loss_value === undefined ? undefined : -totals.loss_value)}</td>
            ) : null}
          </tr>
          {costs ? (
            <tr>
              <th>Écart net</th>
              <td />
              <td className="num">
                <strong>{money(totals.net_value)}</strong>
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </PrintFrame>
  );
}

AdjustmentPrint.layout = SimpleLayout;
