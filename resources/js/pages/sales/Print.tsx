import type { PageProps } from '@shared/pages';
import { currencyInfo, formatAmount, formatMoney } from '@shared/money';
import { PrintAmountInWords, PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
import { PrintVatRows } from '@/components/print/PrintVatRows';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatCount, formatDate, formatDateTime, formatQty, formatQuantity } from '@/components/data/format';
import { priceBasisLabel } from '@shared/vat';

/**
 * Facture A5 (credit sale) and facture comptant A5 (cash sale, with the payments, the cash
 * tendered and the change): company header, client, lines, totals with the VAT when enabled (per
 * rate when the lines mix rates: PrintVatRows), « Arrêtée la présente facture à la somme de … » in words, who printed and when. A reprint
 * is the same page marked DUPLICATA (PrintFrame), at A5 or A6. Never a cost: it goes to the customer.
 * One line a row (its code in its own column): 12 lines hold on one A5 page with the whole header; a
 * longer invoice continues (« — suite » at the top of the next pages, the column heads repeated) and
 * its totals, words and signatures go together after the last line (the sheet's footer).
 */
export default function SalePrint(props: PageProps<'sales/Print'>) {
  const { sale } = props;
  const currency = props.company.currency;
  const money = (n: number) => formatMoney(n, currency);
  // The lines' amounts bare, their currency named once in the column head: the names keep the room.
  const amount = (n: number) => formatAmount(n, currency);
  const unit = currencyInfo(currency).label;
  const cash = sale.payment_mode === 'cash';
  const vat = sale.vat_rate_bp > 0;
  const discounted = sale.lines.some((l) => l.discount > 0);
  const title =
    sale.kind === 'counter' ? (cash ? 'Facture comptant' : 'Facture') : cash ? 'Facture comptant' : 'Facture';
  const client = sale.client;
  const place = [client.address, client.city].filter(Boolean).join(', ');
  return (
    <PrintFrame
      meta={props}
      title={title}
      number={sale.number}
      watermark={sale.status === 'cancelled' ? 'ANNULÉE' : null}
      footer={
        <>
          {/* The totals on the right, the amount in words beside them (under them on A6). */}
          <div className="app-print-sums">
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
                  <PrintVatRows
                    figures={{
                      totalHT: sale.total_ht,
                      vat: sale.vat,
                      rates: sale.vat_rates,
                      fallbackRate: sale.vat_rate_bp,
                    }}
                    money={money}
                    base={amount}
                  />
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
                {/* A sale corrected by credit notes says so on every print: each refund, then what the sale comes to. */}
                {sale.credit_notes.map((c) => (
                  <tr key={c.id} data-testid="print-credit-note">
                    <th>
                      Avoir {c.number} du {formatDate(c.credit_date)}
                    </th>
                    <td className="num">{money(-c.refunded)}</td>
                  </tr>
                ))}
                {sale.credit_notes.length > 0 ? (
                  <tr className="app-print-grand-total" data-testid="print-net-after-credit">
                    <th>Net après avoirs</th>
                    <td className="num">{money(sale.total_ttc - sale.credited)}</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
            <PrintAmountInWords settings={props.settings} amount={sale.total_ttc} currency={props.company.currency} />
          </div>
          <PrintClosing
            cancelled={
              sale.status === 'cancelled'
                ? { label: 'Annulée', at: sale.cancelled_at, by: sale.cancelled_by, reason: sale.cancel_reason }
                : null
            }
            notes={[
              sale.note ? `Observation : ${sale.note}` : null,
              `Établie par ${sale.created_by ?? '—'} le ${formatDateTime(sale.created_at)}.`,
            ]}
            signatures={['Le client', 'Le vendeur']}
          />
        </>
      }
    >
      <PrintFacts
        items={[
          ['Client', `${client.name} (${client.code})`, 'wide'],
          place
            ? ['Adresse', client.phone ? `${place} · tél. ${client.phone}` : place, 'wide']
            : ['Téléphone', client.phone],
          ['Date', formatDate(sale.sale_date)],
          ['Emplacement', sale.location.name],
          [
            'Règlement',
            cash ? 'Comptant' : `Crédit${sale.due_date ? `, échéance le ${formatDate(sale.due_date)}` : ''}`,
          ],
          ['N° contribuable', client.tax_number],
        ]}
      />
      <PrintLines
        className="is-lines"
        testId="print-lines"
        rows={sale.lines}
        rowKey={(l) => l.position}
        columns={[
          { id: 'position', label: '#', cell: (l) => l.position },
          { id: 'code', label: 'Réf.', className: 'code', cell: (l) => l.product_code },
          { id: 'name', label: 'Désignation', cell: (l) => l.product_name },
          {
            id: 'quantity',
            label: 'Qté',
            num: true,
            cell: (l) => (
              <>
                {formatQuantity(l.quantity, l.unit)}
                {l.sale_unit === 'pack' ? (
                  <div>{`${formatQty(l.entered_quantity)} colis × ${formatQty(l.pack_size)}`}</div>
                ) : null}
              </>
            ),
          },
          {
            id: 'price',
            label: `P.U.${vat ? ` ${priceBasisLabel(sale.prices_include_vat, true)}` : ''} (${unit})`,
            num: true,
            cell: (l) => amount(l.unit_price),
          },
          discounted
            ? { id: 'discount', label: 'Remise', num: true, cell: (l) => (l.discount ? amount(-l.discount) : '') }
            : null,
          { id: 'net', label: `Montant (${unit})`, num: true, cell: (l) => amount(l.net) },
        ]}
      />
    </PrintFrame>
  );
}

SalePrint.layout = SimpleLayout;
