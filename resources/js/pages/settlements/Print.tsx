import { formatAmount, formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { PrintAmountInWords, PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { formatDate, formatDateTime } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import '../../../css/screens/ticket.scss';

/**
 * Reçu de règlement: A5 (the setting of Paramètres › Impression) or on a till roll (80 mm): the
 * client, the amount received and how (method, operator and transaction id, cheque), the invoices
 * it settles with what each still owes, the advance kept, the client's remaining balance, the
 * amount in words, signatures. A reprint carries the DUPLICATA mark (PrintFrame, from meta.copy);
 * a cancelled settlement is watermarked ANNULÉ.
 */
export default function SettlementReceiptPrint(props: PageProps<'settlements/Print'>) {
  const { settlement: s, roll } = props;
  const currency = props.company.currency;
  const amount = (n: number) => formatAmount(n, currency);
  const cancelled = s.status === 'cancelled';
  const how = [s.method_label, s.account_name ? `(${s.account_name})` : ''].filter(Boolean).join(' ');
  const refLabel =
    s.method === 'cheque' ? 'Chèque n°' : s.method === 'mobile_money' ? 'ID de transaction' : 'Référence';
  const ref = s.reference ? <span className="app-print-ref">{s.reference}</span> : '';
  const facts: Parameters<typeof PrintFacts>[0]['items'] = [
    ['Date', `${formatDate(s.settlement_date)} (${formatDateTime(s.created_at)})`],
    ['Client', `${s.client.name} (${s.client.code})`],
    ['Mode', s.source === 'advance' ? 'Acompte du client (déjà encaissé)' : how],
    ['Téléphone', s.phone ?? ''],
    // A transaction id or a cheque number is read whole: never cut in the middle (its own row when long).
    (s.reference ?? '').length > 14 ? [refLabel, ref, 'wide'] : [refLabel, ref],
    ['Date du chèque', s.cheque_date ? formatDate(s.cheque_date) : ''],
    ['Reçu par', s.created_by ?? ''],
  ];
  const closing = (
    <PrintClosing
      cancelled={
        cancelled
          ? { label: 'Règlement annulé', at: s.cancelled_at, by: s.cancelled_by, reason: s.cancel_reason }
          : null
      }
      notes={s.note ? [s.note] : []}
      signatures={roll ? [] : [`Caissier (${s.created_by ?? '—'})`, 'Client']}
    />
  );
  return (
    <PrintFrame
      meta={props}
      title="Reçu de règlement"
      number={s.number}
      watermark={cancelled ? 'ANNULÉ' : null}
      footer={closing}
    >
      <PrintFacts items={facts} />
      {roll ? (
        <>
          <div className="app-ticket-row app-ticket-total" data-testid="receipt-amount">
            <span>{s.source === 'advance' ? 'ACOMPTE UTILISÉ' : 'REÇU'}</span>
            <span>{formatMoney(s.received, currency)}</span>
          </div>
          <div className="app-ticket-block" data-testid="receipt-allocations">
            {s.allocations.map((a) => (
              <div key={a.position}>
                <div className="app-ticket-row">
                  <span>{a.number}</span>
                  <span>{amount(a.settled)}</span>
                </div>
                <div className="app-ticket-ref">
                  {a.remaining > 0 ? `Reste à payer : ${amount(a.remaining)}` : 'Soldée'}
                </div>
              </div>
            ))}
            {s.advance > 0 ? (
              <div className="app-ticket-row">
                <span>Gardé en acompte</span>
                <span>{amount(s.advance)}</span>
              </div>
            ) : null}
          </div>
          <div className="app-ticket-row fw-bold" data-testid="receipt-balance">
            <span>Solde restant dû après ce règlement</span>
            <span>{amount(Math.max(0, s.balance_after))}</span>
          </div>
        </>
      ) : (
        <>
          <PrintLines
            testId="receipt-allocations"
            rows={s.allocations}
            rowKey={(a) => a.position}
            columns={[
              {
                id: 'number',
                label: 'Facture',
                cell: (a) => (
                  <>
                    <span className="code">{a.number}</span>
                    <br />
                    {formatDate(a.sale_date)}
                  </>
                ),
                foot: s.source === 'advance' ? 'Total pris sur l’acompte' : 'Total reçu',
                footSpan: 2,
              },
              { id: 'total', label: 'Montant', num: true, cell: (a) => <Money value={a.total} currency={currency} /> },
              {
                id: 'settled',
                label: 'Réglé',
                num: true,
                cell: (a) => <Money value={a.settled} currency={currency} />,
                foot: <Money value={s.received} currency={currency} />,
                footTestId: 'receipt-amount',
              },
              {
                id: 'remaining',
                label: 'Reste à payer',
                num: true,
                cell: (a) => (a.remaining > 0 ? <Money value={a.remaining} currency={currency} /> : 'Soldée'),
              },
            ]}
            after={
              s.advance > 0 ? (
                <tr>
                  <td colSpan={2}>Gardé en acompte au client</td>
                  <td className="num">
                    <Money value={s.advance} currency={currency} />
                  </td>
                  <td />
                </tr>
              ) : null
            }
          />
          <p className="mb-1" data-testid="receipt-balance">
            Solde restant dû par le client après ce règlement :{' '}
            <strong>{formatMoney(Math.max(0, s.balance_after), currency)}</strong>
            {s.advance_after > 0 ? (
              <>
                {' '}
                — acompte disponible : <strong>{formatMoney(s.advance_after, currency)}</strong>
              </>
            ) : null}
          </p>
        </>
      )}
      <PrintAmountInWords
        settings={props.settings}
        amount={s.received}
        currency={currency}
        lead="Arrêté le présent reçu à la somme de"
      />
    </PrintFrame>
  );
}

SettlementReceiptPrint.layout = SimpleLayout;
