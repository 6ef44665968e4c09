import { formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { PrintAmountInWords, PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { formatDate, formatDateTime } from '@/components/data/format';
// The till-roll layout (80/58 mm): one column, the header stacked, nothing sticking out of the roll.
import '../../../css/screens/ticket.scss';

/**
 * Bon de caisse of a caisse operation (CAI-), A5 (Paramètres › Impression) or a ticket (80/58 mm):
 * what moved, from where to where, the category or the supplier, the beneficiary and the receipt's
 * reference, the amount in figures and in words, the signatures. A supplier payment lists the
 * entries it paid. A reprint is marked DUPLICATA, a cancelled operation ANNULÉE.
 */
export default function CashVoucher(props: PageProps<'cash/Voucher'>) {
  const op = props.operation;
  const currency = props.company.currency;
  const money = (n: number) => formatMoney(n, currency);
  const signatures =
    op.kind === 'transfer'
      ? ['Caisse de départ', 'Caisse de destination']
      : op.kind === 'cash_in'
        ? ['Le caissier', 'Le déposant']
        : op.kind === 'supplier_payment'
          ? ['Le caissier', 'Le fournisseur']
          : ['Le caissier', 'Le bénéficiaire'];
  return (
    <PrintFrame
      meta={props}
      title={op.voucher_title}
      number={op.number}
      watermark={op.status === 'cancelled' ? 'ANNULÉE' : null}
      footer={
        <PrintClosing
          cancelled={
            op.status === 'cancelled'
              ? { label: 'Annulée', at: op.cancelled_at, by: op.cancelled_by, reason: op.cancel_reason }
              : null
          }
          notes={[
            op.note ? `Observation : ${op.note}` : null,
            `Établi par ${op.created_by ?? '—'} le ${formatDateTime(op.created_at)}.`,
            op.received_at ? `Reçu par ${op.received_by ?? '—'} le ${formatDateTime(op.received_at)}.` : null,
          ]}
          signatures={signatures}
        />
      }
    >
      <PrintFacts
        items={[
          ['Date', formatDate(op.operation_date)],
          ['Opération', op.kind_label],
          [op.kind === 'transfer' ? 'Caisse de départ' : 'Sorti de', op.from?.name ?? ''],
          [op.kind === 'transfer' ? 'Caisse de destination' : 'Entré dans', op.to?.name ?? ''],
          ['Catégorie', op.category ?? ''],
          ['Fournisseur', op.supplier ? `${op.supplier.name} (${op.supplier.code})` : ''],
          ['Moyen', op.method_label],
          [op.beneficiary_label ?? 'Bénéficiaire', op.beneficiary],
          ['Référence', op.reference],
          ['Statut', op.status === 'in_transit' ? 'En transit (réception non confirmée)' : op.status_label],
        ]}
      />
      <table className="app-print-totals" data-testid="print-totals">
        <tbody>
          <tr className="app-print-grand-total">
            <th>Montant</th>
            <td className="num" data-testid="print-total">
              {money(op.amount)}
            </td>
          </tr>
        </tbody>
      </table>
      {op.allocations.length ? (
        <PrintLines
          testId="print-allocations"
          rows={op.allocations}
          rowKey={(a) => a.entry_id}
          columns={[
            { id: 'entry', label: 'Entrée', cell: (a) => a.entry_number },
            { id: 'date', label: 'Date', cell: (a) => formatDate(a.entry_date) },
            { id: 'amount', label: 'Imputé', num: true, cell: (a) => money(a.amount) },
          ]}
        />
      ) : null}
      <PrintAmountInWords
        settings={props.settings}
        amount={op.amount}
        currency={currency}
        lead="Arrêté le présent bon à la somme de"
      />
    </PrintFrame>
  );
}

CashVoucher.layout = SimpleLayout;
