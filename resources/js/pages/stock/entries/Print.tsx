import { formatMoney } from '@shared/money';
import type { PageProps } from '@shared/pages';
import { PrintClosing, PrintFacts, PrintFrame } from '@/components/print/PrintFrame';
import { PrintLines } from '@/components/print/PrintLines';
import SimpleLayout from '@/layouts/SimpleLayout';
import { formatCount, formatDate, formatDateTime, formatQty, formatUnitTotals } from '@/components/data/format';

/** Bon d'entrée de stock (A4): supplier, location, lines at cost, total, signatures. */
export default function EntryPrint(props: PageProps<'stock/entries/Print'>) {
  const { entry, company } = props;
  // Costs are absent for a user who may not see them: a dash in their place.
  const money = (v: number | undefined) => (v === undefined ? '—' : formatMoney(v, company.currency));
  const cancelled = entry.status === 'cancelled';
  return (
    <PrintFrame
      meta={props}
      title="Bon d’entrée de stock"
      number={entry.number}
      watermark={cancelled ? 'ANNULÉE' : null}
      footer={
        <PrintClosing
          cancelled={
            cancelled
              ? { label: 'Annulée', at: entry.cancelled_at, by: entry.cancelled_by, reason: entry.cancel_reason }
              : null
          }
          notes={[entry.note ? `Observation : ${entry.note}` : null]}
          signatures={['Le magasinier', 'Le livreur']}
        />
      }
    >
      <PrintFacts
        items={[
          ['Date d’entrée', formatDate(entry.entry_date)],
          entry.supplier
            ? ['Fournisseur', `${entry.supplier.name} (${entry.supplier.code})`]
            : ['Type', `${entry.kind_label} (sans fournisseur)`],
          ['Emplacement', entry.location.name],
          ['Réf. fournisseur', entry.supplier ? entry.supplier_ref || '—' : ''],
          ['Saisie par', `${entry.created_by ?? '—'} le ${formatDateTime(entry.created_at)}`],
        ]}
      />
      <PrintLines
        rows={entry.lines}
        rowKey={(l) => l.position}
        columns={[
          {
            id: 'position',
            label: '#',
            cell: (l) => l.position,
            foot: `Total (${formatCount(entry.line_count, 'ligne')})`,
            footSpan: 3,
          },
          { id: 'code', label: 'Code', className: 'code', cell: (l) => l.product_code },
          {
            id: 'name',
            label: 'Désignation',
            cell: (l) => (
              <>
                {l.product_name}
                {l.entry_unit === 'pack' ? (
                  <span>
                    {' '}
                    ({formatQty(l.entered_quantity)} colis de {formatQty(l.pack_size)})
                  </span>
                ) : null}
              </>
            ),
          },
          {
            id: 'quantity',
            label: 'Quantité',
            num: true,
            cell: (l) => formatQty(l.quantity),
            // One sum per unit (« 50 sacs, 4 seaux »): quantities of different units are never added.
            foot: formatUnitTotals(entry.lines),
            footSpan: 2,
            footClassName: '',
          },
          { id: 'unit', label: 'Unité', cell: (l) => l.unit },
          { id: 'cost', label: 'Coût unitaire', num: true, cell: (l) => money(l.unit_cost) },
          { id: 'amount', label: 'Montant', num: true, cell: (l) => money(l.amount), foot: money(entry.total_amount) },
        ]}
      />
    </PrintFrame>
  );
}

EntryPrint.layout = SimpleLayout;
