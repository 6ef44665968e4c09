import type { PageProps } from '@shared/pages';
import { formatMoney } from '@shared/money';
import { PrintAmountInWords, PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatCount, formatDate, formatDateTime, formatQty, formatQuantity } from '@/components/data/format';
import { priceBasisLabel } from '@shared/vat';

/**
 * Facture A5 (credit sale) and facture comptant A5 (cash sale, with the payments, the cash
 * tendered and the change): company header, client, lines, totals with the VAT breakdown when
 * enabled, « Arrêtée la présente facture à la somme de … » in words, who printed and when. A reprint
 * is the same page marked DUPLICATA (PrintFrame), at A5 or A6. Never a cost: it goes to the customer.
 */
export default function SalePrint(props: PageProps<'sales/Print'>) {
  const { sale } = props;
  const currency = props.company.currency;
  const money = (n: number) => formatMoney(n, currency);
  const cash = sale.payment_mode === 'cash';
  const vat = sale.vat_rate_bp > 0;
  const discounted = sale.lines.some((l) => l.discount > 0);
  const title = sale.kind === 'counter' ? (cash ? 'Facture comptant' : 'Facture') : cash ? 'Facture comptant' : 'Facture';
  const client = sale.client;
  return (
    <PrintFrame
      meta={props}
      title={title}
      number={sale.number}
      watermark={sale.status === 'cancelled' ? 'ANNULÉE' : null}
      footer={
        <PrintClosing
          cancelled={sale.status === 'cancelled' ? { label: 'Annulée', at: sale.cancelled_at, by: sale.cancelled_by, reason: sale.cancel_reason } : null}
          notes={[sale.note ? `Observation : ${sale.note}` : null, `Établie par ${sale.created_by ?? '—'} le ${formatDateTime(sale.created_at)}.`]}
          signatures={['Le client', 'Le vendeur']}
        />
      }
    >
      <PrintFacts
        items={[
          ['Date', formatDate(sale.sale_date)],
          ['Client', `${client.name} (${client.code})`],
          ['Adresse', [client.address, client.city].filter(Boolean).join(', ')],
          ['Téléphone', client.phone],
          ['N° contribuable', client.tax_number],
          ['Emplacement', sale.location.name],
          ['Règlement', cash ? 'Comptant' : `Crédit${sale.due_date ? `, échéance le ${formatDate(sale.due_date)}` : ''}`],
        ]}
      />
      <table className="app-print-table" data-testid="print-lines">
        <thead>
          <tr>
            <th>#</th>
            <th>Désignation</th>
            <th className="num">Qté</th>
            <th className="num">P.U.{vat ? ` ${priceBasisLabel(sale.prices_include_vat, true)}` : ''}</th>
            {discounted ? <th className="num">Remise</th> : null}
            <th className="num">Montant</th>
          </tr>
        </thead>
        <tbody>
          {sale.lines.map((l) => (
            <tr key={l.position}>
              <td>{l.position}</td>
              <td>
                {l.product_name}
                <div className="code">{l.product_code}</div>
              </td>
              <td className="num">
                {formatQuantity(l.quantity, l.unit)}
                {l.sale_unit === 'pack' ? <div>{`${formatQty(l.entered_quantity)} colis × ${formatQty(l.pack_size)}`}</div> : null}
              </td>
              <td className="num">{money(l.unit_price)}</td>
              {discounted ? <td className="num">{l.discount ? money(-l.discount) : ''}</td> : null}
              <td className="num">{money(l.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <table className="app-print-totals" data-testid="print-totals">
        <tbody>
          <tr>
            <th>Total des lignes ({formatCount(sale.line_count, 'ligne')})</th>
            <td className="num">{money(sale.lines_total)}</td>
          </tr>
          {sale.discount > 0 ? (
            <tr>
              <th>Remise globale</th>
              <td className="num">{money(-sale.discount)}</td>
            </tr>
          ) : null}
          {vat ? (
            <>
              <tr>
                <th>Total HT</th>
                <td className="num">{money(sale.total_ht)}</td>
              </tr>
              <tr>
                <th>TVA {(sale.vat_rate_bp / 100).toLocaleString('fr-FR')} %</th>
                <td className="num">{money(sale.vat)}</td>
              </tr>
            </>
          ) : null}
          <tr className="app-print-grand-total">
            <th>{vat ? 'Total TTC' : 'Net à payer'}</th>
            <td className="num" data-testid="print-total">
              {money(sale.total_ttc)}
            </td>
          </tr>
          {cash ? (
            <>
              {sale.payments.map((p, i) => (
                <tr key={i}>
                  <th>
                    {p.method_label}
                    {p.operator_label ? ` (${p.operator_label})` : ''}
                    {p.reference ? ` — réf. ${p.reference}` : ''}
                  </th>
                  <td className="num">{money(p.paid)}</td>
                </tr>
              ))}
              {sale.cash_tendered > 0 ? (
                <>
                  <tr>
                    <th>Espèces reçues</th>
                    <td className="num">{money(sale.cash_tendered)}</td>
                  </tr>
                  <tr data-testid="print-change">
                    <th>Monnaie rendue</th>
                    <td className="num">{money(sale.change_given)}</td>
                  </tr>
                </>
              ) : null}
            </>
          ) : (
            <tr>
              <th>Reste à payer</th>
              <td className="num">{money(sale.due)}</td>
            </tr>
          )}
        </tbody>
      </table>

      <PrintAmountInWords settings={props.settings} amount={sale.total_ttc} currency={props.company.currency} />
    </PrintFrame>
  );
}

SalePrint.layout = SimpleLayout;
