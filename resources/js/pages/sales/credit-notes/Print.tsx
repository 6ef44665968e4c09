import type { PageProps } from '@shared/pages';
import { PrintAmountInWords, PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatCount, formatDate, formatDateTime, formatQuantity } from '@/components/data/format';
import { Money } from '@/components/data/Money';
import { currencyInfo, formatAmount } from '@shared/money';

/** Avoir (A5): the goods a customer brought back from a counter sale and the cash refunded, in figures and in words. */
export default function CreditNotePrint(props: PageProps<'sales/credit-notes/Print'>) {
  const { credit_note: c } = props;
  const currency = props.company.currency;
  // The lines' amounts bare, their currency named once in the column head (the total keeps it).
  const unit = currencyInfo(currency).label;
  return (
    <PrintFrame
      meta={props}
      title="Avoir"
      number={c.number}
      footer={
        <>
          <PrintAmountInWords
            settings={props.settings}
            amount={c.refund}
            currency={currency}
            lead="Arrêté le présent avoir à la somme de"
          />
          <PrintClosing notes={[`Motif : ${c.reason}`]} signatures={[`Vendeur (${c.created_by ?? '—'})`, 'Client']} />
        </>
      }
    >
      <PrintFacts
        items={[
          ['Date', `${formatDate(c.credit_date)} (${formatDateTime(c.created_at)})`],
          ['Vente corrigée', `${c.sale.number} du ${formatDate(c.sale.sale_date)}`],
          ['Client', c.client_name],
          ['Emplacement', c.location_name],
          ['Remboursé par', c.account_name ?? ''],
        ]}
      />
      <table className="app-print-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Code</th>
            <th>Désignation</th>
            <th className="num">Rendu</th>
            <th className="num">Prix ({unit})</th>
            <th className="num">Remboursé ({unit})</th>
          </tr>
        </thead>
        <tbody>
          {c.lines.map((l) => (
            <tr key={l.position}>
              <td>{l.position}</td>
              <td className="code">{l.product_code}</td>
              <td>{l.product_name}</td>
              <td className="num">{formatQuantity(l.quantity, l.unit)}</td>
              <td className="num">{formatAmount(l.unit_price, currency)}</td>
              <td className="num">{formatAmount(l.refund, currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={5}>Total remboursé ({formatCount(c.line_count, 'ligne')})</th>
            <td className="num" data-testid="print-refund-total">
              <Money value={c.refund} currency={currency} />
            </td>
          </tr>
        </tfoot>
      </table>
    </PrintFrame>
  );
}

CreditNotePrint.layout = SimpleLayout;
