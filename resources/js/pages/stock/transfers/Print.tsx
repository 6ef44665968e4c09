import { PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import type { PageProps } from '@shared/pages';
import SimpleLayout from '@/layouts/SimpleLayout';
import {
  formatCount,
  formatDate,
  formatDifferenceCount,
  formatQty,
  formatSigned,
  formatUnitTotals,
  pluralUnit,
} from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { UNIT_TOTALS_MAX } from '@shared/quantity';
import { currencyInfo, formatAmount } from '@shared/money';

/**
 * Bon de transfert (A5): locations, lines sent (and received once done), signatures; reprints say
 * DUPLICATA (PrintFrame). The figures' columns stay as narrow as their figures (the totals' words
 * may wrap), so the names keep their room and a difference's columns fit the page.
 */
export default function TransferPrint(props: PageProps<'stock/transfers/Print'>) {
  const { transfer } = props;
  const received = transfer.received_at !== null;
  const differences = transfer.lines.filter((l) => l.difference).length;
  // The differences valued at the CMUP at sending: present only for users who see costs.
  const valued = received && transfer.difference_values !== undefined && transfer.status === 'received_with_difference';
  const mark = transfer.status === 'cancelled' ? 'ANNULÉ' : null;
  // One sum per unit when the lines come in few units; beyond, the total row's label counts the lines already.
  const summed = new Set(transfer.lines.map((l) => l.unit.trim().toLocaleLowerCase('fr-FR'))).size <= UNIT_TOTALS_MAX;
  return (
    <PrintFrame
      meta={props}
      title="Bon de transfert"
      number={transfer.number}
      watermark={mark}
      footer={
        <PrintClosing
          cancelled={
            transfer.status === 'cancelled'
              ? {
                  label: 'Annulé',
                  at: transfer.cancelled_at,
                  by: transfer.cancelled_by,
                  reason: transfer.cancel_reason,
                }
              : null
          }
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
            <th>Unité</th>
            <th className="num">Envoyé</th>
            <th className="num">Reçu</th>
            {received ? <th className="num">Écart</th> : null}
            {valued ? <th className="num">Valeur ({currencyInfo(props.company.currency).label})</th> : null}
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
              {/* One unit a line, named once: its figures stay narrow and the name keeps its room. */}
              <td className="unit">{pluralUnit(l.unit, l.quantity_sent)}</td>
              <td className="num">{formatQty(l.quantity_sent)}</td>
              <td className={l.quantity_received === null ? 'num count-box' : 'num'}>
                {l.quantity_received === null ? '' : formatQty(l.quantity_received)}
              </td>
              {received ? <td className="num">{l.difference ? formatSigned(l.difference) : ''}</td> : null}
              {valued ? (
                <td className="num">
                  {l.difference_value ? formatAmount(l.difference_value, props.company.currency) : ''}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            {/* One sum per unit (« 50 sacs, 4 seaux »), the lines with a difference counted: quantities of different units are never added. */}
            {/* The lines with a difference are counted in the label: the Écart column stays as narrow as its figures. */}
            <th colSpan={4}>
              Total ({formatCount(transfer.line_count, 'ligne')}
              {received ? `, ${formatDifferenceCount(differences).toLocaleLowerCase('fr-FR')}` : ''})
            </th>
            <td className="num is-text">
              {summed ? formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_sent, unit: l.unit }))) : ''}
            </td>
            <td className="num is-text">
              {summed && received
                ? formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_received, unit: l.unit })))
                : ''}
            </td>
            {received ? <td className="num" /> : null}
            {valued ? (
              <td className="num" data-testid="print-difference-total">
                {formatAmount(transfer.difference_values!.net, props.company.currency)}
              </td>
            ) : null}
          </tr>
        </tfoot>
      </table>
      {valued ? (
        <p className="small mt-2" data-testid="print-difference-values">
          Écart valorisé au CMUP à l’envoi :
          {transfer.difference_values!.loss ? (
            <>
              {' '}
              perte <Money value={transfer.difference_values!.loss} currency={props.company.currency} />
            </>
          ) : null}
          {transfer.difference_values!.loss && transfer.difference_values!.surplus ? ' ;' : null}
          {transfer.difference_values!.surplus ? (
            <>
              {' '}
              excédent <Money value={transfer.difference_values!.surplus} currency={props.company.currency} />
            </>
          ) : null}
          .
        </p>
      ) : null}
    </PrintFrame>
  );
}

TransferPrint.layout = SimpleLayout;
