import { PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import type { PageProps } from '@shared/pages';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatCount, formatDate, formatDifferenceCount, formatQuantity, formatSigned, formatUnitTotals } from '@/components/data/format';
import { Money } from '@/components/data/Money';

/** Bon de transfert (A5): locations, lines sent (and received once done), signatures; reprints say DUPLICATA (PrintFrame). */
export default function TransferPrint(props: PageProps<'stock/transfers/Print'>) {
  const { transfer } = props;
  const received = transfer.received_at !== null;
  const differences = transfer.lines.filter((l) => l.difference).length;
  // The differences valued at the CMUP at sending: present only for users who see costs.
  const valued = received && transfer.difference_values !== undefined && transfer.status === 'received_with_difference';
  const mark = transfer.status === 'cancelled' ? 'ANNULÉ' : null;
  return (
    <PrintFrame
      meta={props}
      title="Bon de transfert"
      number={transfer.number}
      watermark={mark}
      footer={
        <PrintClosing
          cancelled={transfer.status === 'cancelled' ? { label: 'Annulé', at: transfer.cancelled_at, by: transfer.cancelled_by, reason: transfer.cancel_reason } : null}
          notes={[
            transfer.note ? `Observation : ${transfer.note}` : null,
            transfer.reception_note ? `À la réception : ${transfer.reception_note}` : null,
          ]}
          signatures={[`Expéditeur (${transfer.from.name})`, 'Transporteur', `Destinataire (${transfer.to.name})`]}
        />
      }
    >
      <PrintFacts
        items={[
          ['Date', formatDate(transfer.transfer_date)],
          ['Statut', transfer.status_label],
          ['Départ', transfer.from.name],
          ['Destination', transfer.to.name],
          ['Envoyé par', transfer.sent_by ?? '—'],
          ['Reçu', received ? `le ${formatDate(transfer.received_date)} par ${transfer.received_by ?? '—'}` : ''],
        ]}
      />
      <table className="app-print-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Code</th>
            <th>Désignation</th>
            <th className="num">Envoyé</th>
            <th className="num">Reçu</th>
            {received ? <th className="num">Écart</th> : null}
            {valued ? <th className="num">Valeur de l’écart</th> : null}
          </tr>
        </thead>
        <tbody>
          {transfer.lines.map((l) => (
            <tr key={l.position}>
              <td>{l.position}</td>
              <td className="code">{l.product_code}</td>
              <td>
                {l.product_name}
                {l.difference_reason ? <div>Motif : {l.difference_reason}</div> : null}
              </td>
              <td className="num">
                {formatQuantity(l.quantity_sent, l.unit)}
              </td>
              <td className="num count-box">{l.quantity_received === null ? '' : formatQuantity(l.quantity_received, l.unit)}</td>
              {received ? <td className="num">{l.difference ? formatSigned(l.difference) : ''}</td> : null}
              {valued ? <td className="num">{l.difference_value ? <Money value={l.difference_value} currency={props.company.currency} /> : ''}</td> : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            {/* One sum per unit (« 50 sacs, 4 seaux »), the lines with a difference counted: quantities of different units are never added. */}
            <th colSpan={3}>Total ({formatCount(transfer.line_count, 'ligne')})</th>
            <td className="num">{formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_sent, unit: l.unit })))}</td>
            <td className="num">{received ? formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_received, unit: l.unit }))) : ''}</td>
            {received ? <td className="num">{formatDifferenceCount(differences)}</td> : null}
            {valued ? (
              <td className="num" data-testid="print-difference-total">
                <Money value={transfer.difference_values!.net} currency={props.company.currency} />
              </td>
            ) : null}
          </tr>
        </tfoot>
      </table>
      {valued ? (
        <p className="small mt-2" data-testid="print-difference-values">
          Écart valorisé au CMUP à l’envoi :{transfer.difference_values!.loss ? <> perte <Money value={transfer.difference_values!.loss} currency={props.company.currency} /></> : null}
          {transfer.difference_values!.loss && transfer.difference_values!.surplus ? ' ;' : null}
          {transfer.difference_values!.surplus ? <> excédent <Money value={transfer.difference_values!.surplus} currency={props.company.currency} /></> : null}.
        </p>
      ) : null}
    </PrintFrame>
  );
}

TransferPrint.layout = SimpleLayout;
