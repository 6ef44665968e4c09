import type { PageProps } from '@shared/pages';
import { PrintAmountInWords, PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
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
      <PrintLines
        rows={c.lines}
        rowKey={(l) => l.position}
        columns={[
          {
            id: 'position',
            label: '#',
            cell: (l) => l.position,
            foot: `Total remboursé (${formatCount(c.line_count, 'ligne')})`,
            footSpan: 5,
          },
          { id: 'code', label: 'Code', className: 'code', cell: (l) => l.product_code },
          { id: 'name', label: 'Désignation', cell: (l) => l.product_name },
          { id: 'quantity', label: 'Rendu', num: true, cell: (l) => formatQuantity(l.quantity, l.unit) },
          { id: 'price', label: `Prix (${unit})`, num: true, cell: (l) => formatAmount(l.unit_price, currency) },
          {
            id: 'refund',
            label: `Remboursé (${unit})`,
            num: true,
            cell: (l) => formatAmount(l.refund, currency),
            foot: <Money value={c.refund} currency={currency} />,
            footTestId: 'print-refund-total',
          },
        ]}
      />
    </PrintFrame>
  );
}

CreditNotePrint.layout = SimpleLayout;
