import { PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
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
      <PrintLines
        rows={transfer.lines}
        rowKey={(l) => l.position}
        columns={[
          {
            id: 'position',
            label: '#',
            cell: (l) => l.position,
            // The lines with a difference are counted in the label: the Écart column stays as narrow as its figures.
            foot: `Total (${formatCount(transfer.line_count, 'ligne')}${received ? `, ${formatDifferenceCount(differences).toLocaleLowerCase('fr-FR')}` : ''})`,
            footSpan: 4,
          },
          { id: 'code', label: 'Code', className: 'code', cell: (l) => l.product_code },
          {
            id: 'name',
            label: 'Désignation',
            cell: (l) => (
              <>
                {l.product_name}
                {l.difference_reason ? <div>Motif : {l.difference_reason}</div> : null}
              </>
            ),
          },
          // One unit a line, named once: its figures stay narrow and the name keeps its room.
          { id: 'unit', label: 'Unité', className: 'unit', cell: (l) => pluralUnit(l.unit, l.quantity_sent) },
          {
            id: 'sent',
            label: 'Envoyé',
            num: true,
            cell: (l) => formatQty(l.quantity_sent),
            // One sum per unit (« 50 sacs, 4 seaux »): quantities of different units are never added.
            foot: summed
              ? formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_sent, unit: l.unit })))
              : '',
            footClassName: 'num is-text',
          },
          {
            id: 'received',
            label: 'Reçu',
            num: true,
            className: (l) => (l.quantity_received === null ? 'count-box' : undefined),
            cell: (l) => (l.quantity_received === null ? '' : formatQty(l.quantity_received)),
            foot:
              summed && received
                ? formatUnitTotals(transfer.lines.map((l) => ({ quantity: l.quantity_received, unit: l.unit })))
                : '',
            footClassName: 'num is-text',
          },
          received
            ? {
                id: 'difference',
                label: 'Écart',
                num: true,
                cell: (l) => (l.difference ? formatSigned(l.difference) : ''),
              }
            : null,
          valued
            ? {
                id: 'value',
                label: `Valeur (${currencyInfo(props.company.currency).label})`,
                num: true,
                cell: (l) => (l.difference_value ? formatAmount(l.difference_value, props.company.currency) : ''),
                foot: formatAmount(transfer.difference_values!.net, props.company.currency),
                footTestId: 'print-difference-total',
              }
            : null,
        ]}
      />
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
