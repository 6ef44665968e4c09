import { formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { PrintClosing, PrintFacts, PrintFrame, PrintNote } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatDate, formatQty } from '@/components/data/format';

/** Relevé de compte (A4): a client's opening balance, every line of the period with the running balance, the closing balance. */
export default function ClientStatementPrint(props: PageProps<'clients/Statement'>) {
  const { client, from, to, totals, lines, count, truncated, ends_today, company } = props;
  const money = (v: number) => formatMoney(v, company.currency);
  const place = [client.address, client.city].filter(Boolean).join(', ');
  return (
    <PrintFrame
      meta={props}
      title="Relevé de compte"
      subtitle={
        <strong>
          Période du {formatDate(from)} au {formatDate(to)}
        </strong>
      }
      footer={
        <PrintClosing
          notes={[
            ends_today
              ? `Solde dû au ${formatDate(to)} : ${money(totals.closing)}${client.advance > 0 ? `, acompte disponible de ${money(client.advance)} déjà déduit` : ''}.`
              : `Solde au ${formatDate(to)} : ${money(totals.closing)}.`,
            'Débit : ce que le client doit en plus (factures, remboursements) ; crédit : ce qui vient en déduction (paiements, règlements, avoirs, annulations).',
          ]}
          signatures={['Le client', 'Pour la société']}
        />
      }
    >
      <PrintFacts
        items={[
          ['Client', `${client.name} (${client.code})`],
          ['Adresse', place],
          ['Téléphone', client.phone],
          ['N° contribuable', client.tax_number],
          ['Lignes', formatQty(count)],
        ]}
      />
      {truncated ? (
        <PrintNote>
          <strong>Attention :</strong> le relevé est limité aux {formatQty(lines.length)} premières lignes de la période
          ; réduisez la période pour tout imprimer. Les totaux et le solde portent sur toute la période.
        </PrintNote>
      ) : null}
      <PrintLines
        dense
        testId="statement-table"
        rows={lines}
        rowKey={(l) => l.position}
        before={
          <tr>
            <td className="text-nowrap">{formatDate(from)}</td>
            <td />
            <td>
              <strong>Solde d’ouverture</strong>
            </td>
            <td />
            <td />
            <td className="num">
              <strong>{money(totals.opening)}</strong>
            </td>
          </tr>
        }
        columns={[
          {
            id: 'date',
            label: 'Date',
            className: 'text-nowrap',
            cell: (l) => formatDate(l.date),
            foot: 'Totaux de la période et solde de clôture',
            footSpan: 3,
          },
          { id: 'number', label: 'N°', className: 'code', cell: (l) => l.number },
          {
            id: 'label',
            label: 'Libellé',
            cell: (l) => (
              <>
                {l.label}
                {l.kind === 'advance_use' || (l.kind === 'settlement_cancel' && l.amount > 0)
                  ? ` (${money(l.amount)}, sans effet sur le solde)`
                  : ''}
              </>
            ),
          },
          {
            id: 'debit',
            label: 'Débit',
            num: true,
            cell: (l) => (l.debit ? money(l.debit) : ''),
            foot: money(totals.debit),
          },
          {
            id: 'credit',
            label: 'Crédit',
            num: true,
            cell: (l) => (l.credit ? money(l.credit) : ''),
            foot: money(totals.credit),
          },
          {
            id: 'balance',
            label: 'Solde',
            num: true,
            cell: (l) => money(l.balance),
            foot: <strong>{money(totals.closing)}</strong>,
          },
        ]}
      />
    </PrintFrame>
  );
}

ClientStatementPrint.layout = SimpleLayout;
